import { describe, expect, it } from 'vitest';
import { chartFileName, chartTsv } from './chart-data.js';

describe('chart data', () => {
  it('writes the rows under the column headers, tab-separated with CRLF, numbers unformatted', () => {
    const columns = [
      { key: 'status', header: 'Biological status' },
      { key: 'count', header: 'Germplasm', numeric: true },
    ];
    const tsv = chartTsv(columns, [
      { status: "Breeder's line", count: 2000 },
      { status: 'Tab\there', count: 1.5 },
      { status: null, count: 0 },
    ]);
    expect(tsv).toBe("Biological status\tGermplasm\r\nBreeder's line\t2000\r\nTab here\t1.5\r\n\t0\r\n");
    expect(chartTsv(columns, [])).toBe('Biological status\tGermplasm\r\n');
  });

  it('writes no cell a spreadsheet would run as a formula, negative numbers staying numbers', () => {
    const columns = [
      { key: 'genus', header: '=Genus' },
      { key: 'change', header: 'Change', numeric: true },
    ];
    const tsv = chartTsv(columns, [
      { genus: '=cmd|"/c calc"!A1', change: -3.5 },
      { genus: '@SUM(1)', change: -0.25 },
      { genus: 'Hordeum', change: 2 },
    ]);
    expect(tsv).toBe("'=Genus\tChange\r\n'=cmd|\"/c calc\"!A1\t-3.5\r\n'@SUM(1)\t-0.25\r\nHordeum\t2\r\n");
  });

  it('names files after the chart, in any script', () => {
    expect(chartFileName('Germplasm per biological status', 'png')).toBe('germplasm-per-biological-status.png');
    expect(chartFileName('Keimplasma je biologischem Status: Übersicht', 'svg')).toBe('keimplasma-je-biologischem-status-übersicht.svg');
    expect(chartFileName('  ../etc/passwd  ', 'tsv')).toBe('etc-passwd.tsv');
    expect(chartFileName('***', 'tsv')).toBe('chart.tsv');
    expect(chartFileName('x'.repeat(200), 'png')).toBe(`${'x'.repeat(80)}.png`);
  });
});
