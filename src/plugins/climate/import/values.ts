import type { CellText, Sheet } from '../../../server/import/importer.js';

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A plain decimal (import-rules §0.4), or null when the text is not one. */
export function parseDecimal(text: string): number | null {
  if (!DECIMAL.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** A whole number written with digits only (an optional sign), or null. */
export function parseInteger(text: string): number | null {
  if (!/^[+-]?\d{1,15}$/.test(text)) return null;
  return Number(text);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * A recording date (import-rules §0.4) as ISO `YYYY-MM-DD`, or null. Accepted: `YYYY-MM-DD`, and
 * `YYYYMMDD` where an unknown month and day are `00`/`--` (the date is then the year's or month's first
 * day, as Germinate stores it). Unlike Germinate's lenient parser nothing rolls over (no 2020-13-40), and
 * Excel serial numbers are not guessed at: a date cell already reads as `YYYY-MM-DD`.
 */
export function parseRecordingDate(text: string): string | null {
  let year: number;
  let month: number;
  let day: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const compact = /^(\d{4})(\d{2}|--)(\d{2}|--)$/.exec(text);
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else if (compact) {
    year = Number(compact[1]);
    month = compact[2] === '--' ? 0 : Number(compact[2]);
    day = compact[3] === '--' ? 0 : Number(compact[3]);
    if (month === 0 && day !== 0) return null;
    if (month === 0) month = 1;
    if (day === 0) day = 1;
  } else {
    return null;
  }
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Characters as a person counts them (code points), for the length limits. */
export function characters(text: string): number {
  return [...text].length;
}

/** Column positions of a sheet's header texts (first occurrence; exact, case-sensitive as Germinate). */
export function headerIndex(sheet: Sheet): Map<string, number> {
  const index = new Map<string, number>();
  sheet.header.forEach((cell, i) => {
    if (cell !== null && !index.has(cell)) index.set(cell, i);
  });
  return index;
}

/** The cell of a row under a header text, or null when that column is absent or the cell empty. */
export function cellOf(cells: CellText[], index: Map<string, number>, name: string): CellText {
  const at = index.get(name);
  return at === undefined ? null : (cells[at] ?? null);
}
