import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.js';

/** Table names come from the database's catalogue; only plain identifiers are ever put into SQL. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export function quoteTable(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Unexpected table name ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/**
 * SQLite tables whose rows a backup counts: not SQLite's own, and not virtual tables (a full-text index
 * is counted through its shadow tables; counting the virtual table itself reads the whole index).
 */
export const SQLITE_COUNTED = "type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'";

const anyDb = (database: Database) => database.db as unknown as Kysely<unknown>;

/** Every table of the database (PostgreSQL: of its schema), by name. */
export async function listTables(database: Database): Promise<string[]> {
  const query =
    database.dialect === 'postgres'
      ? sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`
      : sql<{ name: string }>`SELECT name FROM sqlite_master WHERE ${sql.raw(SQLITE_COUNTED)} ORDER BY name`;
  const { rows } = await query.execute(anyDb(database));
  return rows.map((row) => row.name).filter((name) => IDENTIFIER.test(name));
}

/** Rows per table (every table, bookkeeping included): what a restore must bring back. */
export async function tableCounts(database: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(database)) {
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.raw(quoteTable(table))}`.execute(anyDb(database));
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** The migrations the database has run, in the order they ran. */
export async function migrationNames(database: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY timestamp, name`.execute(anyDb(database));
  return rows.map((row) => row.name);
}

/**
 * PostgreSQL tables in dependency order: every table after the tables its foreign keys point at (a cycle
 * or a self-reference cannot be ordered; those tables follow in name order).
 */
export async function dependencyOrder(database: Database): Promise<string[]> {
  const tables = await listTables(database);
  const { rows } = await sql<{ child: string; parent: string }>`
    SELECT c.relname AS child, p.relname AS parent
    FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid
    JOIN pg_class p ON p.oid = k.confrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE k.contype = 'f' AND n.nspname = current_schema()`.execute(anyDb(database));
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of rows) if (child !== parent) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  let progress = true;
  while (progress) {
    progress = false;
    for (const table of tables) {
      if (placed.has(table) || [...(parents.get(table) ?? [])].some((p) => !placed.has(p) && parents.has(p))) continue;
      ordered.push(table);
      placed.add(table);
      progress = true;
    }
  }
  return [...ordered, ...tables.filter((t) => !placed.has(t))];
}
