/**
 * The shape of a trial layout, shared by the field designer, the layout-file and fieldbook readers (in
 * the browser) and `POST dataset/data/trial` (on the server).
 */

/** Trial rows and columns are Germinate's 16-bit integers; a layout counts them from 1. */
export const MAX_POSITION = 32_767;
/**
 * Most plots one trial creation takes: far beyond a real field (10,000 plots is a large trial), small
 * enough that the request body and the one write transaction stay bounded.
 */
export const MAX_PLOTS = 100_000;

/** A plot read from a layout file or a fieldbook: germplasm by name, its cell, and what the file adds. */
export interface LayoutPlot {
  germplasm: string;
  row: number;
  column: number;
  rep?: string;
  block?: string;
  plotNumber?: number;
  /** The line of the text it came from (1-based), for messages about it. */
  line?: number;
}

/** A plot of the built-in designer: every field is set. */
export interface DesignedPlot {
  germplasm: string;
  rep: string;
  block: string;
  row: number;
  column: number;
  plotNumber: number;
  isCheck: boolean;
}

/** One plot of Germinate's TrialCreationDetails: rep and block default to '1' on the server. */
export interface TrialCreationPlot {
  germplasm: string;
  rep?: string;
  row?: number;
  column?: number;
  block?: string;
}

/** The body of `POST dataset/data/trial`. */
export interface TrialCreationDetails {
  datasetId: number;
  plots: TrialCreationPlot[];
}

/** The request body for a layout: only the fields Germinate's call knows (plot numbers are the layout's own). */
export function toCreationDetails(datasetId: number, plots: readonly (LayoutPlot | DesignedPlot)[]): TrialCreationDetails {
  return {
    datasetId,
    plots: plots.map((p) => ({
      germplasm: p.germplasm,
      row: p.row,
      column: p.column,
      ...(p.rep !== undefined ? { rep: p.rep } : {}),
      ...(p.block !== undefined ? { block: p.block } : {}),
    })),
  };
}

/**
 * A row or column index from text: a whole number from 1 to MAX_POSITION ("3" or "3.0", as spreadsheets
 * write whole numbers); null for anything else.
 */
export function parsePosition(text: string): number | null {
  const match = /^\+?(\d{1,6})(?:\.0*)?$/.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]);
  return value >= 1 && value <= MAX_POSITION ? value : null;
}

/** A cell two or more plots claim: its row and column and the positions (0-based) of those plots. */
export interface CellClash {
  row: number;
  column: number;
  indexes: number[];
}

/** Cells used by more than one plot, in the order first met. Plots without a row or a column claim no cell. */
export function findCellClashes(plots: readonly { row?: number | null; column?: number | null }[]): CellClash[] {
  const byCell = new Map<string, CellClash>();
  const clashes: CellClash[] = [];
  plots.forEach((plot, index) => {
    if (plot.row === undefined || plot.row === null || plot.column === undefined || plot.column === null) return;
    const key = `${plot.row}:${plot.column}`;
    const seen = byCell.get(key);
    if (!seen) {
      byCell.set(key, { row: plot.row, column: plot.column, indexes: [index] });
      return;
    }
    if (seen.indexes.length === 1) clashes.push(seen);
    seen.indexes.push(index);
  });
  return clashes;
}
