import { autoEdges, BINNING_LIMITS, equalEdges, Histogram, splitEdges, type BinningConfig, type BinningMethod } from '../../allelefreq/binning.js';

/**
 * The binning as the page chooses it (step 2): the method and each method's numbers, kept apart so that
 * switching methods keeps what was typed for the others. The limits are the server's (allelefreq/binning.ts,
 * Germinate's): equal and auto 2–20 bins (default 10), split 1–10 bins on each side (default 5 and 5) of a
 * split point from 0.01 to 0.99 (default 0.5). The edges drawn over the histogram come from the same
 * definitions the export bins by.
 */

export const BINNING_METHODS = ['equal', 'split', 'auto'] as const satisfies readonly BinningMethod[];

export interface BinningChoice {
  method: BinningMethod;
  equalBins: number;
  autoBins: number;
  splitLeft: number;
  splitRight: number;
  splitPoint: number;
}

export type BinningField = Exclude<keyof BinningChoice, 'method'>;

export const BINNING_DEFAULTS: BinningChoice = { method: 'equal', equalBins: 10, autoBins: 10, splitLeft: 5, splitRight: 5, splitPoint: 0.5 };

export interface FieldLimits {
  min: number;
  max: number;
  /** Bins are whole numbers; the split point is any number within its limits. */
  whole: boolean;
}

export const FIELD_LIMITS: Readonly<Record<BinningField, FieldLimits>> = {
  equalBins: { ...BINNING_LIMITS.equal, whole: true },
  autoBins: { ...BINNING_LIMITS.auto, whole: true },
  splitLeft: { ...BINNING_LIMITS.split, whole: true },
  splitRight: { ...BINNING_LIMITS.split, whole: true },
  splitPoint: { ...BINNING_LIMITS.splitPoint, whole: false },
};

/** The fields each method asks for, in the form's order. */
export const METHOD_FIELDS: Readonly<Record<BinningMethod, readonly BinningField[]>> = {
  equal: ['equalBins'],
  split: ['splitLeft', 'splitPoint', 'splitRight'],
  auto: ['autoBins'],
};

const clampNumber = (value: number, limits: FieldLimits) => Math.min(limits.max, Math.max(limits.min, limits.whole ? Math.round(value) : value));

/** A stored value within its field's limits: a number clamped (bins rounded), anything else the default. */
export function clampField(field: BinningField, value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? clampNumber(value, FIELD_LIMITS[field]) : BINNING_DEFAULTS[field];
}

/**
 * What a typed text means for a field: null when it is no number at all (the stored value stays);
 * otherwise the value to use, clamped into the limits, and whether the text was already valid as typed.
 */
export function readTyped(field: BinningField, text: string): { value: number; valid: boolean } | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) return null;
  const typed = Number(trimmed);
  if (!Number.isFinite(typed)) return null;
  const limits = FIELD_LIMITS[field];
  const value = clampNumber(typed, limits);
  return { value, valid: value === typed };
}

/** The request's `config`, as Germinate's page sends it for each method. */
export function binningConfig(choice: BinningChoice): BinningConfig {
  switch (choice.method) {
    case 'equal':
      return { binningMethod: 'equal', binsLeft: choice.equalBins };
    case 'split':
      return { binningMethod: 'split', binsLeft: choice.splitLeft, splitPoint: choice.splitPoint, binsRight: choice.splitRight };
    case 'auto':
      return { binningMethod: 'auto', binsLeft: choice.autoBins };
  }
}

/**
 * The interior edges of the chosen bins. Equal and split edges are exact; auto edges are found in the
 * histogram's buckets as the export finds them in its finer ones, so they may lie up to one bucket
 * (0.005 of 200) from those it uses.
 */
export function binEdges(choice: BinningChoice, counts: readonly number[]): number[] {
  if (choice.method === 'equal') return equalEdges(choice.equalBins);
  if (choice.method === 'split') return splitEdges(choice.splitLeft, choice.splitRight, choice.splitPoint);
  const histogram = new Histogram(Math.max(1, counts.length));
  counts.forEach((count, bucket) => {
    histogram.counts[bucket] = count;
    histogram.total += count;
  });
  return autoEdges(histogram, choice.autoBins);
}
