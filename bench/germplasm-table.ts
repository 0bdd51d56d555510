import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { PaginatedRequest } from '../src/core/table-request.js';
import { buildApp, migrateAll } from '../src/server/app.js';
import { readConfig } from '../src/server/config.js';
import { openDatabase, type Database, type DialectName } from '../src/server/db/database.js';
import { TableQuery } from '../src/server/table/engine.js';
import { germplasmView } from '../src/plugins/germplasm/queries.js';
import { GERMPLASM_DATA_TABLES } from '../src/plugins/germplasm/data-flags.js';
import { presentTables } from '../src/server/table/optional-tables.js';
import { serverPlugins } from '../src/plugins/server.js';
import { generateGermplasm } from './generate.js';
import { SECTIONS } from '../src/plugins/search/sections.js';
import { searchFilters } from '../src/plugins/search/term.js';
import { alternate, report, time } from './measure.js';

/** Rows of the big table; BENCH_TABLE_ROWS sets fewer (e.g. 100000) where generating 10^6 takes too long. */
const COUNT = Number(process.env.BENCH_TABLE_ROWS || 1_000_000);
/** The small table the probe's filter mix is compared with (the same generator, the first 10,000 rows). */
const SMALL = 10_000;
const SEED = 42;

/** A filtered (contains on name, equal on country) and sorted page, as the germplasm table sends it. */
export const REQUEST: PaginatedRequest = {
  page: 0,
  limit: 10,
  prevCount: -1,
  orderBy: 'germplasmName',
  ascending: 1,
  filter: [
    { column: 'germplasmName', comparator: 'contains', operator: 'and', values: ['123'] },
    { column: 'countryCode', comparator: 'equals', operator: 'and', values: ['DE'] },
  ],
};

/**
 * The probe's filter mix, written down: what a curator narrows the germplasm table with. Each request is a
 * first page as the table asks for it (with the count); the re-sorted one sends prevCount, as the client
 * does when only the order changes.
 * - name contains a part of an accession number ("0001 2" style parts find the same few dozen accessions
 *   at 10^4 and 10^6 rows: what grows is the table, not the answer);
 * - number contains a word (about 1 row in 16 at any size) with the name part;
 * - genus equals, country of origin equals and a collecting-date range (1 in 20, 1 in 60, about 1 in 3);
 * - sorted by name (ascending) and by PDCI (descending, a column the table does not sort by by default).
 */
const MIX: PaginatedRequest['filter'] = [
  { column: 'germplasmName', comparator: 'contains', operator: 'and', values: ['-000123'] },
  { column: 'germplasmNumber', comparator: 'contains', operator: 'and', values: ['morex'] },
];
const NARROW: PaginatedRequest['filter'] = [
  { column: 'genus', comparator: 'equals', operator: 'and', values: ['Hordeum'] },
  { column: 'countryCode', comparator: 'equals', operator: 'and', values: ['DE'] },
  { column: 'collDate', comparator: 'between', operator: 'and', values: ['19500101', '19891231'] },
];
/** The search page's germplasm section for a 3-letter term: contains on names, numbers and synonyms, joined by or. */
const germplasmSearch = SECTIONS.find((section) => section.id === 'germplasm');
const SEARCH: PaginatedRequest['filter'] = germplasmSearch ? searchFilters('tip', germplasmSearch.searchColumns, germplasmSearch.variantColumns) : [];
export const PROBE: { label: string; request: PaginatedRequest }[] = [
  { label: 'name contains, by name', request: { page: 0, limit: 25, prevCount: -1, orderBy: 'germplasmName', ascending: 1, filter: [MIX[0]] } },
  { label: 'name + number contains, by name', request: { page: 0, limit: 25, prevCount: -1, orderBy: 'germplasmName', ascending: 1, filter: MIX } },
  { label: 'genus + country + dates, by name', request: { page: 0, limit: 25, prevCount: -1, orderBy: 'germplasmName', ascending: 1, filter: NARROW } },
  { label: 'all five, by name', request: { page: 0, limit: 25, prevCount: -1, orderBy: 'germplasmName', ascending: 1, filter: [...MIX, ...NARROW] } },
  { label: 'all five, by PDCI desc, prevCount', request: { page: 0, limit: 25, prevCount: 3, orderBy: 'pdci', ascending: 0, filter: [...MIX, ...NARROW] } },
  { label: "search 'tip' in names, numbers, synonyms (or)", request: { page: 0, limit: 10, prevCount: -1, filter: SEARCH } },
  { label: 'unfiltered, by name, page 3, prevCount', request: { page: 2, limit: 25, prevCount: SMALL, orderBy: 'germplasmName', ascending: 1, filter: [] } },
];

/** Opens (and on first use generates) a germplasm database of `count` rows; kept between runs. */
async function benchDatabase(root: string, dialect: DialectName, postgresUrl: string, count = COUNT): Promise<Database> {
  const cacheDir = path.join(root, 'bench/.cache');
  fs.mkdirSync(cacheDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: dialect === 'postgres' ? postgresUrl : null,
    sqliteFile: path.join(cacheDir, `germplasm-${count}-${SEED}.sqlite`),
    schema: dialect === 'postgres' ? `bench_germplasm_${count}_${SEED}` : null,
  });
  await migrateAll(database, serverPlugins);
  const existing = await database.db.withTables<{ germinatebase: { id: number } }>().selectFrom('germinatebase').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) !== count) {
    if (Number(existing.n) !== 0) throw new Error(`bench database holds ${existing.n} germplasm; delete bench/.cache or the schema`);
    const took = await time(() => generateGermplasm(database, count, SEED));
    console.log(`  generated ${count.toLocaleString('en')} germplasm on ${dialect} in ${(took / 1000).toFixed(1)} s (seed ${SEED}; cached for later runs)`);
  }
  return database;
}

async function runRaw(database: Database, compiled: { sql: string; parameters: readonly unknown[] }[]): Promise<void> {
  for (const q of compiled) {
    if (database.sqlite) database.sqlite.prepare(q.sql).all(...(q.parameters as unknown[]));
    else await database.pool!.query(q.sql, q.parameters as unknown[]);
  }
}

interface Api {
  post(request: PaginatedRequest): Promise<{ data: unknown[]; count: number }>;
  close(): Promise<void>;
}

/** The real server over a bench database, listening on a free port. */
async function startApi(root: string, database: Database): Promise<Api> {
  const config = { ...readConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(root, 'bench/.cache') }, root), clientDir: path.join(root, 'bench/.cache/no-client') };
  const app = await buildApp({ config, database, plugins: serverPlugins, localesDir: path.join(root, 'locales'), logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    async post(request) {
      const response = await fetch(`${address}/api/germplasm/table`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
      if (!response.ok) throw new Error(`germplasm/table answered ${response.status}`);
      return (await response.json()) as { data: unknown[]; count: number };
    },
    close: () => app.close(),
  };
}

/** The probe's filter mix at 10^6 rows against the same requests at 10^4 rows (goal ≤ 2×). */
async function benchProbeMix(root: string, dialect: DialectName, big: Database, postgresUrl: string, rounds: number): Promise<void> {
  const small = await benchDatabase(root, dialect, postgresUrl, SMALL);
  const [bigApi, smallApi] = [await startApi(root, big), await startApi(root, small)];
  try {
    for (const { label, request } of PROBE) {
      let counts = [0, 0];
      const result = await alternate(
        async () => (counts = [(await bigApi.post(request)).count, counts[1]]),
        async () => (counts = [counts[0], (await smallApi.post(request)).count]),
        rounds,
      );
      const ratio = result.a / result.b;
      const matches = request.prevCount === -1 ? ` (${counts[0]} / ${counts[1]} matches)` : '';
      report(`${dialect} 10^${Math.round(Math.log10(COUNT))} ÷ 10^4: ${label}${matches}`, `${result.a.toFixed(1)} ms`, `${result.b.toFixed(1)} ms`, ratio, '≤ 2×', ratio <= 2);
    }
  } finally {
    await bigApi.close();
    await smallApi.close();
    await small.close();
  }
}

/**
 * Each probe request's page read in two steps (the page's ids, then their rows: what the API runs) against
 * the single statement that computes every column of every matching row before cutting the page.
 */
async function benchDeferred(database: Database, query: TableQuery, maxPageSize: number, rounds: number): Promise<void> {
  const db = database.db as unknown as Kysely<unknown>;
  const size = `10^${Math.round(Math.log10(COUNT))}`;
  for (const { label, request } of PROBE) {
    const compile = (deferred: boolean) => {
      const statements = query.statements(request, maxPageSize, null, { user: null }, { deferred });
      return [statements.rows.compile(db), ...(statements.count ? [statements.count.compile(db)] : [])];
    };
    const [deferred, single] = [compile(true), compile(false)];
    const result = await alternate(() => runRaw(database, deferred), () => runRaw(database, single), rounds);
    const ratio = result.a / result.b;
    report(`${database.dialect} ${size} two-step ÷ one statement: ${label}`, `${result.a.toFixed(1)} ms`, `${result.b.toFixed(1)} ms`, ratio, '≤ 1×', ratio <= 1);
  }
}

export async function benchGermplasmTable(root: string, dialect: DialectName, postgresUrl: string, rounds: number): Promise<void> {
  const database = await benchDatabase(root, dialect, postgresUrl);
  const config = { ...readConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(root, 'bench/.cache') }, root), clientDir: path.join(root, 'bench/.cache/no-client') };
  const app = await buildApp({ config, database, plugins: serverPlugins, localesDir: path.join(root, 'locales'), logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const db = database.db as unknown as Kysely<unknown>;
    // The same row as the server serves: with the flags over the other domains' tables that exist.
    const present = await presentTables(db, dialect, GERMPLASM_DATA_TABLES);
    const query = new TableQuery(germplasmView(dialect, present), dialect);
    const statements = query.statements(REQUEST, config.maxPageSize);
    const compiled = [statements.rows.compile(db), ...(statements.count ? [statements.count.compile(db)] : [])];
    let rows = 0;
    const api = async () => {
      const response = await fetch(`${address}/api/germplasm/table`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(REQUEST),
      });
      const body = (await response.json()) as { data: unknown[]; count: number };
      rows = body.count;
    };
    const result = await alternate(api, () => runRaw(database, compiled), rounds);
    const ratio = result.a / result.b;
    report(`germplasm table page, ${COUNT.toLocaleString('en')} rows, ${dialect} (${rows} matches)`, `${result.a.toFixed(1)} ms`, `${result.b.toFixed(1)} ms`, ratio, '≤ 1.5×', ratio <= 1.5);
    await benchDeferred(database, query, config.maxPageSize, rounds);
    await benchProbeMix(root, dialect, database, postgresUrl, rounds);
  } finally {
    await app.close();
    await database.close();
  }
}
