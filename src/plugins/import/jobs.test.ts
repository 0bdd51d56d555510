import { describe, expect, it } from 'vitest';
import {
  canImport,
  countIssues,
  errorStatus,
  filterIssues,
  groupIssues,
  importModeOf,
  issuesToTsv,
  NO_FILTER,
  readJobs,
  withJobUuids,
  type ImportIssue,
  type ImportJob,
} from './jobs.js';

const issue = (status: string, type: 'ERROR' | 'WARNING', rowIndex: number, extra: Partial<ImportIssue> = {}): ImportIssue => ({
  status,
  type,
  rowIndex,
  message: `${status} at ${rowIndex}`,
  sheet: 'DATA',
  column: 'ACCENUMB',
  value: `v${rowIndex}`,
  ...extra,
});

const job = (extra: Partial<ImportJob>): ImportJob => ({ uuid: 'u', datatype: 'trial', status: 'completed', imported: false, feedback: [], ...extra });
const plain = (i: ImportIssue) => i.message;

describe('import job rules', () => {
  it('derives Germinate\'s errorStatus from the feedback', () => {
    expect(errorStatus(job({ feedback: [] }))).toBe('NONE');
    expect(errorStatus(job({ feedback: null }))).toBe('NONE');
    expect(errorStatus(job({ feedback: [issue('A', 'WARNING', 2)] }))).toBe('WARNING');
    expect(errorStatus(job({ feedback: [issue('A', 'WARNING', 2), issue('B', 'ERROR', 3)] }))).toBe('ERROR');
  });

  it('offers import for a finished check without errors, with any number of warnings, only in IMPORT mode', () => {
    const warnings = Array.from({ length: 25 }, (_, i) => issue('TRIALS_DATA_REP_MISSING', 'WARNING', i + 2));
    expect(canImport(job({ feedback: warnings }), 'IMPORT')).toBe(true);
    expect(canImport(job({ feedback: warnings }), 'VERIFY')).toBe(false);
    expect(canImport(job({ feedback: warnings }), 'NONE')).toBe(false);
    expect(canImport(job({ feedback: [...warnings, issue('X', 'ERROR', 9)] }), 'IMPORT')).toBe(false);
    expect(canImport(job({ status: 'running' }), 'IMPORT')).toBe(false);
    expect(canImport(job({ status: 'failed' }), 'IMPORT')).toBe(false);
    expect(canImport(job({ imported: true }), 'IMPORT')).toBe(false);
  });

  it('reads the import mode defensively', () => {
    expect(importModeOf({ dataImportMode: 'IMPORT' })).toBe('IMPORT');
    expect(importModeOf({ dataImportMode: 'VERIFY' })).toBe('VERIFY');
    expect(importModeOf({})).toBe('NONE');
    expect(importModeOf({ dataImportMode: 'yes' })).toBe('NONE');
  });

  it('groups by kind with counts, kinds with errors first, issues by sheet and row', () => {
    const groups = groupIssues([
      issue('W', 'WARNING', 5),
      issue('E', 'ERROR', 9),
      issue('W', 'WARNING', 3),
      issue('E', 'ERROR', 4, { sheet: 'A' }),
      issue('M', 'WARNING', 2),
      issue('M', 'ERROR', 1),
    ]);
    expect(groups.map((g) => [g.status, g.errors, g.warnings])).toEqual([
      ['E', 2, 0],
      ['M', 1, 1],
      ['W', 0, 2],
    ]);
    expect(groups[0].issues.map((i) => [i.sheet, i.rowIndex])).toEqual([
      ['A', 4],
      ['DATA', 9],
    ]);
    expect(groups[2].issues.map((i) => i.rowIndex)).toEqual([3, 5]);
  });

  it('filters by type, kind and text (place, value, message or translated text)', () => {
    const all = [issue('W', 'WARNING', 5), issue('E', 'ERROR', 9, { value: 'Barke' }), issue('E', 'ERROR', 12)];
    expect(filterIssues(all, NO_FILTER, plain)).toHaveLength(3);
    expect(filterIssues(all, { ...NO_FILTER, type: 'WARNING' }, plain).map((i) => i.rowIndex)).toEqual([5]);
    expect(filterIssues(all, { ...NO_FILTER, status: 'E' }, plain).map((i) => i.rowIndex)).toEqual([9, 12]);
    expect(filterIssues(all, { ...NO_FILTER, text: 'barke' }, plain).map((i) => i.rowIndex)).toEqual([9]);
    expect(filterIssues(all, { ...NO_FILTER, text: 'Übersetzt' }, (i) => (i.rowIndex === 12 ? 'übersetzt' : '')).map((i) => i.rowIndex)).toEqual([12]);
    expect(filterIssues(all, { type: 'ERROR', status: 'E', text: '12' }, plain).map((i) => i.rowIndex)).toEqual([12]);
  });

  it('counts errors and warnings', () => {
    expect(countIssues([issue('W', 'WARNING', 1), issue('E', 'ERROR', 2), issue('E', 'ERROR', 3)])).toEqual({ errors: 2, warnings: 1 });
  });

  it('writes the report as TSV with the translated text, keeping each issue on one line', () => {
    const tsv = issuesToTsv(
      [issue('E', 'ERROR', 9, { value: 'a\tb\nc' }), issue('G', 'WARNING', -1, { sheet: null, column: null, value: null, message: 'whole file' })],
      ['Type', 'Kind', 'Sheet', 'Row', 'Column', 'Value', 'Problem', 'Details'],
      (i) => `text ${i.status}`,
    );
    expect(tsv.split('\n')).toEqual([
      'Type\tKind\tSheet\tRow\tColumn\tValue\tProblem\tDetails',
      'ERROR\tE\tDATA\t9\tACCENUMB\ta b c\ttext E\tE at 9',
      'WARNING\tG\t\t\t\t\ttext G\twhole file',
      '',
    ]);
  });

  it('writes the report so that a spreadsheet runs none of the uploaded values, numbers staying numbers', () => {
    const tsv = issuesToTsv(
      [issue('E', 'ERROR', 3, { value: '=HYPERLINK("http://x.example","x")' }), issue('E', 'ERROR', 4, { value: '-3.5' }), issue('E', 'ERROR', 5, { value: '@cmd' })],
      ['Type', 'Kind', 'Sheet', 'Row', 'Column', 'Value', 'Problem', 'Details'],
      () => '+problem',
    );
    expect(tsv.split('\n').slice(1, 4).map((line) => line.split('\t').slice(5, 7))).toEqual([
      ['\'=HYPERLINK("http://x.example","x")', "'+problem"],
      ['-3.5', "'+problem"],
      ["'@cmd", "'+problem"],
    ]);
  });

  it('keeps job uuids newest first without duplicates', () => {
    expect(withJobUuids(['a', 'b'], ['c', 'a'])).toEqual(['c', 'a', 'b']);
    expect(withJobUuids(Array.from({ length: 1000 }, (_, i) => `u${i}`), ['new'])).toHaveLength(1000);
  });

  it('reads only well-formed jobs', () => {
    expect(readJobs(null)).toEqual([]);
    expect(readJobs([{ uuid: 'x', status: 'waiting' }, { uuid: 1 }, null, 'x']).map((j) => j.uuid)).toEqual(['x']);
  });
});
