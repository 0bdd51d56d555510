import { describe, expect, it } from 'vitest';
import type { Sheet } from '../../../server/import/importer.js';
import { MCPD_COLUMNS } from '../mcpd-codes.js';
import { checkAttributesSheet, columnLetter } from './mcpd-attributes.js';
import { checkRecords, entityTypeId, isStorage, type CheckContext } from './mcpd-checks.js';
import { MCPD_FIELDS, readLayout, readRecords, type McpdField } from './mcpd-row.js';

const HEADER: string[] = [...MCPD_FIELDS];

function sheet(rows: Partial<Record<McpdField, string>>[], header: (string | null)[] = HEADER): Sheet {
  return {
    name: 'DATA',
    header,
    rows: rows.map((values, i) => ({ row: i + 2, cells: header.map((h) => (h === null ? null : (values[h as McpdField] ?? null))) })),
  };
}

const context: CheckContext = {
  update: false,
  countries: new Map([['GBR', 235], ['IND', 103], ['UNK', -1]]),
  existing: new Map([['stored-1', 1]]),
};

/** [status, row, column, value] of every issue. */
function check(rows: Partial<Record<McpdField, string>>[], ctx: CheckContext = context) {
  const data = sheet(rows);
  return checkRecords(readRecords(data, readLayout(data)), ctx).map((i) => [i.status, i.rowIndex, i.column, i.value]);
}

describe('DATA header', () => {
  it('accepts the 41 columns alone (entity columns are optional)', () => {
    expect(readLayout(sheet([], [...MCPD_COLUMNS])).issues).toEqual([]);
    expect(readLayout(sheet([])).issues).toEqual([]);
  });

  it('reports each missing column, each repeated header and unknown headers (warning)', () => {
    const header = [...MCPD_COLUMNS.filter((c) => c !== 'GENUS' && c !== 'REMARKS'), 'ACCENUMB', 'Notes', null];
    const issues = readLayout(sheet([], header)).issues;
    expect(issues.map((i) => [i.status, i.type, i.rowIndex, i.column])).toEqual([
      ['GENERIC_DUPLICATE_COLUMN', 'ERROR', 1, 'ACCENUMB'],
      ['GENERIC_UNKNOWN_COLUMN', 'WARNING', 1, 'Notes'],
      ['GENERIC_MISSING_COLUMN', 'ERROR', -1, 'GENUS'],
      ['GENERIC_MISSING_COLUMN', 'ERROR', -1, 'REMARKS'],
    ]);
    expect(issues[2].message).toBe('GENUS');
  });
});

describe('row checks', () => {
  it('passes a complete valid row', () => {
    expect(
      check([
        {
          ACCENUMB: 'A-1', GENUS: 'Hordeum', SPECIES: 'vulgare', SUBTAXA: 'subsp. spontaneum', ACQDATE: '199801--', COLLDATE: '2002-03-04',
          ORIGCTY: 'gbr', COLLSITE: 'Dundee', DECLATITUDE: '56.46', LATITUDE: '562740N', DECLONGITUDE: '-2.97', LONGITUDE: '0025812W',
          COORDUNCERT: '350.0', ELEVATION: '-3', SAMPSTAT: '410', COLLSRC: '40', MLSSTAT: '0', STORAGE: '10; 40',
          DUPLSITE: 'NLD037;DEU146', DUPLINSTNAME: 'CGN;IPK', 'Entity type': 'plant/plot', 'Entity parent ACCENUMB': 'STORED-1',
        },
      ]),
    ).toEqual([]);
  });

  it('reports every occurrence of a repeated ACCENUMB (case-insensitive) and stored ones in insert mode', () => {
    expect(check([{ ACCENUMB: 'A-1' }, { ACCENUMB: 'a-1' }, { ACCENUMB: 'A-1' }, { ACCENUMB: 'Stored-1' }, {}])).toEqual([
      ['MCPD_DUPLICATE_ACCENUMB', 3, 'ACCENUMB', 'a-1'],
      ['MCPD_DUPLICATE_ACCENUMB', 4, 'ACCENUMB', 'A-1'],
      ['MCPD_DUPLICATE_ACCENUMB', 5, 'ACCENUMB', 'Stored-1'],
      ['MCPD_MISSING_FIELD', 6, 'ACCENUMB', null],
    ]);
  });

  it('needs stored germplasm in update mode and skips the taxonomy checks there', () => {
    const update = { ...context, update: true };
    expect(check([{ ACCENUMB: 'stored-1', SPECIES: 'vulgare' }, { ACCENUMB: 'new', SUBTAXA: 'x' }], update)).toEqual([
      ['GENERIC_MISSING_DB_ITEM_UPDATE', 3, 'ACCENUMB', 'new'],
    ]);
    expect(check([{ ACCENUMB: 'A', SPECIES: 'vulgare' }, { ACCENUMB: 'B', GENUS: 'Beta', SUBTAXA: 'x' }])).toEqual([
      ['MCPD_MISSING_FIELD', 2, 'GENUS', null],
      ['MCPD_MISSING_FIELD', 3, 'SPECIES', null],
    ]);
  });

  it('checks countries and sites', () => {
    expect(check([{ ACCENUMB: 'A', ORIGCTY: 'SUN', COLLSITE: 'Kharkov' }, { ACCENUMB: 'B', COLLSITE: 'Dundee' }, { ACCENUMB: 'C', ORIGCTY: 'unk', COLLSITE: 'x' }])).toEqual([
      // An unknown code is the error; the site is not reported again.
      ['GENERIC_INVALID_COUNTRY_CODE', 2, 'ORIGCTY', 'SUN'],
      // A site with no ORIGCTY at all: a warning (kept under UNK).
      ['GENERIC_MISSING_COUNTRY', 3, 'COLLSITE', 'Dundee'],
    ]);
  });

  it('checks dates, numbers, ranges and DMS', () => {
    expect(
      check([
        { ACCENUMB: 'A', ACQDATE: '20200230', COLLDATE: '1975--15', DECLATITUDE: '91', DECLONGITUDE: '1,5', ELEVATION: 'high', COORDUNCERT: '10.5' },
        { ACCENUMB: 'B', LATITUDE: '261060N', LONGITUDE: '0914360X', DECLATITUDE: '-90', DECLONGITUDE: '-180.01' },
      ]),
    ).toEqual([
      ['GENERIC_INVALID_DATE', 2, 'ACQDATE', '20200230'],
      ['GENERIC_INVALID_NUMBER', 2, 'DECLATITUDE', '91'],
      ['GENERIC_INVALID_NUMBER', 2, 'DECLONGITUDE', '1,5'],
      ['GENERIC_INVALID_NUMBER', 2, 'COORDUNCERT', '10.5'],
      ['GENERIC_INVALID_NUMBER', 2, 'ELEVATION', 'high'],
      ['GENERIC_INVALID_DATE', 2, 'COLLDATE', '1975--15'],
      // 60 seconds: read as the next minute, reported as a warning (see the type check below).
      ['MCPD_INVALID_DMS', 3, 'LATITUDE', '261060N'],
      ['GENERIC_INVALID_NUMBER', 3, 'DECLONGITUDE', '-180.01'],
      ['MCPD_INVALID_DMS', 3, 'LONGITUDE', '0914360X'],
    ]);
  });

  it('warns about 60 seconds but rejects a wrong hemisphere', () => {
    const data = sheet([{ ACCENUMB: 'B', LATITUDE: '261060N', LONGITUDE: '0914360X' }]);
    const types = checkRecords(readRecords(data, readLayout(data)), context).map((i) => [i.column, i.type]);
    expect(types).toEqual([
      ['LATITUDE', 'WARNING'],
      ['LONGITUDE', 'ERROR'],
    ]);
  });

  it('checks the coded fields: one integer code each, from the list', () => {
    expect(
      check([
        { ACCENUMB: 'A', SAMPSTAT: '410.0', MLSSTAT: '2', COLLSRC: '10;20', STORAGE: '10;' },
        { ACCENUMB: 'B', SAMPSTAT: '101', MLSSTAT: 'yes', COLLSRC: '63', STORAGE: '14' },
      ]),
    ).toEqual([
      ['GENERIC_INVALID_NUMBER', 2, 'SAMPSTAT', '410.0'],
      ['MCPD_INVALID_MLSSTATUS', 2, 'MLSSTAT', '2'],
      ['GENERIC_INVALID_NUMBER', 2, 'COLLSRC', '10;20'],
      ['MCPD_INVALID_STORAGE', 2, 'STORAGE', '10;'],
      ['MCPD_INVALID_SAMPSTAT', 3, 'SAMPSTAT', '101'],
      ['GENERIC_INVALID_NUMBER', 3, 'MLSSTAT', 'yes'],
      ['MCPD_INVALID_COLLSRC', 3, 'COLLSRC', '63'],
      ['MCPD_INVALID_STORAGE', 3, 'STORAGE', '14'],
    ]);
  });

  it('checks entity types and parents (forward references allowed)', () => {
    expect(
      check([
        { ACCENUMB: 'P-1', 'Entity type': 'Plant/Plot', 'Entity parent ACCENUMB': 'acc-1' },
        { ACCENUMB: 'ACC-1', 'Entity type': 'Accession' },
        { ACCENUMB: 'P-2', 'Entity type': 'Plot', 'Entity parent ACCENUMB': 'nowhere' },
      ]),
    ).toEqual([
      ['MCPD_INVALID_ENTITY_TYPE', 4, 'Entity type', 'Plot'],
      ['MCPD_INVALID_ENTITY_PARENT_ACCENUMB', 4, 'Entity parent ACCENUMB', 'nowhere'],
    ]);
  });

  it('pairs DUPLSITE with DUPLINSTNAME when names are given', () => {
    const issues = check([
      { ACCENUMB: 'A', DUPLSITE: 'NLD037;DEU146', DUPLINSTNAME: 'CGN' },
      { ACCENUMB: 'B', DUPLINSTNAME: 'CGN' },
      { ACCENUMB: 'C', DUPLSITE: 'NLD037;DEU146' },
    ]);
    expect(issues).toEqual([
      ['MCPD_INVALID_DUPLINST_NAME_MAPPING', 2, 'DUPLINSTNAME', 'CGN'],
      ['MCPD_INVALID_DUPLINST_NAME_MAPPING', 3, 'DUPLINSTNAME', 'CGN'],
    ]);
  });

  it('checks lengths: 255 characters, 65,535 in text columns, counted in characters', () => {
    const long = 'x'.repeat(256);
    const issues = check([{ ACCENUMB: 'A', COLLNAME: '𝔸'.repeat(255), COLLMISSID: 'ü'.repeat(255), ACCENAME: long, REMARKS: long, ANCEST: 'y'.repeat(65_536), 'Entity parent ACCENUMB': 'A' }]);
    expect(issues).toEqual([
      ['GENERIC_VALUE_TOO_LONG', 2, 'ACCENAME', long],
      ['GENERIC_VALUE_TOO_LONG', 2, 'ANCEST', 'y'.repeat(65_536)],
    ]);
  });

  it('knows the storage and entity type lists', () => {
    expect(isStorage('10;40')).toBe(true);
    expect(isStorage(' 10 ; 40 ;50')).toBe(true);
    expect(isStorage('99')).toBe(true);
    expect(isStorage('10,40')).toBe(false);
    expect(isStorage('')).toBe(false);
    expect(entityTypeId('SAMPLE')).toBe(3);
    expect(entityTypeId('Plants')).toBeUndefined();
  });
});

describe('ADDITIONAL_ATTRIBUTES checks', () => {
  const known = (key: string) => ['acc-1', 'stored-1'].includes(key);
  it('needs known accession numbers in column A (DATA sheet or database)', () => {
    const aa: Sheet = {
      name: 'ADDITIONAL_ATTRIBUTES',
      header: ['ACCENUMB/ATTRIBUTES', 'Colour', 'Height'],
      rows: [
        { row: 2, cells: ['ACC-1', 'red', '1'] },
        { row: 3, cells: ['stored-1', 'blue', null] },
        { row: 4, cells: ['ACC-9', 'green', null] },
        { row: 5, cells: [null, 'grey', null] },
      ],
    };
    expect(checkAttributesSheet(aa, known).map((i) => [i.status, i.rowIndex, i.column, i.value])).toEqual([
      ['MCPD_MISSING_ACCENUMB', 4, 'ACCENUMB/ATTRIBUTES', 'ACC-9'],
      ['MCPD_MISSING_ACCENUMB', 5, 'ACCENUMB/ATTRIBUTES', null],
    ]);
  });

  it('needs unique attribute names (case-insensitive) on every used column', () => {
    const aa: Sheet = {
      name: 'ADDITIONAL_ATTRIBUTES',
      header: ['ACCENUMB', 'Colour', null, 'colour', null],
      rows: [{ row: 2, cells: ['ACC-1', 'red', null, 'x', null, 'stray'] }],
    };
    expect(checkAttributesSheet(aa, known).map((i) => [i.status, i.rowIndex, i.column, i.value])).toEqual([
      ['GENERIC_MISSING_COLUMN', 1, 'C', null],
      ['GENERIC_DUPLICATE_COLUMN', 1, 'colour', 'colour'],
      ['GENERIC_MISSING_COLUMN', 1, 'F', null],
    ]);
    expect(columnLetter(0)).toBe('A');
    expect(columnLetter(26)).toBe('AA');
  });
});
