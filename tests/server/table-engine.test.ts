import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { GERMPLASM, f, idsFor, seedGermplasm } from '../support/seed.js';

const ALL = GERMPLASM.map((g) => g.id);
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const except = (...ids: number[]) => ALL.filter((id) => !ids.includes(id));

/** Filters of germplasm/table (folded left to right, no precedence) against a seed with exactly known rows. */
describe.each(testDialects())('table engine filters on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
    await seedGermplasm(server);
  });
  afterAll(async () => server?.close());

  const ids = (...filters: unknown[]) => idsFor(server, filters);

  describe('isNull / isNotNull', () => {
    it('on a number column', async () => {
      expect(await ids(f('pdci', 'isNull'))).toEqual([3, 12, 19, 26, 28, 29, 30]);
      expect(await ids(f('pdci', 'isNotNull'))).toEqual(except(3, 12, 19, 26, 28, 29, 30));
    });
    it('on a string column', async () => {
      expect(await ids(f('germplasmNumber', 'isNull'))).toEqual([2, 5, 11, 15, 19, 26, 28, 29, 30]);
    });
    it('on an integer column of a join', async () => {
      expect(await ids(f('locationId', 'isNull'))).toEqual([12, 21]);
      expect(await ids(f('entityParentId', 'isNotNull'))).toEqual([28, 29, 30]);
    });
    it('on json columns', async () => {
      expect(await ids(f('synonyms', 'isNotNull'))).toEqual([1, 4, 8, 10, 14]);
      expect(await ids(f('institutions', 'isNotNull'))).toEqual([1, 2, 4, 10]);
      expect(await ids(f('institutions', 'isNull'))).toEqual(except(1, 2, 4, 10));
    });
  });

  describe('equals', () => {
    it('compares strings without regard to ASCII case', async () => {
      expect(await ids(f('germplasmName', 'equals', ['barke']))).toEqual([1]);
      expect(await ids(f('germplasmName', 'equals', ['BARKE']))).toEqual([1]);
      expect(await ids(f('germplasmGid', 'equals', ['acc_008']))).toEqual([8]);
    });
    it('compares strings without regard to the case of non-ASCII letters', async () => {
      expect(await ids(f('germplasmName', 'equals', ['MÜLLER']))).toEqual([4]);
      expect(await ids(f('germplasmName', 'equals', ['müller gold']))).toEqual([5]);
      expect(await ids(f('germplasmName', 'equals', ['ÅLAND']))).toEqual([15]);
      // ü is not u
      expect(await ids(f('germplasmName', 'equals', ['muller']))).toEqual([]);
    });
    it('matches whole values only, with % and _ as plain characters', async () => {
      expect(await ids(f('germplasmName', 'equals', ['Bark']))).toEqual([]);
      expect(await ids(f('germplasmName', 'equals', ['100%']))).toEqual([]);
      expect(await ids(f('germplasmName', 'equals', ['100% pure']))).toEqual([7]);
      expect(await ids(f('germplasmName', 'equals', ['under_score']))).toEqual([8]);
      expect(await ids(f('germplasmName', 'equals', ['underXscore']))).toEqual([9]);
      expect(await ids(f('germplasmName', 'equals', ["o'brien"]))).toEqual([16]);
    });
    it('on integers and numbers, including negative values', async () => {
      expect(await ids(f('entityTypeId', 'equals', ['2']))).toEqual([28, 29]);
      expect(await ids(f('germplasmId', 'equals', [17]))).toEqual([17]);
      expect(await ids(f('pdci', 'equals', ['5.5']))).toEqual([1, 15]);
      expect(await ids(f('latitude', 'equals', ['-0.18']))).toEqual([7, 8, 17, 18]);
      expect(await ids(f('pdci', 'equals', ['0']))).toEqual([13]);
    });
    it('uses the first value only', async () => {
      expect(await ids(f('germplasmId', 'equals', ['3', '4']))).toEqual([3]);
    });
  });

  describe('contains', () => {
    it('finds substrings without regard to case', async () => {
      expect(await ids(f('germplasmName', 'contains', ['golden']))).toEqual([10, 11]);
      expect(await ids(f('germplasmName', 'contains', ['GOLD']))).toEqual([5, 10, 11, 12]);
      expect(await ids(f('species', 'contains', ['AEST']))).toEqual([4, 5, 6, 15, 16, 25, 26]);
    });
    it('folds non-ASCII letters too', async () => {
      expect(await ids(f('germplasmName', 'contains', ['MÜLLER']))).toEqual([4, 5]);
      expect(await ids(f('germplasmName', 'contains', ['üller']))).toEqual([4, 5]);
      expect(await ids(f('germplasmName', 'contains', ['åla']))).toEqual([15]);
      expect(await ids(f('location', 'contains', ['MÜN']))).toEqual([4, 5, 23, 24]);
      expect(await ids(f('germplasmName', 'contains', ['muller']))).toEqual([6]);
    });
    it('treats % as the search wildcard and _ as a plain character', async () => {
      expect(await ids(f('germplasmName', 'contains', ['bar%sel']))).toEqual([2]);
      expect(await ids(f('germplasmName', 'contains', ['gold%promise']))).toEqual([10]);
      expect(await ids(f('germplasmName', 'contains', ['100%']))).toEqual([7]);
      expect(await ids(f('germplasmName', 'contains', ['under_']))).toEqual([8]);
      expect(await ids(f('germplasmGid', 'contains', ['c_0']))).toEqual([8]);
    });
    it('treats other pattern characters as data', async () => {
      expect(await ids(f('germplasmName', 'contains', ["o'b"]))).toEqual([16]);
      expect(await ids(f('germplasmName', 'contains', ['[a-z]']))).toEqual([]);
      expect(await ids(f('germplasmName', 'contains', ['*']))).toEqual([]);
      expect(await ids(f('germplasmName', 'contains', ['?']))).toEqual([]);
      expect(await ids(f('germplasmName', 'contains', ['\\']))).toEqual([]);
    });
    it('searches the text of json columns', async () => {
      expect(await ids(f('synonyms', 'contains', ['MUE']))).toEqual([4]);
      expect(await ids(f('institutions', 'contains', ['hutton']))).toEqual([1, 10]);
    });
    it('ignores surrounding blanks of a value', async () => {
      expect(await ids(f('germplasmName', 'contains', ['  golden  ']))).toEqual([10, 11]);
    });
  });

  describe('ranges', () => {
    it('between on numbers, integers and a join column', async () => {
      expect(await ids(f('pdci', 'between', ['2', '4']))).toEqual([2, 6, 8, 9, 14, 16, 17, 18, 23, 24]);
      expect(await ids(f('germplasmId', 'between', ['5', '8']))).toEqual([5, 6, 7, 8]);
      expect(await ids(f('elevation', 'between', [100, 600]))).toEqual([1, 2, 4, 5, 6, 22, 23, 24, 27, 28, 29, 30]);
      expect(await ids(f('longitude', 'between', ['-80', '-1']))).toEqual([3, 7, 8, 10, 11, 16, 17, 18, 25]);
    });
    it('greater / less on numbers, with negative values', async () => {
      expect(await ids(f('pdci', 'greaterThan', ['8']))).toEqual([10, 22, 25]);
      expect(await ids(f('pdci', 'greaterOrEquals', ['8']))).toEqual([10, 11, 22, 25]);
      expect(await ids(f('latitude', 'lessThan', ['0']))).toEqual([7, 8, 9, 13, 17, 18, 19, 20]);
      expect(await ids(f('longitude', 'lessOrEquals', ['-2.97']))).toEqual([3, 7, 8, 10, 11, 16, 17, 18, 25]);
      expect(await ids(f('germplasmId', 'greaterThan', ['27']))).toEqual([28, 29, 30]);
      expect(await ids(f('germplasmId', 'lessOrEquals', ['2']))).toEqual([1, 2]);
    });
    it('compares strings without regard to ASCII case', async () => {
      expect(await ids(f('germplasmGid', 'greaterThan', ['L-2']))).toEqual(range(20, 30));
      expect(await ids(f('germplasmGid', 'greaterThan', ['l-2']))).toEqual(range(20, 30));
      expect(await ids(f('germplasmGid', 'between', ['acc-010', 'ACC-013']))).toEqual([10, 11, 12, 13]);
      expect(await ids(f('germplasmGid', 'lessThan', ['ACC-002']))).toEqual([1]);
    });
    it('handles integer bounds far outside the stored range', async () => {
      expect(await ids(f('germplasmId', 'lessThan', ['99999999999']))).toEqual(ALL);
      expect(await ids(f('germplasmId', 'greaterThan', ['99999999999']))).toEqual([]);
      expect(await ids(f('germplasmId', 'equals', ['99999999999']))).toEqual([]);
      expect(await ids(f('germplasmId', 'between', ['-99999999999', '3']))).toEqual([1, 2, 3]);
    });
  });

  describe('inSet', () => {
    it('takes several values as they are', async () => {
      expect(await ids(f('germplasmId', 'inSet', ['1', '3', '5']))).toEqual([1, 3, 5]);
      expect(await ids(f('germplasmName', 'inSet', ['barke', 'GOLD']))).toEqual([1, 12]);
      expect(await ids(f('germplasmName', 'inSet', ['a,b', 'Gold']))).toEqual([12]);
      expect(await ids(f('countryCode', 'inSet', ['DE', 'ec']))).toEqual([1, 2, 4, 5, 6, 7, 8, 17, 18, 22, 23, 24, 27, 28, 29, 30]);
    });
    it('splits one value on commas', async () => {
      expect(await ids(f('germplasmId', 'inSet', ['1, 3 ,5']))).toEqual([1, 3, 5]);
      expect(await ids(f('germplasmName', 'inSet', ['Barke,Gold']))).toEqual([1, 12]);
      expect(await ids(f('pdci', 'inSet', ['5.5,10']))).toEqual([1, 15, 25]);
    });
    it('folds non-ASCII letters', async () => {
      expect(await ids(f('germplasmName', 'inSet', ['ÅLAND', 'zebra']))).toEqual([13, 15]);
      expect(await ids(f('germplasmName', 'inSet', ['müller,barke']))).toEqual([1, 4]);
    });
    it('takes lists far longer than the databases’ parameter limits (marked items)', async () => {
      const many = Array.from({ length: 70_000 }, (_, i) => String(i + 5));
      expect(await ids(f('germplasmId', 'inSet', [many.join(',')]))).toEqual(ALL.filter((id) => id >= 5));
      expect(await ids(f('germplasmId', 'inSet', many))).toEqual(ALL.filter((id) => id >= 5));
      const names = Array.from({ length: 70_000 }, (_, i) => `line ${i}`);
      expect(await ids(f('germplasmName', 'inSet', names))).toEqual([17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27]);
      expect(await ids(f('pdci', 'inSet', [[...many, '5.5'].join(',')]))).toEqual([1, 4, 11, 15, 20, 25]);
    });
    it('drops members that cannot be of the column type', async () => {
      expect(await ids(f('germplasmId', 'inSet', ['1', 'x', '2']))).toEqual([1, 2]);
    });
    it('matches nothing with an empty set (Germinate’s "recently viewed" with none viewed)', async () => {
      expect(await ids(f('germplasmId', 'inSet', []))).toEqual([]);
      expect(await ids(f('germplasmId', 'inSet', ['', ' ']))).toEqual([]);
      expect(await ids(f('germplasmId', 'inSet', ['x']))).toEqual([]);
      expect(await ids(f('germplasmName', 'inSet', [',']))).toEqual([]);
    });
  });

  describe('jsonSearch', () => {
    it('finds a substring in any string of the institutions, case-insensitively', async () => {
      expect(await ids(f('institutions', 'jsonSearch', ['hutton']))).toEqual([1, 10]);
      expect(await ids(f('institutions', 'jsonSearch', ['deu146']))).toEqual([1, 2]);
      expect(await ids(f('institutions', 'jsonSearch', ['COLLECTION']))).toEqual([4]);
    });
    it('searches strings only, as MySQL JSON_SEARCH does (not the numeric ids)', async () => {
      // Only "ECU023" contains a 2; institution 2's numeric id must not count.
      expect(await ids(f('institutions', 'jsonSearch', ['2']))).toEqual([4]);
    });
    it('searches synonyms and OR-s several values', async () => {
      expect(await ids(f('synonyms', 'jsonSearch', ['golden']))).toEqual([10]);
      expect(await ids(f('synonyms', 'jsonSearch', ['golden', 'APFEL']))).toEqual([10, 14]);
      expect(await ids(f('synonyms', 'jsonSearch', ['x_y']))).toEqual([8]);
      expect(await ids(f('synonyms', 'jsonSearch', ['barke-syn']))).toEqual([1]);
      // '_' is not a wildcard here either
      expect(await ids(f('synonyms', 'jsonSearch', ['barke_syn']))).toEqual([]);
    });
    it('strips characters outside [A-Za-z0-9_-] from values', async () => {
      // "barke syn" becomes "barkesyn", which no synonym contains.
      expect(await ids(f('synonyms', 'jsonSearch', ['barke syn']))).toEqual([]);
      expect(await ids(f('synonyms', 'jsonSearch', ['gol"den']))).toEqual([10]);
    });
  });

  describe('arrayContains', () => {
    it('matches whole elements of the synonyms, case-sensitively', async () => {
      expect(await ids(f('synonyms', 'arrayContains', ['BK']))).toEqual([1]);
      expect(await ids(f('synonyms', 'arrayContains', ['bk']))).toEqual([]);
      expect(await ids(f('synonyms', 'arrayContains', ['Golden']))).toEqual([]);
      expect(await ids(f('synonyms', 'arrayContains', ['GP', 'Muller']))).toEqual([4, 10]);
    });
    it('matches a numeric-looking string element', async () => {
      expect(await ids(f('synonyms', 'arrayContains', ['42']))).toEqual([14]);
      expect(await ids(f('synonyms', 'arrayContains', [42]))).toEqual([14]);
    });
    it('finds nothing when the array holds objects', async () => {
      expect(await ids(f('institutions', 'arrayContains', ['IPK']))).toEqual([]);
    });
  });

  describe('incompatible filters are ignored', () => {
    it.each([
      ['contains on an integer column', f('germplasmId', 'contains', ['1'])],
      ['contains on a number column', f('pdci', 'contains', ['5'])],
      ["equals 'abc' on germplasmId", f('germplasmId', 'equals', ['abc'])],
      ['greaterThan a word on a number column', f('pdci', 'greaterThan', ['high'])],
      ['between with one value', f('germplasmId', 'between', ['3'])],
      ['between with a non-number', f('germplasmId', 'between', ['3', 'x'])],
      ['jsonSearch on a string column', f('germplasmName', 'jsonSearch', ['barke'])],
      ['arrayContains on a string column', f('germplasmName', 'arrayContains', ['Barke'])],
      ['equals on a json column', f('synonyms', 'equals', ['BK'])],
      ['equals without values', f('germplasmName', 'equals', [])],
      ['equals with blank values only', f('germplasmName', 'equals', ['  '])],
    ])('%s', async (_label, filter) => {
      expect(await ids(filter)).toEqual(ALL);
    });
    it('drops an ignored filter together with its operator', async () => {
      const fold = [f('germplasmId', 'equals', ['1'], 'or'), f('germplasmId', 'contains', ['9'], 'and'), f('germplasmId', 'equals', ['2'])];
      expect(await ids(...fold)).toEqual([1, 2]);
    });
  });

  describe('and / or', () => {
    it('folds left to right without precedence', async () => {
      // (id=1 OR id=2) AND pdci<4 gives [2]; with AND binding tighter it would be [1, 2].
      const filters = [f('germplasmId', 'equals', ['1'], 'or'), f('germplasmId', 'equals', ['2'], 'and'), f('pdci', 'lessThan', ['4'])];
      expect(await ids(...filters)).toEqual([2]);
    });
    it('folds four filters left to right', async () => {
      // ((genus=Zea AND pdci>=4) OR name contains golden) AND countryCode=GB → 10, 11 only
      const filters = [
        f('genus', 'equals', ['zea'], 'and'),
        f('pdci', 'greaterOrEquals', ['4'], 'or'),
        f('germplasmName', 'contains', ['golden'], 'and'),
        f('countryCode', 'equals', ['gb']),
      ];
      expect(await ids(...filters)).toEqual([10, 11]);
    });
    it('ignores the operator of the last filter and defaults to and', async () => {
      expect(await ids(f('genus', 'equals', ['zea']), f('pdci', 'equals', ['4'], 'or'))).toEqual([8, 9]);
      expect(await ids({ column: 'genus', comparator: 'equals', values: ['zea'], operator: 'OR' }, f('pdci', 'equals', ['1']))).toEqual([
        7, 8, 9, 21, 22,
      ]);
    });
  });

  describe('column names', () => {
    it('accepts camelCase and snake_case', async () => {
      const camel = await ids(f('countryCode', 'equals', ['GB']));
      expect(camel).toEqual([3, 10, 11, 16, 25]);
      expect(await ids(f('country_code', 'equals', ['GB']))).toEqual(camel);
      expect(await ids(f('germplasm_display_name', 'equals', ['gp']))).toEqual([10]);
      expect(await ids(f('entity_parent_general_identifier', 'equals', ['acc-001']))).toEqual([28, 29]);
    });
    it('answers an unknown filter column with 400 BAD_REQUEST_UNKNOWN_COLUMN', async () => {
      for (const column of ['nope', 'germplasm_nam', 'g.name', '']) {
        const response = await server.api('POST', 'germplasm/table', { body: { filter: [f(column, 'equals', ['x'])] } });
        expect(response.status, column).toBe(400);
        expect(response.statusText).toBe('BAD_REQUEST_UNKNOWN_COLUMN');
        expect(await response.json()).toMatchObject({ reasonPhrase: 'BAD_REQUEST_UNKNOWN_COLUMN' });
      }
    });
  });
});
