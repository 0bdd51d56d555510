import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import type { Database } from '../db/database.js';
import { quoteTable, SQLITE_COUNTED } from './tables.js';

/**
 * Copies the live SQLite database to `file` with SQLite's online backup API (better-sqlite3 steps it a
 * hundred pages per turn of the event loop, so requests keep being served; writes are not blocked: those
 * through this connection are carried into the copy, another connection's restart it, so the copy is one
 * consistent state). Answers the copy's rows per table, counted in steps as well.
 */
export async function sqliteDump(database: Database, file: string): Promise<Record<string, number>> {
  if (!database.sqlite) throw new Error('The SQLite dump needs an SQLite database');
  await database.sqlite.backup(file);
  const copy = new SQLite(file);
  try {
    return await countRowsStepped(copy);
  } finally {
    copy.close();
  }
}

function tableNames(db: SQLite.Database): string[] {
  return db
    .prepare(`SELECT name FROM sqlite_master WHERE ${SQLITE_COUNTED} ORDER BY name`)
    .pluck()
    .all() as string[];
}

/** Rows per table of an SQLite file, in one go (for the restore command, which has nothing else to do). */
export function countRows(db: SQLite.Database): Record<string, number> {
  return Object.fromEntries(tableNames(db).map((name) => [name, Number(db.prepare(`SELECT count(*) FROM ${quoteTable(name)}`).pluck().get())]));
}

/** Rowids counted per statement: a few milliseconds of work each. */
const COUNT_STEP = 20_000;

/**
 * Rows per table, counted in slices of rowids (keyset: the slice after the last rowid seen) with a turn of
 * the event loop between them: a count(*) of a million-row table holds the thread for about a second
 * (measured 215 ms at 200,000 germplasm with its search tables). Tables without rowids are counted in one
 * statement.
 */
async function countRowsStepped(db: SQLite.Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of tableNames(db)) {
    const table = quoteTable(name);
    let slice: SQLite.Statement;
    try {
      // Rowids may exceed 2^53 (full-text index segments): read them as BigInt.
      slice = db
        .prepare(`SELECT count(*) AS n, max(r) AS last FROM (SELECT rowid AS r FROM ${table} WHERE ? IS NULL OR rowid > ? ORDER BY rowid LIMIT ${COUNT_STEP})`)
        .safeIntegers(true);
    } catch {
      counts[name] = Number(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get());
      continue;
    }
    let total = 0;
    let after: bigint | null = null;
    for (;;) {
      const { n, last } = slice.get(after, after) as { n: bigint; last: bigint | null };
      total += Number(n);
      if (Number(n) < COUNT_STEP || last === null) break;
      after = last;
      await new Promise((resolve) => setImmediate(resolve));
    }
    counts[name] = total;
  }
  return counts;
}

/** Whether the SQLite file holds any table (a missing or empty file holds none). */
export function sqliteHasTables(file: string): boolean {
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) return false;
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return Number(db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table'").pluck().get()) > 0;
  } finally {
    db.close();
  }
}

/**
 * Puts a restored database file in place of `target`: checked first (SQLite's integrity check), then
 * renamed over the old file, whose write-ahead log and shared-memory files are removed (they belong to the
 * old database). Only while no server uses the file: a running server would keep the old one open.
 */
export function sqliteReplace(restored: string, target: string): Record<string, number> {
  const db = new SQLite(restored);
  let counts: Record<string, number>;
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`The backup's database is damaged: ${String(check)}`);
    counts = countRows(db);
  } finally {
    db.close();
  }
  for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(`${target}${suffix}`, { force: true });
  fs.renameSync(restored, target);
  return counts;
}
