import { detectDelimiter, readRecords, type TextRecord } from './delimited.js';
import { byLine, layoutProblems, readPlotLine } from './lines.js';
import { DESIGN_MESSAGES as M, message, type DesignMessage } from './messages.js';
import { parsePosition, type LayoutPlot } from './plot.js';

/**
 * A pasted or uploaded fieldbook: one plot per line, `germplasm⇥row⇥column`, separated by tabs (or,
 * in a text without tabs, by semicolons or commas; see delimited.ts). Blank lines are skipped. The first
 * line may be a header, recognised by its words (germplasm/name/accession/entry/line, row, column/col).
 *
 * Rules: data is required; each line needs a germplasm and numeric row and column indexes, and every
 * line that breaks a rule gets its own message with its line number.
 */

const GERMPLASM_WORDS = new Set(['germplasm', 'germplasmname', 'name', 'accession', 'entry', 'line', 'genotype', 'variety']);
const ROW_WORDS = new Set(['row', 'trialrow']);
const COLUMN_WORDS = new Set(['column', 'col', 'trialcolumn']);

const normalise = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A header line: row and column words in their places, or a germplasm word followed by two non-numbers. */
function isHeader(record: TextRecord): boolean {
  const [germplasm = '', row = '', column = ''] = record.fields;
  if (ROW_WORDS.has(normalise(row)) && COLUMN_WORDS.has(normalise(column))) return true;
  return GERMPLASM_WORDS.has(normalise(germplasm)) && parsePosition(row) === null && parsePosition(column) === null;
}

export interface FieldbookRead {
  plots: LayoutPlot[];
  /** In line order; the fieldbook may be used only when there are none. */
  problems: DesignMessage[];
}

export function readFieldbook(text: string): FieldbookRead {
  const { records: all, problems: quoteProblems } = readRecords(text, detectDelimiter(text));
  const records = all.length > 0 && isHeader(all[0]) ? all.slice(1) : all;
  if (records.length === 0) return { plots: [], problems: [message(M.fieldbookRequired)] };

  const problems: DesignMessage[] = [...quoteProblems];
  const plots: LayoutPlot[] = [];
  for (const { line, fields } of records) {
    const [germplasm = '', row = '', column = '', ...rest] = fields;
    if (rest.some((field) => field !== '')) problems.push(message(M.fieldbookExtraFields, { line }));
    const read = readPlotLine(line, { germplasm, row, column });
    problems.push(...read.problems);
    if (read.plot) plots.push(read.plot);
  }
  problems.push(...layoutProblems(plots));
  return { plots, problems: byLine(problems) };
}
