import { DEFAULT_STATE as GENOTYPE_DEFAULTS, isRecord, readSelection, writePart, type GenotypeSelection } from '../export/state.js';
import { BINNING_DEFAULTS, BINNING_METHODS, clampField, type BinningChoice } from './binning-choice.js';

/**
 * The allele-frequency export page's choices, kept under one key (`allelefreq`) of the export pane's state so
 * that the address replays the page: the germplasm, markers and map (read as the genotype export page reads
 * them), the step (choosing, or the histogram and binning after "Continue"), the binning and whether the
 * histogram's table shows. The address can be edited by hand: every value read back is checked, numbers are
 * clamped into their limits, and anything else falls back to its default.
 */

/** The export pane of allele-frequency datasets (the datasets plugin's shared export pane, by its type id). */
export const ALLELEFREQ_PANE = 'datasets:export-allelefreq';

export const STATE_KEY = 'allelefreq';

/** Step 1 chooses the subset; step 2 (after "Continue") shows its histogram and chooses the binning. */
export const STEPS = ['choose', 'binning'] as const;
export type Step = (typeof STEPS)[number];

export interface AlleleFreqExportState extends GenotypeSelection, BinningChoice {
  step: Step;
  /** Whether the histogram's data table shows. */
  table: boolean;
}

export const DEFAULT_STATE: AlleleFreqExportState = {
  germplasm: GENOTYPE_DEFAULTS.germplasm,
  groups: [],
  names: [],
  markers: GENOTYPE_DEFAULTS.markers,
  markerGroups: [],
  map: GENOTYPE_DEFAULTS.map,
  step: 'choose',
  ...BINNING_DEFAULTS,
  table: false,
};

/** The page's state out of the export pane's state (any shape; defaults or clamped values where it does not fit). */
export function readState(paneState: Record<string, unknown> | undefined): AlleleFreqExportState {
  const raw = paneState?.[STATE_KEY];
  if (!isRecord(raw)) return { ...DEFAULT_STATE };
  return {
    ...readSelection(raw),
    step: STEPS.find((step) => step === raw.step) ?? DEFAULT_STATE.step,
    method: BINNING_METHODS.find((method) => method === raw.method) ?? DEFAULT_STATE.method,
    equalBins: clampField('equalBins', raw.equalBins),
    autoBins: clampField('autoBins', raw.autoBins),
    splitLeft: clampField('splitLeft', raw.splitLeft),
    splitRight: clampField('splitRight', raw.splitRight),
    splitPoint: clampField('splitPoint', raw.splitPoint),
    table: raw.table === true,
  };
}

/** The export pane's state with this page's part replaced (defaults left out). */
export function writeState(paneState: Record<string, unknown> | undefined, state: AlleleFreqExportState): Record<string, unknown> {
  return writePart(paneState, STATE_KEY, state, DEFAULT_STATE);
}
