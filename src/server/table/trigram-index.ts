import { sql, type Kysely } from 'kysely';

/*
 * Creating the trigram indexes that trigram.ts reads: FTS5 trigram tables kept in sync by triggers on
 * SQLite, pg_trgm GIN indexes on PostgreSQL. Names here come from migrations, never from requests.
 */

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function checked(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Invalid identifier ${name}`);
  return name;
}

/** The schema holding a PostgreSQL extension, or null when it is not installed in this database. */
export async function extensionSchema(db: Kysely<unknown>, extension: string): Promise<string | null> {
  const found = await sql<{ schema: string }>`SELECT n.nspname AS schema FROM pg_extension e
    JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = ${extension}`.execute(db);
  return found.rows[0]?.schema ?? null;
}

/**
 * Installs a PostgreSQL extension when it is missing and returns its schema, or null when it cannot be
 * installed (not available on the server, or not allowed): inside a savepoint, so the migration's
 * transaction carries on either way. It goes into `public` when that schema exists, not into the schema
 * of this server, so that several Germinate schemas in one database share it and dropping one of them
 * does not take the others' operator classes with it.
 */
export async function ensureExtension(db: Kysely<unknown>, extension: string): Promise<string | null> {
  const existing = await extensionSchema(db, extension);
  if (existing) return existing;
  const publicSchema = await sql<{ n: number }>`SELECT 1 AS n FROM pg_namespace WHERE nspname = 'public'`.execute(db);
  await sql`SAVEPOINT ensure_extension`.execute(db);
  try {
    await sql.raw(`CREATE EXTENSION IF NOT EXISTS ${checked(extension)}${publicSchema.rows.length ? ' SCHEMA public' : ''}`).execute(db);
    await sql`RELEASE SAVEPOINT ensure_extension`.execute(db);
  } catch {
    await sql`ROLLBACK TO SAVEPOINT ensure_extension`.execute(db);
    return null;
  }
  return extensionSchema(db, extension);
}

export interface TrigramTable {
  /** FTS5 table (SQLite) */
  name: string;
  /** The indexed table, its integer primary key and the text columns indexed. */
  content: string;
  key: string;
  columns: string[];
}

/**
 * SQLite: an FTS5 trigram table over some text columns of a table (external content: it stores only the
 * index), filled from the rows already there and kept in sync by triggers on insert, delete and update of
 * those columns.
 */
export async function createFtsTrigramTable(db: Kysely<unknown>, table: TrigramTable): Promise<void> {
  const name = checked(table.name);
  const content = checked(table.content);
  const key = checked(table.key);
  const columns = table.columns.map(checked);
  const list = columns.join(', ');
  const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${c}`).join(', ');
  const statements = [
    `CREATE VIRTUAL TABLE ${name} USING fts5(${list}, content='${content}', content_rowid='${key}', tokenize='trigram')`,
    `INSERT INTO ${name}(${name}) VALUES ('rebuild')`,
    `CREATE TRIGGER ${name}_insert AFTER INSERT ON ${content} BEGIN
       INSERT INTO ${name}(rowid, ${list}) VALUES (new.${key}, ${values('new')}); END`,
    `CREATE TRIGGER ${name}_delete AFTER DELETE ON ${content} BEGIN
       INSERT INTO ${name}(${name}, rowid, ${list}) VALUES ('delete', old.${key}, ${values('old')}); END`,
    `CREATE TRIGGER ${name}_update AFTER UPDATE OF ${key}, ${list} ON ${content} BEGIN
       INSERT INTO ${name}(${name}, rowid, ${list}) VALUES ('delete', old.${key}, ${values('old')});
       INSERT INTO ${name}(rowid, ${list}) VALUES (new.${key}, ${values('new')}); END`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * PostgreSQL: a pg_trgm GIN index on a text expression (`expression` is SQL written by a migration; it must
 * be the expression the filters compare, e.g. `synonyms::text` for a JSON column). `schema`: pg_trgm's.
 */
export async function createTrgmIndex(db: Kysely<unknown>, schema: string, index: string, table: string, expression: string): Promise<void> {
  await sql.raw(`CREATE INDEX ${checked(index)} ON ${checked(table)} USING gin ((${expression}) "${checked(schema)}".gin_trgm_ops)`).execute(db);
}

/**
 * Whether a pg_trgm index is missing on PostgreSQL (pg_trgm was not available when the migration ran), so
 * that the server can say once at start that `contains` scans. Always false on SQLite (FTS5 is built in).
 */
export async function trigramIndexMissing(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres', index: string): Promise<boolean> {
  if (dialect !== 'postgres') return false;
  const found = await sql<{ n: number }>`SELECT 1 AS n FROM pg_indexes WHERE schemaname = current_schema() AND indexname = ${index}`.execute(db);
  return found.rows.length === 0;
}
