/** An MCPD date with its known precision: month and day are null when the text marks them unknown. */
export interface McpdDate {
  year: number;
  month: number | null;
  day: number | null;
}

const COMPACT = /^(\d{4})(\d{2}|--)(\d{2}|--)$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Parses ACQDATE/COLLDATE text (docs/mcpd.md), strictly: `YYYYMMDD` with an unknown month or day
 * written as `--` or `00`, or a full `YYYY-MM-DD`. Unlike Germinate nothing rolls over: the month must
 * be 01–12, the day must exist in that month, and a known day needs a known month. Returns null when
 * the text is not a valid date.
 */
export function parseMcpdDate(text: string): McpdDate | null {
  const iso = ISO.exec(text);
  if (iso) {
    const date = { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
    return isFullDate(date.year, date.month, date.day) ? date : null;
  }
  const compact = COMPACT.exec(text);
  if (!compact) return null;
  const year = Number(compact[1]);
  const month = unknownPart(compact[2]) ? null : Number(compact[2]);
  const day = unknownPart(compact[3]) ? null : Number(compact[3]);
  if (month === null) return day === null ? { year, month: null, day: null } : null;
  if (month > 12) return null;
  if (day === null) return { year, month, day: null };
  return isFullDate(year, month, day) ? { year, month, day } : null;
}

function unknownPart(part: string): boolean {
  return part === '--' || part === '00';
}

function isFullDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
