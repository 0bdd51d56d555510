import fs from 'node:fs';
import readline from 'node:readline';
import type pg from 'pg';
import type { Database } from '../db/database.js';
import { dependencyOrder, quoteTable } from './tables.js';

/**
 * The logical dump of PostgreSQL, used when pg_dump is not installed: per table (parents before the
 * tables referring to them) a header line `{"table":…,"rows":N}` and N lines of `row_to_json`, all read
 * in one REPEATABLE READ snapshot. PostgreSQL writes each value in its own text form and
 * json_populate_recordset reads it back, so timestamps, numerics, JSON and bytea come back exactly.
 * The migration bookkeeping is not dumped: a restore migrates the database itself and checks that the
 * migrations match.
 */
const BOOKKEEPING = new Set(['kysely_migration', 'kysely_migration_lock']);
const FETCH = 2000;
const INSERT_BATCH = 1000;

function poolOf(database: Database): pg.Pool {
  if (!database.pool) throw new Error('The logical dump is for PostgreSQL');
  return database.pool;
}

/** Primary key columns of a table, for a stable row order (parents first within a self-referencing table). */
async function primaryKey(client: pg.PoolClient, table: string): Promise<string[]> {
  const { rows } = await client.query<{ column: string }>(
    `SELECT a.attname AS column FROM pg_index i
     JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
     WHERE i.indrelid = to_regclass($1) AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`,
    [quoteTable(table)],
  );
  return rows.map((row) => row.column);
}

/** Columns a row may be inserted with (generated columns are computed by the database). */
async function insertableColumns(client: pg.PoolClient, table: string): Promise<string[]> {
  const { rows } = await client.query<{ column: string }>(
    `SELECT attname AS column FROM pg_attribute WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
    [quoteTable(table)],
  );
  return rows.map((row) => row.column);
}

/** Writes the dump; answers the rows per table in its snapshot (the bookkeeping tables counted, not dumped). */
export async function logicalDump(database: Database, file: string): Promise<Record<string, number>> {
  const tables = await dependencyOrder(database);
  const counts: Record<string, number> = {};
  const client = await poolOf(database).connect();
  const out = fs.createWriteStream(file, { flags: 'wx' });
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  };
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    for (const table of tables) {
      const name = quoteTable(table);
      const { rows: [{ n }] } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`);
      counts[table] = n;
      if (BOOKKEEPING.has(table)) continue;
      await write(JSON.stringify({ table, rows: n }));
      const key = await primaryKey(client, table);
      const order = key.length > 0 ? ` ORDER BY ${key.map(quoteTable).join(', ')}` : '';
      await client.query(`DECLARE dump NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${name} t${order}`);
      for (;;) {
        const { rows } = await client.query<{ j: string }>(`FETCH ${FETCH} FROM dump`);
        for (const row of rows) await write(row.j);
        if (rows.length < FETCH) break;
      }
      await client.query('CLOSE dump');
    }
    await client.query('COMMIT');
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    return counts;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    out.destroy();
    await fs.promises.rm(file, { force: true });
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Loads a logical dump into a migrated database in one transaction: every table is emptied, the rows
 * inserted with their ids, and each id sequence moved past the largest id. Foreign keys are checked as
 * rows arrive unless the account may switch triggers off for the session (superusers); the dump's order
 * (parents first, rows by primary key) satisfies them for our tables.
 */
export async function logicalRestore(database: Database, file: string): Promise<void> {
  const client = await poolOf(database).connect();
  try {
    await client.query('BEGIN');
    const { rows: present } = await client.query<{ name: string }>('SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()');
    const tables = present.map((r) => r.name).filter((t) => !BOOKKEEPING.has(t));
    if (tables.length > 0) await client.query(`TRUNCATE ${tables.map(quoteTable).join(', ')} RESTART IDENTITY CASCADE`);
    await client.query('SAVEPOINT replica');
    try {
      await client.query("SET LOCAL session_replication_role = 'replica'");
    } catch {
      await client.query('ROLLBACK TO SAVEPOINT replica');
    }
    let table: string | null = null;
    let batch: string[] = [];
    const flush = async () => {
      if (!table || batch.length === 0) return;
      const name = quoteTable(table);
      const columns = (await insertableColumns(client, table)).map(quoteTable).join(', ');
      await client.query(
        `INSERT INTO ${name} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(NULL::${name}, $1::json)`,
        [`[${batch.join(',')}]`],
      );
      batch = [];
    };
    const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
    let remaining = 0;
    for await (const line of lines) {
      if (line === '') continue;
      if (remaining === 0) {
        await flush();
        const header = JSON.parse(line) as { table?: unknown; rows?: unknown };
        if (typeof header.table !== 'string' || typeof header.rows !== 'number') throw new Error('The logical dump is damaged: a table header was expected');
        if (!tables.includes(header.table)) throw new Error(`The dump has a table this database has not: ${header.table}`);
        table = header.table;
        remaining = header.rows;
        continue;
      }
      batch.push(line);
      remaining -= 1;
      if (batch.length >= INSERT_BATCH) await flush();
    }
    await flush();
    if (remaining !== 0) throw new Error(`The logical dump is truncated: ${remaining} rows of ${table} are missing`);
    const { rows: sequences } = await client.query<{ table: string; column: string }>(
      `SELECT table_name AS table, column_name AS column FROM information_schema.columns
       WHERE table_schema = current_schema() AND (column_default LIKE 'nextval(%' OR is_identity = 'YES')`,
    );
    for (const { table: t, column } of sequences) {
      if (BOOKKEEPING.has(t)) continue;
      await client.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT max(${quoteTable(column)}) FROM ${quoteTable(t)}), 1),
                (SELECT max(${quoteTable(column)}) FROM ${quoteTable(t)}) IS NOT NULL)`,
        [quoteTable(t), column],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
