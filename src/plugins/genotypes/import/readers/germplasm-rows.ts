import { parseDecimal } from '../../../../server/import/values.js';
import type { GenotypeHeader, GenotypeRecord } from '../genotype-source.js';
import type { IssueLog } from './issues.js';
import { ownText } from './lines.js';

/** The first cells that name the map rows above the marker row, and the marker row's own (Germinate's words). */
export const CHROMOSOME_LABEL = 'Linkage Group / Chromosome';
export const POSITION_LABEL = 'Position';
export const MARKERS_LABEL = 'Lines/Markers';

/** A row of a germplasm-rows file: its line (or sheet row) number and its cells, the first being the label. */
export interface HeaderRow {
  line: number;
  cells: string[];
}

export interface HeaderRows {
  chromosomes: HeaderRow | null;
  positions: HeaderRow | null;
  markers: HeaderRow | null;
}

/** Which map row a row above the marker row is, by its first cell; null for any other row (the marker row). */
export function mapRowKind(first: string): 'chromosomes' | 'positions' | null {
  const label = first.trim().toLowerCase();
  if (label === CHROMOSOME_LABEL.toLowerCase()) return 'chromosomes';
  if (label === POSITION_LABEL.toLowerCase()) return 'positions';
  return null;
}

/** Reads one call cell: the call text, or null when it is refused (reported to `log`, with line and marker). */
export type CallReader = (text: string | undefined, line: number, column: string, log: IssueLog) => string | null;

const trimmed = (cell: string | undefined) => (cell === undefined ? '' : cell.trim());

/** Cells after the label, without the empty cells that end it (exports and spreadsheets pad rows). */
function namesAfterLabel(cells: string[]): string[] {
  const names = cells.slice(1).map(trimmed);
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  return names;
}

export interface HeaderOptions {
  /**
   * Workbooks: a map row shorter than the marker row is padded with empty cells (a spreadsheet stores no
   * empty cells at a row's end; Germinate writes every row as wide as the marker row). In text files the
   * lengths must match.
   */
  padMapRows?: boolean;
}

/**
 * The header of a germplasm-rows file (Flapjack, Germinate's flat text and workbook) from its marker row and
 * optional map rows; a map row without any value counts as absent (the template asks to keep the labels of
 * unused map rows). Problems are reported; null when there are no marker names, so nothing can be read.
 */
export function germplasmRowsHeader(
  found: HeaderRows,
  meta: GenotypeHeader['meta'],
  log: IssueLog,
  options: HeaderOptions = {},
): GenotypeHeader | null {
  const rows: HeaderRows = { ...found, chromosomes: withValues(found.chromosomes), positions: withValues(found.positions) };
  const markers = rows.markers ? namesAfterLabel(rows.markers.cells) : [];
  if (!rows.markers || markers.length === 0) {
    log.add('GENOTYPE_MISSING_ROW', rows.markers?.line ?? -1, { column: MARKERS_LABEL, message: 'Markers row empty' });
    return null;
  }
  const markerLine = rows.markers.line;
  const seen = new Set<string>();
  markers.forEach((name, i) => {
    const column = String(i + 2);
    if (name === '') log.add('GENERIC_MISSING_REQUIRED_VALUE', markerLine, { column, message: `${MARKERS_LABEL}: the marker name of column ${column} is empty` });
    else if (seen.has(name)) log.add('GENERIC_DUPLICATE_COLUMN', markerLine, { column, value: name, message: `The marker ${name} is named twice` });
    seen.add(name);
  });
  const header: GenotypeHeader = { orientation: 'germplasm-rows', columns: markers, meta, headerLine: markerLine };
  // A map needs both rows; a file with neither has no map, as Flapjack files do.
  if (rows.chromosomes || rows.positions) {
    const missing = (row: HeaderRow | null, label: string, what: string) =>
      log.add('GENOTYPE_MISSING_ROW', row?.line ?? -1, { column: label, message: `${what} row ${row ? 'empty' : 'missing'}` });
    if (!rows.chromosomes) missing(found.chromosomes, CHROMOSOME_LABEL, 'Chromosome');
    if (!rows.positions) missing(found.positions, POSITION_LABEL, 'Position');
    const pad = options.padMapRows === true;
    header.chromosomes = mapCells(rows.chromosomes, CHROMOSOME_LABEL, markers.length, pad, log).map((cell) => (cell === '' ? null : cell));
    const positions = mapCells(rows.positions, POSITION_LABEL, markers.length, pad, log);
    header.positions = positions.map((cell, i) => {
      if (cell === '') return null;
      const value = parseDecimal(cell);
      if (value === null) log.add('GENERIC_INVALID_NUMBER', rows.positions?.line ?? -1, { column: markers[i], value: cell });
      return value;
    });
  }
  return header;
}

const withValues = (row: HeaderRow | null) => (row && namesAfterLabel(row.cells).length > 0 ? row : null);

/** A map row's cells, one per marker ('' where empty); a row of another length is reported (see padMapRows). */
function mapCells(row: HeaderRow | null, label: string, markers: number, pad: boolean, log: IssueLog): string[] {
  const cells = row ? namesAfterLabel(row.cells) : [];
  if (row && (pad ? cells.length > markers : cells.length !== markers)) {
    log.add('GENOTYPE_HEADER_LENGTH_MISMATCH', row.line, {
      column: label,
      message: `${label}: ${cells.length.toLocaleString('en-GB')} values for ${markers.toLocaleString('en-GB')} markers`,
    });
  }
  const out = cells.length > markers ? cells.slice(0, markers) : cells;
  while (out.length < markers) out.push('');
  return out;
}

/** Turns the data rows of a germplasm-rows file into records, checking each. */
export class GermplasmRows {
  private readonly nameColumn: string;

  constructor(
    private readonly header: GenotypeHeader,
    markerRow: HeaderRow,
    private readonly log: IssueLog,
    private readonly readCall: CallReader,
  ) {
    this.nameColumn = trimmed(markerRow.cells[0]) || MARKERS_LABEL;
  }

  /** The record of one row (cells[0] = germplasm), or null when the row has a problem (reported). */
  record(line: number, cells: string[]): GenotypeRecord | null {
    const before = this.log.total;
    const name = trimmed(cells[0]);
    if (name === '') this.log.add('GENERIC_MISSING_REQUIRED_VALUE', line, { column: this.nameColumn, message: `${this.nameColumn}: the germplasm name is empty` });
    const markers = this.header.columns;
    const count = markers.length;
    // Calls past the last marker are refused unless empty (trailing TABs, padded spreadsheet rows).
    for (let i = count + 1; i < cells.length; i += 1) {
      const extra = trimmed(cells[i]);
      if (extra === '') continue;
      this.log.add('GENOTYPE_HEADER_LENGTH_MISMATCH', line, {
        column: String(i + 1),
        value: extra,
        message: `A call in column ${i + 1} is past the last of the ${count.toLocaleString('en-GB')} markers`,
      });
      break;
    }
    const calls = new Array<string>(count);
    for (let i = 0; i < count; i += 1) calls[i] = this.readCall(cells[i + 1], line, markers[i], this.log) ?? '';
    return this.log.total === before ? { line, name: ownText(name), calls } : null;
  }
}
