import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { GERMPLASM, f, seedGermplasm, tablePage } from '../support/seed.js';
import { TableQuery } from '../../src/server/table/engine.js';
import { germplasmView } from '../../src/plugins/germplasm/queries.js';

const ALL = GERMPLASM.map((g) => g.id);

/** Sorting, paging, counts and …/ids of germplasm/table, plus the germplasm attribute table. */
describe.each(testDialects())('table engine sorting and paging on %s', (dialect) => {
  let server: TestServer;
  let small: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
    await seedGermplasm(server);
    small = await startServer(dialect, { maxPageSize: 10 });
    await seedGermplasm(small);
  });
  afterAll(async () => {
    await server?.close();
    await small?.close();
  });

  const page = (body: unknown) => tablePage(server, 'germplasm/table', body);
  const order = async (orderBy: string, ascending: number, filter: unknown[] = []) =>
    (await page({ orderBy, ascending, filter, limit: 100 })).data.map((r) => Number(r.germplasmId));

  describe('sorting', () => {
    it('sorts by id when no order is asked for, and when only one of orderBy / ascending is sent', async () => {
      expect((await page({ limit: 100 })).data.map((r) => r.germplasmId)).toEqual(ALL);
      expect((await page({ orderBy: 'germplasmName', limit: 100 })).data.map((r) => r.germplasmId)).toEqual(ALL);
      expect((await page({ ascending: 0, limit: 100 })).data.map((r) => r.germplasmId)).toEqual(ALL);
    });

    it('sorts numbers with nulls first ascending, ties by id', async () => {
      expect(await order('pdci', 1)).toEqual([
        3, 12, 19, 26, 28, 29, 30, 13, 7, 21, 6, 23, 24, 16, 17, 18, 2, 8, 9, 14, 1, 15, 20, 5, 4, 27, 11, 22, 10, 25,
      ]);
    });

    it('sorts descending as the exact reverse (nulls last, ties by id descending)', async () => {
      const ascending = await order('pdci', 1);
      expect(await order('pdci', 0)).toEqual([...ascending].reverse());
      expect(await order('pdci', -1)).toEqual([...ascending].reverse());
      expect(await order('latitude', 0)).toEqual([...(await order('latitude', 1))].reverse());
    });

    it('sorts negative numbers below positive ones', async () => {
      // latitude: nulls (no location or site without coordinates), then Hobart -42.88, Quito -0.18, …
      expect(await order('latitude', 1, [f('germplasmId', 'lessOrEquals', ['14'])])).toEqual([12, 14, 9, 13, 7, 8, 4, 5, 1, 2, 6, 3, 10, 11]);
    });

    it('sorts text ignoring ASCII case, then by code point (letters outside ASCII last)', async () => {
      expect(await order('germplasmName', 1)).toEqual([
        7, 14, 1, 28, 29, 30, 2, 3, 12, 11, 10, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 6, 5, 4, 16, 8, 9, 13, 15,
      ]);
    });

    it('sorts text with nulls and ties: number, then id', async () => {
      // germplasmNumber nulls: 2, 5, 11, 15, 19, 26, 28, 29, 30; '10' < '12' < … < '9' < 'b1' < 'b3' < 'm4' < 'm6'
      expect(await order('germplasmNumber', 1)).toEqual([
        2, 5, 11, 15, 19, 26, 28, 29, 30, 10, 12, 13, 14, 16, 17, 18, 20, 21, 22, 23, 24, 25, 27, 7, 8, 9, 1, 3, 4, 6,
      ]);
      // genus ties are broken by id
      expect(await order('genus', 1)).toEqual([13, 14, 1, 2, 3, 10, 11, 12, 17, 18, 19, 20, 23, 24, 27, 28, 29, 30, 4, 5, 6, 15, 16, 25, 26, 7, 8, 9, 21, 22]);
    });

    it('accepts snake_case orderBy and ignores an unknown one', async () => {
      expect(await order('germplasm_name', 1)).toEqual(await order('germplasmName', 1));
      expect(await order('no_such_column', 0)).toEqual(ALL);
    });

    it('sorts a json column without failing', async () => {
      const rows = await order('institutions', 1);
      expect(rows.slice(0, 26)).toEqual(ALL.filter((id) => ![1, 2, 4, 10].includes(id)));
      expect([...rows.slice(26)].sort((a, b) => a - b)).toEqual([1, 2, 4, 10]);
    });

    it('pages through a sorted list without gaps or repeats', async () => {
      const whole = await order('pdci', 1);
      const pieces: number[] = [];
      for (let p = 0; p < 5; p++) {
        const data = (await page({ orderBy: 'pdci', ascending: 1, page: p, limit: 7 })).data;
        pieces.push(...data.map((r) => Number(r.germplasmId)));
      }
      expect(pieces).toEqual(whole);
    });
  });

  describe('paging and counting', () => {
    it('answers page 0, 1 and the last page with the total count', async () => {
      const first = await page({ page: 0, limit: 7 });
      expect(first.count).toBe(30);
      expect(first.data.map((r) => r.germplasmId)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect((await page({ page: 1, limit: 7 })).data.map((r) => r.germplasmId)).toEqual([8, 9, 10, 11, 12, 13, 14]);
      const last = await page({ page: 4, limit: 7 });
      expect(last.data.map((r) => r.germplasmId)).toEqual([29, 30]);
      expect(last.count).toBe(30);
      expect(await page({ page: 5, limit: 7 })).toEqual({ data: [], count: 30 });
    });

    it('counts the filtered rows, not the page', async () => {
      const result = await page({ page: 0, limit: 2, filter: [f('genus', 'equals', ['hordeum'])] });
      expect(result.data.map((r) => r.germplasmId)).toEqual([1, 2]);
      expect(result.count).toBe(16);
    });

    it('echoes prevCount instead of counting', async () => {
      const result = await page({ page: 0, limit: 3, prevCount: 12345 });
      expect(result.count).toBe(12345);
      expect(result.data).toHaveLength(3);
      expect((await page({ page: 0, limit: 3, prevCount: 0 })).count).toBe(0);
      expect((await page({ page: 0, limit: 3, prevCount: -1 })).count).toBe(30);
    });

    it('runs no COUNT statement when prevCount is given', () => {
      const query = new TableQuery(germplasmView(dialect), dialect);
      expect(query.statements({ prevCount: 12345 }, 10).count).toBeNull();
      expect(query.statements({ prevCount: 0 }, 10).count).toBeNull();
      expect(query.statements({ prevCount: -1 }, 10).count).not.toBeNull();
      expect(query.statements({}, 10).count).not.toBeNull();
    });

    it('answers limit 0 with no rows and the count', async () => {
      expect(await page({ limit: 0 })).toEqual({ data: [], count: 30 });
    });

    it('caps the page size at MAX_PAGE_SIZE', async () => {
      const capped = await tablePage(small, 'germplasm/table', { limit: 100 });
      expect(capped.data.map((r) => r.germplasmId)).toEqual(ALL.slice(0, 10));
      expect(capped.count).toBe(30);
      const noLimit = await tablePage(small, 'germplasm/table', {});
      expect(noLimit.data).toHaveLength(10);
      const huge = await tablePage(small, 'germplasm/table', { limit: 2147483647, page: 2 });
      expect(huge.data.map((r) => r.germplasmId)).toEqual(ALL.slice(20, 30));
    });
  });

  describe('…/ids', () => {
    it('returns every matching id, ignoring page, limit and order', async () => {
      const all = await tablePage(server, 'germplasm/table/ids', { page: 3, limit: 2, orderBy: 'germplasmName', ascending: 0 });
      expect(all).toEqual({ data: ALL, count: 30 });
      const filtered = await tablePage(server, 'germplasm/table/ids', { filter: [f('countryCode', 'equals', ['au'])], page: 1, limit: 1 });
      expect(filtered).toEqual({ data: [9, 13, 19, 20], count: 4 });
    });

    it('is not capped by MAX_PAGE_SIZE', async () => {
      expect((await tablePage(small, 'germplasm/table/ids', {})).data).toEqual(ALL);
    });
  });

  describe('germplasm/attribute', () => {
    it('answers rows with ViewTableGermplasmAttributes keys', async () => {
      const result = await tablePage(server, 'germplasm/attribute', { filter: [f('germplasmId', 'equals', ['1'])] });
      expect(result.count).toBe(2);
      expect(result.data.map((r) => r.attributeValueId)).toEqual([1, 2]);
      const [height, colour] = result.data;
      expect(height).toMatchObject({
        attributeValueId: 1,
        germplasmId: 1,
        germplasmGid: 'ACC-001',
        germplasmName: 'Barke',
        germplasmDisplayName: 'Barke',
        attributeId: 1,
        attributeName: 'Height',
        attributeDescription: 'Plant height',
        attributeType: 'numeric',
        targetTable: 'germinatebase',
        foreignId: 1,
        attributeValue: '120',
      });
      expect('attributeDescription' in colour).toBe(false);
      expect(String(height.createdOn)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    });

    it('filters, sorts and pages attribute values', async () => {
      const byValue = await tablePage(server, 'germplasm/attribute', { filter: [f('attributeValue', 'contains', ['GRÜN'])] });
      expect(byValue.data.map((r) => r.attributeValueId)).toEqual([4]);
      const sorted = await tablePage(server, 'germplasm/attribute', { orderBy: 'attributeValue', ascending: 1, limit: 2, page: 1 });
      // '101' < '120' < '95' < 'Grün' < 'red' (text order)
      expect(sorted.data.map((r) => r.attributeValue)).toEqual(['95', 'Grün']);
      expect(sorted.count).toBe(5);
      const ids = await tablePage(server, 'germplasm/attribute/ids', { filter: [f('attributeName', 'equals', ['height'])] });
      expect(ids).toEqual({ data: [1, 3, 5], count: 3 });
    });
  });
});
