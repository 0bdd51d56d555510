import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/database.js';
import { iso, jobFolder } from './store.js';

const HOUR = 3_600_000;

/**
 * Async job folders (uploads, logs, later export results) older than the admin's filesDeleteAfterHoursAsync
 * are deleted, and their jobs hidden: a job without its files can neither be imported nor show its log.
 * Waiting and running jobs keep theirs. Folders no job knows (a crash between upload and insert) go too.
 */
export async function expireAsyncFiles(database: Database, dataDir: string, hours: number, now: number): Promise<string[]> {
  const cutoff = now - hours * HOUR;
  const expired = await database.db
    .selectFrom('async_jobs')
    .select(['id', 'uuid'])
    .where('status', 'not in', ['waiting', 'running'])
    .where('files_deleted', '=', 0)
    .where('updated_on', '<', iso(cutoff))
    .execute();
  for (const job of expired) {
    fs.rmSync(jobFolder(dataDir, job.uuid), { recursive: true, force: true });
    await database.db.updateTable('async_jobs').set({ files_deleted: 1, visibility: 0 }).where('id', '=', job.id).execute();
  }
  const root = path.join(dataDir, 'async');
  const known = new Set((await database.db.selectFrom('async_jobs').select('uuid').where('files_deleted', '=', 0).execute()).map((j) => j.uuid));
  for (const entry of safeList(root)) {
    if (known.has(entry)) continue;
    if (olderThan(path.join(root, entry), cutoff)) fs.rmSync(path.join(root, entry), { recursive: true, force: true });
  }
  return expired.map((j) => j.uuid);
}

/** Files and folders in DATA_DIR/temp last changed before filesDeleteAfterHoursTemp hours ago. */
export function expireTempFiles(dataDir: string, hours: number, now: number): string[] {
  const root = path.join(dataDir, 'temp');
  const cutoff = now - hours * HOUR;
  const removed: string[] = [];
  for (const entry of safeList(root)) {
    const file = path.join(root, entry);
    if (!olderThan(file, cutoff)) continue;
    fs.rmSync(file, { recursive: true, force: true });
    removed.push(entry);
  }
  return removed;
}

function safeList(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

function olderThan(file: string, cutoff: number): boolean {
  try {
    return fs.statSync(file).mtimeMs < cutoff;
  } catch {
    return false;
  }
}
