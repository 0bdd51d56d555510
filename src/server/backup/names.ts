import fs from 'node:fs';
import path from 'node:path';

/** Why a backup was taken, in Germinate's words. */
export const BACKUP_TYPES = ['UPDATE', 'PERIODICAL', 'MANUAL'] as const;
export type BackupType = (typeof BACKUP_TYPES)[number];

/** One backup as `GET backup` lists it (Germinate's BackupResult). */
export interface BackupResult {
  /** When it was taken, ISO 8601 in UTC (from the file name). */
  timestamp: string;
  germinateVersion: string;
  filename: string;
  type: BackupType;
  /** Bytes. */
  filesize: number;
}

/** `yyyy-MM-dd_HH-mm-ss_<type>_<version>.zip`: four parts split on `_`, as Germinate names its backups. */
const NAME = /^(\d{4})-(\d{2})-(\d{2})_(\d{2})-(\d{2})-(\d{2})_(UPDATE|PERIODICAL|MANUAL)_([0-9A-Za-z.+-]{1,64})\.zip$/;

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

const two = (n: number) => String(n).padStart(2, '0');

/** The file name of a backup taken at `at` (UTC, so that names sort by time whatever the server's zone). */
export function backupFileName(at: Date, type: BackupType, version: string): string {
  const date = `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}`;
  const time = `${two(at.getUTCHours())}-${two(at.getUTCMinutes())}-${two(at.getUTCSeconds())}`;
  // An underscore in the version would add a fifth part and the name would no longer be listed.
  return `${date}_${time}_${type}_${version.replace(/[^0-9A-Za-z.+-]/g, '-')}.zip`;
}

/** What a backup's name says, or null for any other file (such files are not backups and never listed). */
export function parseBackupName(name: string): Omit<BackupResult, 'filesize'> | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, type, version] = match;
  const time = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  if (Number.isNaN(time.getTime())) return null;
  return { timestamp: time.toISOString(), germinateVersion: version, filename: name, type: type as BackupType };
}

/**
 * The path of an existing backup named `filename`, or null. Only a bare backup name is accepted (no
 * separators, no `..`), and the resolved path must lie directly in the backups folder: request text never
 * reaches a file outside it.
 */
export function resolveBackup(dataDir: string, filename: string): string | null {
  if (!parseBackupName(filename)) return null;
  const dir = path.resolve(backupsDir(dataDir));
  const file = path.resolve(dir, filename);
  if (path.dirname(file) !== dir) return null;
  try {
    return fs.lstatSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

/** Every backup in the folder, newest first. */
export async function listBackups(dataDir: string): Promise<BackupResult[]> {
  const dir = backupsDir(dataDir);
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const results: BackupResult[] = [];
  for (const name of names) {
    const parsed = parseBackupName(name);
    if (!parsed) continue;
    try {
      const stat = await fs.promises.lstat(path.join(dir, name));
      if (stat.isFile()) results.push({ ...parsed, filesize: stat.size });
    } catch {
      // Deleted while listing (pruning in another process): not a backup any more.
    }
  }
  return results.sort((a, b) => b.filename.localeCompare(a.filename));
}
