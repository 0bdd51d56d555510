import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/database.js';
import { logicalDump } from './logical.js';
import { DUMP_ENTRIES, MANIFEST_ENTRY, type DumpFormat, type Manifest } from './manifest.js';
import { backupFileName, backupsDir, parseBackupName, type BackupResult, type BackupType } from './names.js';
import { findExecutable, pgDump } from './pg-tools.js';
import { sqliteDump } from './sqlite.js';
import { migrationNames, quoteTable } from './tables.js';
import { germinateVersion } from './version.js';
import { writeZip } from './zip-writer.js';

export interface BackupOptions {
  type: BackupType;
  now: Date;
  /** PostgreSQL: pg_dump to run; undefined = the one on the PATH, if any; null = the logical dump. */
  pgDump?: string | null;
}

/** Work folders (dump, partial archive) older than this were left by a stopped server and are removed. */
const STALE_WORK_MS = 24 * 3_600_000;

/** One backup at a time per process: a second request waits for the first (dumps compete for the disk). */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Takes a backup: the dump (SQLite online backup; pg_dump, or the logical dump without it), then a zip of
 * the dump and manifest.json (version, dialect, format, checksum, migrations, rows per table) in
 * DATA_DIR/backups under Germinate's name. Work happens in a hidden folder there and the archive appears
 * by rename, so a listing never shows half an archive.
 */
export function createBackup(database: Database, dataDir: string, options: BackupOptions): Promise<BackupResult> {
  const run = queue.then(() => takeBackup(database, dataDir, options));
  queue = run.catch(() => undefined);
  return run;
}

async function takeBackup(database: Database, dataDir: string, options: BackupOptions): Promise<BackupResult> {
  const dir = backupsDir(dataDir);
  await fs.promises.mkdir(dir, { recursive: true });
  await removeStaleWork(dir, options.now.getTime());
  const work = path.join(dir, `.work-${randomUUID()}`);
  await fs.promises.mkdir(work);
  try {
    const format = dumpFormat(database, options);
    const dumpFile = path.join(work, DUMP_ENTRIES[format]);
    let schema: string | null = null;
    let tables: Record<string, number>;
    if (format === 'sqlite') tables = await sqliteDump(database, dumpFile);
    else {
      schema = await currentSchema(database);
      if (format === 'logical') tables = await logicalDump(database, dumpFile);
      else {
        // pg_dump connects as the server does (its pool's URL) and dumps the schema the server uses.
        const url = database.pool?.options.connectionString;
        if (!url) throw new Error('pg_dump needs the database URL');
        const executable = options.pgDump ?? findExecutable('pg_dump') ?? 'pg_dump';
        const dumped = schema;
        tables = await inSnapshot(database, (snapshot) => pgDump(executable, url, dumped, dumpFile, snapshot));
      }
    }
    const migrations = await migrationNames(database);
    const partial = path.join(work, 'backup.zip');
    const dumpEntry = DUMP_ENTRIES[format];
    await writeZip(partial, [
      // pg_dump's custom format is compressed already.
      { name: dumpEntry, file: dumpFile, store: format === 'pg_dump' },
      {
        name: MANIFEST_ENTRY,
        bytes: (written) => {
          const dump = written.get(dumpEntry) ?? { crc: 0, size: 0 };
          const manifest: Manifest = {
            formatVersion: 1,
            germinateVersion: germinateVersion(),
            createdOn: options.now.toISOString(),
            type: options.type,
            dialect: database.dialect,
            format,
            schema,
            dump: { name: dumpEntry, size: dump.size, crc32: dump.crc },
            migrations,
            tables,
          };
          return Buffer.from(JSON.stringify(manifest, null, 2));
        },
      },
    ]);
    const { name, file } = await freeName(dir, options);
    await fs.promises.rename(partial, file);
    const stat = await fs.promises.stat(file);
    return { ...parseBackupName(name)!, filesize: stat.size };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

function dumpFormat(database: Database, options: BackupOptions): DumpFormat {
  if (database.dialect === 'sqlite') return 'sqlite';
  if (options.pgDump === null) return 'logical';
  return options.pgDump !== undefined || findExecutable('pg_dump') ? 'pg_dump' : 'logical';
}

async function currentSchema(database: Database): Promise<string> {
  if (!database.pool) throw new Error('Not a PostgreSQL database');
  const { rows } = await database.pool.query<{ schema: string }>('SELECT current_schema() AS schema');
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('The database connection has no current schema');
  return schema;
}

/**
 * Runs `dump` (pg_dump) on a snapshot exported from a REPEATABLE READ transaction and counts the rows of
 * every table in that same snapshot, so that the manifest's counts are exactly the dump's.
 */
async function inSnapshot(database: Database, dump: (snapshot: string) => Promise<void>): Promise<Record<string, number>> {
  if (!database.pool) throw new Error('Not a PostgreSQL database');
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    const dumping = dump(rows[0].id);
    const counts: Record<string, number> = {};
    try {
      const { rows: tables } = await client.query<{ name: string }>('SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename');
      for (const { name } of tables) {
        const { rows: [{ n }] } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quoteTable(name)}`);
        counts[name] = n;
      }
    } finally {
      // The snapshot must live until pg_dump has taken it over: wait for the dump before committing.
      await dumping.catch(() => undefined);
    }
    await dumping;
    await client.query('COMMIT');
    return counts;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The backup's name; a second backup in the same second takes the next free second (names are unique). */
async function freeName(dir: string, options: BackupOptions): Promise<{ name: string; file: string }> {
  for (let offset = 0; ; offset += 1) {
    const name = backupFileName(new Date(options.now.getTime() + offset * 1000), options.type, germinateVersion());
    const file = path.join(dir, name);
    if (!fs.existsSync(file)) return { name, file };
  }
}

async function removeStaleWork(dir: string, now: number): Promise<void> {
  for (const entry of await fs.promises.readdir(dir)) {
    if (!entry.startsWith('.work-')) continue;
    const full = path.join(dir, entry);
    const stat = await fs.promises.stat(full).catch(() => null);
    if (stat && now - stat.mtimeMs > STALE_WORK_MS) await fs.promises.rm(full, { recursive: true, force: true });
  }
}
