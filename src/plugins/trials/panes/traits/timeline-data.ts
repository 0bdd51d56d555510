import type { ChartSpec } from '../../../../shell/chart/chart-spec.js';
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

/** The day the slider is on: the chosen one when it has values, else the first; its place among the days. */
export function chosenDay(days: readonly string[], chosen: unknown): { index: number; day: string } {
  const index = Math.max(0, typeof chosen === 'string' ? days.indexOf(chosen) : -1);
  return { index, day: days[index] ?? '' };
}

/** The trend of one day: the median of the germplasm's means that day, and how many germplasm have one. */
export type DayMedian = { day: string; date: string; median: number; germplasm: number };

/**
 * The median per day of the germplasm's means (not of every plot's value), so that each germplasm
 * weighs the same whatever its number of plots, and one odd germplasm does not pull the trend the way
 * a mean would. Days in ascending order, as `line.days`.
 */
export function dayMedians(line: Timeline): DayMedian[] {
  const byDay = new Map<string, { date: string; means: number[] }>();
  for (const cell of line.cells) {
    const entry = byDay.get(cell.day) ?? { date: cell.date, means: [] };
    entry.means.push(cell.mean);
    byDay.set(cell.day, entry);
  }
  return line.days.flatMap((day) => {
    const entry = byDay.get(day);
    if (!entry) return [];
    const sorted = entry.means.sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    const median = sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    return [{ day, date: entry.date, median: rounded(median), germplasm: sorted.length }];
  });
}

/** The medians as a last row of the timeline's table (`d0`, `d1`, … as `timelineTable`), headed by `label`. */
export function medianRow(line: Timeline, medians: readonly DayMedian[], label: string): Record<string, string | number | null> {
  const at = new Map(medians.map((m) => [m.day, m.median]));
  const row: Record<string, string | number | null> = { germplasm: label };
  line.days.forEach((day, index) => {
    row[`d${index}`] = at.get(day) ?? null;
  });
  return row;
}

/** The layers of a layered chart spec. */
type Layers = NonNullable<Extract<ChartSpec, { layer: unknown }>['layer']>;

/** At most this many germplasm get their own legend entry and a full-strength line; more are drawn thin. */
export const FEW_GERMPLASM = 10;

export interface TimelineSpecOptions {
  line: Timeline;
  medians: readonly DayMedian[];
  /** The day the slider is on (yyyy-MM-dd), marked by a rule; none when empty. */
  day: string;
  titles: { date: string; value: string; germplasm: string; median: string; values: string };
  /** The page's text and background colours: the median and the rule must stand out on any chart colour. */
  ink: { text: string; background: string };
}

/**
 * A day as a vega-lite DateTime at midnight UTC, where a temporal scale places `yyyy-MM-dd`. Not as
 * milliseconds: those become `datetime(ms)`, which the expression interpreter the page's CSP needs draws
 * as no tick at all.
 */
const utcDay = (day: string) => ({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), date: Number(day.slice(8, 10)), utc: true });

/** The x encoding: the recording days on a time scale, ticks at the days themselves (a scale's own could fall at noon). */
function timeAxis(days: readonly string[], title: string) {
  return {
    field: 'day',
    type: 'temporal' as const,
    title,
    scale: { type: 'utc' as const },
    axis: { values: days.map(utcDay), format: '%d/%m/%Y', labelOverlap: 'greedy' as const, labelAngle: 0, grid: false },
  };
}

/**
 * The slider's day on the chart: a dashed rule across it, and the date written at its top, on the side
 * with more room (the right in the first half of the dates, else the left) so that it is never cut off.
 */
function dayMarks(day: string, line: Timeline, colour: string, x: ReturnType<typeof timeAxis>): Layers {
  const date = line.cells.find((cell) => cell.day === day)?.date ?? day;
  const early = line.days.indexOf(day) < line.days.length / 2;
  return [
    { data: { values: [{ day }] }, mark: { type: 'rule', color: colour, strokeWidth: 1.5, strokeDash: [5, 4] }, encoding: { x } },
    {
      data: { values: [{ day, date }] },
      mark: { type: 'text', color: colour, fontWeight: 'bold', align: early ? 'left' : 'right', baseline: 'top', dx: early ? 5 : -5, dy: 2 },
      encoding: { x, y: { value: 0 }, text: { field: 'date', type: 'nominal' } },
    },
  ];
}

/**
 * A line per germplasm through its means by recording date (a time scale: the gaps between dates show),
 * the per-day median drawn bold on top in the text colour over a halo of the background (so it reads
 * over any line), and a dashed rule at the slider's day. With many germplasm the lines are thin and
 * translucent and the legend is left out (the tooltips and the table name them). The layers carry their
 * own data, so the widget's rows can be the table a reader reads.
 */
export function timelineSpec(options: TimelineSpecOptions): ChartSpec {
  const { line, medians, titles, ink } = options;
  const few = line.germplasm.length <= FEW_GERMPLASM;
  const x = timeAxis(line.days, titles.date);
  const y = { field: 'mean', type: 'quantitative' as const, title: titles.value, scale: { zero: false } };
  const colour = {
    field: 'germplasm',
    type: 'nominal' as const,
    title: titles.germplasm,
    sort: [...line.germplasm],
    legend: few ? { orient: 'right' as const, labelLimit: 200 } : null,
  };
  const cells = line.cells.map((cell) => ({ ...cell }));
  const cellTooltip = [
    { field: 'germplasm', type: 'nominal' as const, title: titles.germplasm },
    { field: 'date', type: 'nominal' as const, title: titles.date },
    { field: 'mean', type: 'quantitative' as const, title: titles.value, format: ',' },
    { field: 'values', type: 'quantitative' as const, title: titles.values, format: ',' },
  ];
  const trend = medians.map((m) => ({ ...m, mean: m.median }));
  const trendTooltip = [
    { field: 'date', type: 'nominal' as const, title: titles.date },
    { field: 'median', type: 'quantitative' as const, title: titles.median, format: ',' },
    { field: 'germplasm', type: 'quantitative' as const, title: titles.germplasm, format: ',' },
  ];
  const layers: Layers = [
    {
      data: { values: cells },
      mark: { type: 'line', strokeWidth: few ? 1.75 : 1.25, opacity: few ? 0.85 : 0.55 },
      encoding: { x, y, color: colour, detail: { field: 'germplasm', type: 'nominal' } },
    },
    // The slider's day, under the median so that the trend is never broken by the dashes.
    ...(options.day ? dayMarks(options.day, line, ink.text, x) : []),
    { data: { values: trend }, mark: { type: 'line', color: ink.background, strokeWidth: 7, strokeCap: 'round' }, encoding: { x, y } },
    {
      data: { values: trend },
      mark: { type: 'line', color: ink.text, strokeWidth: 3.5, strokeCap: 'round', point: { filled: true, fill: ink.text, stroke: ink.background, strokeWidth: 1, size: 40 } },
      encoding: { x, y, tooltip: trendTooltip },
    },
    // Each germplasm's means last, over the median: a germplasm alone on a day has the median's value,
    // and its point must not hide under the median's. Edged in the text colour, as the bars are, so that
    // a dark chart colour stays visible on the dark theme's background.
    {
      data: { values: cells },
      mark: { type: 'point', filled: true, size: few ? 56 : 24, opacity: few ? 0.95 : 0.7, stroke: ink.text, strokeWidth: 0.75, strokeOpacity: 0.5 },
      encoding: { x, y, color: colour, tooltip: cellTooltip },
    },
  ];
  return { layer: layers };
}
