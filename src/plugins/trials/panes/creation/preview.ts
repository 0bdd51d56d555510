import type { DesignedPlot, LayoutPlot } from '../../design/plot.js';

/**
 * A layout as a grid of rows and columns for its preview table. A field can be far larger than a screen
 * (and than a table the browser draws quickly), so the preview shows its top-left corner only and says
 * how much it leaves out.
 */

export interface PreviewCell {
  germplasm: string;
  plotNumber: number | null;
  rep: string | null;
  isCheck: boolean;
}

export interface PreviewGrid {
  /** The whole field's size. */
  rows: number;
  columns: number;
  /** The rows and columns shown (from 1). */
  shownRows: number;
  shownColumns: number;
  /** cells[r][c]: row r + 1, column c + 1; null where no plot lies. */
  cells: (PreviewCell | null)[][];
  plots: number;
  checks: number;
}

export const PREVIEW_ROWS = 40;
export const PREVIEW_COLUMNS = 24;

type AnyPlot = DesignedPlot | LayoutPlot;

const isCheckOf = (plot: AnyPlot, checks: ReadonlySet<string>) =>
  'isCheck' in plot ? plot.isCheck : checks.has(plot.germplasm.toLowerCase());

/**
 * The preview of `plots`: the field spans the largest row and column used; `checks` (lower-case names)
 * marks the checks of plots that do not say whether they are one (a layout file's).
 */
export function previewGrid(
  plots: readonly AnyPlot[],
  checks: ReadonlySet<string> = new Set(),
  limits: { rows: number; columns: number } = { rows: PREVIEW_ROWS, columns: PREVIEW_COLUMNS },
): PreviewGrid {
  let rows = 0;
  let columns = 0;
  let checkCount = 0;
  for (const plot of plots) {
    rows = Math.max(rows, plot.row);
    columns = Math.max(columns, plot.column);
    if (isCheckOf(plot, checks)) checkCount += 1;
  }
  const shownRows = Math.min(rows, limits.rows);
  const shownColumns = Math.min(columns, limits.columns);
  const cells: (PreviewCell | null)[][] = Array.from({ length: shownRows }, () => Array.from({ length: shownColumns }, () => null));
  for (const plot of plots) {
    if (plot.row > shownRows || plot.column > shownColumns) continue;
    cells[plot.row - 1][plot.column - 1] = {
      germplasm: plot.germplasm,
      plotNumber: plot.plotNumber ?? null,
      rep: plot.rep ?? null,
      isCheck: isCheckOf(plot, checks),
    };
  }
  return { rows, columns, shownRows, shownColumns, cells, plots: plots.length, checks: checkCount };
}
