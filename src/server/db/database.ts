import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { CoreTables } from './tables.js';
import { ReadPool } from './read-pool.js';
import { openSqliteReadSlot } from './read-pool-sqlite.js';
import { openPostgresReadSlot } from './read-pool-postgres.js';

export type DialectName = 'sqlite' | 'postgres';

/** One open database: the Kysely instance plus what code needs to know about its dialect. */
export interface Database {
  db: Kysely<CoreTables>;
  dialect: DialectName;
  /** Fully synchronous SQLite handle, for bulk work and benchmarks; null on PostgreSQL. */
  sqlite: SQLite.Database | null;
  /** PostgreSQL pool, for bulk work and benchmarks; null on SQLite. */
  pool: pg.Pool | null;
  /** PostgreSQL schema this database lives in (null = the default search path, and always on SQLite). */
  schema: string | null;
  /**
   * The read pool that table reads run on (opened on first call, with the first caller's settings; closed
   * with the database); null where there is none (an in-memory SQLite database: reads stay on `db`).
   */
  reads(settings: ReadSettings): ReadPool | null;
  close(): Promise<void>;
}

export interface ReadSettings {
  /** Read connections (SQLite: worker processes; PostgreSQL: clients). */
  size: number;
  /** Waiting reads beyond which new ones are refused. */
  queueLimit: number;
  /** Longest a read statement may run (ms, 0 = none): the pool stops it; on PostgreSQL also its statement_timeout. */
  statementTimeoutMs: number;
}

// PostgreSQL returns bigint (count(*)) and numeric as strings; every value we store fits a JS number.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export interface DatabaseOptions {
  databaseUrl: string | null;
  sqliteFile: string;
  /** PostgreSQL schema (created when missing); null = the server's default search_path. */
  schema?: string | null;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.schema ?? null);
  return openSqlite(options.sqliteFile);
}

function openSqlite(file: string): Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<CoreTables>({ dialect: new SqliteDialect({ database: sqlite }) });
  // WAL lets read-only connections in other processes read beside this one while it writes.
  const reads = lazyReads((settings) => (file === ':memory:' ? null : new ReadPool({ ...settings, open: () => openSqliteReadSlot(file) })));
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    pool: null,
    schema: null,
    reads: reads.get,
    async close() {
      await reads.close();
      await db.destroy();
    },
  };
}

async function openPostgres(url: string, schema: string | null): Promise<Database> {
  if (schema !== null && !IDENTIFIER.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  if (schema) {
    // Create the schema with a short-lived client so that the pool can pin search_path from the start.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      await client.end();
    }
  }
  // JIT off: short statements planned with stale statistics (just after an import) were compiled for
  // seconds before running for a fraction of one; the server's queries are index-served and short.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: ['-c jit=off', ...(schema ? [`-c search_path="${schema}"`] : [])].join(' '),
  });
  const db = new Kysely<CoreTables>({ dialect: new PostgresDialect({ pool }) });
  await sql`select 1`.execute(db);
  const reads = lazyReads(
    (settings) => new ReadPool({ ...settings, open: () => openPostgresReadSlot({ url, schema, statementTimeoutMs: settings.statementTimeoutMs, control: pool }) }),
  );
  return {
    db,
    dialect: 'postgres',
    sqlite: null,
    pool,
    schema,
    reads: reads.get,
    async close() {
      await reads.close();
      await db.destroy();
    },
  };
}

/** The read pool of one database: made on first use (only the server reads through one), closed with it. */
function lazyReads(make: (settings: ReadSettings) => ReadPool | null): { get(settings: ReadSettings): ReadPool | null; close(): Promise<void> } {
  let made: { pool: ReadPool | null } | null = null;
  return {
    get(settings) {
      if (!made) {
        made = { pool: make(settings) };
        made.pool?.warm();
      }
      return made.pool;
    },
    async close() {
      await made?.pool?.close();
    },
  };
}

/** Drops a PostgreSQL schema made for a test run. */
export async function dropPostgresSchema(url: string, schema: string): Promise<void> {
  if (!IDENTIFIER.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}
