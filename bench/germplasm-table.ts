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
import { alternate, report, time } from './measure.js';

const COUNT = 1_000_000;
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

/** Opens (and on first use generates) the 1,000,000-germplasm database; kept between runs. */
async function benchDatabase(root: string, dialect: DialectName, postgresUrl: string): Promise<Database> {
  const cacheDir = path.join(root, 'bench/.cache');
  fs.mkdirSync(cacheDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: dialect === 'postgres' ? postgresUrl : null,
    sqliteFile: path.join(cacheDir, `germplasm-${COUNT}-${SEED}.sqlite`),
    schema: dialect === 'postgres' ? `bench_germplasm_${COUNT}_${SEED}` : null,
  });
  await migrateAll(database, serverPlugins);
  const existing = await database.db.withTables<{ germinatebase: { id: number } }>().selectFrom('germinatebase').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) !== COUNT) {
    if (Number(existing.n) !== 0) throw new Error(`bench database holds ${existing.n} germplasm; delete bench/.cache or the schema`);
    const took = await time(() => generateGermplasm(database, COUNT, SEED));
    console.log(`  generated ${COUNT.toLocaleString('en')} germplasm on ${dialect} in ${(took / 1000).toFixed(1)} s (seed ${SEED}; cached for later runs)`);
  }
  return database;
}

async function runRaw(database: Database, compiled: { sql: string; parameters: readonly unknown[] }[]): Promise<void> {
  for (const q of compiled) {
    if (database.sqlite) database.sqlite.prepare(q.sql).all(...(q.parameters as unknown[]));
    else await database.pool!.query(q.sql, q.parameters as unknown[]);
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
    report(`germplasm table page, 1M rows, ${dialect} (${rows} matches)`, `${result.a.toFixed(1)} ms`, `${result.b.toFixed(1)} ms`, ratio, '≤ 1.5×', ratio <= 1.5);
  } finally {
    await app.close();
    await database.close();
  }
}
