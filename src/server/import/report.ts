import type { ImportIssue, ImportStats } from './importer.js';
import type { ImportRunResult } from './pipeline.js';

/** Lines shown per status: Germinate shows only the first issue of most statuses, we keep them all. */
export const REPORT_GROUP_LIMIT = 50;
const VALUE_LIMIT = 120;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Plain-text report for a terminal: a summary line, then every issue grouped by status. */
export function formatReport(result: ImportRunResult, fileName: string): string {
  const errors = result.issues.filter((i) => i.type === 'ERROR').length;
  const warnings = result.issues.length - errors;
  const outcome = {
    imported: 'imported',
    checked: 'checked (check only, nothing written)',
    rejected: 'rejected (nothing written)',
  }[result.status];
  const lines = [`${fileName}: ${outcome}; ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`];
  if (result.status === 'imported' && result.stats) lines.push(`Written: ${formatStats(result.stats)}`);

  for (const [status, issues] of groupByStatus(result.issues)) {
    const groupErrors = issues.filter((i) => i.type === 'ERROR').length;
    const counts = [groupErrors && plural(groupErrors, 'error'), issues.length - groupErrors && plural(issues.length - groupErrors, 'warning')];
    lines.push('', `${status} (${counts.filter(Boolean).join(', ')})`);
    const mixed = groupErrors > 0 && groupErrors < issues.length;
    for (const item of issues.slice(0, REPORT_GROUP_LIMIT)) {
      lines.push(`  ${describeIssue(item)}${mixed && item.type === 'WARNING' ? ' (warning)' : ''}`);
    }
    if (issues.length > REPORT_GROUP_LIMIT) lines.push(`  … and ${issues.length - REPORT_GROUP_LIMIT} more`);
  }
  return lines.join('\n');
}

function formatStats(stats: ImportStats): string {
  const parts = Object.entries(stats)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
    .map(([key, count]) => `${key} ${count}`);
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}

/** Groups with errors first, each group in order of first appearance; issues keep their order. */
function groupByStatus(issues: ImportIssue[]): [string, ImportIssue[]][] {
  const groups = new Map<string, ImportIssue[]>();
  for (const item of issues) {
    const group = groups.get(item.status);
    if (group) group.push(item);
    else groups.set(item.status, [item]);
  }
  const hasError = (group: ImportIssue[]) => group.some((i) => i.type === 'ERROR');
  return [...groups].sort(([, a], [, b]) => Number(hasError(b)) - Number(hasError(a)));
}

/** "DATA row 7, ACCENUMB: CACTUAR-0001", plus the message when it says more than column and value. */
export function describeIssue(item: ImportIssue): string {
  const place = [item.sheet, item.rowIndex >= 0 ? `row ${item.rowIndex}` : null].filter(Boolean).join(' ');
  const where = [place, item.column].filter(Boolean).join(', ');
  // Whole-file problems (row -1, no sheet) carry their value inside the message.
  if (!where) return item.message || item.value || '(no details)';
  const text = item.value === null ? where : `${where}: ${shorten(item.value)}`;
  const defaultMessage = item.column && item.value !== null ? `${item.column}: ${item.value}` : (item.value ?? item.column ?? '');
  if (item.message === defaultMessage || item.message === '') return text;
  // Messages that start with "COLUMN: value" only add what follows.
  const extra = defaultMessage && item.message.startsWith(defaultMessage) ? item.message.slice(defaultMessage.length).trim() : item.message;
  return `${text} — ${shorten(extra)}`;
}

function shorten(text: string): string {
  return text.length > VALUE_LIMIT ? `${text.slice(0, VALUE_LIMIT - 1)}…` : text;
}
