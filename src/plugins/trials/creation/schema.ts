import { type } from 'arktype';
import { MAX_PLOTS } from '../design/plot.js';

/**
 * Germinate's TrialCreationDetails as a request body. Rows and columns are its 16-bit integers (null or
 * absent: the plot has no cell); rep and block are text, a whole number is taken as its text (layouts
 * often carry them as numbers). Germplasm are named as stored (at most 255 characters).
 */
const position = type('-32768 <= number.integer <= 32767 | null');
const label = type('string <= 255 | number.integer | null');

const Plot = type({
  germplasm: 'string <= 255',
  'rep?': label,
  'row?': position,
  'column?': position,
  'block?': label,
});

export const TrialCreationBody = type({
  datasetId: 'number.integer',
  plots: Plot.array().atLeastLength(1).atMostLength(MAX_PLOTS),
});
export type TrialCreationBody = typeof TrialCreationBody.infer;

/** A plot as it is stored: germplasm name trimmed, rep and block defaulting to '1'. */
export interface CreationPlot {
  germplasm: string;
  rep: string;
  block: string;
  row: number | null;
  column: number | null;
}

/** Rep and block as stored: trimmed text, '1' (the column default) when absent or blank. */
function labelText(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value).trim();
  return text === '' ? '1' : text;
}

/** The body's plots as stored; the positions (1-based) of plots without a germplasm name. */
export function normalisePlots(body: TrialCreationBody): { plots: CreationPlot[]; unnamed: number[] } {
  const unnamed: number[] = [];
  const plots = body.plots.map((p, index) => {
    const germplasm = p.germplasm.trim();
    if (germplasm === '') unnamed.push(index + 1);
    return { germplasm, rep: labelText(p.rep), block: labelText(p.block), row: p.row ?? null, column: p.column ?? null };
  });
  return { plots, unnamed };
}
