/**
 * What client and server share about `GET stats/biologicalstatus`: the row, its tab-separated form
 * (the server writes it, the statistics pane reads it) and the per-status totals the chart shows.
 */

/** MCPD rows per biological status label and genus. */
export interface BiologicalStatusRow {
  biologicalstatus: string;
  /** Empty when the MCPD row names no genus. */
  genus: string;
  count: number;
}

/** The file's columns, in order: its header row. */
export const BIOLOGICAL_STATUS_COLUMNS = ['biologicalstatus', 'genus', 'count'] as const;

/**
 * The short label a status is counted under: the text before the first " (", so the explanations some
 * MCPD labels carry ("Mutant (e.g. induced/insertion mutants, tilling populations)") do not become
 * chart labels.
 */
export function statusLabel(sampstat: string): string {
  const cut = sampstat.indexOf(' (');
  return cut < 0 ? sampstat : sampstat.slice(0, cut);
}

/**
 * A cell of a tab-separated file: tabs and line breaks inside a value would break the row structure.
 * Values stay exact (not quoted against formulas as files for spreadsheets are): this file is a chart's
 * data, read by programs; the chart's own TSV download is the one written for spreadsheets.
 */
function cell(value: string | number): string {
  return String(value).replace(/[\t\r\n]+/g, ' ');
}

/** The rows as the endpoint sends them: a header row, then one line per row, CRLF line ends. */
export function biologicalStatusTsv(rows: readonly BiologicalStatusRow[]): string {
  const lines = [BIOLOGICAL_STATUS_COLUMNS.join('\t')];
  for (const row of rows) lines.push(BIOLOGICAL_STATUS_COLUMNS.map((column) => cell(row[column])).join('\t'));
  return lines.join('\r\n') + '\r\n';
}

/**
 * Reads the endpoint's file. Throws when it is not the file this module writes (another header, a row
 * with a missing cell or a count that is not a whole number), so a changed server fails loudly instead of
 * drawing a wrong chart.
 */
export function parseBiologicalStatusTsv(text: string): BiologicalStatusRow[] {
  const lines = text.split(/\r?\n/).filter((line) => line !== '');
  if (lines.length === 0 || lines[0] !== BIOLOGICAL_STATUS_COLUMNS.join('\t')) {
    throw new Error('stats/biologicalstatus: unexpected header');
  }
  return lines.slice(1).map((line, index) => {
    const cells = line.split('\t');
    if (cells.length !== BIOLOGICAL_STATUS_COLUMNS.length || !/^\d{1,15}$/.test(cells[2])) {
      throw new Error(`stats/biologicalstatus: row ${index + 1} is not "status, genus, count"`);
    }
    return { biologicalstatus: cells[0], genus: cells[1], count: Number(cells[2]) };
  });
}

/** One bar: the germplasm of a status over every genus. (A type, not an interface: chart rows are records.) */
export type StatusTotal = {
  biologicalstatus: string;
  count: number;
};

/** Totals per status, largest first (ties by label), as the chart and its table list them. */
export function totalsPerStatus(rows: readonly BiologicalStatusRow[]): StatusTotal[] {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.biologicalstatus, (totals.get(row.biologicalstatus) ?? 0) + row.count);
  return [...totals]
    .map(([biologicalstatus, count]) => ({ biologicalstatus, count }))
    .sort((a, b) => b.count - a.count || (a.biologicalstatus < b.biologicalstatus ? -1 : a.biologicalstatus > b.biologicalstatus ? 1 : 0));
}
