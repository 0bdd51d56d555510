import { describe, expect, it } from 'vitest';
import { issue } from '../../src/server/import/importer.js';
import { ImportFileError } from '../../src/server/import/read-file.js';
import { describeIssue, formatReport } from '../../src/server/import/report.js';

const duplicate = (row: number) => issue('MCPD_DUPLICATE_ACCENUMB', row, { sheet: 'DATA', column: 'ACCENUMB', value: `CACTUAR-${String(row).padStart(4, '0')}` });

describe('import report', () => {
  it('summarises, then groups issues by status with errors first', () => {
    const report = formatReport(
      {
        status: 'rejected',
        stats: null,
        issues: [
          issue('MCPD_INVALID_COUNTRY', 4, { sheet: 'DATA', column: 'ORIGCTY', value: 'XXX', type: 'WARNING' }),
          duplicate(7),
          issue('GENERIC_INVALID_DATE', 9, { sheet: 'DATA', column: 'ACQDATE', value: '2001-13-45', message: 'ACQDATE: null' }),
          duplicate(8),
          duplicate(12),
        ],
      },
      'passport.xlsx',
    );
    expect(report).toBe(
      [
        'passport.xlsx: rejected (nothing written); 4 errors, 1 warning',
        '',
        'MCPD_DUPLICATE_ACCENUMB (3 errors)',
        '  DATA row 7, ACCENUMB: CACTUAR-0007',
        '  DATA row 8, ACCENUMB: CACTUAR-0008',
        '  DATA row 12, ACCENUMB: CACTUAR-0012',
        '',
        'GENERIC_INVALID_DATE (1 error)',
        '  DATA row 9, ACQDATE: 2001-13-45 — ACQDATE: null',
        '',
        'MCPD_INVALID_COUNTRY (1 warning)',
        '  DATA row 4, ORIGCTY: XXX',
      ].join('\n'),
    );
  });

  it('shows the first 50 of a group and counts the rest', () => {
    const issues = Array.from({ length: 230 }, (_, i) => duplicate(i + 2));
    const lines = formatReport({ status: 'rejected', stats: null, issues }, 'big.tsv').split('\n');
    expect(lines[2]).toBe('MCPD_DUPLICATE_ACCENUMB (230 errors)');
    expect(lines.filter((l) => l.startsWith('  DATA row'))).toHaveLength(50);
    expect(lines.at(-1)).toBe('  … and 180 more');
  });

  it('reports stats of an import and a clean check', () => {
    const imported = formatReport(
      { status: 'imported', stats: { germplasm: 2010, attributes: 4, updated: undefined }, issues: [duplicate(3)].map((i) => ({ ...i, type: 'WARNING' as const })) },
      'example.xlsx',
    );
    expect(imported.split('\n').slice(0, 2)).toEqual(['example.xlsx: imported; 0 errors, 1 warning', 'Written: germplasm 2010, attributes 4']);
    expect(formatReport({ status: 'checked', stats: null, issues: [] }, 'ok.csv')).toBe('ok.csv: checked (check only, nothing written); 0 errors, 0 warnings');
  });

  it('describes whole-file problems by their message, and marks warnings in mixed groups', () => {
    const tooLarge = new ImportFileError('GENERIC_FILE_TOO_LARGE', 'The file is 2.0 MB (2,097,152 bytes); the limit is 1.0 MB (1,048,576 bytes).', '2097152');
    expect(describeIssue(tooLarge.issue)).toBe('The file is 2.0 MB (2,097,152 bytes); the limit is 1.0 MB (1,048,576 bytes).');
    expect(describeIssue(issue('GENERIC_MISSING_COLUMN', 1, { sheet: 'DATA', message: "Column missing: 'ACCENUMB'" }))).toBe(
      "DATA row 1 — Column missing: 'ACCENUMB'",
    );
    const report = formatReport({ status: 'rejected', stats: null, issues: [duplicate(2), { ...duplicate(3), type: 'WARNING' }] }, 'x.tsv');
    expect(report).toContain('MCPD_DUPLICATE_ACCENUMB (1 error, 1 warning)\n  DATA row 2, ACCENUMB: CACTUAR-0002\n  DATA row 3, ACCENUMB: CACTUAR-0003 (warning)');
  });

  it('shortens very long values', () => {
    const line = describeIssue(issue('GENERIC_VALUE_TOO_LONG', 5, { sheet: 'DATA', column: 'REMARKS', value: 'x'.repeat(5000) }));
    expect(line.length).toBeLessThan(160);
    expect(line.endsWith('…')).toBe(true);
  });
});
