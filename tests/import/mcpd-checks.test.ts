import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedFile } from '../../src/server/import/importer.js';
import { MCPD_COLUMNS } from '../../src/plugins/germplasm/mcpd-codes.js';
import { testDialects } from '../support/databases.js';
import { attributesSheet, brief, dataSheet, FULL_HEADER, harness, mcpdFile, workbook, type Harness, type Row } from './mcpd-fixtures.js';

/** A row that passes every check; each case below breaks one thing in a copy of it (spreadsheet row 3). */
const VALID: Row = {
  PUID: 'doi:10.18730/ABC', INSTCODE: 'GBR251', ACCENUMB: 'ACC-1', COLLNUMB: 'C-1', COLLCODE: 'GBR251', COLLNAME: 'JHI',
  COLLINSTADDRESS: 'Dundee', COLLMISSID: 'M-1', GENUS: 'Hordeum', SPECIES: 'vulgare', SPAUTHOR: 'L.', SUBTAXA: 'subsp. spontaneum',
  SUBTAUTHOR: 'K.Koch', CROPNAME: 'Barley', ACCENAME: 'Golden Promise', ACQDATE: '199801--', ORIGCTY: 'GBR', COLLSITE: 'Dundee',
  DECLATITUDE: '56.46', LATITUDE: '562740N', DECLONGITUDE: '-2.97', LONGITUDE: '0025812W', COORDUNCERT: '10', COORDDATUM: 'WGS84',
  GEOREFMETH: 'GPS', ELEVATION: '44', COLLDATE: '20130312', BREDCODE: 'GBR004', BREDNAME: 'SASA', SAMPSTAT: '410', ANCEST: 'A/B',
  COLLSRC: '40', DONORCODE: 'MEX002', DONORNAME: 'CIMMYT', DONORNUMB: 'D-1', OTHERNUMB: 'X-1;X-2', DUPLSITE: 'NLD037',
  DUPLINSTNAME: 'CGN', STORAGE: '10;40', MLSSTAT: '0', REMARKS: 'nice', 'Entity type': 'Accession',
};

function twoRows(change: Row): ParsedFile {
  return mcpdFile([VALID, { ...VALID, ACCENUMB: 'ACC-2', ...change }]);
}

const DATA = 'DATA';
type Expected = [status: string, rowIndex: number, column: string | null, value: string | null];

interface Case {
  name: string;
  file: ParsedFile;
  expected: Expected[];
  update?: boolean;
  /** Rows stored before the check. */
  seed?: Row[];
  sheet?: string;
}

const long = 'L'.repeat(256);
const cases: Case[] = [
  { name: 'missing DATA sheet', file: workbook({ name: 'METADATA', header: ['LABEL'], rows: [] }), expected: [['GENERIC_MISSING_EXCEL_SHEET', -1, null, 'DATA']] },
  { name: 'missing column', file: mcpdFile([VALID], FULL_HEADER.filter((h) => h !== 'COLLMISSID')), expected: [['GENERIC_MISSING_COLUMN', -1, 'COLLMISSID', null]] },
  { name: 'missing ACCENUMB column (reported once, not again at every row)', file: mcpdFile([VALID], FULL_HEADER.filter((h) => h !== 'ACCENUMB')), expected: [['GENERIC_MISSING_COLUMN', -1, 'ACCENUMB', null]] },
  { name: 'duplicate column', file: mcpdFile([VALID], [...FULL_HEADER, 'GENUS']), expected: [['GENERIC_DUPLICATE_COLUMN', 1, 'GENUS', 'GENUS']] },
  { name: 'empty ACCENUMB', file: twoRows({ ACCENUMB: undefined }), expected: [['MCPD_MISSING_FIELD', 3, 'ACCENUMB', null]] },
  { name: 'ACCENUMB repeated in the file (case-insensitive)', file: twoRows({ ACCENUMB: 'acc-1' }), expected: [['MCPD_DUPLICATE_ACCENUMB', 3, 'ACCENUMB', 'acc-1']] },
  { name: 'ACCENUMB already stored (insert mode)', file: twoRows({ ACCENUMB: 'OLD-1' }), seed: [{ ACCENUMB: 'Old-1' }], expected: [['MCPD_DUPLICATE_ACCENUMB', 3, 'ACCENUMB', 'OLD-1']] },
  { name: 'ACCENUMB not stored (update mode)', file: mcpdFile([{ ACCENUMB: 'old-1' }, { ACCENUMB: 'NEW-1' }]), update: true, seed: [{ ACCENUMB: 'OLD-1' }], expected: [['GENERIC_MISSING_DB_ITEM_UPDATE', 3, 'ACCENUMB', 'NEW-1']] },
  { name: 'SPECIES without GENUS', file: twoRows({ GENUS: undefined }), expected: [['MCPD_MISSING_FIELD', 3, 'GENUS', null]] },
  { name: 'SUBTAXA without SPECIES', file: twoRows({ SPECIES: undefined }), expected: [['MCPD_MISSING_FIELD', 3, 'SPECIES', null]] },
  { name: 'ACQDATE', file: twoRows({ ACQDATE: '19980230' }), expected: [['GENERIC_INVALID_DATE', 3, 'ACQDATE', '19980230']] },
  { name: 'COLLDATE', file: twoRows({ COLLDATE: '2013--12' }), expected: [['GENERIC_INVALID_DATE', 3, 'COLLDATE', '2013--12']] },
  { name: 'ORIGCTY', file: twoRows({ ORIGCTY: 'XYZ', COLLSITE: undefined }), expected: [['GENERIC_INVALID_COUNTRY_CODE', 3, 'ORIGCTY', 'XYZ']] },
  { name: 'DECLATITUDE not a number', file: twoRows({ DECLATITUDE: '56,46' }), expected: [['GENERIC_INVALID_NUMBER', 3, 'DECLATITUDE', '56,46']] },
  { name: 'DECLATITUDE out of range', file: twoRows({ DECLATITUDE: '-90.5' }), expected: [['GENERIC_INVALID_NUMBER', 3, 'DECLATITUDE', '-90.5']] },
  { name: 'DECLONGITUDE not a number', file: twoRows({ DECLONGITUDE: 'W2' }), expected: [['GENERIC_INVALID_NUMBER', 3, 'DECLONGITUDE', 'W2']] },
  { name: 'DECLONGITUDE out of range', file: twoRows({ DECLONGITUDE: '181' }), expected: [['GENERIC_INVALID_NUMBER', 3, 'DECLONGITUDE', '181']] },
  { name: 'LATITUDE', file: twoRows({ LATITUDE: '562740E' }), expected: [['MCPD_INVALID_DMS', 3, 'LATITUDE', '562740E']] },
  { name: 'LONGITUDE', file: twoRows({ LONGITUDE: '0026112W' }), expected: [['MCPD_INVALID_DMS', 3, 'LONGITUDE', '0026112W']] },
  { name: 'COORDUNCERT', file: twoRows({ COORDUNCERT: '10.5' }), expected: [['GENERIC_INVALID_NUMBER', 3, 'COORDUNCERT', '10.5']] },
  { name: 'ELEVATION', file: twoRows({ ELEVATION: '44 m' }), expected: [['GENERIC_INVALID_NUMBER', 3, 'ELEVATION', '44 m']] },
  { name: 'SAMPSTAT not an integer', file: twoRows({ SAMPSTAT: '410;500' }), expected: [['GENERIC_INVALID_NUMBER', 3, 'SAMPSTAT', '410;500']] },
  { name: 'SAMPSTAT not a code', file: twoRows({ SAMPSTAT: '401' }), expected: [['MCPD_INVALID_SAMPSTAT', 3, 'SAMPSTAT', '401']] },
  { name: 'MLSSTAT not an integer', file: twoRows({ MLSSTAT: 'no' }), expected: [['GENERIC_INVALID_NUMBER', 3, 'MLSSTAT', 'no']] },
  { name: 'MLSSTAT not a code', file: twoRows({ MLSSTAT: '2' }), expected: [['MCPD_INVALID_MLSSTATUS', 3, 'MLSSTAT', '2']] },
  { name: 'COLLSRC not an integer', file: twoRows({ COLLSRC: '40.0' }), expected: [['GENERIC_INVALID_NUMBER', 3, 'COLLSRC', '40.0']] },
  { name: 'COLLSRC not a code', file: twoRows({ COLLSRC: '41' }), expected: [['MCPD_INVALID_COLLSRC', 3, 'COLLSRC', '41']] },
  { name: 'STORAGE', file: twoRows({ STORAGE: '10;45' }), expected: [['MCPD_INVALID_STORAGE', 3, 'STORAGE', '10;45']] },
  { name: 'Entity type', file: twoRows({ 'Entity type': 'Seedling' }), expected: [['MCPD_INVALID_ENTITY_TYPE', 3, 'Entity type', 'Seedling']] },
  { name: 'Entity parent', file: twoRows({ 'Entity parent ACCENUMB': 'ACC-9' }), expected: [['MCPD_INVALID_ENTITY_PARENT_ACCENUMB', 3, 'Entity parent ACCENUMB', 'ACC-9']] },
  { name: 'DUPLSITE/DUPLINSTNAME counts', file: twoRows({ DUPLINSTNAME: 'CGN;IPK' }), expected: [['MCPD_INVALID_DUPLINST_NAME_MAPPING', 3, 'DUPLINSTNAME', 'CGN;IPK']] },
  { name: 'value too long (varchar)', file: twoRows({ COLLNUMB: long }), expected: [['GENERIC_VALUE_TOO_LONG', 3, 'COLLNUMB', long]] },
  { name: 'value too long (text)', file: twoRows({ REMARKS: 'R'.repeat(65_536) }), expected: [['GENERIC_VALUE_TOO_LONG', 3, 'REMARKS', 'R'.repeat(65_536)]] },
];

const ATTRIBUTES = 'ADDITIONAL_ATTRIBUTES';
const attributeCases: Case[] = [
  {
    name: 'ADDITIONAL_ATTRIBUTES: unknown ACCENUMB',
    file: workbook(dataSheet([VALID]), attributesSheet(['ACCENUMB', 'Colour'], [['acc-1', 'red'], ['ACC-7', 'blue']])),
    expected: [['MCPD_MISSING_ACCENUMB', 3, 'ACCENUMB', 'ACC-7']],
    sheet: ATTRIBUTES,
  },
  {
    name: 'ADDITIONAL_ATTRIBUTES: attribute without a name',
    file: workbook(dataSheet([VALID]), attributesSheet(['ACCENUMB', null, 'Height'], [['ACC-1', 'red', '1']])),
    expected: [['GENERIC_MISSING_COLUMN', 1, 'B', null]],
    sheet: ATTRIBUTES,
  },
  {
    name: 'ADDITIONAL_ATTRIBUTES: attribute named twice',
    file: workbook(dataSheet([VALID]), attributesSheet(['ACCENUMB', 'Colour', 'COLOUR'], [['ACC-1', 'red', 'blue']])),
    expected: [['GENERIC_DUPLICATE_COLUMN', 1, 'COLOUR', 'COLOUR']],
    sheet: ATTRIBUTES,
  },
];

describe.each(testDialects())('MCPD checks on %s', (dialect) => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(dialect);
  });
  afterAll(async () => h?.test.cleanup());

  it('passes the valid rows, and the 41 columns without entity columns', async () => {
    expect(await h.check(twoRows({}))).toEqual([]);
    expect(await h.check(mcpdFile([{ ACCENUMB: 'X' }], [...MCPD_COLUMNS]))).toEqual([]);
  });

  it.each([...cases, ...attributeCases])('$name: exactly one error, nothing written', async ({ file, expected, update, seed, sheet = DATA }) => {
    if (seed) {
      const stats = await h.write(mcpdFile(seed));
      expect(stats.germplasm).toBe(seed.length);
    }
    const before = await h.count('germinatebase');
    const { issues, stats } = await h.run(file, update);
    expect(brief(issues)).toEqual(expected.map(([status, rowIndex, column, value]) => ({ status, type: 'ERROR', rowIndex, sheet, column, value })));
    expect(stats).toBeNull();
    expect(await h.count('germinatebase')).toBe(before);
    // Clean slate for the next case (mcpd rows go with their germplasm: ON DELETE CASCADE).
    await h.db.deleteFrom('germinatebase').execute();
    expect(await h.count('germinatebase')).toBe(0);
  });

  it('reports an unknown column as a warning only, and still imports', async () => {
    const { issues, stats } = await h.run(mcpdFile([{ ACCENUMB: 'W-1', Notes: 'x' } as Row], [...FULL_HEADER, 'Notes']));
    expect(brief(issues)).toEqual([{ status: 'GENERIC_UNKNOWN_COLUMN', type: 'WARNING', rowIndex: 1, sheet: DATA, column: 'Notes', value: 'Notes' }]);
    expect(stats?.germplasm).toBe(1);
    await h.db.deleteFrom('mcpd').execute();
    await h.db.deleteFrom('germinatebase').execute();
  });

  it('keeps a COLLSITE without ORIGCTY under the unknown country, with a warning', async () => {
    const { issues, stats } = await h.run(twoRows({ ORIGCTY: undefined, COLLSITE: 'Somewhere' }));
    expect(brief(issues)).toEqual([{ status: 'GENERIC_MISSING_COUNTRY', type: 'WARNING', rowIndex: 3, sheet: DATA, column: 'COLLSITE', value: 'Somewhere' }]);
    expect(stats?.germplasm).toBe(2);
    const site = await h.db
      .selectFrom('germinatebase as g')
      .innerJoin('locations as l', 'l.id', 'g.location_id')
      .select(['l.site_name', 'l.country_id'])
      .where('g.general_identifier', '=', 'ACC-2')
      .executeTakeFirstOrThrow();
    expect(site).toEqual({ site_name: 'Somewhere', country_id: -1 });
    await h.db.deleteFrom('germinatebase').execute();
  });

  it('reads 60 seconds as the next minute, with a warning', async () => {
    const { issues, stats } = await h.run(twoRows({ DECLATITUDE: undefined, LATITUDE: '261060N' }));
    expect(brief(issues)).toEqual([{ status: 'MCPD_INVALID_DMS', type: 'WARNING', rowIndex: 3, sheet: DATA, column: 'LATITUDE', value: '261060N' }]);
    expect(stats?.germplasm).toBe(2);
    const site = await h.db
      .selectFrom('germinatebase as g')
      .innerJoin('locations as l', 'l.id', 'g.location_id')
      .select(['l.latitude'])
      .where('g.general_identifier', '=', 'ACC-2')
      .executeTakeFirstOrThrow();
    expect(site.latitude).toBeCloseTo(26 + 11 / 60, 9);
    await h.db.deleteFrom('germinatebase').execute();
  });

  it('accepts withdrawn (ISO 3166-3) and renamed country codes', async () => {
    const { issues, stats } = await h.run(mcpdFile([
      { ACCENUMB: 'OLD-1', ORIGCTY: 'SUN', COLLSITE: 'Vavilov' },
      { ACCENUMB: 'OLD-2', ORIGCTY: 'rom' },
    ]));
    expect(issues).toEqual([]);
    expect(stats?.germplasm).toBe(2);
    const countries = await h.db
      .selectFrom('germinatebase as g')
      .innerJoin('locations as l', 'l.id', 'g.location_id')
      .innerJoin('countries as c', 'c.id', 'l.country_id')
      .select(['g.general_identifier', 'c.country_code3'])
      .orderBy('g.general_identifier')
      .execute();
    expect(countries).toEqual([
      { general_identifier: 'OLD-1', country_code3: 'SUN' },
      { general_identifier: 'OLD-2', country_code3: 'ROU' },
    ]);
    await h.db.deleteFrom('germinatebase').execute();
  });

  it('reports every occurrence in a large broken file (more issues than a call takes arguments)', async () => {
    const rows: Row[] = Array.from({ length: 130_000 }, (_, i) => ({ ACCENUMB: `BIG-${i % 65_000}`, SAMPSTAT: 'x' }));
    const issues = await h.check(mcpdFile(rows));
    expect(issues).toHaveLength(130_000 + 65_000);
    expect(issues.filter((i) => i.status === 'MCPD_DUPLICATE_ACCENUMB')[0]).toMatchObject({ rowIndex: 65_002, value: 'BIG-0' });
  });

  it('reports every occurrence with its message', async () => {
    const file = mcpdFile([
      { ACCENUMB: 'A', SAMPSTAT: '1' },
      { ACCENUMB: 'B', SAMPSTAT: '2' },
      { ACCENUMB: 'a', ACQDATE: '2020-02-30' },
      { ACCENUMB: 'A' },
    ]);
    const issues = await h.check(file);
    expect(issues.map((i) => [i.status, i.rowIndex, i.message, i.messageKey])).toEqual([
      ['MCPD_INVALID_SAMPSTAT', 2, 'SAMPSTAT: 1', 'importStatus.MCPD_INVALID_SAMPSTAT'],
      ['MCPD_INVALID_SAMPSTAT', 3, 'SAMPSTAT: 2', 'importStatus.MCPD_INVALID_SAMPSTAT'],
      ['MCPD_DUPLICATE_ACCENUMB', 4, 'ACCENUMB: a', 'importStatus.MCPD_DUPLICATE_ACCENUMB'],
      ['GENERIC_INVALID_DATE', 4, 'ACQDATE: 2020-02-30', 'importStatus.GENERIC_INVALID_DATE'],
      ['MCPD_DUPLICATE_ACCENUMB', 5, 'ACCENUMB: A', 'importStatus.MCPD_DUPLICATE_ACCENUMB'],
    ]);
  });
});
