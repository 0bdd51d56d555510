/**
 * Marker density per chromosome: a map's positions counted in equal bins along each chromosome, for the map's
 * histogram. Pure, so the binning and the small-chromosome rule are tested without a browser.
 */

/** Marker positions per chromosome, in the order the map lists its chromosomes. */
export type ChromosomePositions = Map<string, number[]>;

/**
 * A chromosome holding less than this share of the map's markers is left out of the histogram: its few bars
 * would say nothing, and unplaced scaffolds or a handful of markers on an extra linkage group would take as
 * much room as a whole chromosome. The pane names what it left out.
 */
export const SMALL_SHARE = 0.01;

/** At most this many bins per chromosome, so that every bar stays a few pixels wide in a narrow tile. */
export const MAX_BINS = 20;

/**
 * The positions in a Flapjack map file (`# fjFile = MAP`, then `marker⇥chromosome⇥position` per line, the
 * map export's format): grouped by chromosome in the order they come. Comments, blank lines and lines
 * without a numeric position are skipped.
 */
export function readFlapjackMap(text: string): ChromosomePositions {
  const positions: ChromosomePositions = new Map();
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '' || line.startsWith('#')) continue;
    const first = line.indexOf('\t');
    const second = first === -1 ? -1 : line.indexOf('\t', first + 1);
    if (second === -1) continue;
    const chromosome = line.slice(first + 1, second);
    const end = line.indexOf('\t', second + 1);
    const text = line.slice(second + 1, end === -1 ? undefined : end).trim();
    const position = text === '' ? Number.NaN : Number(text);
    if (!Number.isFinite(position)) continue;
    const list = positions.get(chromosome);
    if (list) list.push(position);
    else positions.set(chromosome, [position]);
  }
  return positions;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Chromosomes in reading order: numbers by their value (1, 2, …, 10 rather than 1, 10, 2), then names
 * ('1H' before '2H'); equal-reading names by their exact text.
 */
export function byChromosome(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Whether a chromosome with `markers` of the map's `total` markers is too small to draw. */
export function isSmallChromosome(markers: number, total: number): boolean {
  return markers < total * SMALL_SHARE;
}

/**
 * Bins per chromosome: the square root of the smallest drawn chromosome's markers (the usual rule for a
 * histogram's bins), at least 1 and at most MAX_BINS. Every chromosome gets as many, so bars line up.
 */
export function binCount(smallestMarkers: number): number {
  return Math.min(MAX_BINS, Math.max(1, Math.ceil(Math.sqrt(Math.max(0, smallestMarkers)))));
}

/** One bar: the markers of one chromosome from one position to the next (1-based bin numbers). */
export type DensityBin = {
  chromosome: string;
  bin: number;
  from: number;
  to: number;
  markers: number;
};

export interface ChromosomeCount {
  chromosome: string;
  markers: number;
}

export interface MarkerDensity {
  /** Every bar, chromosome by chromosome in the map's order, bins along each. */
  bins: DensityBin[];
  binsPerChromosome: number;
  /** The chromosomes drawn and their markers. */
  shown: ChromosomeCount[];
  /** The chromosomes left out as too small, and their markers. */
  leftOut: ChromosomeCount[];
  /** Markers on the whole map. */
  total: number;
}

/** Counts `positions` into `count` equal bins from their lowest to their highest; the last bin holds its end. */
export function binPositions(positions: readonly number[], count: number): { from: number; to: number; markers: number }[] {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const position of positions) {
    if (position < low) low = position;
    if (position > high) high = position;
  }
  if (positions.length === 0) return [];
  const width = (high - low) / count;
  const counts = new Array<number>(count).fill(0);
  for (const position of positions) {
    // All markers at one position: one bin holds them.
    const index = width === 0 ? 0 : Math.min(count - 1, Math.floor((position - low) / width));
    counts[index] += 1;
  }
  return counts.map((markers, i) => ({ from: low + i * width, to: i === count - 1 ? high : low + (i + 1) * width, markers }));
}

/** The histogram of a map: chromosomes in reading order, small ones left out, the others binned alike. */
export function markerDensity(positions: ChromosomePositions): MarkerDensity {
  const counts = [...positions].map(([chromosome, list]) => ({ chromosome, markers: list.length })).sort((a, b) => byChromosome(a.chromosome, b.chromosome));
  const total = counts.reduce((sum, c) => sum + c.markers, 0);
  const shown = counts.filter((c) => !isSmallChromosome(c.markers, total));
  const leftOut = counts.filter((c) => isSmallChromosome(c.markers, total));
  const binsPerChromosome = binCount(Math.min(...shown.map((c) => c.markers), MAX_BINS * MAX_BINS));
  const bins = shown.flatMap(({ chromosome }) =>
    binPositions(positions.get(chromosome) ?? [], binsPerChromosome).map((bin, i) => ({ chromosome, bin: i + 1, ...bin })),
  );
  return { bins, binsPerChromosome, shown, leftOut, total };
}
