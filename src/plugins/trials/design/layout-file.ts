import { detectDelimiter, readRecords } from './delimited.js';
import { byLine, layoutProblems, readPlotLine } from './lines.js';
import { DESIGN_MESSAGES as M, message, type DesignMessage } from './messages.js';
import type { LayoutPlot } from './plot.js';

/**
 * An uploaded field layout (CSV or TSV, first line the headers) as plots. Headers are matched ignoring
 * case, spaces and punctuation:
 * - germplasm: germplasm, name, accession, then treatment, then entry (the first of these present);
 * - row: row; column: column or col; rep (optional): rep or replicate; block (optional): block or iblock;
 *   plot (optional): plot or plot number.
 * The external field-design tool's field book (ID, LOCATION, PLOT, REP, IBLOCK, ROW, COLUMN, ENTRY,
 * TREATMENT …) names each line's germplasm in TREATMENT and numbers it in ENTRY, so TREATMENT is taken as
 * the germplasm and ENTRY only when there is no name column at all; ID and LOCATION are not used.
 */

type Field = 'germplasm' | 'row' | 'column' | 'rep' | 'block' | 'plot';

/** Accepted header names per field (normalised), in order of preference. */
const HEADERS: Record<Field, readonly string[]> = {
  germplasm: ['germplasm', 'germplasmname', 'name', 'accession', 'treatment', 'entry'],
  row: ['row', 'trialrow'],
  column: ['column', 'col', 'trialcolumn'],
  rep: ['rep', 'replicate', 'replication'],
  block: ['block', 'iblock'],
  plot: ['plot', 'plotnumber', 'plotno'],
};
const REQUIRED: readonly Field[] = ['germplasm', 'row', 'column'];
const OPTIONAL: readonly Field[] = ['rep', 'block', 'plot'];

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The index of each field's column among the headers (first preferred name present). */
function columnsOf(headers: readonly string[]): Partial<Record<Field, number>> {
  const names = headers.map(normalise);
  const out: Partial<Record<Field, number>> = {};
  for (const field of [...REQUIRED, ...OPTIONAL]) {
    for (const wanted of HEADERS[field]) {
      const index = names.indexOf(wanted);
      if (index >= 0) {
        out[field] = index;
        break;
      }
    }
  }
  return out;
}

export interface LayoutRead {
  plots: LayoutPlot[];
  /** In line order; the layout may be used only when there are none. */
  problems: DesignMessage[];
}

/**
 * Reads a layout file's text. A file without the germplasm, row or column header is one problem naming
 * the missing headers; otherwise every line with a problem is named, and the good lines are plots.
 */
export function readLayoutFile(text: string): LayoutRead {
  const { records, problems: quoteProblems } = readRecords(text, detectDelimiter(text));
  if (records.length === 0) return { plots: [], problems: [message(M.layoutEmpty)] };
  const [header, ...rows] = records;
  const columns = columnsOf(header.fields);
  const missing = REQUIRED.filter((field) => columns[field] === undefined);
  if (missing.length > 0) return { plots: [], problems: [message(M.layoutMissingHeaders, { headers: missing.join(', ') })] };
  if (rows.length === 0) return { plots: [], problems: [message(M.layoutEmpty)] };

  const problems: DesignMessage[] = [...quoteProblems];
  const plots: LayoutPlot[] = [];
  for (const record of rows) {
    const at = (field: Field) => {
      const index = columns[field];
      return index === undefined ? undefined : (record.fields[index] ?? '');
    };
    const read = readPlotLine(record.line, {
      germplasm: at('germplasm') ?? '',
      row: at('row') ?? '',
      column: at('column') ?? '',
      rep: at('rep'),
      block: at('block'),
      plot: at('plot'),
    });
    problems.push(...read.problems);
    if (read.plot) plots.push(read.plot);
  }
  problems.push(...layoutProblems(plots));
  return { plots, problems: byLine(problems) };
}
