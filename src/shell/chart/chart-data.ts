import { spreadsheetText } from '../../core/spreadsheet-cell.js';
import type { ChartRow, ChartValue } from './chart-spec.js';

/** A column of a chart's data: in its table, its TSV download and (by `key`) its spec's fields. */
export interface ChartColumn {
  key: string;
  /** Already translated: the table's column header and the TSV's header cell. */
  header: string;
  /** Numbers align right in the table and are formatted for the locale there (not in the TSV). */
  numeric?: boolean;
}

function tsvCell(value: ChartValue | undefined): string {
  if (value === null || value === undefined) return '';
  // Never a formula in a spreadsheet (numbers stay numbers); a tab or line break inside a value would start
  // a new cell or row.
  return spreadsheetText(String(value)).replace(/[\t\r\n]+/g, ' ');
}

/**
 * The chart's data as tab-separated text: a header row of the column headers, then one line per row,
 * CRLF line ends (as the server's files), numbers unformatted so spreadsheets read them as numbers.
 */
export function chartTsv(columns: readonly ChartColumn[], rows: readonly ChartRow[]): string {
  const lines = [columns.map((column) => tsvCell(column.header)).join('\t')];
  for (const row of rows) lines.push(columns.map((column) => tsvCell(row[column.key])).join('\t'));
  return lines.join('\r\n') + '\r\n';
}

/**
 * A file name made from the chart's name: lower case, letters and digits of any script kept (German
 * titles keep their umlauts), everything else one hyphen; "chart" when nothing is left.
 */
export function chartFileName(name: string, extension: 'png' | 'svg' | 'tsv'): string {
  const base = name
    .normalize('NFC')
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${base || 'chart'}.${extension}`;
}
