import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Filter, PaginatedRequest } from '../../src/core/table-request.js';
import { TableQuery } from '../../src/server/table/engine.js';
import { pageFrom } from '../../src/server/table/page-from.js';
import { Restriction, type Extra } from '../../src/server/table/restriction.js';
import { joinedFrom } from '../../src/server/table/view.js';
import { germplasmInstitutionView, germplasmView } from '../../src/plugins/germplasm/queries.js';
import { GERMPLASM_DATA_TABLES } from '../../src/plugins/germplasm/data-flags.js';
import { presentTables } from '../../src/server/table/optional-tables.js';
import { startServer, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { f, seedGermplasm, seedMany } from '../support/seed.js';

/*
 * A page read in two steps (the page's ids over the joins its filters and sort need, then the full rows of
 * those ids) must be the page the single statement gives: the same rows in the same order, the same count.
 */

/** Sorts over the driving table, over joins (one and two deep), over JSON and caller-dependent columns. */
const SORTS: (string | null)[] = [
  null, 'germplasmName', 'germplasmNumber', 'pdci', 'genus', 'countryName', 'biologicalStatusName', 'synonyms',
  'institutions', 'hasTrialsData', 'entityParentName', 'collDate',
];
const FILTERS: Filter[][] = [
  [],
  [f('germplasmName', 'contains', ['1'])] as Filter[],
  [f('genus', 'equals', ['Hordeum'])] as Filter[],
  [f('germplasmNumber', 'isNull', [])] as Filter[],
  [f('countryCode', 'equals', ['DE'], 'or'), f('pdci', 'greaterThan', ['5'])] as Filter[],
  [f('synonyms', 'contains', ['a'])] as Filter[],
  [f('biologicalStatusName', 'contains', ['wild'])] as Filter[],
  // Conditions on joined tables, all AND: the id lookup joins them inner.
  [f('genus', 'equals', ['Hordeum']), f('countryCode', 'equals', ['DE']), f('collDate', 'between', ['19000101', '20301231'])] as Filter[],
  [f('countryName', 'isNotNull', []), f('biologicalStatusName', 'contains', ['i'])] as Filter[],
  // isNull needs the rows without the join; an OR anywhere keeps every join LEFT.
  [f('countryCode', 'isNull', []), f('germplasmName', 'contains', ['1'])] as Filter[],
  [f('genus', 'equals', ['Hordeum'], 'or'), f('countryCode', 'isNull', [])] as Filter[],
  // Two searches in one trigram table (one FTS5 query on SQLite), and one ORed with another.
  [f('germplasmName', 'contains', ['1']), f('germplasmNumber', 'contains', ['0'])] as Filter[],
  [f('germplasmName', 'contains', ['11'], 'or'), f('germplasmNumber', 'contains', ['12'])] as Filter[],
];
const PAGES = [0, 1, 4];
const LIMIT = 7;

describe.each(testDialects())('deferred table pages on %s', (dialect) => {
  let server: TestServer;
  let db: Kysely<unknown>;
  let query: TableQuery;
  beforeAll(async () => {
    server = await startServer(dialect);
    await seedGermplasm(server);
    await seedMany(server, 40, 31);
    db = server.db.database.db as unknown as Kysely<unknown>;
    query = new TableQuery(germplasmView(dialect, await presentTables(db, dialect, GERMPLASM_DATA_TABLES)), dialect);
  });
  afterAll(async () => server?.close());

  /** Rows and count of a request, built deferred or as one statement. */
  async function run(target: TableQuery, request: PaginatedRequest, deferred: boolean, extra: Extra | null = null) {
    const statements = target.statements(request, 1000, extra, { user: null }, { deferred });
    const rows = (await statements.rows.execute(db)).rows.map((r) => target.toJson(r));
    const count = statements.count ? Number((await statements.count.execute(db)).rows[0].count) : null;
    return { rows, count };
  }

  it('gives the same rows, order and count as the single statement for every sort, filter, page and direction', async () => {
    let compared = 0;
    let nonEmpty = 0;
    for (const orderBy of SORTS) {
      for (const ascending of orderBy === null ? [null] : [1, 0]) {
        for (const filter of FILTERS) {
          for (const page of PAGES) {
            const request: PaginatedRequest = { page, limit: LIMIT, prevCount: -1, filter, ...(orderBy ? { orderBy, ascending } : {}) };
            const single = await run(query, request, false);
            const deferred = await run(query, request, true);
            const label = JSON.stringify(request);
            expect(deferred.count, label).toBe(single.count);
            expect(deferred.rows, label).toEqual(single.rows);
            compared++;
            if (single.rows.length > 0) nonEmpty++;
          }
        }
      }
    }
    // The comparison is not vacuous: most pages hold rows (the seed has 70 germplasm).
    expect(compared).toBe((SORTS.length * 2 - 1) * FILTERS.length * PAGES.length);
    expect(nonEmpty).toBeGreaterThan(compared / 2);
  });

  it('reads the ids over only the joins the filters and sort need, and the rows of those ids only', async () => {
    const plain = query.statements({ page: 0, limit: 5, prevCount: -1, orderBy: 'germplasmName', ascending: 1 }, 1000, null, { user: null });
    const rows = plain.rows.compile(db).sql;
    const count = plain.count!.compile(db).sql;
    // The count and the id lookup use germinatebase alone; the outer statement joins everything for 5 ids.
    expect(count).not.toMatch(/JOIN/);
    expect(rows).toMatch(/WHERE g\.id (IN \(|= ANY\(ARRAY\()SELECT g\.id FROM germinatebase g WHERE/);
    expect(rows).toMatch(/LEFT JOIN synonyms s/);
    const joined = query.statements({ page: 0, limit: 5, prevCount: -1, orderBy: 'countryName', ascending: 0, filter: [f('biologicalStatusName', 'equals', ['Wild']) as Filter] }, 1000, null, { user: null });
    // countries is reached through locations, biologicalstatus through mcpd: those four, nothing else; the
    // filter needs a biological status, so mcpd and biologicalstatus are joined inner, the sort's LEFT.
    const joins = [...joined.count!.compile(db).sql.matchAll(/(LEFT JOIN|JOIN) (\w+) (\w+)/g)].map((m) => `${m[1]} ${m[3]}`);
    expect(joins).toEqual(['JOIN m', 'LEFT JOIN l', 'LEFT JOIN co', 'JOIN b']);
    expect((await run(query, { page: 0, limit: 5, prevCount: -1 }, true)).rows.map((r) => r.germplasmId)).toEqual([1, 2, 3, 4, 5]);
  });

  it('uses every join under a condition it cannot see into, and one statement for views whose rows share ids', async () => {
    const extra = sql`g.id IN (SELECT foreign_id FROM synonyms)`;
    const withExtra = query.statements({ page: 0, limit: 5, prevCount: -1 }, 1000, extra, { user: null });
    expect(withExtra.count!.compile(db).sql).toMatch(/LEFT JOIN synonyms s/);
    const single = await run(query, { page: 0, limit: 5, prevCount: -1, orderBy: 'germplasmName', ascending: 0 }, false, extra);
    const deferred = await run(query, { page: 0, limit: 5, prevCount: -1, orderBy: 'germplasmName', ascending: 0 }, true, extra);
    expect(deferred).toEqual(single);
    expect(single.rows.length).toBeGreaterThan(0);

    const institutions = new TableQuery(germplasmInstitutionView(), dialect);
    const page = institutions.statements({ page: 0, limit: 5, prevCount: -1 }, 1000, sql`gi.germinatebase_id = ${1}`, { user: null });
    expect(page.rows.compile(db).sql).not.toMatch(/ IN \(SELECT/);
  });

  it('joins only what a declared restriction reads, with the same rows and count as every join', async () => {
    const condition = sql`g.id IN (SELECT foreign_id FROM synonyms)`;
    const request: PaginatedRequest = { page: 0, limit: 5, prevCount: -1, orderBy: 'germplasmName', ascending: 0 };
    const bare = query.statements(request, 1000, new Restriction(condition), { user: null });
    expect(bare.count!.compile(db).sql).not.toMatch(/LEFT JOIN/);
    const withCountry = query.statements(request, 1000, new Restriction(sql`${condition} AND co.country_code2 IS NOT NULL`, ['co']), { user: null });
    const joins = [...withCountry.count!.compile(db).sql.matchAll(/(LEFT JOIN|JOIN) (\w+) (\w+)/g)].map((m) => m[3]);
    expect(joins).toEqual(['l', 'co']);
    for (const extra of [new Restriction(condition), new Restriction(sql`${condition} AND co.country_code2 IS NOT NULL`, ['co'])]) {
      const declared = await run(query, request, true, extra);
      const everyJoin = await run(query, request, true, extra.condition);
      expect(declared).toEqual(everyJoin);
      expect(declared.count).toBeGreaterThan(0);
    }
  });

  it('refuses a column that reads a join the view does not declare', () => {
    const view = { ...germplasmView(dialect), ...joinedFrom(sql`germinatebase g`, []) };
    expect(() => pageFrom(view, [view.columns.genus])).toThrow(/join t/);
    expect(pageFrom(view, [view.columns.germplasmName]).compile(db).sql).toBe('germinatebase g');
  });
});
