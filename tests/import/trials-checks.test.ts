import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { brief, DATA_HEADER, removeScratch, trialImporter, trialsHarness, validBook, xlsxFile, type Book, type Cell, type TrialsHarness } from './trials-fixtures.js';

type Expected = { status: string; type?: 'ERROR' | 'WARNING'; rowIndex: number; sheet: string | null; column: string | null; value: string | null };

const col = (name: string) => DATA_HEADER.indexOf(name);
/** Sets a DATA cell (spreadsheet row), and the same cell of RECORDING_DATES when `both` (identifying columns). */
function setData(book: Book, row: number, column: string, value: Cell, both = true): void {
  book.DATA[row - 1][col(column)] = value;
  if (both) book.RECORDING_DATES[row - 1][col(column)] = value;
}
const phenotypeColumn = (book: Book, name: string) => book.PHENOTYPES[0].indexOf(name);

interface Case {
  name: string;
  mutate(book: Book): void;
  expected: Expected[];
}

const E = (status: string, rowIndex: number, sheet: string | null, column: string | null, value: string | null): Expected => ({ status, type: 'ERROR', rowIndex, sheet, column, value });

const CASES: Case[] = [
  {
    name: 'the same row and column and site for two germplasm',
    mutate: (b) => { setData(b, 3, 'Column', 1); },
    expected: [E('TRIALS_ROW_COL_MISMATCH', 3, 'DATA', 'Row', 'Row: 1, Column: 1, Location: Field A')],
  },
  {
    name: 'values outside the trait restrictions (bounds and categories), every occurrence',
    mutate: (b) => { setData(b, 2, 'Height', 250, false); setData(b, 4, 'Height', -1, false); setData(b, 3, 'Colour', 'blue', false); },
    expected: [E('TRIALS_DATA_VIOLATES_RESTRICTION', 2, 'DATA', 'Height', '250'), E('TRIALS_DATA_VIOLATES_RESTRICTION', 3, 'DATA', 'Colour', 'blue'), E('TRIALS_DATA_VIOLATES_RESTRICTION', 4, 'DATA', 'Height', '-1')],
  },
  {
    name: 'RECORDING_DATES headers differing from DATA',
    mutate: (b) => { b.RECORDING_DATES[0] = [...DATA_HEADER.slice(0, -2), 'Colour', 'Heading']; },
    expected: [E('TRIALS_DATA_DATE_HEADER_MISMATCH', 1, 'RECORDING_DATES', 'Heading', 'Colour'), E('TRIALS_DATA_DATE_HEADER_MISMATCH', 1, 'RECORDING_DATES', 'Colour', 'Heading')],
  },
  {
    name: 'RECORDING_DATES with fewer rows than DATA',
    mutate: (b) => { b.RECORDING_DATES.pop(); },
    expected: [E('TRIALS_DATA_DATE_IDENTIFIER_MISMATCH', -1, 'RECORDING_DATES', null, '3')],
  },
  {
    name: 'a RECORDING_DATES row for other germplasm than its DATA row',
    mutate: (b) => { b.RECORDING_DATES[2][0] = 'Zenit'; },
    expected: [E('TRIALS_DATA_DATE_IDENTIFIER_MISMATCH', 3, 'RECORDING_DATES', 'Line/Phenotype', 'Zenit')],
  },
  {
    name: 'a recording date that is not a date',
    mutate: (b) => { b.RECORDING_DATES[1][col('Height')] = 'yesterday'; },
    expected: [E('GENERIC_INVALID_DATE', 2, 'RECORDING_DATES', 'Height', 'yesterday')],
  },
  {
    name: 'a DATA trait not declared on PHENOTYPES nor stored',
    mutate: (b) => { b.PHENOTYPES.splice(3, 1); },
    expected: [E('TRIALS_MISSING_TRAIT_DECLARATION', 1, 'DATA', 'Colour', 'Colour')],
  },
  {
    name: 'categories that are not JSON lists',
    mutate: (b) => { b.PHENOTYPES[3][phenotypeColumn(b, 'Trait categories (comma separated)')] = 'red, white'; },
    expected: [E('TRIALS_INVALID_TRAIT_CATEGORIES', 4, 'PHENOTYPES', 'Trait categories (comma separated)', 'red, white')],
  },
  {
    name: 'category lists of unequal length',
    mutate: (b) => { b.PHENOTYPES[3][phenotypeColumn(b, 'Trait categories (comma separated)')] = '[["red","white"],["1"]]'; },
    expected: [E('TRIALS_INVALID_TRAIT_CATEGORIES', 4, 'PHENOTYPES', 'Trait categories (comma separated)', '[["red","white"],["1"]]')],
  },
  {
    name: 'an unknown and an empty data type',
    mutate: (b) => { b.PHENOTYPES[2][3] = 'Date'; b.PHENOTYPES[3][3] = null; b.PHENOTYPES[3][7] = null; },
    expected: [E('TRIALS_INVALID_TRAIT_DATATYPE', 3, 'PHENOTYPES', 'Data Type', 'Date'), E('TRIALS_INVALID_TRAIT_DATATYPE', 4, 'PHENOTYPES', 'Data Type', null)],
  },
  {
    name: 'a numeric value that is not a number',
    mutate: (b) => { setData(b, 3, 'Height', 'tall', false); },
    expected: [E('GENERIC_INVALID_NUMBER', 3, 'DATA', 'Height', 'tall')],
  },
  {
    name: 'a date value that is no date',
    mutate: (b) => { setData(b, 2, 'Heading', '2020-02-30', false); },
    expected: [E('GENERIC_INVALID_DATE', 2, 'DATA', 'Heading', '2020-02-30')],
  },
  {
    name: 'unknown germplasm',
    mutate: (b) => { setData(b, 4, 'Line/Phenotype', 'Nobody'); },
    expected: [E('GENERIC_INVALID_GERMPLASM', 4, 'DATA', 'Line/Phenotype', 'Nobody')],
  },
  {
    name: 'missing germplasm',
    mutate: (b) => { setData(b, 4, 'Line/Phenotype', null); },
    expected: [E('GENERIC_MISSING_REQUIRED_VALUE', 4, 'DATA', 'Line/Phenotype', null)],
  },
  {
    name: 'a Location not on the LOCATION sheet',
    mutate: (b) => { setData(b, 2, 'Location', 'Field B'); },
    expected: [E('CLIMATE_MISSING_LOCATION_DECLARATION', 2, 'DATA', 'Location', 'Field B')],
  },
  {
    name: 'a latitude and a row that are not numbers',
    mutate: (b) => { setData(b, 2, 'Latitude', 'north', false); setData(b, 3, 'Row', 'x'); setData(b, 4, 'Column', 1.5); },
    expected: [E('GENERIC_INVALID_DATATYPE', 2, 'DATA', 'Latitude', 'north'), E('GENERIC_INVALID_DATATYPE', 3, 'DATA', 'Row', 'x'), E('GENERIC_INVALID_DATATYPE', 4, 'DATA', 'Column', '1.5')],
  },
  {
    name: 'a latitude without longitude',
    mutate: (b) => { setData(b, 2, 'Longitude', null, false); },
    expected: [E('GENERIC_INVALID_LOCATION', 2, 'DATA', 'Longitude', null)],
  },
  {
    name: 'a block and a short name that are too long',
    mutate: (b) => { setData(b, 2, 'Block', 'BLOCK-12345'); b.PHENOTYPES[1][1] = 'HEIGHT-CM-1'; },
    expected: [E('GENERIC_VALUE_TOO_LONG', 2, 'PHENOTYPES', 'Short Name', 'HEIGHT-CM-1'), E('GENERIC_VALUE_TOO_LONG', 2, 'DATA', 'Block', 'BLOCK-12345')],
  },
  {
    name: 'DATA without its Treatment column',
    mutate: (b) => { for (const sheet of [b.DATA, b.RECORDING_DATES]) for (const row of sheet) row.splice(col('Treatment'), 1); },
    expected: [E('GENERIC_MISSING_COLUMN', 1, 'DATA', 'Treatment', null)],
  },
  {
    name: 'a PHENOTYPES header given twice',
    mutate: (b) => { b.PHENOTYPES[0] = [...b.PHENOTYPES[0], 'Name']; },
    expected: [E('GENERIC_DUPLICATE_COLUMN', 1, 'PHENOTYPES', 'Name', 'Name')],
  },
  {
    name: 'a trait defined twice',
    mutate: (b) => { b.PHENOTYPES.push(['height', null, null, 'numeric', null, null, null, null, null, null, null, null]); },
    expected: [E('GENERIC_DUPLICATE_VALUE', 5, 'PHENOTYPES', 'Name', 'height')],
  },
  {
    name: 'min, max and set size that are not numbers, and a bad time series flag',
    mutate: (b) => { b.PHENOTYPES[1][8] = 'low'; b.PHENOTYPES[1][10] = '1.5'; b.PHENOTYPES[2][11] = 'maybe'; },
    expected: [E('GENERIC_INVALID_NUMBER', 2, 'PHENOTYPES', 'Min (only for numeric traits)', 'low'), E('GENERIC_INVALID_NUMBER', 2, 'PHENOTYPES', 'Set Size', '1.5'), E('GENERIC_INVALID_BOOLEAN', 3, 'PHENOTYPES', 'Is timeseries', 'maybe')],
  },
  {
    name: 'a minimum above the maximum (no value can then fit)',
    mutate: (b) => { b.PHENOTYPES[1][8] = 250; for (const row of [2, 3, 4]) setData(b, row, 'Height', null, false); },
    expected: [E('TRIALS_DATA_VIOLATES_RESTRICTION', 2, 'PHENOTYPES', 'Min (only for numeric traits)', '250')],
  },
  {
    name: 'no DATA sheet',
    mutate: (b) => { delete b.DATA; delete b.RECORDING_DATES; },
    expected: [E('GENERIC_MISSING_EXCEL_SHEET', -1, 'DATA', null, 'DATA')],
  },
  {
    name: 'no METADATA sheet',
    mutate: (b) => { delete b.METADATA; },
    expected: [E('GENERIC_MISSING_EXCEL_SHEET', -1, 'METADATA', null, 'METADATA')],
  },
  {
    name: 'a METADATA label missing and an empty Title',
    mutate: (b) => { b.METADATA.splice(3, 1); b.METADATA[1][2] = null; },
    expected: [E('GENERIC_MISSING_REQUIRED_VALUE', 2, 'METADATA', 'VALUE', null), E('GENERIC_MISSING_REQUIRED_VALUE', -1, 'METADATA', 'LABEL', 'Rights')],
  },
  {
    name: 'a LOCATION with an unknown country, a bad elevation and no name',
    mutate: (b) => { b.LOCATION[1][2] = 'gb'; b.LOCATION[1][3] = 'high'; b.LOCATION.push([null, 'X', null, null, null, null]); },
    expected: [E('GENERIC_INVALID_COUNTRY_CODE', 2, 'LOCATION', 'Country', 'gb'), E('GENERIC_INVALID_NUMBER', 2, 'LOCATION', 'Elevation', 'high'), E('GENERIC_MISSING_REQUIRED_VALUE', 3, 'LOCATION', 'Name', null)],
  },
  {
    name: 'an ATTRIBUTES row of an unknown type',
    mutate: (b) => { b.ATTRIBUTES = [['Attribute', 'Type', 'Value'], ['Irrigation', 'number', '200']]; },
    expected: [E('GENERIC_INVALID_DATATYPE', 2, 'ATTRIBUTES', 'Type', 'number')],
  },
  {
    name: 'a BrAPI Study DB ID that is no trials dataset',
    mutate: (b) => { b.ATTRIBUTES = [['Attribute', 'Type', 'Value'], ['BrAPI Study DB ID', 'numeric', '999']]; },
    expected: [E('GENERIC_INVALID_REFERENCE', 2, 'ATTRIBUTES', 'Value', '999')],
  },
  {
    name: 'a collaborator without a first name',
    mutate: (b) => {
      b.COLLABORATORS = [
        ['Last Name', 'First Name', 'Contributor role', 'Contributor ID', 'Email', 'Phone', 'Contributor', 'Address', 'Country'],
        ['(explanations)', '(explanations)', null, null, null, null, null, null, null],
        ['Raubach', null, 'author', null, null, null, null, null, 'GB'],
      ];
    },
    expected: [E('GENERIC_MISSING_REQUIRED_VALUE', 3, 'COLLABORATORS', 'First Name', null)],
  },
];

afterAll(() => removeScratch());

describe.each(testDialects())('trials template checks (%s)', (dialect) => {
  let h: TrialsHarness;
  beforeEach(async () => {
    h = await trialsHarness(dialect);
  });
  afterEach(async () => {
    await h.test.cleanup();
  });

  it('the generated valid workbook has no issue at all and imports', async () => {
    const { file } = await xlsxFile(validBook());
    const { issues, stats } = await h.run(trialImporter, file);
    expect(brief(issues)).toEqual([]);
    expect(stats).toMatchObject({ traits: 3, trialsetups: 4, phenotypedata: 9, locations: 1, germplasm: 3 });
    // "2.0" is stored in the category's own spelling, dates as YYYY-MM-DD, the INV-1 MIAPPE id kept.
    const values = await h.db.selectFrom('phenotypedata').select('phenotype_value').orderBy('id').execute();
    expect(values.map((v) => v.phenotype_value)).toContain('2');
    expect(values.map((v) => v.phenotype_value)).toContain('2020-06-15');
    const miappe = await h.db.selectFrom('attributedata').innerJoin('attributes', 'attributes.id', 'attributedata.attribute_id')
      .select(['name', 'value']).where('target_table', '=', 'datasets').execute();
    expect(miappe).toContainEqual({ name: 'Investigation unique ID', value: 'INV-1' });
  });

  it('a display name shared by two germplasm is ambiguous', async () => {
    const ids = (await h.db.selectFrom('germinatebase').select('id').orderBy('id').limit(2).execute()).map((r) => r.id);
    await h.db.updateTable('germinatebase').set({ display_name: 'Twin' }).where('id', 'in', ids).execute();
    const book = validBook();
    setData(book, 4, 'Line/Phenotype', 'twin');
    const { issues, stats } = await h.run(trialImporter, (await xlsxFile(book)).file);
    expect(brief(issues)).toEqual([E('GENERIC_DISPLAY_NAME_USED_BUT_NOT_UNIQUE', 4, 'DATA', 'Line/Phenotype', 'twin')]);
    expect(stats).toBeNull();
  });

  it('values under a column without a header are a warning, once per column', async () => {
    const book = validBook();
    book.DATA[2].push('lost', 'also lost');
    book.DATA[3].push('lost too');
    const { issues } = await h.run(trialImporter, (await xlsxFile(book)).file, {});
    expect(brief(issues).filter((i) => i.sheet === 'DATA')).toEqual([
      { status: 'GENERIC_UNKNOWN_COLUMN', type: 'WARNING', rowIndex: 3, sheet: 'DATA', column: '#14', value: 'lost' },
      { status: 'GENERIC_UNKNOWN_COLUMN', type: 'WARNING', rowIndex: 3, sheet: 'DATA', column: '#15', value: 'also lost' },
    ]);
  });

  it('an empty Rep is a warning at every row; the plot gets rep 1 and the file imports', async () => {
    const book = validBook();
    setData(book, 2, 'Rep', null);
    setData(book, 5, 'Rep', null);
    const { issues, stats } = await h.run(trialImporter, (await xlsxFile(book)).file);
    expect(brief(issues)).toEqual([
      { status: 'TRIALS_DATA_REP_MISSING', type: 'WARNING', rowIndex: 2, sheet: 'DATA', column: 'Rep', value: null },
      { status: 'TRIALS_DATA_REP_MISSING', type: 'WARNING', rowIndex: 5, sheet: 'DATA', column: 'Rep', value: null },
    ]);
    expect(stats).not.toBeNull();
    const reps = await h.db.selectFrom('trialsetup').select(['rep', 'trial_row', 'trial_column']).orderBy('id').execute();
    expect(reps.filter((r) => r.rep === '1').length).toBe(3);
  });
});

// A rejected workbook writes nothing (each case checks the counts before and after), so the cases share one
// database per dialect instead of each migrating and seeding its own.
describe.each(testDialects())('rejected trials workbooks (%s)', (dialect) => {
  let r: TrialsHarness;
  beforeAll(async () => {
    r = await trialsHarness(dialect);
  });
  afterAll(async () => {
    await r?.test.cleanup();
  });

  it.each(CASES)('$name: exactly that report, nothing written', async ({ mutate, expected }) => {
    const book = validBook();
    mutate(book);
    const { file } = await xlsxFile(book);
    const before = await r.counts();
    const { issues, stats } = await r.run(trialImporter, file);
    const sort = (list: Expected[]) => [...list].sort((a, b) => `${a.sheet}${a.rowIndex}${a.column}`.localeCompare(`${b.sheet}${b.rowIndex}${b.column}`));
    expect(sort(brief(issues))).toEqual(sort(expected));
    for (const i of issues) expect(i.messageKey).toBe(`importStatus.${i.status}`);
    expect(stats).toBeNull();
    expect(await r.counts()).toEqual(before);
  });
});
