/**
 * Binning allele frequencies (numbers from 0 to 1) into allele states, as the allele-frequency export does.
 *
 * Every method comes down to a list of ascending interior edges; a value's bin is the number of edges at or
 * below it, so bin boundaries belong to the bin above them and 1 falls into the last bin. States are written
 * 1-based (`1` … `n`): a `0` would read as a missing call in some genotype formats.
 *
 * - equal: `binsLeft` bins of equal width, edges k / binsLeft.
 * - split: `binsLeft` equal bins below `splitPoint`, `binsRight` equal bins from it to 1.
 * - auto: `binsLeft` bins holding about equal numbers of the subset's values, their edges taken from a
 *   histogram of AUTO_BUCKETS buckets (a frequency's fourth decimal place), so the export reads the values
 *   twice and never holds them.
 */

export type BinningMethod = 'equal' | 'split' | 'auto';

export interface BinningConfig {
  binningMethod: BinningMethod;
  binsLeft: number;
  binsRight?: number | null;
  splitPoint?: number | null;
}

/** The limits Germinate's export page keeps its settings within; the server refuses anything outside them. */
export const BINNING_LIMITS = {
  equal: { min: 2, max: 20 },
  auto: { min: 2, max: 20 },
  split: { min: 1, max: 10 },
  splitPoint: { min: 0.01, max: 0.99 },
} as const;

/** Buckets of the histogram the export page shows (`dataset/export/allelefreq/histogram`). */
export const HISTOGRAM_BUCKETS = 200;
/** Buckets behind the auto method's edges. */
export const AUTO_BUCKETS = 10_000;

/** A config within the limits (split with its right bins and split point), or why it is not. */
export function checkBinning(config: BinningConfig): string | null {
  const whole = (value: number | null | undefined, limits: { min: number; max: number }, name: string) =>
    value === null || value === undefined || !Number.isInteger(value) || value < limits.min || value > limits.max
      ? `${name} must be a whole number from ${limits.min} to ${limits.max} for the ${config.binningMethod} method.`
      : null;
  if (config.binningMethod !== 'split') return whole(config.binsLeft, BINNING_LIMITS[config.binningMethod], 'binsLeft');
  const point = config.splitPoint;
  const { min, max } = BINNING_LIMITS.splitPoint;
  return (
    whole(config.binsLeft, BINNING_LIMITS.split, 'binsLeft') ??
    whole(config.binsRight, BINNING_LIMITS.split, 'binsRight') ??
    (typeof point !== 'number' || !Number.isFinite(point) || point < min || point > max ? `splitPoint must be a number from ${min} to ${max}.` : null)
  );
}

/** k / n for k = 1 … n − 1. */
export function equalEdges(bins: number): number[] {
  const edges: number[] = [];
  for (let k = 1; k < bins; k += 1) edges.push(k / bins);
  return edges;
}

/** Equal bins on each side of the split point, the point itself an edge. */
export function splitEdges(left: number, right: number, point: number): number[] {
  const edges: number[] = [];
  for (let k = 1; k < left; k += 1) edges.push((k * point) / left);
  edges.push(point);
  for (let k = 1; k < right; k += 1) edges.push(point + (k * (1 - point)) / right);
  return edges;
}

/** The bin (0-based) of a value: how many edges are at or below it (binary search). */
export function binOf(value: number, edges: readonly number[]): number {
  let low = 0;
  let high = edges.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (edges[middle] <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Counts of values in equal buckets over 0..1; bucket i holds [i / n, (i + 1) / n), the last also 1. */
export class Histogram {
  readonly counts: Float64Array;
  total = 0;

  constructor(readonly buckets: number) {
    this.counts = new Float64Array(buckets);
  }

  /** The bucket of a value, exact at the edges i / n (the product v × n may round across one). */
  bucketOf(value: number): number {
    const n = this.buckets;
    let i = Math.min(n - 1, Math.max(0, Math.floor(value * n)));
    while (i > 0 && value < i / n) i -= 1;
    while (i < n - 1 && value >= (i + 1) / n) i += 1;
    return i;
  }

  add(value: number): void {
    this.counts[this.bucketOf(value)] += 1;
    this.total += 1;
  }

  /**
   * `position⇥count` per bucket, position its lower edge; the header alone when it holds no value (as
   * Germinate answers an empty subset).
   */
  text(): string {
    let text = 'position\tcount\n';
    if (this.total === 0) return text;
    for (let i = 0; i < this.buckets; i += 1) text += `${i / this.buckets}\t${this.counts[i]}\n`;
    return text;
  }
}

/**
 * The auto method's edges: for k = 1 … bins − 1 the upper edge of the first bucket by which at least
 * k / bins of the values are counted. Equal edges (one bucket holding many values) are kept once, and no
 * edge is 1, so such data gives fewer bins, never empty ones.
 */
export function autoEdges(histogram: Histogram, bins: number): number[] {
  const edges: number[] = [];
  if (histogram.total === 0) return edges;
  const n = histogram.buckets;
  let bucket = 0;
  let counted = histogram.counts[0];
  for (let k = 1; k < bins; k += 1) {
    const target = (k * histogram.total) / bins;
    while (counted < target && bucket < n - 1) {
      bucket += 1;
      counted += histogram.counts[bucket];
    }
    const edge = (bucket + 1) / n;
    if (bucket + 1 < n && (edges.length === 0 || edge > edges[edges.length - 1])) edges.push(edge);
  }
  return edges;
}

/** The edges of a config that needs no look at the data (equal and split). */
export function fixedEdges(config: BinningConfig): number[] {
  return config.binningMethod === 'split' ? splitEdges(config.binsLeft, config.binsRight ?? 1, config.splitPoint ?? 0.5) : equalEdges(config.binsLeft);
}

/**
 * The `.hist` file of an auto export: per bin its state, its bounds and how many of the subset's values it
 * holds (sums of the histogram's buckets: the edges lie on bucket edges).
 */
export function binsText(histogram: Histogram, edges: readonly number[]): string {
  const counts = new Array<number>(edges.length + 1).fill(0);
  for (let i = 0; i < histogram.buckets; i += 1) counts[binOf(i / histogram.buckets, edges)] += histogram.counts[i];
  let text = 'bin\tfrom\tto\tcount\n';
  counts.forEach((count, b) => {
    text += `${b + 1}\t${b === 0 ? 0 : edges[b - 1]}\t${b === edges.length ? 1 : edges[b]}\t${count}\n`;
  });
  return text;
}
