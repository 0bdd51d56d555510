import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { PaginatedRequest } from '../src/core/table-request.js';
import { buildApp, migrateAll } from '../src/server/app.js';
import { readConfig } from '../src/server/config.js';
import { openDatabase, type Database, type DialectName } from '../src/server/db/database.js';
import { TableQuery, type QueryCaller } from '../src/server/table/engine.js';
import { Restriction } from '../src/server/table/restriction.js';
import { serverPlugins } from '../src/plugins/server.js';
import { TRIALS_DATASET_TYPE, trialsDatasetIds } from '../src/plugins/trials/dataset-scope.js';
import { datasetsOfType } from '../src/server/access/datasets-of-type.js';
import { dataScopeSql } from '../src/plugins/trials/data/scope.js';
import { germplasmGroups } from '../src/plugins/trials/data/groups.js';
import { trialsDataView } from '../src/plugins/trials/data/view.js';
import { quantilesSql } from '../src/server/stats/quantiles-sql.js';
import { valuesSql } from '../src/plugins/trials/stats/box-plots.js';
import { generatedPoints, generateTrials, TRAITS } from './generate-trials.js';
import { alternate, median, report, time } from './measure.js';
import { exportInChild, type DatabaseLocation, type ExportMemory } from './trials-export-child.js';

/*
 * The trials benchmark (BENCH_ONLY=trials): at TRIALS_BENCH_POINTS (1,000,000) data points over 50,000
 * germplasm (bench/generate-trials.ts),
 * - the trials data table page (filtered on a trait and a part of the germplasm name, sorted by name)
 *   through the API ÷ the statements the route runs (datasets, rows, count, groups) run directly (goal ≤ 1.5×);
 * - the box plots of one trait over all datasets through the API ÷ their quantile query run with the
 *   driver (goal ≤ 1.5×);
 * - the tab export's peak memory in the built server at 1,000,000 ÷ at 100,000 points (goal: flat, ≤ 1.5×),
 *   as deployed and with the server's heap capped.
 */
const POINTS = Number(process.env.TRIALS_BENCH_POINTS || 1_000_000);
/** The smaller database the export's memory is compared with. */
const SMALL_POINTS = 100_000;
const GERMPLASM = 50_000;
const SEED = 42;
/** The trait of the table filter and the box plots (trait ids are 1…TRAITS). */
const TRAIT = 7;
/** A part of the germplasm names ("BENCH-0000234"…) that 200 of the 50,000 names contain. */
const NAME_PART = '234';
/** The anonymous caller, as the API sees a request without token or licence cookie. */
const ANONYMOUS: QueryCaller = { user: null, acceptedLicenses: [] };

/** The table's request: Germinate's client's first page of the trials data table, filtered and sorted. */
const TABLE_REQUEST: PaginatedRequest = {
  page: 0,
  limit: 25,
  prevCount: -1,
  orderBy: 'germplasmName',
  ascending: 1,
  filter: [
    { column: 'traitId', comparator: 'equals', operator: 'and', values: [String(TRAIT)] },
    { column: 'germplasmName', comparator: 'contains', operator: 'and', values: [NAME_PART] },
  ],
};

const size = (points: number) => points.toLocaleString('en');
const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;
const loadAverage = () => os.loadavg().map((n) => n.toFixed(2)).join(', ');

function locationOf(root: string, dialect: DialectName, postgresUrl: string, points: number): DatabaseLocation {
  return {
    dialect,
    sqliteFile: path.join(root, 'bench/.cache', `trials-${points}-${SEED}.sqlite`),
    postgresUrl,
    schema: `bench_trials_${points}_${SEED}`,
  };
}

/** Opens (and on first use generates) the trials database of `points` data points; kept between runs. */
async function trialsDatabase(location: DatabaseLocation, points: number): Promise<Database> {
  fs.mkdirSync(path.dirname(location.sqliteFile), { recursive: true });
  const postgres = location.dialect === 'postgres';
  const database = await openDatabase({ databaseUrl: postgres ? location.postgresUrl : null, sqliteFile: location.sqliteFile, schema: postgres ? location.schema : null });
  await migrateAll(database, serverPlugins);
  const rows = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM phenotypedata`.execute(database.db);
  const existing = Number(rows.rows[0]?.n ?? 0);
  const expected = generatedPoints(points);
  if (existing !== expected) {
    const where = postgres ? `schema ${location.schema}` : location.sqliteFile;
    if (existing !== 0) throw new Error(`trials bench database holds ${existing} data points, not ${expected}; delete ${where}`);
    const took = await time(() => generateTrials(database, points, GERMPLASM, SEED));
    console.log(`  generated ${size(expected)} trials data points (${size(GERMPLASM)} germplasm) on ${location.dialect} in ${(took / 1000).toFixed(1)} s (seed ${SEED}; cached in ${where})`);
  }
  return database;
}

interface Compiled {
  sql: string;
  parameters: readonly unknown[];
}

/** Runs the statements with the driver itself, one after the other; the rows of each. */
async function runRaw(database: Database, compiled: readonly Compiled[]): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for (const q of compiled) {
    if (database.sqlite) out.push(database.sqlite.prepare(q.sql).all(...q.parameters));
    else if (database.pool) out.push((await database.pool.query(q.sql, [...q.parameters])).rows);
    else throw new Error('no driver');
  }
  return out;
}

async function post<T>(address: string, route: string, body: unknown): Promise<T> {
  const response = await fetch(`${address}/api/${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The table page through the API ÷ the statements the route runs (the caller's datasets, the engine's rows and
 * count statements, the page's germplasm groups) run directly.
 */
async function benchTablePage(database: Database, address: string, maxPageSize: number, rounds: number): Promise<void> {
  const db = database.db as unknown as Kysely<unknown>;
  const { dialect } = database;
  // What the route restricts the view to for an anonymous caller: every public trials dataset.
  const datasetIds = await trialsDatasetIds(db, dialect, ANONYMOUS, []);
  const query = new TableQuery(trialsDataView(), dialect);
  const statements = query.statements(TABLE_REQUEST, maxPageSize, new Restriction(dataScopeSql({ datasetIds }, null, dialect)), ANONYMOUS);
  const compiled = [statements.rows.compile(db), ...(statements.count ? [statements.count.compile(db)] : [])];
  let answer = { rows: 0, count: -1 };
  let raw = { rows: 0, count: -1 };
  const result = await alternate(
    async () => {
      const body = await post<{ data: unknown[]; count: number }>(address, 'dataset/data/trial/table', { datasetIds: [], ...TABLE_REQUEST });
      answer = { rows: body.data.length, count: body.count };
    },
    async () => {
      // Every statement the route runs: the caller's datasets, the page and its count, the page's groups.
      await trialsDatasetIds(db, dialect, ANONYMOUS, []);
      const [rows, count] = await runRaw(database, compiled);
      await germplasmGroups(db, (rows as { germplasmId?: number }[]).map((row) => Number(row.germplasmId)), null, dialect);
      raw = { rows: rows.length, count: Number((count[0] as { count: number | string } | undefined)?.count ?? -1) };
    },
    rounds,
  );
  if (answer.count !== raw.count || answer.rows !== raw.rows) {
    throw new Error(`the API's page (${answer.rows} rows of ${answer.count}) differs from the statements' (${raw.rows} of ${raw.count})`);
  }
  const ratio = result.a / result.b;
  report(`trials table page, ${size(POINTS)} points, ${dialect} (${answer.count} matches)`, `${result.a.toFixed(1)} ms`, `${result.b.toFixed(1)} ms`, ratio, '≤ 1.5×', ratio <= 1.5);
  // What any request costs before a statement runs: against statements of a few ms it weighs in the ratio.
  const floor: number[] = [];
  for (let i = 0; i < rounds; i++) floor.push(await time(async () => (await fetch(`${address}/api/settings`)).arrayBuffer()));
  console.log(`  (an HTTP round trip to the same server without a table read, GET settings: ${median(floor).toFixed(1)} ms)`);
}

interface Box {
  datasetId: number | null;
  median: number;
  count: number;
}

/** The box plots of one trait over all datasets through the API ÷ their quantile query with the driver. */
async function benchBoxPlots(database: Database, address: string, rounds: number): Promise<void> {
  const db = database.db as unknown as Kysely<unknown>;
  const { dialect } = database;
  const datasets = await datasetsOfType(db, dialect, ANONYMOUS, TRIALS_DATASET_TYPE, []);
  const values = valuesSql({ dialect, datasets, traits: [TRAIT] }, sql`ts.dataset_id AS dataset_id`, sql``, sql`(1 = 1)`);
  const compiled = [quantilesSql(dialect, { values, keys: ['dataset_id', 'treatment_id', 'phenotype_id'] }).compile(db)];
  let boxes: Box[] = [];
  let rawRows: Record<string, unknown>[] = [];
  const result = await alternate(
    async () => (boxes = (await post<{ stats: Box[] }>(address, 'dataset/stats/trial', { datasetIds: [], xIds: [TRAIT] })).stats),
    async () => (rawRows = (await runRaw(database, compiled))[0] as Record<string, unknown>[]),
    rounds,
  );
  // The same numbers both ways: one box per dataset, each with the query's count and median.
  const byDataset = new Map(rawRows.map((r) => [Number(r.dataset_id), r]));
  const same = boxes.length === rawRows.length && boxes.every((b) => {
    const r = byDataset.get(Number(b.datasetId));
    return r !== undefined && Number(r.count) === b.count && Math.abs(Number(r.median) - b.median) < 1e-9;
  });
  if (!same) throw new Error(`the API's ${boxes.length} boxes differ from the query's ${rawRows.length} rows`);
  const points = boxes.reduce((sum, b) => sum + b.count, 0);
  const ratio = result.a / result.b;
  report(`trials box plots, 1 trait, ${boxes.length} datasets, ${dialect} (${size(points)} values)`, `${result.a.toFixed(1)} ms`, `${result.b.toFixed(1)} ms`, ratio, '≤ 1.5×', ratio <= 1.5);
}

function exportLine(points: number, dialect: DialectName, heap: string, m: ExportMemory): void {
  console.log(
    `  trials export (tab, all ${TRAITS} traits), ${size(points)} points, ${dialect}${heap}: ${(m.bytes / 1024 ** 2).toFixed(1)} MiB in ${m.lines} lines, ` +
      `${(m.ms / 1000).toFixed(1)} s; server peak RSS ${mib(m.peakKiB)} (${mib(m.startKiB)} before the download)`,
  );
}

/**
 * The tab export's peak memory in the built server on the small and the big database: as deployed (Node's
 * default heap), then with the heap capped at CAPPED_HEAP_MIB. V8 lets its heap grow while a long download
 * allocates quickly and collects it later, so the first peak also measures how long the download ran; the
 * capped run shows what the export keeps alive (an export that held its rows would fail there, or grow).
 */
const CAPPED_HEAP_MIB = 128;

async function benchExportMemory(root: string, dialect: DialectName, postgresUrl: string): Promise<void> {
  const body = { datasetIds: [], xIds: Array.from({ length: TRAITS }, (_, i) => i + 1) };
  const sizes = [...new Set([Math.min(SMALL_POINTS, POINTS), POINTS])];
  for (const heapMiB of [null, CAPPED_HEAP_MIB]) {
    const heap = heapMiB === null ? '' : `, heap capped at ${heapMiB} MiB`;
    const peaks: ExportMemory[] = [];
    for (const points of sizes) {
      const memory = await exportInChild(root, locationOf(root, dialect, postgresUrl, points), body, heapMiB);
      exportLine(points, dialect, heap, memory);
      peaks.push(memory);
    }
    const [small, big] = [peaks[0], peaks[peaks.length - 1]];
    const ratio = big.peakKiB / small.peakKiB;
    report(`trials export peak RSS, ${size(sizes[sizes.length - 1])} ÷ ${size(sizes[0])} points, ${dialect}${heap}`, mib(big.peakKiB), mib(small.peakKiB), ratio, '≤ 1.5×', ratio <= 1.5);
  }
}

async function benchDialect(root: string, dialect: DialectName, postgresUrl: string, rounds: number): Promise<void> {
  console.log(`\nTrials, ${dialect}: ${size(POINTS)} data points (load average ${loadAverage()})`);
  const database = await trialsDatabase(locationOf(root, dialect, postgresUrl, POINTS), POINTS);
  const config = { ...readConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(root, 'bench/.cache') }, root), clientDir: path.join(root, 'bench/.cache/no-client') };
  try {
    const app = await buildApp({ config, database, plugins: serverPlugins, localesDir: path.join(root, 'locales'), logger: false });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      await benchTablePage(database, address, config.maxPageSize, rounds);
      await benchBoxPlots(database, address, rounds);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
  // The smaller database of the export comparison (generated on first use).
  if (SMALL_POINTS < POINTS) await (await trialsDatabase(locationOf(root, dialect, postgresUrl, SMALL_POINTS), SMALL_POINTS)).close();
  await benchExportMemory(root, dialect, postgresUrl);
}

/** BENCH_ONLY=trials: on each database of BENCH_DIALECTS (PostgreSQL when `postgresUrl` answers). */
export async function benchTrials(root: string, postgresUrl: string, rounds: number): Promise<void> {
  const wanted = (process.env.BENCH_DIALECTS || 'sqlite,postgres').split(',').map((name) => name.trim());
  const dialects = (postgresUrl ? ['sqlite', 'postgres'] : ['sqlite']).filter((d): d is DialectName => wanted.includes(d));
  for (const dialect of dialects) await benchDialect(root, dialect, postgresUrl, rounds);
}
