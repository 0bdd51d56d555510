import { BINARY_UNITS, binaryUnits, type BinaryUnit } from '../../core/binary-size.js';
import { buildQuery } from '../../core/api-client.js';

/**
 * The Backups pane as data: what `GET backup` answers (Germinate's BackupResult), read defensively,
 * sizes in binary units, and the download address. Pure, so it is tested without a browser.
 */

export const BACKUP_TYPES = ['UPDATE', 'PERIODICAL', 'MANUAL'] as const;
export type BackupType = (typeof BACKUP_TYPES)[number];

export interface BackupRow {
  /** ISO 8601 (UTC). */
  timestamp: string;
  germinateVersion: string;
  filename: string;
  /** One of BACKUP_TYPES, or what a newer server sent (shown as sent). */
  type: string;
  /** Bytes. */
  filesize: number;
}

/** The answer's valid entries, newest first (a malformed entry is left out rather than failing the list). */
export function readBackups(raw: unknown): BackupRow[] {
  if (!Array.isArray(raw)) return [];
  const rows: BackupRow[] = [];
  for (const item of raw as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const r = item as Record<string, unknown>;
    if (typeof r.filename !== 'string' || r.filename === '' || typeof r.timestamp !== 'string') continue;
    rows.push({
      timestamp: r.timestamp,
      germinateVersion: typeof r.germinateVersion === 'string' ? r.germinateVersion : '',
      filename: r.filename,
      type: typeof r.type === 'string' ? r.type : '',
      filesize: typeof r.filesize === 'number' && Number.isFinite(r.filesize) ? r.filesize : 0,
    });
  }
  return rows.sort((a, b) => time(b.timestamp) - time(a.timestamp));
}

function time(timestamp: string): number {
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? 0 : ms;
}

/** Binary units, as Germinate shows file sizes; each unit's text is a message (`admin.backup.unit.KiB`). */
export const SIZE_UNITS = BINARY_UNITS;
export type SizeUnit = BinaryUnit;

/** `bytes` as a value below 1024 of the largest unit that fits, to one decimal (bytes whole). */
export function sizeParts(bytes: number): { value: number; unit: SizeUnit; fractionDigits: number } {
  const { value, unit, index } = binaryUnits(bytes);
  return { value, unit, fractionDigits: index === 0 ? 0 : 1 };
}

/** The sum of the backups' sizes (the schedule's size limit counts them all). */
export function totalBytes(rows: readonly BackupRow[]): number {
  return rows.reduce((sum, row) => sum + row.filesize, 0);
}

/**
 * The download link: a browser download sends no Authorization header, so the session's main token
 * goes in the query, as in Germinate (the server redacts it from its request log).
 */
export function downloadHref(filename: string, token: string | null): string {
  return `./api/backup/download${buildQuery({ filename, token: token ?? undefined })}`;
}

/** File names that were not in `before`: the backups a call added. */
export function added(before: ReadonlySet<string>, rows: readonly BackupRow[]): BackupRow[] {
  return rows.filter((row) => !before.has(row.filename));
}
