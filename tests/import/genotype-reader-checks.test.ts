import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import type { ImportIssue } from '../../src/server/import/importer.js';
import type { GenotypeReader, GenotypeRecord, MapRecord } from '../../src/plugins/genotypes/import/genotype-source.js';
import { ISSUES_PER_STATUS } from '../../src/plugins/genotypes/import/readers/issues.js';
import { openGenotypeFile, openMapFile, type GenotypeFileOptions } from '../../src/plugins/genotypes/import/readers/open.js';

/** One small broken file per check, each problem with its status, line and column. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'genotype-checks-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let files = 0;

function write(name: string, content: string | Buffer): string {
  files += 1;
  const file = path.join(dir, `${files}-${name}`);
  fs.writeFileSync(file, content);
  return file;
}

const tsv = (rows: string[][]) => `${rows.map((cells) => cells.join('\t')).join('\n')}\n`;

async function read(content: string, name: string, options: Partial<GenotypeFileOptions> = {}) {
  const reader = await openGenotypeFile(write(name, content), { extension: name, ...options });
  return collect(reader);
}

async function collect(reader: GenotypeReader): Promise<{ reader: GenotypeReader; records: GenotypeRecord[]; issues: ImportIssue[] }> {
  const records: GenotypeRecord[] = [];
  for await (const record of reader.records()) records.push(record);
  await reader.close();
  return { reader, records, issues: reader.issues };
}

async function readMap(content: string, name = 'positions.map'): Promise<{ records: MapRecord[]; issues: ImportIssue[] }> {
  const reader = await openMapFile(write(name, content), name);
  const records: MapRecord[] = [];
  for await (const record of reader.records()) records.push(record);
  return { records, issues: reader.issues };
}

const where = (issues: ImportIssue[]) => issues.map((i) => [i.status, i.rowIndex, i.column, i.value]);

describe('flat text and Flapjack genotype files', () => {
  const header = ['# dataset = Trial panel', '# markerType = SNP', 'Linkage Group / Chromosome\t1\t1\t2', 'Position\t10\t20.5\t7', 'Lines/Markers\tm1\tm2\tm3'];

  it('reads meta lines, map rows and calls; skips empty lines and lines without a TAB; pads short rows', async () => {
    const { reader, records, issues } = await read(
      [...header, '', 'a note without tabs', 'G1\tA\tA/G\t-', 'G2\tT', 'G3\t\tC\tG\t\t'].join('\r\n'),
      'calls.txt',
    );
    expect(issues).toEqual([]);
    expect(reader.header).toEqual({
      orientation: 'germplasm-rows',
      columns: ['m1', 'm2', 'm3'],
      chromosomes: ['1', '1', '2'],
      positions: [10, 20.5, 7],
      meta: { dataset: 'Trial panel', markerType: 'SNP' },
      headerLine: 5,
    });
    expect(records).toEqual([
      { line: 8, name: 'G1', calls: ['A', 'A/G', ''] },
      { line: 9, name: 'G2', calls: ['T', '', ''] },
      { line: 10, name: 'G3', calls: ['', 'C', 'G'] },
    ]);
  });

  it('no marker line: GENOTYPE_MISSING_ROW, no records', async () => {
    const { records, issues } = await read('# dataset = x\nonly text\n', 'calls.txt');
    expect(where(issues)).toEqual([['GENOTYPE_MISSING_ROW', -1, 'Lines/Markers', null]]);
    expect(issues[0].message).toBe('Markers row empty');
    expect(records).toEqual([]);
  });

  it('an empty marker line: GENOTYPE_MISSING_ROW on its line', async () => {
    const { issues } = await read('Lines/Markers\t\t\nG1\tA\n', 'calls.txt');
    expect(where(issues)).toEqual([['GENOTYPE_MISSING_ROW', 1, 'Lines/Markers', null]]);
  });

  it('a position row without a chromosome row: GENOTYPE_MISSING_ROW', async () => {
    const { issues } = await read('Position\t1\t2\nLines/Markers\tm1\tm2\nG1\tA\tC\n', 'calls.txt');
    expect(where(issues)).toEqual([['GENOTYPE_MISSING_ROW', -1, 'Linkage Group / Chromosome', null]]);
  });

  it('a map row of another length than the marker row: GENOTYPE_HEADER_LENGTH_MISMATCH on its line', async () => {
    const { issues } = await read(['Linkage Group / Chromosome\t1\t1\t1', 'Position\t1\t2', 'Lines/Markers\tm1\tm2\tm3', 'G1\tA\tC\tT'].join('\n'), 'calls.txt');
    expect(where(issues)).toEqual([['GENOTYPE_HEADER_LENGTH_MISMATCH', 2, 'Position', null]]);
    expect(issues[0].message).toBe('Position: 2 values for 3 markers');
  });

  it('a position that is not a number: GENERIC_INVALID_NUMBER with the line, the marker and the text', async () => {
    const { reader, issues } = await read(['Linkage Group / Chromosome\t1\t1', 'Position\t12\t3,5', 'Lines/Markers\tm1\tm2'].join('\n'), 'calls.txt');
    expect(where(issues)).toEqual([['GENERIC_INVALID_NUMBER', 2, 'm2', '3,5']]);
    expect(reader.header.positions).toEqual([12, null]);
  });

  it('a line with more calls than markers: GENOTYPE_HEADER_LENGTH_MISMATCH at the first extra column; the line is not yielded', async () => {
    const { records, issues } = await read(tsv([['Lines/Markers', 'm1', 'm2'], ['G1', 'A', 'C'], ['G2', 'A', 'C', 'T'], ['G3', 'G', 'G', '']]), 'calls.txt');
    expect(where(issues)).toEqual([['GENOTYPE_HEADER_LENGTH_MISMATCH', 3, '4', 'T']]);
    expect(records.map((r) => r.name)).toEqual(['G1', 'G3']);
  });

  it('an empty germplasm name and a marker named twice are reported', async () => {
    const { records, issues } = await read(tsv([['', 'm1', 'm1'], ['G1', 'A', 'C'], [' ', 'A', 'C']]), 'calls.dat');
    expect(where(issues)).toEqual([
      ['GENERIC_DUPLICATE_COLUMN', 1, '3', 'm1'],
      ['GENERIC_MISSING_REQUIRED_VALUE', 3, 'Lines/Markers', null],
    ]);
    expect(records.map((r) => r.name)).toEqual(['G1']);
  });

  it('keeps at most ISSUES_PER_STATUS problems of a status and counts the rest in one closing issue', async () => {
    const rows = [['Lines/Markers', 'm1'], ...Array.from({ length: ISSUES_PER_STATUS + 5 }, (_, i) => [`G${i}`, 'A', 'C'])];
    const { records, issues } = await read(tsv(rows), 'calls.txt');
    expect(records).toEqual([]);
    expect(issues).toHaveLength(ISSUES_PER_STATUS + 1);
    expect(issues.at(-1)).toMatchObject({ status: 'GENOTYPE_HEADER_LENGTH_MISMATCH', rowIndex: -1, message: '… and 5 more of this problem (not listed)' });
  });
});

describe('text encoding and line ends', () => {
  it('reads UTF-8 with a byte order mark, CRLF, a line longer than a read chunk and a character split by a chunk edge', async () => {
    const markers = Array.from({ length: 60_000 }, (_, i) => `marker-${i}`);
    const head = `\uFEFFLines/Markers\t${markers.join('\t')}\r\n`;
    const name = 'Ölrübe-α'.padStart(300_000 - Buffer.byteLength(head), 'x');
    const content = `${head}${name}\t${markers.map(() => 'A').join('\t')}\r\n`;
    const { reader, records, issues } = await read(content, 'calls.txt');
    expect(issues).toEqual([]);
    expect(reader.header.columns).toEqual(markers);
    expect(records).toHaveLength(1);
    expect(records[0].name).toBe(name);
    expect(records[0].calls.every((c) => c === 'A')).toBe(true);
  });

  it('bytes that are not UTF-8 stop the reading with GENERIC_INVALID_ENCODING and their line, in any chunk', async () => {
    const failure = (file: string) =>
      openGenotypeFile(file, { extension: '.txt' })
        .then(collect)
        .then(
          () => null,
          (e: unknown) => e as { issue: ImportIssue; message: string },
        );
    const near = write('latin1.txt', Buffer.concat([Buffer.from('Lines/Markers\tm1\nG1\tA\nGer'), Buffer.from([0xe4]), Buffer.from('te\tC\n')]));
    const error = await failure(near);
    expect(error?.issue.status).toBe('GENERIC_INVALID_ENCODING');
    expect(error?.message).toMatch(/line 3 contains the byte 0xE4/);
    // Far past the first read chunk (256 KiB): the line is counted across chunks.
    const lines = Array.from({ length: 40_000 }, (_, i) => `G${i}\tA`).join('\n');
    const far = write('latin1-far.txt', Buffer.concat([Buffer.from(`Lines/Markers\tm1\n${lines}\nGer`), Buffer.from([0xe4]), Buffer.from('te\tC\n')]));
    expect(fs.statSync(far).size).toBeGreaterThan(256 * 1024);
    const farError = await failure(far);
    expect(farError?.issue.status).toBe('GENERIC_INVALID_ENCODING');
    expect(farError?.message).toMatch(/line 40002 contains the byte 0xE4/);
  });
});

describe('HapMap', () => {
  const fixed = ['rs#', 'alleles', 'chrom', 'pos', 'strand', 'assembly#', 'center', 'protLSID', 'assayLSID', 'panelLSID', 'QCcode'];
  const row = (name: string, pos: string, calls: string[]) => [name, 'A/G', '3', pos, '+', 'NA', 'NA', 'NA', 'NA', 'NA', 'NA', ...calls];

  it('converts two-letter, IUPAC, indel and missing codes', async () => {
    const { reader, records, issues } = await read(
      tsv([
        [...fixed, 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7'],
        row('snp1', '100', ['AG', 'AA', 'NN', 'N', 'R', 'Y', '0']),
        row('snp2', '', ['S', 'W', 'K', 'M', 'T', '+-', '--']),
      ]),
      'panel.hapmap',
    );
    expect(issues).toEqual([]);
    expect(reader.header.columns).toEqual(['G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7']);
    expect(records).toEqual([
      { line: 2, name: 'snp1', chromosome: '3', position: 100, calls: ['A/G', 'A', '', '', 'A/G', 'C/T', ''] },
      { line: 3, name: 'snp2', chromosome: '3', position: null, calls: ['C/G', 'A/T', 'G/T', 'A/C', 'T', '+/-', '-'] },
    ]);
  });

  it('a wrong fixed header: GENOTYPE_HAPMAP_INCORRECT_HEADER on row 1 with the column and what was found', async () => {
    const header = [...fixed];
    header[3] = 'position';
    const { issues } = await read(tsv([[...header, 'G1'], row('snp1', '1', ['AA'])]), 'panel.hmp.txt');
    expect(where(issues)).toEqual([['GENOTYPE_HAPMAP_INCORRECT_HEADER', 1, 'pos', 'position']]);
  });

  it('a row with another number of fields: GENOTYPE_HAPMAP_INCORRECT_ROW_LENGTH, message = the marker', async () => {
    const { records, issues } = await read(tsv([[...fixed, 'G1', 'G2'], row('snp1', '1', ['AA']), row('snp2', '2', ['AA', 'CC'])]), 'panel.hapmap');
    expect(where(issues)).toEqual([['GENOTYPE_HAPMAP_INCORRECT_ROW_LENGTH', 2, '13', null]]);
    expect(issues[0].message).toBe('snp1');
    expect(records.map((r) => r.name)).toEqual(['snp2']);
  });

  it('an empty marker name: GENERIC_MISSING_REQUIRED_VALUE; a position that is not a number: GENERIC_INVALID_NUMBER', async () => {
    const { records, issues } = await read(tsv([[...fixed, 'G1'], row('', '1', ['AA']), row('snp2', '12a', ['AA']), row('snp3', '3', ['CC'])]), 'panel.hapmap');
    expect(where(issues)).toEqual([
      ['GENERIC_MISSING_REQUIRED_VALUE', 2, 'rs#', null],
      ['GENERIC_INVALID_NUMBER', 3, 'pos', '12a'],
    ]);
    expect(records.map((r) => r.name)).toEqual(['snp3']);
  });
});

describe('VCF', () => {
  const head = ['##fileformat=VCFv4.3', '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">'];
  const columns = ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', 'S1', 'S2', 'S3'];
  const variant = (id: string, ref: string, alt: string, format: string, samples: string[], pos = '100') =>
    ['chr1', pos, id, ref, alt, '.', 'PASS', '.', format, ...samples].join('\t');
  const vcf = (...lines: string[]) => `${[...head, columns.join('\t'), ...lines].join('\n')}\n`;

  it('decodes unphased, phased, multi-allelic, haploid, indel and missing calls; ID "." names the marker CHROM_POS', async () => {
    const { reader, records, issues } = await read(
      vcf(
        variant('rs1', 'A', 'G', 'GT', ['0/0', '0/1', '1|0']),
        variant('rs2', 'A', 'T,C', 'GT:DP', ['1/2:4', '2/2:9', '0|2:1']),
        variant('.', 'AT', 'A', 'GT:GQ', ['1:40', '0:30', '.:.'], '2500'),
        variant('rs4', 'C', '.', 'GT', ['./.', '.|.', '.']),
        variant('rs5', 'G', 'A', 'GT', ['0|0', './1', '1/1/0']),
      ),
      'calls.vcf',
    );
    expect(issues).toEqual([]);
    expect(reader.header).toEqual({ orientation: 'marker-rows', columns: ['S1', 'S2', 'S3'], meta: {}, headerLine: 3 });
    expect(records).toEqual([
      { line: 4, name: 'rs1', chromosome: 'chr1', position: 100, calls: ['A', 'A/G', 'G|A'] },
      { line: 5, name: 'rs2', chromosome: 'chr1', position: 100, calls: ['T/C', 'C', 'A|C'] },
      { line: 6, name: 'chr1_2500', chromosome: 'chr1', position: 2500, calls: ['A', 'AT', ''] },
      { line: 7, name: 'rs4', chromosome: 'chr1', position: 100, calls: ['', '', ''] },
      { line: 8, name: 'rs5', chromosome: 'chr1', position: 100, calls: ['G', '', 'A/A/G'] },
    ]);
  });

  it('FORMAT without GT first: reported with the line and the FORMAT text', async () => {
    const { records, issues } = await read(vcf(variant('rs1', 'A', 'G', 'DP:GT', ['3:0/1', '4:1/1', '5:0/0']), variant('rs2', 'A', 'G', 'GT', ['0/1', '1/1', '0/0'])), 'calls.vcf');
    expect(where(issues)).toEqual([['GENERIC_MISSING_REQUIRED_VALUE', 4, 'FORMAT', 'DP:GT']]);
    expect(records.map((r) => r.name)).toEqual(['rs2']);
  });

  it('a row with too few or too many samples: GENOTYPE_HEADER_LENGTH_MISMATCH at the first missing or extra column', async () => {
    const { records, issues } = await read(
      vcf(variant('rs1', 'A', 'G', 'GT', ['0/1', '1/1']), variant('rs2', 'A', 'G', 'GT', ['0/1', '1/1', '0/0', '0/0']), variant('rs3', 'A', 'G', 'GT', ['0/1', '1/1', '0/0'])),
      'calls.vcf',
    );
    expect(where(issues)).toEqual([
      ['GENOTYPE_HEADER_LENGTH_MISMATCH', 4, 'S3', null],
      ['GENOTYPE_HEADER_LENGTH_MISMATCH', 5, '13', null],
    ]);
    expect(issues[0].message).toBe('Line 4 has 11 columns, the header has 12');
    expect(records.map((r) => r.name)).toEqual(['rs3']);
  });

  it('a truncated last line (no line end, fewer fields): reported as a file cut short, with line and column', async () => {
    const content = vcf(variant('rs1', 'A', 'G', 'GT', ['0/1', '1/1', '0/0'])) + ['chr1', '200', 'rs2', 'A', 'G', '.', 'PASS'].join('\t');
    const { records, issues } = await read(content, 'calls.vcf');
    expect(where(issues)).toEqual([['GENOTYPE_HEADER_LENGTH_MISMATCH', 5, 'INFO', null]]);
    expect(issues[0].message).toBe('The file ends inside line 5 (7 columns, the header has 12): it looks cut short');
    expect(records.map((r) => r.name)).toEqual(['rs1']);
  });

  it('an allele ALT does not list, a GT that is not one, a POS that is not a number', async () => {
    const { records, issues } = await read(
      vcf(variant('rs1', 'A', 'G', 'GT', ['0/1', '0/2', '0/0']), variant('rs2', 'A', 'G', 'GT', ['0/1', 'A/G', '0/0']), variant('rs3', 'A', 'G', 'GT', ['0/1', '0/1', '0/0'], '1e'), variant('rs4', 'A', 'G', 'GT', ['0/1', '0/1', '1/1'])),
      'calls.vcf',
    );
    expect(where(issues)).toEqual([
      ['GENERIC_INVALID_REFERENCE', 4, 'S2', '0/2'],
      ['GENERIC_INVALID_DATATYPE', 5, 'S2', 'A/G'],
      ['GENERIC_INVALID_NUMBER', 6, 'POS', '1e'],
    ]);
    expect(records.map((r) => r.name)).toEqual(['rs4']);
  });

  it('no #CHROM line: GENOTYPE_MISSING_ROW; a header without samples: GENERIC_MISSING_COLUMN', async () => {
    const missing = await read(`${head.join('\n')}\n${variant('rs1', 'A', 'G', 'GT', ['0/1'])}\n`, 'calls.vcf');
    expect(where(missing.issues)).toEqual([['GENOTYPE_MISSING_ROW', 3, '#CHROM', null]]);
    const sitesOnly = await read(`${head.join('\n')}\n${columns.slice(0, 8).join('\t')}\n`, 'calls.vcf');
    expect(where(sitesOnly.issues)).toEqual([['GENERIC_MISSING_COLUMN', 3, 'FORMAT', null]]);
    expect(sitesOnly.records).toEqual([]);
  });
});

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
