import { describe, expect, it } from 'vitest';
import { biologicalStatusTsv, parseBiologicalStatusTsv, statusLabel, totalsPerStatus, type BiologicalStatusRow } from './biological-status.js';

const ROWS: BiologicalStatusRow[] = [
  { biologicalstatus: "Breeder's line", genus: '', count: 1 },
  { biologicalstatus: 'Mutant', genus: 'Hordeum', count: 4 },
  { biologicalstatus: 'Mutant', genus: 'Zea', count: 3 },
  { biologicalstatus: 'Wild', genus: 'Avena', count: 7 },
];

describe('biological status statistics', () => {
  it('shortens a label to the text before its explanation', () => {
    expect(statusLabel('Mutant (e.g. induced/insertion mutants, tilling populations)')).toBe('Mutant');
    expect(statusLabel('Other (elaborate in REMARKS field)')).toBe('Other');
    expect(statusLabel('Semi-natural/wild')).toBe('Semi-natural/wild');
    // Only " (" opens an explanation.
    expect(statusLabel('Line(1)')).toBe('Line(1)');
  });

  it('writes a header row and CRLF lines, and reads back what it wrote', () => {
    const text = biologicalStatusTsv(ROWS);
    expect(text.split('\r\n')).toEqual([
      'biologicalstatus\tgenus\tcount',
      "Breeder's line\t\t1",
      'Mutant\tHordeum\t4',
      'Mutant\tZea\t3',
      'Wild\tAvena\t7',
      '',
    ]);
    expect(parseBiologicalStatusTsv(text)).toEqual(ROWS);
    expect(parseBiologicalStatusTsv(biologicalStatusTsv([]))).toEqual([]);
  });

  it('keeps tabs and line breaks inside a value from breaking the rows', () => {
    const text = biologicalStatusTsv([{ biologicalstatus: 'A\tB', genus: 'x\r\ny', count: 2 }]);
    expect(parseBiologicalStatusTsv(text)).toEqual([{ biologicalstatus: 'A B', genus: 'x y', count: 2 }]);
  });

  it('refuses a file it did not write', () => {
    expect(() => parseBiologicalStatusTsv('status\tcount\r\nWild\t3\r\n')).toThrow(/header/);
    expect(() => parseBiologicalStatusTsv('biologicalstatus\tgenus\tcount\r\nWild\tAvena\r\n')).toThrow(/row 1/);
    expect(() => parseBiologicalStatusTsv('biologicalstatus\tgenus\tcount\r\nWild\tAvena\t-1\r\n')).toThrow(/row 1/);
    expect(() => parseBiologicalStatusTsv('biologicalstatus\tgenus\tcount\r\nWild\tAvena\t2.5\r\n')).toThrow(/row 1/);
    expect(() => parseBiologicalStatusTsv('')).toThrow(/header/);
  });

  it('totals each status over its genera, largest first, ties by label', () => {
    expect(totalsPerStatus(ROWS)).toEqual([
      { biologicalstatus: 'Mutant', count: 7 },
      { biologicalstatus: 'Wild', count: 7 },
      { biologicalstatus: "Breeder's line", count: 1 },
    ]);
    expect(totalsPerStatus([])).toEqual([]);
  });
});
