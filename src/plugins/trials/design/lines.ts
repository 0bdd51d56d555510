import { DESIGN_MESSAGES as M, message, type DesignMessage } from './messages.js';
import { findCellClashes, MAX_PLOTS, parsePosition, type LayoutPlot } from './plot.js';

/** What the layout and fieldbook readers check alike on each plot line. */

/** The fields of one plot line as text (absent optional fields undefined). */
export interface PlotFields {
  germplasm: string;
  row: string;
  column: string;
  rep?: string;
  block?: string;
  plot?: string;
}

/** A plot from one line, or that line's problems: each names the line. */
export function readPlotLine(line: number, fields: PlotFields): { plot: LayoutPlot | null; problems: DesignMessage[] } {
  const problems: DesignMessage[] = [];
  if (fields.germplasm === '') problems.push(message(M.missingGermplasm, { line }));
  const position = (text: string, missing: typeof M.rowMissing | typeof M.columnMissing, invalid: typeof M.rowNotNumber | typeof M.columnNotNumber) => {
    if (text === '') {
      problems.push(message(missing, { line }));
      return null;
    }
    const value = parsePosition(text);
    if (value === null) problems.push(message(invalid, { line, value: text }));
    return value;
  };
  const row = position(fields.row, M.rowMissing, M.rowNotNumber);
  const column = position(fields.column, M.columnMissing, M.columnNotNumber);
  let plotNumber: number | undefined;
  if (fields.plot !== undefined && fields.plot !== '') {
    const match = /^\+?(\d{1,9})(?:\.0*)?$/.exec(fields.plot);
    if (match && Number(match[1]) >= 1) plotNumber = Number(match[1]);
    else problems.push(message(M.plotNotNumber, { line, value: fields.plot }));
  }
  if (problems.length > 0 || row === null || column === null) return { plot: null, problems };
  const plot: LayoutPlot = { germplasm: fields.germplasm, row, column, line };
  if (fields.rep !== undefined && fields.rep !== '') plot.rep = fields.rep;
  if (fields.block !== undefined && fields.block !== '') plot.block = fields.block;
  if (plotNumber !== undefined) plot.plotNumber = plotNumber;
  return { plot, problems };
}

/** Whole-layout problems: a cell given on two lines (named by both lines), more plots than one creation takes. */
export function layoutProblems(plots: readonly LayoutPlot[]): DesignMessage[] {
  const problems: DesignMessage[] = [];
  for (const clash of findCellClashes(plots)) {
    const first = plots[clash.indexes[0]].line ?? clash.indexes[0] + 1;
    for (const index of clash.indexes.slice(1)) {
      problems.push(message(M.duplicateCell, { line: plots[index].line ?? index + 1, row: clash.row, column: clash.column, first }));
    }
  }
  if (plots.length > MAX_PLOTS) problems.push(message(M.tooManyPlots, { needed: plots.length, max: MAX_PLOTS }));
  return problems;
}

/** Problems in the order of their lines (problems without a line last), so the reader can go through the text. */
export function byLine(problems: DesignMessage[]): DesignMessage[] {
  const lineOf = (p: DesignMessage) => (typeof p.values?.line === 'number' ? p.values.line : Number.MAX_SAFE_INTEGER);
  return problems.map((p, i) => ({ p, i })).sort((a, b) => lineOf(a.p) - lineOf(b.p) || a.i - b.i).map(({ p }) => p);
}
