import type { CellText, Sheet } from '../../../server/import/importer.js';

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;

/** A plain decimal number, or null when the text is not one (no hex, no "Infinity", no blanks). */
export function parseDecimal(text: string): number | null {
  if (!DECIMAL.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

export function parseInteger(text: string): number | null {
  if (!INTEGER.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/** A whole number within a 16-bit column (trial row/column, "short" in Germinate); "3.0" counts as 3. */
export function parseShort(text: string): number | null {
  const value = parseDecimal(text);
  if (value === null || !Number.isInteger(value) || value < -32768 || value > 32767) return null;
  return value;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const COMPACT = /^(\d{4})([\d-]{2})([\d-]{2})$/;

/**
 * A recording or trait date as `YYYY-MM-DD`, or null. Accepts `YYYY-MM-DD` and the template's `YYYYMMDD`
 * (an unknown month or day written `00` or `--` means January / the 1st, as Germinate reads it). Unlike
 * Germinate's lenient parser nothing rolls over: 2020-02-30 is refused, not read as March 1st.
 */
export function parseTrialDate(text: string): string | null {
  let year: number;
  let month: number;
  let day: number;
  const iso = ISO.exec(text);
  const compact = iso ? null : COMPACT.exec(text);
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else if (compact) {
    const part = (p: string) => (p === '--' || p === '00' ? 1 : /^\d\d$/.test(p) ? Number(p) : NaN);
    year = Number(compact[1]);
    month = part(compact[2]);
    day = part(compact[3]);
  } else {
    return null;
  }
  if (!(month >= 1 && month <= 12) || !(day >= 1 && day <= daysInMonth(year, month))) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Header text → column index; the second of two equal headers is reported by the caller. */
export function headerIndex(sheet: Sheet): { columns: Map<string, number>; duplicates: { name: string; index: number }[] } {
  const columns = new Map<string, number>();
  const duplicates: { name: string; index: number }[] = [];
  sheet.header.forEach((name, index) => {
    if (name === null) return;
    if (columns.has(name)) duplicates.push({ name, index });
    else columns.set(name, index);
  });
  return { columns, duplicates };
}

export function cellAt(cells: CellText[], index: number | undefined): CellText {
  return index === undefined ? null : (cells[index] ?? null);
}
