import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { migrateAll } from '../app.js';
import { openDatabase, type Database, type DatabaseOptions } from '../db/database.js';
import type { ServerPlugin } from '../plugin.js';
import { logicalRestore } from './logical.js';
import { MANIFEST_ENTRY, parseManifest, type Manifest } from './manifest.js';
import { findExecutable, pgRestore } from './pg-tools.js';
import { countRows, sqliteHasTables, sqliteReplace } from './sqlite.js';
import { listTables, migrationNames, quoteTable, tableCounts } from './tables.js';
import { extractZip } from './zip-reader.js';
import SQLite from 'better-sqlite3';

export interface RestoreOptions {
  /** Where to restore: the server's own database settings. */
  connection: DatabaseOptions;
  plugins: readonly ServerPlugin[];
  /** Replace a database that already holds tables (otherwise such a database is refused). */
  force: boolean;
  /** pg_restore to run; undefined = the one on the PATH. */
  pgRestore?: string;
  log?: (message: string) => void;
}

/** A restore refused before anything was changed (wrong database, not empty, damaged archive). */
export class RestoreRefused extends Error {}

export interface RestoreResult {
  manifest: Manifest;
  /** Rows per table in the restored database. */
  tables: Record<string, number>;
  /** Tables whose count differs from the manifest's (empty when the restore is exact). */
  differences: { table: string; expected: number | null; actual: number | null }[];
}

/**
 * Restores a backup archive into the configured database: SQLite by replacing the file (only while no
 * server uses it), PostgreSQL with pg_restore or the logical import. A database that already holds tables is
 * refused unless `force`. Afterwards the rows of every table are compared with the manifest's counts.
 */
export async function restoreBackup(archive: string, options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => undefined);
  if (!fs.existsSync(archive)) throw new RestoreRefused(`No such file: ${archive}`);
  const target = options.connection.databaseUrl ? 'postgres' : 'sqlite';
  // The work folder sits beside the SQLite file, so that the restored file is put in place by rename.
  const base = target === 'sqlite' ? path.dirname(path.resolve(options.connection.sqliteFile)) : os.tmpdir();
  fs.mkdirSync(base, { recursive: true });
  const work = fs.mkdtempSync(path.join(base, `.restore-${randomUUID().slice(0, 8)}-`));
  try {
    const manifest = await readArchive(archive, work);
    if (manifest.dialect !== target) {
      throw new RestoreRefused(`This is a backup of a ${manifest.dialect} database; the configured database is ${target}.`);
    }
    const dumpFile = path.join(work, manifest.dump.name);
    log(`Backup of ${manifest.createdOn} (Germinate Workspace ${manifest.germinateVersion}, ${manifest.format}): checksum correct.`);
    const tables = target === 'sqlite' ? restoreSqlite(dumpFile, manifest, options) : await restorePostgres(dumpFile, manifest, options, work, log);
    return { manifest, tables, differences: compare(manifest.tables, tables) };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Extracts the dump and the manifest and checks the dump against the manifest's size and CRC-32. */
async function readArchive(archive: string, work: string): Promise<Manifest> {
  const names = ['germinate.sqlite', 'germinate.pgdump', 'germinate.jsonl', MANIFEST_ENTRY];
  let found;
  try {
    found = await extractZip(archive, work, names);
  } catch (error) {
    throw new RestoreRefused((error as Error).message);
  }
  if (!found.has(MANIFEST_ENTRY)) throw new RestoreRefused(`${path.basename(archive)} has no ${MANIFEST_ENTRY}: it is not a backup made by Germinate Workspace.`);
  let manifest: Manifest;
  try {
    manifest = parseManifest(fs.readFileSync(path.join(work, MANIFEST_ENTRY), 'utf8'));
  } catch (error) {
    throw new RestoreRefused((error as Error).message);
  }
  const dump = found.get(manifest.dump.name);
  if (!dump || dump.size !== manifest.dump.size || dump.crc !== manifest.dump.crc32) {
    throw new RestoreRefused(`The archive's ${manifest.dump.name} is missing or damaged (its size or checksum differs from the manifest).`);
  }
  return manifest;
}

function restoreSqlite(dumpFile: string, manifest: Manifest, options: RestoreOptions): Record<string, number> {
  const file = path.resolve(options.connection.sqliteFile);
  if (!options.force && sqliteHasTables(file)) {
    throw new RestoreRefused(`${file} already holds a database: stop the server and restore with --force to replace it.`);
  }
  return sqliteReplace(dumpFile, file);
}

async function restorePostgres(
  dumpFile: string,
  manifest: Manifest,
  options: RestoreOptions,
  work: string,
  log: (message: string) => void,
): Promise<Record<string, number>> {
  let database: Database = await openDatabase(options.connection);
  try {
    const schema = await currentSchema(database);
    const existing = await listTables(database);
    if (!options.force && existing.length > 0) {
      throw new RestoreRefused(`Schema ${schema} already holds ${existing.length} tables: restore with --force to replace them.`);
    }
    if (manifest.format === 'pg_dump') {
      // pg_dump's archive names its schema in every statement: it restores into that schema only.
      if (manifest.schema !== schema) {
        throw new RestoreRefused(`This backup is of schema ${manifest.schema}; the configured schema is ${schema}. Set DATABASE_SCHEMA=${manifest.schema} to restore it.`);
      }
      const executable = options.pgRestore ?? findExecutable('pg_restore');
      if (!executable) throw new RestoreRefused('pg_restore is not installed (PostgreSQL client tools): it is needed for this backup.');
      // Tables of a newer release that the dump does not have would otherwise stay behind.
      if (existing.length > 0) await sql.raw(`DROP TABLE IF EXISTS ${existing.map(quoteTable).join(', ')} CASCADE`).execute(database.db);
      await sql.raw(`CREATE SCHEMA IF NOT EXISTS ${quoteTable(schema)}`).execute(database.db);
      await database.close();
      log('Running pg_restore…');
      await pgRestore(executable, options.connection.databaseUrl!, dumpFile, schema, work);
      database = await openDatabase(options.connection);
    } else {
      await migrateAll(database, options.plugins);
      const migrations = await migrationNames(database);
      const same = migrations.length === manifest.migrations.length && manifest.migrations.every((name) => migrations.includes(name));
      if (!same) {
        throw new RestoreRefused(
          `This backup was taken at another schema version (Germinate Workspace ${manifest.germinateVersion}); restore it with that version.`,
        );
      }
      log('Loading the logical dump…');
      await logicalRestore(database, dumpFile);
    }
    return await tableCounts(database);
  } finally {
    await database.close();
  }
}

async function currentSchema(database: Database): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`SELECT current_schema() AS schema`.execute(database.db as unknown as Kysely<unknown>);
  const schema = rows[0]?.schema;
  if (!schema) throw new RestoreRefused('The configured schema does not exist and the connection has no schema to restore into.');
  return schema;
}

function compare(expected: Record<string, number>, actual: Record<string, number>): RestoreResult['differences'] {
  const tables = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return tables
    .filter((table) => expected[table] !== actual[table])
    .map((table) => ({ table, expected: expected[table] ?? null, actual: actual[table] ?? null }));
}

/** Rows per table of an SQLite file, for checking a restore from outside (tests, the command line). */
export function sqliteFileCounts(file: string): Record<string, number> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return countRows(db);
  } finally {
    db.close();
  }
}
