import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ImportIssue } from '../../src/server/import/importer.js';
import type { MapRecord } from '../../src/plugins/genotypes/import/genotype-source.js';
import { openGenotypeFile, openMapFile } from '../../src/plugins/genotypes/import/readers/open.js';
import { collect, genotypeScratch, tsv, where } from '../support/genotype-reader-support.js';

/** One small broken workbook, map or allele frequency file per check, each problem with its status, line and column. */
const { write, read } = genotypeScratch('genotype-table-checks-');

async function readMap(content: string, name = 'positions.map'): Promise<{ records: MapRecord[]; issues: ImportIssue[] }> {
  const reader = await openMapFile(write(name, content), name);
  const records: MapRecord[] = [];
  for await (const record of reader.records()) records.push(record);
  return { records, issues: reader.issues };
}

/** A workbook with the given sheets (rows as arrays of cell values), written to the scratch directory. */
async function workbook(name: string, sheets: Record<string, (string | number | null)[][]>): Promise<string> {
  const book = new ExcelJS.Workbook();
  for (const [sheetName, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(sheetName);
    for (const row of rows) sheet.addRow(row);
  }
  const file = write(name, Buffer.alloc(0));
  await book.xlsx.writeFile(file);
  return file;
}

describe('genotype workbooks', () => {
  it('germplasm by marker: numbers read as text, a position that is not a number and a call past the last marker', async () => {
    const file = await workbook('calls.xlsx', {
      METADATA: [['LABEL', 'DEFINITION', 'VALUE']],
      DATA: [
        ['Linkage Group / Chromosome', 1, 1, 2],
        ['Position', 5, 'five', 7.5],
        ['Lines/Markers', 'm1', 'm2', 'm3'],
        ['G1', 'A', 'A/G', null],
        ['G2', 'T', '-', 'C', 'G'],
        [],
        ['G3', 0, 1, 2],
      ],
    });
    const { reader, records, issues } = await collect(await openGenotypeFile(file, { extension: '.xlsx' }));
    expect(reader.header).toMatchObject({ columns: ['m1', 'm2', 'm3'], chromosomes: ['1', '1', '2'], positions: [5, null, 7.5], headerLine: 3 });
    expect(issues.map((i) => [i.status, i.sheet, i.rowIndex, i.column, i.value])).toEqual([
      ['GENERIC_INVALID_NUMBER', 'DATA', 2, 'm2', 'five'],
      ['GENOTYPE_HEADER_LENGTH_MISMATCH', 'DATA', 5, '5', 'G'],
    ]);
    expect(records).toEqual([
      { line: 4, name: 'G1', calls: ['A', 'A/G', ''] },
      { line: 7, name: 'G3', calls: ['0', '1', '2'] },
    ]);
  });

  it('map rows left empty under their labels mean no map; a map row shorter than the markers is padded', async () => {
    const noMap = await workbook('no-map.xlsx', {
      DATA: [['Linkage Group / Chromosome'], ['Position'], ['Lines/Markers', 'm1', 'm2'], ['G1', 'A', 'C']],
    });
    const plain = await collect(await openGenotypeFile(noMap, { extension: '.xlsx' }));
    expect(plain.issues).toEqual([]);
    expect(plain.reader.header.chromosomes).toBeUndefined();
    expect(plain.records).toEqual([{ line: 4, name: 'G1', calls: ['A', 'C'] }]);

    const short = await workbook('short-map.xlsx', {
      DATA: [['Linkage Group / Chromosome', '1H', '1H', '2H'], ['Position', 3, 4], ['Lines/Markers', 'm1', 'm2', 'm3'], ['G1', 'A', 'C', 'T']],
    });
    const padded = await collect(await openGenotypeFile(short, { extension: '.xlsx' }));
    expect(padded.issues).toEqual([]);
    expect(padded.reader.header).toMatchObject({ chromosomes: ['1H', '1H', '2H'], positions: [3, 4, null] });

    const half = await workbook('half-map.xlsx', {
      DATA: [['Linkage Group / Chromosome'], ['Position', 3, 4], ['Lines/Markers', 'm1', 'm2']],
    });
    const { issues } = await collect(await openGenotypeFile(half, { extension: '.xlsx' }));
    expect(issues.map((i) => [i.status, i.rowIndex, i.column, i.message])).toEqual([
      ['GENOTYPE_MISSING_ROW', 1, 'Linkage Group / Chromosome', 'Chromosome row empty'],
    ]);
  });

  it('marker by germplasm: rows are markers; an empty marker name and a bad position are reported with their row', async () => {
    const file = await workbook('transposed.xlsx', {
      DATA: [
        ['Linkage Group / Chromosome', 'Position', 'Lines/Markers', 'G1', 'G2'],
        ['1H', 12, 'm1', 'A', 'C/T'],
        ['1H', 13, null, 'A', 'C'],
        ['2H', 'x', 'm3', 'G', null],
        [null, null, 'm4', 'T'],
      ],
    });
    const { reader, records, issues } = await collect(await openGenotypeFile(file, { extension: '.xlsx', orientation: 'GENOTYPE_MARKER_BY_GERMPLASM' }));
    expect(reader.header).toEqual({ orientation: 'marker-rows', columns: ['G1', 'G2'], meta: {}, headerLine: 1 });
    expect(issues.map((i) => [i.status, i.rowIndex, i.column, i.value])).toEqual([
      ['GENERIC_MISSING_REQUIRED_VALUE', 3, 'Lines/Markers', null],
      ['GENERIC_INVALID_NUMBER', 4, 'Position', 'x'],
    ]);
    expect(records).toEqual([
      { line: 2, name: 'm1', chromosome: '1H', position: 12, calls: ['A', 'C/T'] },
      { line: 5, name: 'm4', chromosome: null, position: null, calls: ['T', ''] },
    ]);
  });

  it('a workbook without a DATA sheet: GENERIC_MISSING_EXCEL_SHEET, in both orientations', async () => {
    const file = await workbook('no-data.xlsx', { METADATA: [['LABEL', 'DEFINITION', 'VALUE'], ['Title', '', 'x']] });
    for (const orientation of ['GENOTYPE_GERMPLASM_BY_MARKER', 'GENOTYPE_MARKER_BY_GERMPLASM'] as const) {
      const { issues, records } = await collect(await openGenotypeFile(file, { extension: '.xlsx', orientation }));
      expect(issues.map((i) => [i.status, i.sheet, i.message])).toEqual([['GENERIC_MISSING_EXCEL_SHEET', 'DATA', "'DATA' sheet not found"]]);
      expect(records).toEqual([]);
    }
  });
});

describe('map files', () => {
  it('Flapjack: a position that is not a number and a missing field are reported with their line', async () => {
    const { records, issues } = await readMap('# fjFile = MAP\nm1\t1H\t4.5\nm2\t1H\tfour\nm3\t\t7\n\nm4\t2H\t0\n');
    expect(where(issues)).toEqual([
      ['GENERIC_INVALID_NUMBER', 3, 'position', 'four'],
      ['GENERIC_MISSING_REQUIRED_VALUE', 4, 'chromosome', null],
    ]);
    expect(records).toEqual([
      { line: 2, marker: 'm1', chromosome: '1H', position: 4.5 },
      { line: 6, marker: 'm4', chromosome: '2H', position: 0 },
    ]);
  });

  it('the older form without "# fjFile = MAP"', async () => {
    const { records, issues } = await readMap('Marker1\t1\t0\nMarker2\t1\t12.5\n');
    expect(issues).toEqual([]);
    expect(records.map((r) => [r.line, r.marker, r.position])).toEqual([
      [1, 'Marker1', 0],
      [2, 'Marker2', 12.5],
    ]);
  });

  it('a comma-separated table with its header in another order, names in any case, quoted cells', async () => {
    const { records, issues } = await readMap('"Position (cM)",CHROMOSOME,marker\n"3.5","5H","m9"\n,5H,m10\n', 'positions.csv');
    expect(where(issues)).toEqual([['GENERIC_MISSING_REQUIRED_VALUE', 3, 'Position (cM)', null]]);
    expect(records).toEqual([{ line: 2, marker: 'm9', chromosome: '5H', position: 3.5 }]);
  });

  it('a header that lacks a field: GENERIC_MISSING_COLUMN, nothing read', async () => {
    const { records, issues } = await readMap('marker\tchromosome\tcM\nm1\t1\t2\n', 'positions.txt');
    expect(where(issues)).toEqual([['GENERIC_MISSING_COLUMN', 1, 'position', null]]);
    expect(records).toEqual([]);
  });
});

describe('allele frequencies', () => {
  it('numbers from 0 to 1 as written, empty as missing; others are GENERIC_INVALID_NUMBER with line and marker', async () => {
    const content = tsv([
      ['Name', 'm1', 'm2', 'm3'],
      ['G1', '0', '0.25', '1'],
      ['G2', '0.5', '', '1e-1'],
      ['G3', '0.5', '1.2', 'high'],
    ]);
    const { reader, records, issues } = await read(content, 'frequencies.txt', { datatype: 'allelefreq' });
    expect(reader.header.columns).toEqual(['m1', 'm2', 'm3']);
    expect(where(issues)).toEqual([
      ['GENERIC_INVALID_NUMBER', 4, 'm2', '1.2'],
      ['GENERIC_INVALID_NUMBER', 4, 'm3', 'high'],
    ]);
    expect(records).toEqual([
      { line: 2, name: 'G1', calls: ['0', '0.25', '1'] },
      { line: 3, name: 'G2', calls: ['0.5', '', '1e-1'] },
    ]);
  });
});
