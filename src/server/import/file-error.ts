import { issue, type ImportIssue } from './importer.js';

/**
 * File-level problems found before any importer sees the file. Germinate has no such statuses (its upload
 * layer refuses these cases or the importer crashes), so they are our additions to its ImportStatus list.
 */
export const IMPORT_FILE_STATUSES = [
  'GENERIC_FILE_NOT_FOUND',
  'GENERIC_EMPTY_FILE',
  'GENERIC_FILE_TOO_LARGE',
  'GENERIC_INVALID_FILE_TYPE',
  'GENERIC_CORRUPT_FILE',
  'GENERIC_ZIP_BOMB',
  'GENERIC_INVALID_ENCODING',
  'GENERIC_FORMULA_WITHOUT_VALUE',
] as const;

export type ImportFileStatus = (typeof IMPORT_FILE_STATUSES)[number];

/** Thrown by the file reader; carries the one issue that explains why the file cannot be read at all. */
export class ImportFileError extends Error {
  readonly issue: ImportIssue;
  /** Every occurrence when the problem is in cells (e.g. formulas without a value); else just `issue`. */
  readonly issues: ImportIssue[];

  constructor(status: ImportFileStatus, message: string, value: string | null = null, cells: ImportIssue[] = []) {
    super(message);
    this.name = 'ImportFileError';
    this.issue = cells[0] ?? issue(status, -1, { message, value, sheet: null });
    this.issues = cells.length > 0 ? cells : [this.issue];
  }

  get status(): string {
    return this.issue.status;
  }
}

/** "12.3 MB (12,345,678 bytes)": people read the first part, support staff compare the second. */
export function describeBytes(bytes: number): string {
  const exact = `${bytes.toLocaleString('en-GB')} bytes`;
  if (bytes < 1024) return exact;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${size.toFixed(size < 10 ? 1 : 0)} ${units[unit]} (${exact})`;
}
