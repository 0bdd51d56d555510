import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GenotypeReader, GenotypeRecord, MapRecord } from '../../src/plugins/genotypes/import/genotype-source.js';
import { openGenotypeFile, openMapFile } from '../../src/plugins/genotypes/import/readers/open.js';

/**
 * Every reader on the real files of /work/shared/data. What a reader gives is compared with a second, plain
 * reading of the same file in this test (split on line ends and TABs, calls mapped by hand), never with
 * counts copied from the reader itself.
 */
const DATA = '/work/shared/data';
const FLAPJACK_DAT = `${DATA}/flapjack-sample/sample.dat`;
const FLAPJACK_MAP = `${DATA}/flapjack-sample/sample.map`;
const TUTORIAL_DAT = `${DATA}/flapjack-sample/ped-ver-tutorial.dat`;
const HAPMAP = `${DATA}/maize-diversity-panel-tassel/mdp_genotype.hmp.txt`;
const VCF_MAIZE = `${DATA}/maize-diversity-panel-tassel/maize_chr9_10thin40000.recode.vcf`;
const VCF_SMALL = `${DATA}/maize-diversity-panel-tassel/rt_sub_chr1.vcf`;
const BARLEY_GENOTYPES = `${DATA}/barley-steptoe-morex/steptoe_morex_genotypes.tsv`;
const BARLEY_MAP = `${DATA}/barley-steptoe-morex/steptoe_morex_map.tsv`;
const TEMPLATES = `${DATA}/germinate-templates/genotypic-data`;
const WORKBOOK_GERMPLASM_ROWS = `${TEMPLATES}/example-allele-calls-germplasm-by-marker.xlsx`;
const WORKBOOK_MARKER_ROWS = `${TEMPLATES}/example-allele-calls-marker-by-germplasm.xlsx`;
const WORKBOOK_BLANK = `${TEMPLATES}/allele-calls-germplasm-by-marker.xlsx`;
const DERIVED_TEXT = `${TEMPLATES}/example-allele-calls-text.derived-from-xlsx.txt`;

/** The file's lines, split on TABs, with CR line ends removed and the empty last line dropped. */
function plainRows(file: string): string[][] {
  const lines = fs.readFileSync(file, 'utf8').split('\n').map((line) => line.replace(/\r$/, ''));
  if (lines.at(-1) === '') lines.pop();
  return lines.map((line) => line.split('\t'));
}

async function readAll(reader: GenotypeReader): Promise<GenotypeRecord[]> {
  const records: GenotypeRecord[] = [];
  for await (const record of reader.records()) records.push(record);
  await reader.close();
  return records;
}

async function readMap(file: string, extension: string): Promise<MapRecord[]> {
  const reader = await openMapFile(file, extension);
  const records: MapRecord[] = [];
  for await (const record of reader.records()) records.push(record);
  expect(reader.issues).toEqual([]);
  return records;
}

/** A flat-file call by hand: '-' and empty are missing. */
const flat = (cell: string | undefined) => (cell === undefined || cell === '-' ? '' : cell);

describe('Flapjack genotype files', () => {
  it('sample.dat: 250 germplasm × 1,565 markers, every call as written, in the order of sample.map', async () => {
    const rows = plainRows(FLAPJACK_DAT);
    expect(rows[0][0]).toBe('# fjFile = GENOTYPE');
    // Data lines end with a TAB: the marker line has one more cell than names.
    const markers = rows[1].slice(1).filter((name) => name !== '');
    const mapMarkers = plainRows(FLAPJACK_MAP).slice(1).map((cells) => cells[0]);
    expect(markers).toEqual(mapMarkers);

    const reader = await openGenotypeFile(FLAPJACK_DAT, { extension: 'sample.dat' });
    expect(reader.header).toMatchObject({ orientation: 'germplasm-rows', headerLine: 2, meta: {} });
    expect(reader.header.columns).toEqual(markers);
    expect(reader.header.chromosomes).toBeUndefined();
    const records = await readAll(reader);
    expect(reader.issues).toEqual([]);
    expect(records).toHaveLength(rows.length - 2);
    records.forEach((record, i) => {
      const cells = rows[i + 2];
      expect(record.line).toBe(i + 3);
      // Names are trimmed, as Germinate reads cells: lines 86 and 118 write "Ebony " and "Katelyn ".
      expect(record.name).toBe(cells[0].trim());
      expect(record.calls).toEqual(markers.map((_, m) => flat(cells[m + 1])));
    });
    expect(records[83]).toMatchObject({ line: 86, name: 'Ebony' });
    expect(records[115]).toMatchObject({ line: 118, name: 'Katelyn' });
    // Heterozygous calls stay as Flapjack writes them.
    const calls = records.flatMap((r) => r.calls);
    expect(calls.filter((c) => c === 'A/G')).toHaveLength(rows.slice(2).flat().filter((c) => c === 'A/G').length);
    expect(calls.filter((c) => c === '').length).toBeGreaterThan(0);
  });

  it('ped-ver-tutorial.dat: a header line padded with TABs, "-" as missing', async () => {
    const rows = plainRows(TUTORIAL_DAT);
    const records = await readAll(await openGenotypeFile(TUTORIAL_DAT, { extension: '.dat' }));
    expect(records.map((r) => r.name)).toEqual(rows.slice(2).map((cells) => cells[0]));
    const f1 = records.find((r) => r.name === 'F1-1');
    const plain = rows.find((cells) => cells[0] === 'F1-1') ?? [];
    expect(f1?.calls).toEqual(plain.slice(1).map(flat));
    expect(f1?.calls.slice(0, 3)).toEqual(['A/C', 'C', '']);
  });

  it('sample.map and the tutorial map: one record per line below "# fjFile = MAP"', async () => {
    for (const file of [FLAPJACK_MAP, `${DATA}/flapjack-sample/ped-ver-tutorial.map`]) {
      const rows = plainRows(file).slice(1);
      const records = await readMap(file, '.map');
      expect(records).toEqual(rows.map((cells, i) => ({ line: i + 2, marker: cells[0], chromosome: cells[1], position: Number(cells[2]) })));
    }
    const records = await readMap(FLAPJACK_MAP, '.map');
    expect(records.filter((r) => r.chromosome === 'UNMAPPED').length).toBe(plainRows(FLAPJACK_MAP).filter((c) => c[1] === 'UNMAPPED').length);
  });
});

/** A HapMap call by hand: NN missing, a doubled letter one allele, two letters A/B. */
const hapmap = (code: string) => (code === 'NN' ? '' : code[0] === code[1] ? code[0] : `${code[0]}/${code[1]}`);

describe('HapMap (maize diversity panel)', () => {
  it('281 germplasm × 3,093 markers with chromosome and position; CRLF line ends; TASSEL\'s "panel" column', async () => {
    const rows = plainRows(HAPMAP);
    expect(rows[0][9]).toBe('panel');
    const germplasm = rows[0].slice(11);
    expect(germplasm).toHaveLength(281);
    expect(rows.length - 1).toBe(3093);

    const reader = await openGenotypeFile(HAPMAP, { extension: 'mdp_genotype.hmp.txt' });
    expect(reader.header).toMatchObject({ orientation: 'marker-rows', headerLine: 1 });
    expect(reader.header.columns).toEqual(germplasm);
    const records = await readAll(reader);
    expect(reader.issues).toEqual([]);
    expect(records).toHaveLength(3093);
    records.forEach((record, i) => {
      const cells = rows[i + 1];
      expect(record).toMatchObject({ line: i + 2, name: cells[0], chromosome: cells[2], position: Number(cells[3]) });
      expect(record.calls).toEqual(cells.slice(11).map(hapmap));
    });
    expect(records[0]).toMatchObject({ name: 'PZB00859.1', chromosome: '1', position: 157104 });
  });

  it('a .txt upload that begins as HapMap does is read as HapMap', async () => {
    const reader = await openGenotypeFile(HAPMAP, { extension: '.txt' });
    expect(reader.header.orientation).toBe('marker-rows');
    expect(reader.header.columns).toHaveLength(281);
    await reader.close();
  });
});

/** A GT by hand: split on / or |, '.' anywhere is missing, equal alleles one, else joined by the separator. */
function vcfCall(sample: string, alleles: string[]): string {
  const gt = sample.split(':')[0];
  const parts = gt.split(/[/|]/);
  if (parts.includes('.')) return '';
  const picked = parts.map((p) => alleles[Number(p)]);
  if (picked.every((a) => a === picked[0])) return picked[0];
  return picked.join(gt.includes('/') ? '/' : '|');
}

describe('VCF', () => {
  it.each([
    [VCF_MAIZE, 189, 493],
    [VCF_SMALL, 5, 11],
  ])('%s: samples × variants, GT decoded against REF and ALT', async (file, samples, variants) => {
    const rows = plainRows(file);
    const headerIndex = rows.findIndex((cells) => cells[0] === '#CHROM');
    const data = rows.slice(headerIndex + 1);
    expect(rows[headerIndex].slice(9)).toHaveLength(samples);
    expect(data).toHaveLength(variants);

    const reader = await openGenotypeFile(file, { extension: '.vcf' });
    expect(reader.header).toMatchObject({ orientation: 'marker-rows', headerLine: headerIndex + 1, columns: rows[headerIndex].slice(9) });
    const records = await readAll(reader);
    expect(reader.issues).toEqual([]);
    expect(records).toHaveLength(variants);
    records.forEach((record, i) => {
      const cells = data[i];
      const alleles = [cells[3], ...(cells[4] === '.' ? [] : cells[4].split(','))];
      expect(record).toMatchObject({ line: headerIndex + i + 2, name: cells[2], chromosome: cells[0], position: Number(cells[1]) });
      expect(record.calls).toEqual(cells.slice(9).map((sample) => vcfCall(sample, alleles)));
    });
  });

  it('maize: ./., ./0 and 0/. are missing; 1/0 keeps its order; a site without ALT reads REF', async () => {
    const records = await readAll(await openGenotypeFile(VCF_MAIZE, { extension: '.vcf' }));
    const samples = plainRows(VCF_MAIZE)
      .filter((cells) => !cells[0].startsWith('#'))
      .flatMap((cells) => cells.slice(9).map((s) => s.split(':')[0]));
    const missing = samples.filter((gt) => gt.includes('.')).length;
    expect(records.flatMap((r) => r.calls).filter((c) => c === '')).toHaveLength(missing);
    const small = await readAll(await openGenotypeFile(VCF_SMALL, { extension: '.vcf' }));
    // PZA00258.3: REF C, ALT G; the fourth sample is 1/0.
    expect(small.find((r) => r.name === 'PZA00258.3')?.calls).toEqual(['G', 'C', 'C', 'G/C', 'C']);
  });
});

describe('barley Steptoe × Morex', () => {
  it('genotypes: a Flapjack-style table (header "Line" + markers, one line per germplasm), 150 × 223', async () => {
    const rows = plainRows(BARLEY_GENOTYPES);
    const reader = await openGenotypeFile(BARLEY_GENOTYPES, { extension: '.tsv' });
    expect(reader.header.columns).toEqual(rows[0].slice(1));
    expect(reader.header.columns).toHaveLength(223);
    const records = await readAll(reader);
    expect(reader.issues).toEqual([]);
    expect(records).toHaveLength(150);
    records.forEach((record, i) => expect(record.calls).toEqual(rows[i + 1].slice(1).map(flat)));
    const missing = rows.slice(1).flatMap((cells) => cells.slice(1)).filter((c) => c === '-').length;
    expect(missing).toBe(1333);
    expect(records.flatMap((r) => r.calls).filter((c) => c === '')).toHaveLength(missing);
  });

  it('map: a table with a header row (Marker, Chromosome, Position_cM), 223 positions', async () => {
    const rows = plainRows(BARLEY_MAP);
    expect(rows[0]).toEqual(['Marker', 'Chromosome', 'Position_cM']);
    const records = await readMap(BARLEY_MAP, '.tsv');
    expect(records).toEqual(rows.slice(1).map((cells, i) => ({ line: i + 2, marker: cells[0], chromosome: cells[1], position: Number(cells[2]) })));
    expect(records).toHaveLength(223);
  });
});

describe("Germinate's genotype template and its flat text", () => {
  // The derived text is the example workbook's DATA sheet written out with three header lines.
  const text = plainRows(DERIVED_TEXT);
  const markers = text[5].slice(1);
  const chromosomes = text[3].slice(1);
  const positions = text[4].slice(1).map((cell) => (cell === '' ? null : Number(cell)));
  const germplasm = text.slice(6);

  /** The reader gives the derived text's markers, map and calls; `firstLine` numbers the first germplasm's line (or sheet row). */
  async function expectTemplateData(reader: GenotypeReader, firstLine: number): Promise<void> {
    expect(reader.header.columns).toEqual(markers);
    expect(reader.header.chromosomes).toEqual(chromosomes);
    expect(reader.header.positions).toEqual(positions);
    const records = await readAll(reader);
    expect(reader.issues).toEqual([]);
    expect(records.map((r) => [r.line, r.name, r.calls])).toEqual(germplasm.map((cells, i) => [i + firstLine, cells[0], cells.slice(1).map(flat)]));
  }

  it('flat text: meta lines, map rows, 500 germplasm × 1,000 markers', async () => {
    expect(markers).toHaveLength(1000);
    expect(germplasm).toHaveLength(500);
    const reader = await openGenotypeFile(DERIVED_TEXT, { extension: '.txt' });
    expect(reader.header).toMatchObject({
      orientation: 'germplasm-rows',
      headerLine: 6,
      meta: { dataset: 'Test genotypic dataset', map: 'Example map', markerType: 'SNP' },
    });
    await expectTemplateData(reader, 7);
  });

  it('workbook, germplasm by marker: the same header and calls, with sheet row numbers', async () => {
    const reader = await openGenotypeFile(WORKBOOK_GERMPLASM_ROWS, { extension: '.xlsx', orientation: 'GENOTYPE_GERMPLASM_BY_MARKER' });
    expect(reader.header).toMatchObject({ orientation: 'germplasm-rows', headerLine: 3 });
    await expectTemplateData(reader, 4);
  });

  it('workbook, marker by germplasm: one record per marker, read without transposing, equal to the text transposed', async () => {
    const reader = await openGenotypeFile(WORKBOOK_MARKER_ROWS, { extension: '.xlsx', orientation: 'GENOTYPE_MARKER_BY_GERMPLASM' });
    expect(reader.header).toMatchObject({ orientation: 'marker-rows', headerLine: 1 });
    expect(reader.header.columns).toEqual(germplasm.map((cells) => cells[0]));
    const records = await readAll(reader);
    expect(reader.issues).toEqual([]);
    expect(records).toHaveLength(1000);
    records.forEach((record, m) => {
      expect(record).toMatchObject({ line: m + 2, name: markers[m], chromosome: chromosomes[m], position: positions[m] });
      expect(record.calls).toEqual(germplasm.map((cells) => flat(cells[m + 1])));
    });
  });

  it('the blank template: its DATA sheet has the labels only, so the marker row is reported missing', async () => {
    const reader = await openGenotypeFile(WORKBOOK_BLANK, { extension: '.xlsx' });
    expect(reader.issues).toMatchObject([{ status: 'GENOTYPE_MISSING_ROW', rowIndex: 3, sheet: 'DATA', column: 'Lines/Markers' }]);
    expect(await readAll(reader)).toEqual([]);
  });
});

describe('choosing the reader', () => {
  it('refuses an extension it cannot read, naming those it can', async () => {
    await expect(openGenotypeFile(FLAPJACK_DAT, { extension: 'calls.csv' })).rejects.toThrow(/\.csv cannot be read; use .*\.vcf/);
    await expect(openMapFile(FLAPJACK_MAP, '.xlsx')).rejects.toThrow(/\.xlsx cannot be read; use \.map/);
    await expect(openGenotypeFile(VCF_SMALL, { extension: '.vcf', datatype: 'allelefreq' })).rejects.toThrow(/\.vcf cannot be read/);
  });
});
