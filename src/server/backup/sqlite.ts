import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import type { Database } from '../db/database.js';
import { quoteTable } from './tables.js';

/**
 * Copies the live SQLite database to `file` with SQLite's online backup API (better-sqlite3 steps it a
 * hundred pages per turn of the event loop, so requests keep being served; writes are not blocked: those
 * through this connection are carried into the copy, another connection's restart it, so the copy is one
 * consistent state). The copy is switched to a
 * rollback journal, so that it is one self-contained file. Answers its rows per table.
 */
export async function sqliteDump(database: Database, file: string): Promise<Record<string, number>> {
  if (!database.sqlite) throw new Error('The SQLite dump needs an SQLite database');
  await database.sqlite.backup(file);
  const copy = new SQLite(file);
  try {
    copy.pragma('journal_mode = DELETE');
    return countRows(copy);
  } finally {
    copy.close();
  }
}

/** Rows per table of an SQLite file (the copy, which nothing else uses). */
export function countRows(db: SQLite.Database): Record<string, number> {
  const names = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
    .pluck()
    .all() as string[];
  return Object.fromEntries(names.map((name) => [name, Number(db.prepare(`SELECT count(*) FROM ${quoteTable(name)}`).pluck().get())]));
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
