import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { PaginatedRequest } from '../../src/core/table-request.js';
import { TableQuery } from '../../src/server/table/engine.js';
import { germplasmView } from '../../src/plugins/germplasm/queries.js';
import { GERMPLASM_DATA_TABLES } from '../../src/plugins/germplasm/data-flags.js';
import { presentTables } from '../../src/server/table/optional-tables.js';
import { ensureExtension, trigramIndexMissing } from '../../src/server/table/trigram-index.js';
import { generateGermplasm } from '../../bench/generate.js';
import { PROBE } from '../../bench/germplasm-table.js';
import { freshDatabase, testDialects, type TestDatabase } from '../support/databases.js';

/*
 * The probe's filter mix (bench/germplasm-table.ts, PROBE) and the other index-served filters must be
 * answerable without reading a large table from end to end. SQLite plans without statistics (it then
 * assumes large tables); PostgreSQL plans with sequential scans, merge and hash joins switched off, so a table that no index can
 * serve shows up as a Seq Scan or as an index scan without an index condition.
 */

/** Tables that grow with the germplasm (the lookups, taxonomies and countries, stay small). */
const LARGE = ['germinatebase', 'mcpd', 'synonyms', 'germplasminstitutions'];
const ALIASES = ['g', 'p', 'm', 's', 'gi'];
/** Germplasm generated for the plans (bench/generate.ts, the benchmark's data). */
const ROWS = 3000;

/** `scansSmall`: the filter reads a small table whole on purpose (institutions: a few thousand rows). */
const EXTRA: { label: string; request: PaginatedRequest; scansSmall?: boolean }[] = [
  { label: 'synonyms contains', request: { prevCount: -1, filter: [{ column: 'synonyms', comparator: 'contains', values: ['syn12'] }] } },
  { label: 'institutions jsonSearch', request: { prevCount: -1, filter: [{ column: 'institutions', comparator: 'jsonSearch', values: ['ins012'] }] }, scansSmall: true },
  { label: 'synonyms jsonSearch', request: { prevCount: -1, filter: [{ column: 'synonyms', comparator: 'jsonSearch', values: ['golden-3'] }] } },
  { label: 'synonyms arrayContains', request: { prevCount: -1, filter: [{ column: 'synonyms', comparator: 'arrayContains', values: ['SYN12'] }] } },
  { label: 'gid contains, by gid descending', request: { prevCount: -1, orderBy: 'germplasmGid', ascending: 0, filter: [{ column: 'germplasmGid', comparator: 'contains', values: ['00042'] }] } },
  { label: 'unfiltered, by PDCI', request: { prevCount: 10, orderBy: 'pdci', ascending: 1 } },
  { label: 'unfiltered, by display name descending', request: { prevCount: 10, orderBy: 'germplasmDisplayName', ascending: 0 } },
];

describe.each(testDialects())('germplasm table plans on %s', (dialect) => {
  let test: TestDatabase;
  let db: Kysely<unknown>;
  let query: TableQuery;
  beforeAll(async () => {
    test = await freshDatabase(dialect);
    db = test.database.db as unknown as Kysely<unknown>;
    await generateGermplasm(test.database, ROWS, 7);
    if (test.database.sqlite) test.database.sqlite.exec('DROP TABLE IF EXISTS sqlite_stat1');
    query = new TableQuery(germplasmView(dialect, await presentTables(db, dialect, GERMPLASM_DATA_TABLES)), dialect);
  });
  afterAll(async () => test?.cleanup());

  /** The plan of a compiled statement, one line per step. */
  async function plan(compiled: CompiledQuery, off: string[] = []): Promise<string[]> {
    if (test.database.sqlite) {
      // Steps of the statement itself (parent 0) unindented, those of its subqueries indented.
      const rows = test.database.sqlite.prepare(`EXPLAIN QUERY PLAN ${compiled.sql}`).all(...(compiled.parameters as unknown[])) as { detail: string; parent: number }[];
      return rows.map((r) => (r.parent === 0 ? r.detail : `  ${r.detail}`));
    }
    return db.connection().execute(async (connection) => {
      // Small tables make scans and merge joins of whole tables cheap; switched off, the plan shows
      // whether indexes can find the rows, as they must at 10^6 rows.
      for (const setting of ['enable_seqscan', 'enable_mergejoin', 'enable_hashjoin', ...off]) await sql.raw(`SET ${setting} = off`).execute(connection);
      try {
        const result = await connection.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]));
        return result.rows.map((r) => r['QUERY PLAN']);
      } finally {
        await sql`RESET ALL`.execute(connection);
      }
    });
  }

  /**
   * Steps that read a large table whole. SQLite: a SCAN of it without an index. PostgreSQL: a Seq Scan,
   * or an index scan of it without an Index Cond (a full index scan stands in for a Seq Scan when those
   * are switched off). In a count (`counting`: no order, no limit) SQLite's walk of a covering index is
   * a whole read too.
   */
  function fullScans(lines: string[], counting = false): string[] {
    if (dialect === 'sqlite') {
      const scan = new RegExp(`^SCAN (${[...LARGE, ...ALIASES].join('|')})${counting ? '( USING COVERING INDEX \\S+)?' : ''}$`);
      return lines.filter((line) => scan.test(line.trim()));
    }
    const node = new RegExp(`(Seq Scan|Index Scan|Index Only Scan)( using \\S+)? on (${LARGE.join('|')})\\b`);
    return lines.filter((line, i) => {
      const found = node.exec(line);
      if (!found) return false;
      if (found[1] === 'Seq Scan') return true;
      const details = lines.slice(i + 1).findIndex((next) => next.includes('->') || /SubPlan|InitPlan/.test(next));
      const own = lines.slice(i + 1, details === -1 ? undefined : i + 1 + details);
      return !own.some((next) => next.includes('Index Cond:'));
    });
  }

  /**
   * A sort of the page's rows (not of a subquery's, such as the first image's): on SQLite the temporary
   * B-tree of the page's id lookup (the statement's first list subquery, which sorts and cuts; the
   * statement then sorts only the page's rows), PostgreSQL's Sort under the Limit.
   */
  function sorts(lines: string[]): string[] {
    if (dialect === 'sqlite') {
      const start = lines.findIndex((line) => /^LIST SUBQUERY/.test(line));
      if (start === -1) return ['no id lookup in the plan'];
      const end = lines.findIndex((line, i) => i > start && !line.startsWith('  '));
      return lines.slice(start + 1, end === -1 ? undefined : end).filter((line) => line === '  USE TEMP B-TREE FOR ORDER BY');
    }
    return lines.slice(0, 2).filter((line) => /->\s+(Incremental )?Sort\b/.test(line));
  }

  /*
   * Which rows match comes from indexes: on SQLite for the page and the count; on PostgreSQL for the count
   * (the same conditions without an order). Whether PostgreSQL then walks an order's index or sorts the
   * matches is its cost-based choice, made on this small table's statistics, and not asserted here.
   */
  it.each<{ label: string; request: PaginatedRequest; scansSmall?: boolean }>([...PROBE, ...EXTRA])('$label: the matching rows are found through indexes, no table is read whole', async ({ request, scansSmall }) => {
    const statements = query.statements({ ...request, prevCount: -1 }, 5000, null, { user: null });
    // An unfiltered count counts every row (the client sends prevCount after the first page).
    if ((request.filter ?? []).length > 0) {
      // Plain index scans off too: a walk along the primary key, filtering, is then no way out either
      // (except for a small table read whole on purpose, which needs one).
      const count = await plan(statements.count!.compile(db), scansSmall ? [] : ['enable_indexscan', 'enable_indexonlyscan']);
      expect(fullScans(count, true), count.join('\n')).toEqual([]);
    }
    if (dialect === 'sqlite') {
      const rows = await plan(statements.rows.compile(db));
      expect(fullScans(rows), rows.join('\n')).toEqual([]);
    }
  });

  it.each([...PROBE, ...EXTRA].filter(({ request }) => (request.filter ?? []).length === 0))('$label: the order comes from an index, nothing is sorted', async ({ request }) => {
    const rows = await plan(query.statements(request, 5000, null, { user: null }).rows.compile(db));
    expect(sorts(rows), rows.join('\n')).toEqual([]);
  });

  it('the checks see a scan when no index serves a filter', async () => {
    // collectorNumber (m.collnumb) has no index: contains on it reads mcpd whole.
    const unindexed = query.statements({ prevCount: -1, filter: [{ column: 'collectorNumber', comparator: 'contains', values: ['C12'] }] }, 5000, null, { user: null });
    expect(fullScans(await plan(unindexed.count!.compile(db), ['enable_indexscan', 'enable_indexonlyscan']), true).length).toBeGreaterThan(0);
  });

  it('knows whether the trigram indexes were made, and carries on without an extension it cannot install', async () => {
    expect(await trigramIndexMissing(db, dialect, 'germinatebase_name_trgm')).toBe(false);
    if (dialect === 'sqlite') return;
    expect(await trigramIndexMissing(db, dialect, 'no_such_index_trgm')).toBe(true);
    const after = await db.connection().execute(async (connection) => {
      await sql`BEGIN`.execute(connection);
      try {
        const schema = await ensureExtension(connection, 'no_such_extension_here');
        const next = await sql<{ n: number }>`SELECT COUNT(*)::int AS n FROM germinatebase`.execute(connection);
        return { schema, n: next.rows[0].n };
      } finally {
        await sql`ROLLBACK`.execute(connection);
      }
    });
    expect(after).toEqual({ schema: null, n: ROWS });
  });
});
