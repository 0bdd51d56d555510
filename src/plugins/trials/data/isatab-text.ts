import { spreadsheetText } from '../../../core/spreadsheet-cell.js';

/**
 * The text rules of the ISA-Tab files (ISA-TAB 1.0): tab-separated cells, each value in double quotes
 * (a quote inside doubled, as the ISA tools read them), one line per row ending in CRLF. A value never
 * spans lines or columns, and text that a spreadsheet would run as a formula gets a leading quote, as in
 * the tab export. File names follow the spec's prefixes (i_, s_, a_; d_ for the data files) and have no
 * spaces, as it recommends.
 */

export type IsaValue = string | number | null | undefined;

/** One quoted cell. */
export function isaCell(value: IsaValue): string {
  if (value === null || value === undefined) return '""';
  const text = typeof value === 'number' ? String(value) : spreadsheetText(value.replace(/[\t\r\n]+/g, ' '));
  return `"${text.replace(/"/g, '""')}"`;
}

/** A row of a study or assay table. */
export function isaRow(values: readonly IsaValue[]): string {
  return `${values.map(isaCell).join('\t')}\r\n`;
}

/** A row of the investigation file: its label (unquoted, as the spec writes them), then its values. */
export function labelRow(label: string, values: readonly IsaValue[] = []): string {
  return `${[label, ...values.map(isaCell)].join('\t')}\r\n`;
}

/** The investigation file: one per export. */
export const INVESTIGATION_FILE = 'i_investigation.txt';

/** The files of one dataset's study: the study table, its phenotyping assay and the assay's data matrix. */
export interface StudyFiles {
  study: string;
  assay: string;
  data: string;
}

/** A dataset's name in file names: letters, digits, '.', '_' and '-' only (accents dropped), at most 40 characters. */
function slug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[_.-]+|[_.-]+$/g, '')
    .slice(0, 40);
}

/** `s_<id>-<name>.txt` and its a_ and d_ siblings; the id keeps names unique, the name makes them readable. */
export function studyFiles(dataset: { id: number; name: string }): StudyFiles {
  const part = slug(dataset.name);
  const stem = part ? `${dataset.id}-${part}` : String(dataset.id);
  return { study: `s_${stem}.txt`, assay: `a_${stem}.txt`, data: `d_${stem}.txt` };
}

/** The date part of a stored date (`2024-05-01T…` → `2024-05-01`); other text as it is. */
export function isoDate(value: string | null): string | null {
  if (value === null) return null;
  return /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] ?? value;
}
