import type { ImportIssue } from '../../../../server/import/importer.js';
import type { GenotypeHeader, GenotypeReader, GenotypeRecord } from '../genotype-source.js';
import { flatCall } from './calls.js';
import { GermplasmRows, germplasmRowsHeader, mapRowKind, type CallReader, type HeaderRow, type HeaderRows } from './germplasm-rows.js';
import { IssueLog } from './issues.js';
import { LineReader } from './lines.js';
import { emptyReader, GenotypeRecords } from './record-reader.js';

/** `# key = value` header keys Germinate reads (others, such as Flapjack's fjFile, are ignored). */
const META_KEYS = ['dataset', 'map', 'markerType'] as const;

const genotypeCall: CallReader = (text) => flatCall(text);

/**
 * Germinate's flat text genotype file and Flapjack's genotype file (tab-separated, germplasm-rows):
 * optional `# key = value` lines, optional `Linkage Group / Chromosome` and `Position` rows, the marker row
 * (`Lines/Markers`, or Flapjack's header, whose first cell may be empty), then one line per germplasm.
 * Empty lines and lines without a TAB are skipped, as Germinate does. `readCall` checks and writes each call
 * (by default as written, `-` or empty = missing).
 */
export async function openFlatText(file: string, readCall: CallReader = genotypeCall): Promise<GenotypeReader> {
  const lines = await LineReader.open(file);
  try {
    const issues: ImportIssue[] = [];
    const log = new IssueLog(issues, null);
    const meta: GenotypeHeader['meta'] = {};
    const rows = await readHeaderRows(lines, meta);
    const header = germplasmRowsHeader(rows, meta, log);
    if (!header || !rows.markers) {
      await lines.close();
      return emptyReader({ orientation: 'germplasm-rows', columns: [], meta, headerLine: rows.markers?.line ?? -1 }, issues);
    }
    const reader = new GermplasmRows(header, rows.markers, log, readCall);
    return new FlatTextReader(header, lines, log, reader);
  } catch (error) {
    await lines.close();
    throw error;
  }
}

/** Reads lines up to the marker row: the meta lines and the map rows above it. */
async function readHeaderRows(lines: LineReader, meta: GenotypeHeader['meta']): Promise<HeaderRows> {
  const rows: HeaderRows = { chromosomes: null, positions: null, markers: null };
  for (let text = await lines.next(); text !== null; text = await lines.next()) {
    if (text.startsWith('#')) {
      readMeta(text, meta);
      continue;
    }
    if (!text.includes('\t')) continue;
    const row: HeaderRow = { line: lines.line, cells: text.split('\t') };
    const kind = mapRowKind(row.cells[0]);
    if (kind === null) {
      rows.markers = row;
      break;
    }
    rows[kind] = row;
  }
  return rows;
}

/** `# key = value`: split on the first `=`, both sides trimmed (Flapjack pads such lines with TABs). */
function readMeta(text: string, meta: GenotypeHeader['meta']): void {
  const equals = text.indexOf('=');
  if (equals < 0) return;
  const key = text.slice(1, equals).trim();
  const value = text.slice(equals + 1).trim();
  const known = META_KEYS.find((name) => name.toLowerCase() === key.toLowerCase());
  if (known && value !== '') meta[known] = value;
}

class FlatTextReader extends GenotypeRecords<string, LineReader> {
  constructor(header: GenotypeHeader, lines: LineReader, log: IssueLog, private readonly rows: GermplasmRows) {
    super(header, lines, log);
  }

  /** Lines without a TAB (empty lines, notes) are skipped. */
  protected record(text: string): GenotypeRecord | null {
    return text.indexOf('\t') < 0 ? null : this.rows.record(this.source.line, text.split('\t'));
  }
}
