import type { TrialsDataRow } from '../../api-types.js';
import { rounded } from './box-data.js';

/** The part of a trials data row (minimal) the timeline reads. */
export type TimedValue = Pick<TrialsDataRow, 'germplasmId' | 'germplasmName' | 'germplasmDisplayName' | 'recordingDate' | 'traitValue'>;

/** A cell of the timeline: one germplasm's mean on one day. */
export type TimelineCell = { germplasm: string; day: string; date: string; mean: number; values: number };

export interface Timeline {
  /** The germplasm in the order first met (the data arrive by germplasm), by display name. */
  germplasm: string[];
  /** The days with values, ascending (yyyy-MM-dd). */
  days: string[];
  cells: TimelineCell[];
}

/** A value as a number, or null when it is none (text in a numeric trait is left out, as the box plots do). */
export function numericValue(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** The day of a recording date (the server sends midnight UTC of the day recorded). */
export function dayOf(date: string | null | undefined): string | null {
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10) : null;
}

/**
 * The mean of each germplasm's numeric values per recording day (several plots and replicates of a
 * germplasm are recorded on one day). Values without a date or a number are left out. `formatDay` writes
 * the day as the reader's locale does, for the axis and tooltips.
 */
export function timeline(rows: readonly TimedValue[], formatDay: (day: string) => string): Timeline {
  const names = new Map<number, string>();
  const sums = new Map<string, { germplasm: number; day: string; sum: number; n: number }>();
  for (const row of rows) {
    const day = dayOf(row.recordingDate);
    const value = numericValue(row.traitValue);
    if (day === null || value === null) continue;
    if (!names.has(row.germplasmId)) names.set(row.germplasmId, row.germplasmDisplayName || row.germplasmName || String(row.germplasmId));
    const key = `${row.germplasmId}|${day}`;
    const sum = sums.get(key) ?? { germplasm: row.germplasmId, day, sum: 0, n: 0 };
    sum.sum += value;
    sum.n += 1;
    sums.set(key, sum);
  }
  const label = uniqueNames(names);
  const days = [...new Set([...sums.values()].map((s) => s.day))].sort();
  const cells = [...sums.values()].map((s) => ({
    germplasm: label.get(s.germplasm) ?? String(s.germplasm),
    day: s.day,
    date: formatDay(s.day),
    mean: rounded(s.sum / s.n),
    values: s.n,
  }));
  return { germplasm: [...names.keys()].map((id) => label.get(id) ?? String(id)), days, cells };
}

/** Germplasm names made distinct (two germplasm may share a display name): later ones get their id. */
function uniqueNames(names: ReadonlyMap<number, string>): Map<number, string> {
  const seen = new Set<string>();
  const out = new Map<number, string>();
  for (const [id, name] of names) {
    const unique = seen.has(name) ? `${name} (${id})` : name;
    seen.add(unique);
    out.set(id, unique);
  }
  return out;
}

/** The timeline as a table: a row per germplasm, a column per day (`d0`, `d1`, … in the order of `days`). */
export function timelineTable(line: Timeline): Record<string, string | number | null>[] {
  const at = new Map(line.cells.map((c) => [`${c.germplasm}|${c.day}`, c.mean]));
  return line.germplasm.map((germplasm) => {
    const row: Record<string, string | number | null> = { germplasm };
    line.days.forEach((day, index) => {
      row[`d${index}`] = at.get(`${germplasm}|${day}`) ?? null;
    });
    return row;
  });
}

/** The means of one day, a bar per germplasm that has one. */
export function dayMeans(line: Timeline, day: string): { germplasm: string; mean: number }[] {
  const order = new Map(line.germplasm.map((name, index) => [name, index]));
  return line.cells
    .filter((c) => c.day === day)
    .sort((a, b) => (order.get(a.germplasm) ?? 0) - (order.get(b.germplasm) ?? 0))
    .map((c) => ({ germplasm: c.germplasm, mean: c.mean }));
}
