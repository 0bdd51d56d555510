import type { TrialsDataRow } from '../../api-types.js';
import { rounded } from './box-data.js';
import { dayOf, numericValue } from './timeline-data.js';

/** The part of a trials data row the layout map reads. */
export type PlotValue = Partial<Pick<TrialsDataRow, 'germplasmId' | 'germplasmName' | 'germplasmDisplayName' | 'trialRow' | 'trialColumn' | 'rep' | 'traitValue'>>;

/** How a trait's values colour the plots: numbers on a scale, dates on a scale of days, else by value. */
export type ValueKind = 'number' | 'date' | 'category';

export function valueKind(dataType: string | null | undefined): ValueKind {
  return dataType === 'numeric' ? 'number' : dataType === 'date' ? 'date' : 'category';
}

/** A plot of the map: its position, germplasm and value (the mean of numbers, else the most frequent value). */
export type LayoutCell = { row: number; column: number; germplasm: string; rep: string; value: number | string; values: number };

export interface Layout {
  cells: LayoutCell[];
  /** The trial rows and columns with plots, ascending. */
  rows: number[];
  columns: number[];
  /** Values of plots without a row or column: they cannot be placed. */
  unplaced: number;
}

interface Plot {
  row: number;
  column: number;
  germplasm: string;
  rep: string;
  numbers: number[];
  texts: Map<string, number>;
}

const position = (value: number | null | undefined): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/**
 * The plots of a dataset from its data rows: one cell per trial row × column. A plot recorded several
 * times (a time series, several values per plot) shows the mean of its numbers, or its most frequent
 * value (the first in text order on a tie) for categories and dates.
 */
export function layout(rows: readonly PlotValue[], kind: ValueKind): Layout {
  const plots = new Map<string, Plot>();
  let unplaced = 0;
  for (const data of rows) {
    const row = position(data.trialRow);
    const column = position(data.trialColumn);
    if (row === null || column === null) {
      unplaced += 1;
      continue;
    }
    const key = `${row}|${column}`;
    const plot = plots.get(key) ?? {
      row,
      column,
      germplasm: data.germplasmDisplayName || data.germplasmName || String(data.germplasmId ?? ''),
      rep: data.rep ?? '',
      numbers: [],
      texts: new Map<string, number>(),
    };
    plots.set(key, plot);
    if (kind === 'number') {
      const value = numericValue(data.traitValue);
      if (value !== null) plot.numbers.push(value);
    } else {
      const value = kind === 'date' ? dayOf(data.traitValue) : (data.traitValue?.trim() ?? '');
      if (value) plot.texts.set(value, (plot.texts.get(value) ?? 0) + 1);
    }
  }
  const cells: LayoutCell[] = [];
  for (const plot of plots.values()) {
    const value = kind === 'number' ? mean(plot.numbers) : mostFrequent(plot.texts);
    if (value === null) continue;
    const values = kind === 'number' ? plot.numbers.length : [...plot.texts.values()].reduce((a, b) => a + b, 0);
    cells.push({ row: plot.row, column: plot.column, germplasm: plot.germplasm, rep: plot.rep, value, values });
  }
  cells.sort((a, b) => a.row - b.row || a.column - b.column);
  const ascending = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);
  return { cells, rows: ascending(cells.map((c) => c.row)), columns: ascending(cells.map((c) => c.column)), unplaced };
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : rounded(values.reduce((a, b) => a + b, 0) / values.length);
}

function mostFrequent(counts: ReadonlyMap<string, number>): string | null {
  let best: [string, number] | null = null;
  for (const entry of [...counts.entries()].sort(([a], [b]) => a.localeCompare(b))) if (!best || entry[1] > best[1]) best = entry;
  return best ? best[0] : null;
}

/** The map as a table: a row per trial row, a column per trial column (`c<column>`), the plot's value. */
export function layoutTable(map: Layout): Record<string, string | number | null>[] {
  const at = new Map(map.cells.map((c) => [`${c.row}|${c.column}`, c.value]));
  return map.rows.map((row) => {
    const out: Record<string, string | number | null> = { row };
    for (const column of map.columns) out[`c${column}`] = at.get(`${row}|${column}`) ?? null;
    return out;
  });
}
