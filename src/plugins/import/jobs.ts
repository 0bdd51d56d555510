/**
 * Import jobs as `POST import/template` returns them (Germinate's DataImportJobs plus our sheet/column/value,
 * messageKey and progress), and the pure rules the uploader applies to them: when an import may start,
 * how the report groups, filters and downloads.
 */
import { spreadsheetText } from '../../core/spreadsheet-cell.js';

export type JobStatus = 'waiting' | 'running' | 'completed' | 'failed' | 'cancelled';
export type IssueType = 'ERROR' | 'WARNING';

export interface ImportIssue {
  status: string;
  type: IssueType;
  rowIndex: number;
  message: string;
  sheet?: string | null;
  column?: string | null;
  value?: string | null;
  messageKey?: string;
}

export interface ImportJob {
  uuid: string;
  datatype: string;
  status: JobStatus;
  imported: boolean;
  originalFilename?: string | null;
  feedback?: ImportIssue[] | null;
  stats?: Record<string, unknown> | null;
  /** 0..1 while running (ours; Germinate has none). */
  progress?: number | null;
  createdOn?: string | null;
  updatedOn?: string | null;
}

/** `{status:'waiting', uuid}` answers of upload and import. */
export interface JobStart {
  status: string;
  uuid: string;
}

export type ImportMode = 'NONE' | 'VERIFY' | 'IMPORT';

/** The server setting, read defensively: anything unknown counts as "no uploads". */
export function importModeOf(settings: Record<string, unknown>): ImportMode {
  const mode = settings.dataImportMode;
  return mode === 'VERIFY' || mode === 'IMPORT' || mode === 'NONE' ? mode : 'NONE';
}

export const isActive = (job: Pick<ImportJob, 'status'>): boolean => job.status === 'waiting' || job.status === 'running';

/** The errorStatus Germinate's client derives: ERROR if any feedback item is one, else WARNING, else NONE. */
export function errorStatus(job: Pick<ImportJob, 'feedback'>): IssueType | 'NONE' {
  const feedback = job.feedback ?? [];
  if (feedback.some((item) => item.type === 'ERROR')) return 'ERROR';
  if (feedback.some((item) => item.type === 'WARNING')) return 'WARNING';
  return 'NONE';
}

/**
 * Whether "Import" is offered: a finished check without errors, not imported yet, in IMPORT mode.
 * Any number of warnings is allowed (the curator has the report in front of them).
 */
export function canImport(job: ImportJob, mode: ImportMode): boolean {
  return mode === 'IMPORT' && job.status === 'completed' && !job.imported && errorStatus(job) !== 'ERROR';
}

/** A check or import that finished and wrote its data. */
export const isImportDone = (job: ImportJob): boolean => job.status === 'completed' && job.imported;

export interface IssueFilter {
  type: IssueType | 'ALL';
  /** An ImportStatus name, or '' for every kind. */
  status: string;
  /** Case-insensitive text matched against place, value, message and the translated text. */
  text: string;
}

export const NO_FILTER: IssueFilter = { type: 'ALL', status: '', text: '' };

export function filterIssues(issues: readonly ImportIssue[], filter: IssueFilter, translate: (issue: ImportIssue) => string): ImportIssue[] {
  const needle = filter.text.trim().toLowerCase();
  return issues.filter((issue) => {
    if (filter.type !== 'ALL' && issue.type !== filter.type) return false;
    if (filter.status !== '' && issue.status !== filter.status) return false;
    if (needle === '') return true;
    const haystack = [issue.sheet, issue.column, issue.value, issue.message, issue.status, translate(issue), issue.rowIndex >= 0 ? String(issue.rowIndex) : '']
      .filter((part): part is string => typeof part === 'string')
      .join('\n')
      .toLowerCase();
    return haystack.includes(needle);
  });
}

export interface IssueGroup {
  status: string;
  errors: number;
  warnings: number;
  issues: ImportIssue[];
}

/** By kind: kinds with errors first, then in order of first appearance; issues in sheet/row order. */
export function groupIssues(issues: readonly ImportIssue[]): IssueGroup[] {
  const groups = new Map<string, IssueGroup>();
  for (const issue of issues) {
    let group = groups.get(issue.status);
    if (!group) {
      group = { status: issue.status, errors: 0, warnings: 0, issues: [] };
      groups.set(issue.status, group);
    }
    group.issues.push(issue);
    if (issue.type === 'ERROR') group.errors += 1;
    else group.warnings += 1;
  }
  const list = [...groups.values()];
  for (const group of list) group.issues.sort(byPlace);
  // Stable sort: equal groups keep their order of first appearance.
  return list.sort((a, b) => Number(b.errors > 0) - Number(a.errors > 0));
}

function byPlace(a: ImportIssue, b: ImportIssue): number {
  const sheet = (a.sheet ?? '').localeCompare(b.sheet ?? '');
  return sheet !== 0 ? sheet : a.rowIndex - b.rowIndex;
}

export function countIssues(issues: readonly ImportIssue[]): { errors: number; warnings: number } {
  const errors = issues.filter((issue) => issue.type === 'ERROR').length;
  return { errors, warnings: issues.length - errors };
}

/**
 * The report is opened in spreadsheets and echoes the uploaded file's values: a value that would run as a
 * formula is quoted (spreadsheet-cell.ts). Tabs and line breaks inside a cell would break the TSV's
 * columns; they become spaces.
 */
const cell = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : spreadsheetText(String(value)).replace(/[\t\r\n]+/g, ' ');

/** The report as tab-separated text, with the header row in the user's language. */
export function issuesToTsv(issues: readonly ImportIssue[], headers: readonly string[], translate: (issue: ImportIssue) => string): string {
  const lines = [headers.map(cell).join('\t')];
  for (const issue of issues) {
    lines.push(
      [issue.type, issue.status, issue.sheet, issue.rowIndex >= 0 ? issue.rowIndex : '', issue.column, issue.value, translate(issue), issue.message]
        .map(cell)
        .join('\t'),
    );
  }
  return lines.join('\n') + '\n';
}

export const TSV_HEADER_KEYS = [
  'import.report.column.type',
  'import.report.column.status',
  'import.report.column.sheet',
  'import.report.column.row',
  'import.report.column.column',
  'import.report.column.value',
  'import.report.column.text',
  'import.report.column.message',
] as const;

/** Adds uuids to the stored list (newest first, no duplicates); the schema keeps at most 1000. */
export function withJobUuids(stored: readonly string[], added: readonly string[]): string[] {
  return [...new Set([...added, ...stored])].slice(0, 1000);
}

/** Reads the job list defensively: only well-formed entries. */
export function readJobs(answer: unknown): ImportJob[] {
  if (!Array.isArray(answer)) return [];
  return answer.filter(
    (item): item is ImportJob =>
      typeof item === 'object' && item !== null && typeof (item as ImportJob).uuid === 'string' && typeof (item as ImportJob).status === 'string',
  );
}
