import { summarise } from '../../export/phenotype-file.js';
import type { FieldValue } from './order.js';

/**
 * A trait's values as the grid sorts and groups by them: one summary per germplasm (numeric traits their
 * mean, other types their most frequent value, as the phenotype file has them), and the groups they fall
 * into (numeric: five equal-width bands over the values' range; other types: each value its own group).
 * Pure, so the pane and its tests share it.
 */

/** Equal-width bands numeric values are grouped in. */
export const BANDS = 5;

/** One summary per germplasm with any value: numbers for a numeric trait, texts otherwise. */
export function traitSummaries(datatype: string, values: ReadonlyMap<number, readonly string[]>): Map<number, FieldValue> {
  const numeric = datatype === 'numeric';
  const out = new Map<number, FieldValue>();
  for (const [germplasmId, recorded] of values) {
    const summary = summarise(datatype, recorded);
    if (summary === null) continue;
    out.set(germplasmId, numeric ? Number(summary) : summary);
  }
  return out;
}

/** A numeric band: its index in ascending order and its range (`to` is included only in the last band). */
export interface Band {
  index: number;
  from: number;
  to: number;
}

/**
 * The bands of numeric summaries: BANDS of equal width from the smallest to the largest value (one band when
 * all values are equal, none without values).
 */
export function bandsOf(values: Iterable<FieldValue>): Band[] {
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    if (typeof value !== 'number') continue;
    min = Math.min(min, value);
    max = Math.max(max, value);
  }
  if (min > max) return [];
  if (min === max) return [{ index: 0, from: min, to: max }];
  const width = (max - min) / BANDS;
  return Array.from({ length: BANDS }, (_, index) => ({ index, from: min + index * width, to: index === BANDS - 1 ? max : min + (index + 1) * width }));
}

/** The band index of a value (the last band takes its upper edge), or null for no number. */
export function bandOf(bands: readonly Band[], value: FieldValue): number | null {
  if (typeof value !== 'number' || bands.length === 0) return null;
  const { from } = bands[0];
  const to = bands[bands.length - 1].to;
  if (to === from) return 0;
  const index = Math.floor(((value - from) / (to - from)) * bands.length);
  return Math.max(0, Math.min(bands.length - 1, index));
}

/** A band edge as people read it: at most four significant digits, no float noise. */
export const edge = (value: number): string => String(Number(value.toPrecision(4)));

/** What rows are sorted by and grouped by for a trait, and how a group's label reads. */
export interface TraitOrder {
  /** The germplasm's summary (null without a value). */
  value(germplasmId: number): FieldValue;
  /** The group key: a band index for numeric traits, the summary otherwise. */
  group(germplasmId: number): FieldValue;
  /** A group's label from its key (null: no value). */
  groupText(key: FieldValue): string | null;
}

export function traitOrder(datatype: string, summaries: ReadonlyMap<number, FieldValue>, rangeText: (from: string, to: string) => string): TraitOrder {
  const value = (id: number) => summaries.get(id) ?? null;
  if (datatype !== 'numeric') return { value, group: value, groupText: (key) => (key === null ? null : String(key)) };
  const bands = bandsOf(summaries.values());
  return {
    value,
    group: (id) => bandOf(bands, value(id)),
    groupText: (key) => {
      const band = typeof key === 'number' ? bands[key] : undefined;
      return band ? rangeText(edge(band.from), edge(band.to)) : null;
    },
  };
}
