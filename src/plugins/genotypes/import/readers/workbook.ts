import fs from 'node:fs';
import type { ImportIssue } from '../../../../server/import/importer.js';
import type { RawEvent } from '../../../../server/import/raw-rows.js';
import { workbookRows } from '../../../../server/import/read-xlsx.js';
import { parseDecimal } from '../../../../server/import/values.js';
import type { GenotypeHeader, GenotypeReader, GenotypeRecord } from '../genotype-source.js';
import { flatCall } from './calls.js';
import { GermplasmRows, germplasmRowsHeader, mapRowKind, MARKERS_LABEL, type CallReader, type HeaderRow, type HeaderRows } from './germplasm-rows.js';
import { IssueLog } from './issues.js';
import { ownText } from './lines.js';
import { emptyReader, GenotypeRecords, type ItemSource } from './record-reader.js';

/** Germinate's two layouts of the genotype template's DATA sheet (the job's orientation setting). */
export type WorkbookOrientation = 'GENOTYPE_GERMPLASM_BY_MARKER' | 'GENOTYPE_MARKER_BY_GERMPLASM';

export const DATA_SHEET = 'DATA';

/** The smallest unpacked-size allowance a workbook gets (a small file of a few dense sheets). */
const MIN_MAX_BYTES = 1024 * 1024;

/**
 * The DATA sheet of Germinate's genotype template, streamed row by row (the other sheets are the importer's).
 * GENOTYPE_GERMPLASM_BY_MARKER (default): the chromosome and position rows, the `Lines/Markers` row with the
 * marker names (it gives the number of columns), then one row per germplasm → germplasm-rows.
 * GENOTYPE_MARKER_BY_GERMPLASM: row 1 is `Linkage Group / Chromosome`, `Position`, `Lines/Markers` and the
 * germplasm names, then one row per marker (chromosome, position, name, calls) → read as marker-rows, with
 * no transposing. `maxBytes` bounds what the workbook may unpack to (default: its own size, at least 1 MiB).
 * `readCall` reads the cells of a germplasm-rows sheet (default: genotype calls as written; allele
 * frequencies check their numbers).
 */
export async function openGenotypeWorkbook(file: string, orientation: WorkbookOrientation, maxBytes?: number, readCall: CallReader = genotypeCall): Promise<GenotypeReader> {
  const rows = new DataRows(file, maxBytes ?? Math.max(fs.statSync(file).size, MIN_MAX_BYTES));
  try {
    const issues: ImportIssue[] = [];
    const log = new IssueLog(issues, DATA_SHEET);
    const reader = orientation === 'GENOTYPE_MARKER_BY_GERMPLASM' ? await markerRows(rows, log) : await germplasmRows(rows, log, readCall);
    if (!reader) await rows.close();
    return reader ?? emptyReader({ orientation: orientationOf(orientation), columns: [], meta: {}, headerLine: -1 }, issues);
  } catch (error) {
    await rows.close();
    throw error;
  }
}

const genotypeCall: CallReader = (text) => flatCall(text);

const orientationOf = (orientation: WorkbookOrientation) => (orientation === 'GENOTYPE_MARKER_BY_GERMPLASM' ? 'marker-rows' : 'germplasm-rows');

/** The DATA sheet's stored rows with a value, cells as text ('' where empty). */
class DataRows implements ItemSource<HeaderRow> {
  /** Whether the workbook has a DATA sheet (known once a row was asked for). */
  seen = false;
  private readonly events: AsyncGenerator<RawEvent>;
  private inData = false;
  private done = false;
  /** The row fill() read, until it is taken. */
  private held: HeaderRow | undefined = undefined;

  constructor(file: string, maxBytes: number) {
    this.events = workbookRows(file, maxBytes);
  }

  take(): HeaderRow | undefined {
    const row = this.held;
    this.held = undefined;
    return row;
  }

  /** Reads the next row of DATA; false after its last. The rest of the workbook is read too (its checks run at the end). */
  async fill(): Promise<boolean> {
    while (!this.done) {
      const step = await this.events.next();
      if (step.done) {
        this.done = true;
        break;
      }
      const event = step.value;
      if (event.type === 'sheet') {
        this.inData = event.name === DATA_SHEET;
        if (this.inData) this.seen = true;
      } else if (event.type === 'row' && this.inData && event.cells.some((cell) => cell !== null)) {
        this.held = { line: event.row, cells: event.cells.map((cell) => cell ?? '') };
        return true;
      }
    }
    return false;
  }

  /** The next row of DATA, or null after its last. */
  async next(): Promise<HeaderRow | null> {
    return this.take() ?? ((await this.fill()) ? (this.take() ?? null) : null);
  }

  async close(): Promise<void> {
    if (this.done) return;
    this.done = true;
    await this.events.return(undefined);
  }
}

function missingSheet(rows: DataRows, log: IssueLog): boolean {
  if (rows.seen) return false;
  log.add('GENERIC_MISSING_EXCEL_SHEET', -1, { message: `'${DATA_SHEET}' sheet not found` });
  return true;
}

async function germplasmRows(rows: DataRows, log: IssueLog, readCall: CallReader): Promise<GenotypeReader | null> {
  const found: HeaderRows = { chromosomes: null, positions: null, markers: null };
  for (let row = await rows.next(); row !== null; row = await rows.next()) {
    const kind = mapRowKind(row.cells[0] ?? '');
    if (kind === null) {
      found.markers = row;
      break;
    }
    found[kind] = row;
  }
  if (missingSheet(rows, log)) return null;
  const header = germplasmRowsHeader(found, {}, log, { padMapRows: true });
  if (!header || !found.markers) return null;
  const reader = new GermplasmRows(header, found.markers, log, readCall);
  return new WorkbookReader(header, rows, log, (row) => reader.record(row.line, row.cells));
}

/** Row 1 of the transposed layout: where the chromosome, position and marker name columns are. */
interface TransposedColumns {
  chromosome: number;
  position: number;
  marker: number;
}

async function markerRows(rows: DataRows, log: IssueLog): Promise<GenotypeReader | null> {
  const first = await rows.next();
  if (missingSheet(rows, log)) return null;
  const labels = (first?.cells ?? []).map((cell) => cell.trim());
  const marker = labels.findIndex((label) => label.toLowerCase() === MARKERS_LABEL.toLowerCase());
  if (!first || marker < 0) {
    log.add('GENERIC_MISSING_COLUMN', first?.line ?? -1, { column: MARKERS_LABEL, message: MARKERS_LABEL });
    return null;
  }
  const before = labels.slice(0, marker);
  const columns: TransposedColumns = {
    chromosome: before.findIndex((label) => mapRowKind(label) === 'chromosomes'),
    position: before.findIndex((label) => mapRowKind(label) === 'positions'),
    marker,
  };
  const germplasm = labels.slice(marker + 1);
  while (germplasm.length > 0 && germplasm[germplasm.length - 1] === '') germplasm.pop();
  germplasm.forEach((name, i) => {
    if (name === '') log.add('GENERIC_MISSING_REQUIRED_VALUE', first.line, { column: String(marker + i + 2), message: `The germplasm name of column ${marker + i + 2} is empty` });
  });
  if (germplasm.length === 0) {
    log.add('GENOTYPE_MISSING_ROW', first.line, { column: MARKERS_LABEL, message: 'Germplasm row empty' });
    return null;
  }
  const header: GenotypeHeader = { orientation: 'marker-rows', columns: germplasm, meta: {}, headerLine: first.line };
  return new WorkbookReader(header, rows, log, (row) => markerRecord(row, header, columns, log));
}

/** One marker row of the transposed layout, or null when it has a problem (reported). */
function markerRecord(row: HeaderRow, header: GenotypeHeader, columns: TransposedColumns, log: IssueLog): GenotypeRecord | null {
  const { line, cells } = row;
  const before = log.total;
  const name = (cells[columns.marker] ?? '').trim();
  if (name === '') log.add('GENERIC_MISSING_REQUIRED_VALUE', line, { column: MARKERS_LABEL, message: `${MARKERS_LABEL}: the marker name is empty` });
  const chromosome = columns.chromosome < 0 ? '' : (cells[columns.chromosome] ?? '').trim();
  const positionText = columns.position < 0 ? '' : (cells[columns.position] ?? '').trim();
  const position = positionText === '' ? null : parseDecimal(positionText);
  if (position === null && positionText !== '') log.add('GENERIC_INVALID_NUMBER', line, { column: 'Position', value: positionText });
  const count = header.columns.length;
  const first = columns.marker + 1;
  for (let i = first + count; i < cells.length; i += 1) {
    if (cells[i].trim() === '') continue;
    log.add('GENOTYPE_HEADER_LENGTH_MISMATCH', line, {
      column: String(i + 1),
      value: cells[i].trim(),
      message: `A call in column ${i + 1} is past the last of the ${count.toLocaleString('en-GB')} germplasm`,
    });
    break;
  }
  if (log.total !== before) return null;
  const calls = new Array<string>(count);
  for (let i = 0; i < count; i += 1) calls[i] = flatCall(cells[first + i]);
  return { line, name: ownText(name), calls, chromosome: chromosome === '' ? null : ownText(chromosome), position };
}

class WorkbookReader extends GenotypeRecords<HeaderRow, DataRows> {
  constructor(header: GenotypeHeader, rows: DataRows, log: IssueLog, private readonly toRecord: (row: HeaderRow) => GenotypeRecord | null) {
    super(header, rows, log);
  }

  protected record(row: HeaderRow): GenotypeRecord | null {
    return this.toRecord(row);
  }
}
