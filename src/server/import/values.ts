/** Cell values shared by the templates (docs/import-templates.md, Reading cells). */

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const COMPACT = /^(\d{4})([\d-]{2})([\d-]{2})$/;

/** A plain decimal number, or null when the text is not one (no hex, no "Infinity", no blanks). */
export function parseDecimal(text: string): number | null {
  if (!DECIMAL.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** A whole number written with digits only (an optional sign), within JavaScript's exact integers. */
export function parseInteger(text: string): number | null {
  if (!INTEGER.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * A template date (recording dates, date traits and climate values, GeoTIFF recording dates) as
 * `YYYY-MM-DD`, or null. Accepts `YYYY-MM-DD` and the templates' `YYYYMMDD`, where an unknown month or day
 * written `00` or `--` means January / the 1st, as Germinate reads them. Unlike Germinate's lenient parser
 * nothing rolls over (2020-02-30 is refused, not read as March 1st), and Excel serial numbers are not
 * guessed at: a date cell already reads as `YYYY-MM-DD`.
 */
export function parseTemplateDate(text: string): string | null {
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
