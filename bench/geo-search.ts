import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { seededRandom } from '../src/core/random.js';
import { buildApp, migrateAll } from '../src/server/app.js';
import { readConfig } from '../src/server/config.js';
import { openDatabase, type Database, type DialectName } from '../src/server/db/database.js';
import { distanceSearch, polygonSearch } from '../src/server/geo/routes.js';
import { TableQuery } from '../src/server/table/engine.js';
import type { Restriction } from '../src/server/table/restriction.js';
import { presentTables } from '../src/server/table/optional-tables.js';
import { GERMPLASM_DATA_TABLES } from '../src/plugins/germplasm/data-flags.js';
import { GERMPLASM_GEO } from '../src/plugins/germplasm/geo-routes.js';
import { germplasmView } from '../src/plugins/germplasm/queries.js';
import { serverPlugins } from '../src/plugins/server.js';
import { loadIntoPostgres } from './generate.js';
import { alternate, median, report, time } from './measure.js';

/*
 * The geographic search benchmark (BENCH_ONLY=geo): GEO_BENCH_COUNT germplasm (1,000,000 by default), each
 * at one of COUNT/4 collecting sites with coordinates (latitude -60…70, longitude -180…180, uniform), on
 * SQLite and PostgreSQL. Polygon (and one point) searches as Germinate's client sends them, POST
 * germplasm/polygon/table through the built server's API, against the same statements the route runs,
 * executed directly with the driver (medians of alternating rounds after warm-up). Goal: ≤ 1.5×. The
 * spatial index that serves them: index-migrations.ts, 1007-locations-spatial-index.
 */

const COUNT = Number(process.env.GEO_BENCH_COUNT || 1_000_000);
const SITES = Math.max(1, Math.floor(COUNT / 4));
const SEED = 7;

const ring = (...points: [number, number][]) => points.map(([lat, lng]) => ({ lat, lng }));
/** A region of some 5° by 5° (the Fertile Crescent's size), a country-sized one, one across the antimeridian. */
const CRESCENT = ring([31, 35], [37, 36], [38, 42], [33, 48], [30, 44]);
const EUROPE = ring([36, -10], [60, -10], [70, 25], [45, 40], [35, 25]);
const PACIFIC = ring([-20, 175], [-20, -175], [-10, -175], [-10, 175]);

const SEARCHES: { label: string; path: 'polygon' | 'distance'; ids?: boolean; body: Record<string, unknown> }[] = [
  { label: 'polygon, ~5°×5°, first page', path: 'polygon', body: { page: 0, limit: 10, prevCount: -1, polygons: [CRESCENT] } },
  { label: 'polygon, ~5°×5°, all ids', path: 'polygon', ids: true, body: { polygons: [CRESCENT] } },
  { label: 'polygon, Europe, first page', path: 'polygon', body: { page: 0, limit: 10, prevCount: -1, polygons: [EUROPE] } },
  { label: 'polygon, Europe, by name, page 5', path: 'polygon', body: { page: 4, limit: 10, prevCount: -1, orderBy: 'germplasmName', ascending: 1, polygons: [EUROPE] } },
  { label: 'polygon across the antimeridian', path: 'polygon', body: { page: 0, limit: 10, prevCount: -1, polygons: [PACIFIC] } },
  { label: 'two polygons (union)', path: 'polygon', body: { page: 0, limit: 10, prevCount: -1, polygons: [CRESCENT, PACIFIC] } },
  {
    label: 'point, 200 km, nearest first',
    path: 'distance',
    body: { page: 0, limit: 10, prevCount: -1, latitude: 52.2, longitude: 0.12, orderBy: 'distance', ascending: 1, filter: [{ column: 'distance', comparator: 'lessOrEquals', operator: 'and', values: ['200'] }] },
  },
];

/** Sites and germplasm, deterministic for the seed; lean rows (the search reads the site, the page the rest). */
function* sites(seed: number): Generator<[number, number, number]> {
  const random = seededRandom(seed);
  for (let id = 1; id <= SITES; id += 1) yield [id, Math.round((random() * 130 - 60) * 1e5) / 1e5, Math.round((random() * 360 - 180) * 1e5) / 1e5];
}
const siteOf = (id: number) => ((id * 2654435761) % SITES) + 1;
const nameOf = (id: number) => `GEO-${String(id).padStart(7, '0')}`;

async function generate(database: Database): Promise<void> {
  const country = 1;
  if (database.sqlite) {
    const s = database.sqlite;
    const location = s.prepare('INSERT INTO locations (id, locationtype_id, country_id, site_name, latitude, longitude) VALUES (?, 1, ?, ?, ?, ?)');
    const germplasm = s.prepare('INSERT INTO germinatebase (id, general_identifier, name, display_name, location_id, entitytype_id) VALUES (?, ?, ?, ?, ?, 1)');
    const cacheSize = s.pragma('cache_size', { simple: true }) as number;
    s.pragma('cache_size = -1048576');
    // As bench/markers-generate.ts: the trigram tables are built once from the rows, not row by row; the
    // R*Tree is filled by its trigger, as any import fills it.
    const triggers = s.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'germinatebase' AND name LIKE '%\\_trigram\\_insert' ESCAPE '\\'").all() as { name: string; sql: string }[];
    s.transaction(() => {
      for (const t of triggers) s.exec(`DROP TRIGGER ${t.name}`);
      for (const [id, lat, lng] of sites(SEED)) location.run(id, country, `Site ${id}`, lat, lng);
      for (let id = 1; id <= COUNT; id += 1) germplasm.run(id, nameOf(id), nameOf(id), nameOf(id), siteOf(id));
      for (const t of triggers) {
        const fts = t.name.slice(0, -'_insert'.length);
        s.exec(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`);
        s.exec(t.sql);
      }
    })();
    s.pragma(`cache_size = ${Number(cacheSize)}`);
    s.exec('ANALYZE');
    return;
  }
  await loadIntoPostgres(database, ['locations', 'germinatebase'], [], async (client) => {
    // The trigram (GIN) and point (GiST) indexes are built once from the rows, as a bulk load would, rather
    // than row by row: most of the time otherwise. Made again below with their own definitions.
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      "SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ('germinatebase', 'locations') AND (indexdef LIKE '%USING gin%' OR indexdef LIKE '%USING gist%')",
    );
    for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
    const BATCH = 50_000;
    let batch: [number, number, number][] = [];
    const flushSites = async () => {
      await client.query("INSERT INTO locations (id, locationtype_id, country_id, site_name, latitude, longitude) SELECT a, 1, $4::int, 'Site ' || a, b, c FROM unnest($1::int[], $2::float8[], $3::float8[]) AS u(a, b, c)", [
        batch.map((b) => b[0]), batch.map((b) => b[1]), batch.map((b) => b[2]), country,
      ]);
      batch = [];
    };
    for (const site of sites(SEED)) {
      batch.push(site);
      if (batch.length === BATCH) await flushSites();
    }
    if (batch.length > 0) await flushSites();
    for (let from = 1; from <= COUNT; from += BATCH) {
      const ids = Array.from({ length: Math.min(BATCH, COUNT - from + 1) }, (_, i) => from + i);
      await client.query('INSERT INTO germinatebase (id, general_identifier, name, display_name, location_id, entitytype_id) SELECT a, b, b, b, c, 1 FROM unnest($1::int[], $2::text[], $3::int[]) AS u(a, b, c)', [
        ids, ids.map(nameOf), ids.map(siteOf),
      ]);
    }
    for (const index of indexes) await client.query(index.definition);
  });
}

/** Opens (and on first use generates) the bench database; kept in bench/.cache (PostgreSQL: its own schema). */
async function geoDatabase(root: string, dialect: DialectName, postgresUrl: string): Promise<Database> {
  const cacheDir = path.join(root, 'bench/.cache');
  fs.mkdirSync(cacheDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: dialect === 'postgres' ? postgresUrl : null,
    sqliteFile: path.join(cacheDir, `geo-${COUNT}-${SEED}.sqlite`),
    schema: dialect === 'postgres' ? `bench_geo_${COUNT}_${SEED}` : null,
  });
  try {
    await migrateAll(database, serverPlugins);
    const raw = database.db as unknown as Kysely<{ germinatebase: { id: number } }>;
    const existing = Number((await raw.selectFrom('germinatebase').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    if (existing !== COUNT) {
      if (existing !== 0) throw new Error(`the geo bench database holds ${existing} germplasm; delete bench/.cache/geo-* or the schema`);
      const took = await time(() => generate(database));
      console.log(`  generated ${COUNT.toLocaleString('en')} germplasm at ${SITES.toLocaleString('en')} sites on ${dialect} in ${(took / 1000).toFixed(1)} s (cached for later runs)`);
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

type Compiled = { sql: string; parameters: readonly unknown[] };

async function runRaw(database: Database, compiled: Compiled[]): Promise<number> {
  let last = 0;
  for (const q of compiled) {
    const rows = database.sqlite ? (database.sqlite.prepare(q.sql).all(...(q.parameters as unknown[])) as Record<string, unknown>[]) : (await database.pool!.query(q.sql, q.parameters as unknown[])).rows as Record<string, unknown>[];
    last = rows.length === 1 && 'count' in rows[0] ? Number(rows[0].count) : rows.length;
  }
  return last;
}

async function benchDialect(root: string, dialect: DialectName, postgresUrl: string, rounds: number): Promise<void> {
  console.log(`\nGeographic search, ${COUNT.toLocaleString('en')} germplasm with coordinates, ${dialect}`);
  const database = await geoDatabase(root, dialect, postgresUrl);
  const config = { ...readConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(root, 'bench/.cache') }, root), clientDir: path.join(root, 'bench/.cache/no-client') };
  const app = await buildApp({ config, database, plugins: serverPlugins, localesDir: path.join(root, 'locales'), logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const db = database.db as unknown as Kysely<unknown>;
    const view = germplasmView(dialect, await presentTables(db, dialect, GERMPLASM_DATA_TABLES));
    for (const search of SEARCHES) {
      // The statements the route runs for this body (src/server/geo/routes.ts).
      let query: TableQuery;
      let extra: Restriction;
      if (search.path === 'polygon') {
        query = new TableQuery(view, dialect);
        extra = polygonSearch(GERMPLASM_GEO, dialect, search.body);
      } else {
        ({ query, extra } = distanceSearch({ view, geo: GERMPLASM_GEO, formula: 'haversine' }, dialect, search.body));
      }
      const request = search.body as Parameters<TableQuery['statements']>[0];
      let compiled: Compiled[];
      if (search.ids) {
        const id = query.view.columns[query.view.idColumn].sql;
        compiled = [sql`SELECT ${id} AS id FROM ${query.view.from} WHERE ${query.where(request.filter, extra)} ORDER BY ${id}`.compile(db)];
      } else {
        const statements = query.statements(request, config.maxPageSize, extra);
        compiled = [statements.rows.compile(db), ...(statements.count ? [statements.count.compile(db)] : [])];
      }
      const url = `${address}/api/germplasm/${search.path}/table${search.ids ? '/ids' : ''}`;
      let apiCount = -1;
      const api = async () => {
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(search.body) });
        if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
        apiCount = ((await response.json()) as { count: number }).count;
      };
      let rawCount = -1;
      const result = await alternate(api, async () => (rawCount = await runRaw(database, compiled)), rounds);
      if (rawCount !== apiCount) throw new Error(`${search.label}: the API counted ${apiCount}, the SQL ${rawCount}`);
      const ratio = result.a / result.b;
      report(`${dialect} geo ${search.label} (${apiCount.toLocaleString('en')})`, `${result.a.toFixed(1)} ms`, `${result.b.toFixed(1)} ms`, ratio, '≤ 1.5×', ratio <= 1.5);
    }
    const floor: number[] = [];
    for (let i = 0; i < rounds; i += 1) floor.push(await time(async () => (await fetch(`${address}/api/settings`)).arrayBuffer()));
    console.log(`  (an HTTP round trip to the same server without a table read, GET settings: ${median(floor).toFixed(1)} ms)`);
  } finally {
    await app.close();
    await database.close();
  }
}

/** Both databases (PostgreSQL when it answers; BENCH_DIALECTS=sqlite or postgres for one). */
export async function benchGeoSearch(root: string, postgresUrl: string, rounds: number): Promise<void> {
  const wanted = (process.env.BENCH_DIALECTS || 'sqlite,postgres').split(',').map((name) => name.trim());
  const dialects = (postgresUrl ? ['sqlite', 'postgres'] : ['sqlite']).filter((d): d is DialectName => wanted.includes(d));
  for (const dialect of dialects) await benchDialect(root, dialect, postgresUrl, rounds);
}
