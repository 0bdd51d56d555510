/** Numbers and coordinates of MCPD cells (docs/mcpd.md), parsed strictly: null means invalid. */

const INTEGER = /^[+-]?\d+$/;
// A whole number written with a zero fraction ("350.0"), as spreadsheet and database exports do.
const WHOLE = /^[+-]?\d+(\.0*)?$/;
const INT32_MAX = 2_147_483_647;

/** A finite decimal number (`+`, exponent allowed; no `NaN`/`Infinity`, no decimal comma): the templates' rule. */
export { parseDecimal } from '../../../server/import/values.js';

/** An integer that fits the database's 32-bit integer columns; only digits with an optional sign. */
export function parseInteger(text: string): number | null {
  if (!INTEGER.test(text)) return null;
  return int32(Number(text));
}

/** Like parseInteger, but also accepts a zero fraction (`350.0`): used for measurements, not codes. */
export function parseWholeNumber(text: string): number | null {
  if (!WHOLE.test(text)) return null;
  return int32(Number(text));
}

function int32(value: number): number | null {
  return Number.isInteger(value) && Math.abs(value) <= INT32_MAX ? value : null;
}

export type Axis = 'latitude' | 'longitude';

const DMS: Record<Axis, RegExp> = {
  latitude: /^(\d{2})(\d{2}|--)(\d{2}|--)([NS])$/,
  longitude: /^(\d{3})(\d{2}|--)(\d{2}|--)([EW])$/,
};
const LIMIT: Record<Axis, number> = { latitude: 90, longitude: 180 };

/**
 * Converts MCPD degrees-minutes-seconds (`DDMMSSH` latitude, `DDDMMSSH` longitude) to decimal degrees,
 * rounded to 10 decimals like Germinate. Stricter than Germinate: the column decides the axis (not the
 * text length), the hemisphere letter must be N/S or E/W, minutes and seconds are 00–60 or `--`
 * (unknown), known seconds need known minutes, and the result must lie within ±90 / ±180. A 60 (a
 * rounding slip, as in Germinate's own example template) rolls over to the next unit: the check reports
 * it as a warning (see `dmsRollsOver`).
 */
export function parseDms(text: string, axis: Axis): number | null {
  const match = DMS[axis].exec(text);
  if (!match) return null;
  const degrees = Number(match[1]);
  const minutes = match[2] === '--' ? null : Number(match[2]);
  const seconds = match[3] === '--' ? null : Number(match[3]);
  if (minutes === null && seconds !== null) return null;
  if ((minutes ?? 0) > 60 || (seconds ?? 0) > 60) return null;
  const value = degrees + (minutes ?? 0) / 60 + (seconds ?? 0) / 3600;
  if (value > LIMIT[axis]) return null;
  const rounded = Math.round(value * 1e10) / 1e10;
  // `rounded > 0` keeps 0000000W from becoming −0.
  return (match[4] === 'S' || match[4] === 'W') && rounded > 0 ? -rounded : rounded;
}

/** Whether a valid DMS text has 60 minutes or seconds (read as the next degree or minute). */
export function dmsRollsOver(text: string, axis: Axis): boolean {
  const match = DMS[axis].exec(text);
  return match !== null && (match[2] === '60' || match[3] === '60');
}

/** Whether a decimal coordinate lies in its axis' range (−90…90, −180…180). */
export function inRange(value: number, axis: Axis): boolean {
  return Math.abs(value) <= LIMIT[axis];
}
