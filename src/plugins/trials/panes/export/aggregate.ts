import type { ChartRow } from '../../../../shell/chart/chart-spec.js';
import type { ColourBy } from './state.js';
import type { TrialsDataRow } from '../../api-types.js';
import { traitField, type AxisKind } from './traits.js';

/**
 * Data points (one per recorded value) turned into what the charts draw: per germplasm means joined across
 * traits (the scatter matrix), per germplasm means per dataset or treatment (the comparison) and per day
 * (the timeline). Dates are averaged as instants and shown as days. Pure, so the rules are unit-tested.
 */

const DAY_MS = 86_400_000;

/** A recorded value on an axis: a number, or a day (`yyyy-MM-dd…`) as milliseconds; null when it is neither. */
export function axisValue(text: string | null | undefined, kind: AxisKind): number | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  if (kind === 'date') {
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
    if (!match) return null;
    const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
    return Number.isFinite(ms) ? ms : null;
  }
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** A mean as a chart shows it: six significant digits, or the day (yyyy-MM-dd) of a mean instant. */
export function shownValue(value: number, kind: AxisKind): number | string {
  if (kind === 'date') return new Date(Math.round(value / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
  return Number(value.toPrecision(6));
}

/** The name a germplasm is shown under: its display name when it has one. */
export const germplasmOf = (row: Pick<TrialsDataRow, 'germplasmName' | 'germplasmDisplayName'>) => row.germplasmDisplayName || row.germplasmName;

/** The value a row is coloured by; `missing` when the row has none; null when nothing is coloured. */
export function colourOf(row: TrialsDataRow, by: ColourBy, missing: string): string | null {
  const text = (value: string | null | undefined) => (value === null || value === undefined || value === '' ? missing : value);
  switch (by) {
    case 'none':
      return null;
    case 'dataset':
      return row.datasetName || String(row.datasetId);
    case 'treatment':
      return text(row.treatment);
    case 'group':
      return text((row.groups ?? []).map((g) => g.name).sort((a, b) => a.localeCompare(b)).join(', '));
    case 'location':
      return text(row.locationName);
    case 'rep':
      return text(row.rep);
    case 'year':
      return text(row.recordingDate?.slice(0, 4));
    case 'entityType':
      return text(row.entityType);
    case 'entityParentName':
      return text(row.entityParentName);
  }
}

/** Whether colouring by a column needs the full data rows (the minimal ones lack the plot and germplasm details). */
export const needsFullRows = (by: ColourBy) => by === 'location' || by === 'rep' || by === 'entityType' || by === 'entityParentName';

export interface AxisTrait {
  traitId: number;
  kind: AxisKind;
}

class Mean {
  sum = 0;
  count = 0;
  add(value: number) {
    this.sum += value;
    this.count += 1;
  }
  get value() {
    return this.sum / this.count;
  }
}

export interface GermplasmPoint {
  germplasmId: number;
  germplasm: string;
  colour: string | null;
  /** Mean per trait id, for the traits the germplasm has values of. */
  means: Map<number, number>;
}

/**
 * One point per germplasm (and colour: a germplasm in two datasets coloured by dataset is two points)
 * with the mean of each trait, for the given traits only. Sorted by germplasm, then colour.
 */
export function germplasmMeans(rows: readonly TrialsDataRow[], traits: readonly AxisTrait[], by: ColourBy, missing: string): GermplasmPoint[] {
  const kinds = new Map(traits.map((t) => [t.traitId, t.kind]));
  const points = new Map<string, { point: GermplasmPoint; sums: Map<number, Mean> }>();
  for (const row of rows) {
    const kind = kinds.get(row.traitId);
    if (!kind) continue;
    const value = axisValue(row.traitValue, kind);
    if (value === null) continue;
    const colour = colourOf(row, by, missing);
    const key = `${row.germplasmId}\u0000${colour ?? ''}`;
    let entry = points.get(key);
    if (!entry) {
      entry = { point: { germplasmId: row.germplasmId, germplasm: germplasmOf(row), colour, means: new Map() }, sums: new Map() };
      points.set(key, entry);
    }
    let mean = entry.sums.get(row.traitId);
    if (!mean) entry.sums.set(row.traitId, (mean = new Mean()));
    mean.add(value);
  }
  const result = [...points.values()].map(({ point, sums }) => {
    for (const [traitId, mean] of sums) point.means.set(traitId, mean.value);
    return point;
  });
  return result.sort((a, b) => a.germplasm.localeCompare(b.germplasm) || a.germplasmId - b.germplasmId || (a.colour ?? '').localeCompare(b.colour ?? ''));
}

/** The matrix's rows: germplasm, colour and one column per trait (traitField), empty where it has no value. */
export function matrixRows(points: readonly GermplasmPoint[], traits: readonly AxisTrait[]): ChartRow[] {
  return points.map((point) => {
    const row: Record<string, string | number | null> = { germplasm: point.germplasm, colour: point.colour };
    for (const trait of traits) {
      const mean = point.means.get(trait.traitId);
      row[traitField(trait.traitId)] = mean === undefined ? null : shownValue(mean, trait.kind);
    }
    return row;
  });
}

/** Mean of one trait per germplasm and category (a dataset or a treatment), for the comparison chart. */
export function comparisonRows(rows: readonly TrialsDataRow[], trait: AxisTrait, by: 'dataset' | 'treatment', missing: string): ChartRow[] {
  const means = new Map<string, { germplasm: string; category: string; mean: Mean }>();
  for (const row of rows) {
    if (row.traitId !== trait.traitId) continue;
    const value = axisValue(row.traitValue, trait.kind);
    if (value === null) continue;
    const category = by === 'dataset' ? row.datasetName || String(row.datasetId) : row.treatment || missing;
    const germplasm = germplasmOf(row);
    const key = `${row.germplasmId}\u0000${category}`;
    let entry = means.get(key);
    if (!entry) means.set(key, (entry = { germplasm, category, mean: new Mean() }));
    entry.mean.add(value);
  }
  return [...means.values()]
    .sort((a, b) => a.germplasm.localeCompare(b.germplasm) || a.category.localeCompare(b.category))
    .map((e) => ({ germplasm: e.germplasm, category: e.category, value: shownValue(e.mean.value, trait.kind), count: e.mean.count }));
}

/** Mean of one trait per germplasm, day of recording and colour, in time order per germplasm, for the timeline. */
export function timelineRows(rows: readonly TrialsDataRow[], trait: AxisTrait, by: ColourBy, missing: string): ChartRow[] {
  const means = new Map<string, { germplasm: string; day: string; colour: string | null; mean: Mean }>();
  for (const row of rows) {
    if (row.traitId !== trait.traitId || !row.recordingDate) continue;
    const value = axisValue(row.traitValue, trait.kind);
    if (value === null) continue;
    const day = row.recordingDate.slice(0, 10);
    const colour = colourOf(row, by, missing);
    const germplasm = germplasmOf(row);
    const key = `${row.germplasmId}\u0000${day}\u0000${colour ?? ''}`;
    let entry = means.get(key);
    if (!entry) means.set(key, (entry = { germplasm, day, colour, mean: new Mean() }));
    entry.mean.add(value);
  }
  return [...means.values()]
    .sort((a, b) => a.germplasm.localeCompare(b.germplasm) || (a.colour ?? '').localeCompare(b.colour ?? '') || a.day.localeCompare(b.day))
    .map((e) => ({ germplasm: e.germplasm, date: e.day, value: shownValue(e.mean.value, trait.kind), colour: e.colour }));
}

export interface Plot {
  latitude: number;
  longitude: number;
  label: string;
  location: string | null;
}

/**
 * The plots with a position, each once (data points share their plot), labelled with germplasm, rep, row
 * and column by the caller's `label`.
 */
export function plotsOf(rows: readonly TrialsDataRow[], label: (row: TrialsDataRow) => string): Plot[] {
  const plots = new Map<number | string, Plot>();
  for (const row of rows) {
    if (typeof row.latitude !== 'number' || typeof row.longitude !== 'number') continue;
    const key = row.trialsetupId ?? `${row.germplasmId}:${row.latitude}:${row.longitude}`;
    if (!plots.has(key)) plots.set(key, { latitude: row.latitude, longitude: row.longitude, label: label(row), location: row.locationName ?? null });
  }
  return [...plots.values()];
}

/** How many of the plots lie at each location (by name; `missing` for plots of no named location), most first. */
export function plotsPerLocation(plots: readonly Plot[], missing: string): { location: string; plots: number }[] {
  const counts = new Map<string, number>();
  for (const plot of plots) {
    const name = plot.location || missing;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([location, n]) => ({ location, plots: n })).sort((a, b) => b.plots - a.plots || a.location.localeCompare(b.location));
}
