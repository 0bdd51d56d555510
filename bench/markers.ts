import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { PaginatedRequest } from '../src/core/table-request.js';
import { buildApp, migrateAll } from '../src/server/app.js';
import { readConfig } from '../src/server/config.js';
import { openDatabase, type Database, type DialectName } from '../src/server/db/database.js';
import { TableQuery } from '../src/server/table/engine.js';
import { COUNT_REUSE_MS, LARGE_COUNT, SLOW_COUNT_MS } from '../src/server/table/count-cache.js';
import { markerIndexes } from '../src/plugins/genotypes/markers/routes.js';
import { markerView } from '../src/plugins/genotypes/markers/view.js';
import { serverPlugins } from '../src/plugins/server.js';
import { generateMarkerData } from './markers-generate.js';
import { alternate, median, report, time } from './measure.js';

/*
 * The marker table benchmark (BENCH_ONLY=markers): MARKERS_BENCH_COUNT generated markers (1,000,000 by
 * default; bench/markers-generate.ts), on SQLite and PostgreSQL. Each page of the marker table as the client
 * asks for it, POST marker/table through the built server's API, against the same statements the table
 * engine runs for it, executed directly with the driver (medians of alternating rounds after warm-up, as
 * the germplasm table benchmark measures). Goal: ≤ 1.5× on both databases.
 */

const COUNT = Number(process.env.MARKERS_BENCH_COUNT || 1_000_000);
const SEED = 42;

/** The pages: the table as it opens, a search on the name, a sort (the client sends the known total then). */
const PAGES: { label: string; request: PaginatedRequest }[] = [
  { label: 'default page', request: { page: 0, limit: 10, prevCount: -1, orderBy: null, ascending: null, filter: null } },
  { label: 'default page, total known', request: { page: 0, limit: 10, prevCount: COUNT, orderBy: null, ascending: null, filter: null } },
  {
    label: 'name contains "12345"',
    request: { page: 0, limit: 10, prevCount: -1, orderBy: null, ascending: null, filter: [{ column: 'markerName', comparator: 'contains', operator: 'and', values: ['12345'] }] },
  },
  { label: 'sorted by name, descending, page 3', request: { page: 2, limit: 10, prevCount: COUNT, orderBy: 'markerName', ascending: 0, filter: null } },
  // No index orders markers by their type's description: every marker is read and sorted.
  { label: 'sorted by type', request: { page: 0, limit: 10, prevCount: COUNT, orderBy: 'markerType', ascending: 1, filter: null } },
  {
    label: 'synonyms contain "BOPA1_1234"',
    request: { page: 0, limit: 10, prevCount: -1, orderBy: null, ascending: null, filter: [{ column: 'markerSynonyms', comparator: 'contains', operator: 'and', values: ['BOPA1_1234'] }] },
  },
];

const loadAverage = () => os.loadavg().map((n) => n.toFixed(2)).join(', ');

/** Opens (and on first use generates) the marker database of COUNT markers; kept between runs. */
async function markerDatabase(root: string, dialect: DialectName, postgresUrl: string): Promise<Database> {
  const cacheDir = path.join(root, 'bench/.cache');
  fs.mkdirSync(cacheDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: dialect === 'postgres' ? postgresUrl : null,
    sqliteFile: path.join(cacheDir, `markers-${COUNT}-${SEED}.sqlite`),
    schema: dialect === 'postgres' ? `bench_markers_${COUNT}_${SEED}` : null,
  });
  try {
    await migrateAll(database, serverPlugins);
    const existing = await database.db.withTables<{ markers: { id: number } }>().selectFrom('markers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (Number(existing.n) !== COUNT) {
      if (Number(existing.n) !== 0) throw new Error(`the marker bench database holds ${existing.n} markers; delete bench/.cache/markers-* or the schema`);
      const took = await time(() => generateMarkerData(database, COUNT, SEED));
      console.log(`  generated ${COUNT.toLocaleString('en')} markers on ${dialect} in ${(took / 1000).toFixed(1)} s (seed ${SEED}; cached for later runs)`);
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

type Compiled = { sql: string; parameters: readonly unknown[] };

/** The statements one after the other on the driver (the rows, then the total when asked). */
async function runRaw(database: Database, compiled: Compiled[]): Promise<number | null> {
  let count: number | null = null;
  for (const [i, q] of compiled.entries()) {
    const rows = database.sqlite ? (database.sqlite.prepare(q.sql).all(...(q.parameters as unknown[])) as Record<string, unknown>[]) : (await database.pool!.query(q.sql, q.parameters as unknown[])).rows as Record<string, unknown>[];
    if (i === 1) count = Number(rows[0]?.count);
  }
  return count;
}

/** The count statement alone, median of a few runs: whether the server would reuse that total (count-cache.ts). */
async function countMs(database: Database, count: Compiled): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) times.push(await time(() => runRaw(database, [count])));
  return median(times);
}

export async function benchMarkers(root: string, dialect: DialectName, postgresUrl: string, rounds: number): Promise<void> {
  console.log(`\nMarker table, ${COUNT.toLocaleString('en')} markers, ${dialect}; load average ${loadAverage()}`);
  const database = await markerDatabase(root, dialect, postgresUrl);
  const config = { ...readConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(root, 'bench/.cache') }, root), clientDir: path.join(root, 'bench/.cache/no-client') };
  const app = await buildApp({ config, database, plugins: serverPlugins, localesDir: path.join(root, 'locales'), logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const db = database.db as unknown as Kysely<unknown>;
    // The view as the server builds it: with the marker name's trigram table where it exists.
    const query = new TableQuery(markerView(await markerIndexes(app, { warn: false })), dialect);
    // What any API call costs without a table read: the floor under the pages whose SQL takes a millisecond.
    const floor: number[] = [];
    for (let i = 0; i < rounds; i += 1) floor.push(await time(async () => (await fetch(`${address}/api/settings`)).arrayBuffer()));
    console.log(`  (an HTTP round trip to the same server without a table read, GET settings: ${median(floor).toFixed(1)} ms)`);
    for (const { label, request } of PAGES) {
      const statements = query.statements(request, config.maxPageSize);
      const compiled = [statements.rows.compile(db), ...(statements.count ? [statements.count.compile(db)] : [])];
      let apiCount = -1;
      let rawCount: number | null = null;
      const api = async () => {
        const response = await fetch(`${address}/api/marker/table`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
        if (!response.ok) throw new Error(`marker/table answered ${response.status}: ${await response.text()}`);
        apiCount = ((await response.json()) as { count: number }).count;
      };
      const result = await alternate(api, async () => (rawCount = await runRaw(database, compiled)), rounds);
      if (rawCount !== null && rawCount !== apiCount) throw new Error(`${label}: the API counted ${apiCount} markers, the SQL ${rawCount}`);
      const ratio = result.a / result.b;
      const matches = statements.count ? ` (${apiCount.toLocaleString('en')} matches)` : '';
      report(`${dialect} markers ${label}${matches}`, `${result.a.toFixed(1)} ms`, `${result.b.toFixed(1)} ms`, ratio, '≤ 1.5×', ratio <= 1.5);
      // A large total that was slow to count once (the first, cold count may be) is reused by the server for a
      // few seconds, so the API's rounds may hold no count while the SQL's recount every time: say so.
      if (statements.count && apiCount >= LARGE_COUNT) {
        const ms = await countMs(database, compiled[1]);
        console.log(`${''.padEnd(52)} (the total alone: ${ms.toFixed(1)} ms warm; the server reuses a total of ≥ ${LARGE_COUNT.toLocaleString('en')} that took ≥ ${SLOW_COUNT_MS} ms for ${COUNT_REUSE_MS / 1000} s, count-cache.ts)`);
      }
    }
  } finally {
    await app.close();
    await database.close();
  }
}
