import fs from 'node:fs';
import path from 'node:path';
import type { ScheduledTask, TaskContext } from '../tasks.js';
import { createBackup } from './create.js';
import { backupsDir, listBackups, type BackupResult } from './names.js';

const DAY = 86_400_000;
const GB = 1024 ** 3;

/**
 * Takes a PERIODICAL backup when the newest one is `databaseBackupEveryDays` days old or there is none
 * (null or 0 = never), then prunes. Due-ness is read from the backups folder, so the task keeps no state
 * and a restarted server carries on the schedule.
 */
export async function periodicBackup(context: TaskContext, now: number): Promise<BackupResult | null> {
  const settings = await context.settings.read();
  const everyDays = settings.databaseBackupEveryDays;
  let taken: BackupResult | null = null;
  if (everyDays) {
    const newest = (await listBackups(context.dataDir)).find((backup) => backup.type === 'PERIODICAL');
    if (!newest || now - Date.parse(newest.timestamp) >= everyDays * DAY) {
      taken = await createBackup(context.database, context.dataDir, { type: 'PERIODICAL', now: new Date(now) });
    }
  }
  await pruneBackups(context.dataDir, settings.databaseBackupMaxSizeGB);
  return taken;
}

/**
 * Deletes the oldest backups (of any type) while the backups together are larger than `maxGB`
 * (null or 0 = no limit). The newest backup is always kept, however large: a limit set too low must not
 * leave the server with no backup at all. Answers the names deleted.
 */
export async function pruneBackups(dataDir: string, maxGB: number | null): Promise<string[]> {
  if (!maxGB || maxGB <= 0) return [];
  const backups = await listBackups(dataDir);
  let total = backups.reduce((sum, backup) => sum + backup.filesize, 0);
  const deleted: string[] = [];
  for (const backup of [...backups].reverse().slice(0, -1)) {
    if (total <= maxGB * GB) break;
    await fs.promises.rm(path.join(backupsDir(dataDir), backup.filename), { force: true });
    total -= backup.filesize;
    deleted.push(backup.filename);
  }
  return deleted;
}

/** The scheduled task (core-tasks.ts): checked hourly, so a backup is at most an hour late. */
export const backupTask: ScheduledTask = {
  name: 'database-backup',
  everyMs: 3_600_000,
  run: async (context, now) => void (await periodicBackup(context, now)),
};
