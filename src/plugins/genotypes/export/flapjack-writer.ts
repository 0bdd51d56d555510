import { CellTable, ChunkedBytes, encode, LF, textChunks } from './byte-lines.js';

/** One line of calls (a germplasm's or a marker's), as byte indexes into the state table. */
export interface CallLine {
  codes: Uint8Array;
}

/** What a genotype text writer names: the lines' labels in line order, the cells' labels in cell order. */
export interface FlapjackInput {
  /** The job's header text, written verbatim after the first line (see fileHeaders). */
  headerLines: string;
  /** Germplasm labels, one per line, in the order the lines come. */
  germplasm: readonly string[];
  /** Marker names, one per cell, in the order of each line's codes. */
  markers: readonly string[];
  /** Call texts by byte; states[0] is the missing call (''). */
  states: readonly string[];
}

/**
 * The link lines Flapjack reads to look items up in the database that exported them, ending in a line end;
 * without a client address just the line end (so the file's second line is empty, as Germinate writes it).
 */
export function fileHeaders(clientUrl: string | null): string {
  if (!clientUrl) return '\n';
  const base = clientUrl.replace(/\/+$/, '');
  return [
    `# fjDatabaseLineSearch = ${base}/#/data/germplasm/$LINE`,
    `# fjDatabaseGroupPreview = ${base}/#/groups/upload/$GROUP`,
    `# fjDatabaseMarkerSearch = ${base}/#/data/genotypes/marker/$MARKER`,
    `# fjDatabaseGroupUpload = ${base}/api/group/upload`,
  ].join('\n') + '\n';
}

/** The header line's names, `\t`-led, chunk by chunk (a header may name a million markers). */
export function* namedCells(out: ChunkedBytes, names: readonly string[]): Generator<Buffer> {
  for (const name of names) {
    const bytes = encode(`\t${name}`);
    const full = out.reserve(bytes.length);
    if (full) yield full;
    out.bytes(bytes);
  }
}

/**
 * A Flapjack genotype file: `# fjFile = GENOTYPE`, the header text, `Accession/Marker` and the marker names,
 * then per germplasm its label and its calls (missing calls empty), TAB-separated, LF line ends.
 */
export async function* flapjackFile(input: FlapjackInput, lines: AsyncIterable<CallLine>): AsyncGenerator<Buffer> {
  const out = new ChunkedBytes();
  const cells = new CellTable(input.states);
  yield* textChunks(out, `# fjFile = GENOTYPE\n${input.headerLines}Accession/Marker`);
  yield* namedCells(out, input.markers);
  yield* labelledLines(out, lines, cells, (k) => encode(input.germplasm[k] ?? ''));
}

/**
 * The end of the header line, then one line per call line: its label's bytes (`label(k)` for the k-th), its
 * cells, a line end; chunks as they fill, then the rest. Flapjack labels a line by germplasm, HapMap by marker.
 */
export async function* labelledLines(out: ChunkedBytes, lines: AsyncIterable<CallLine>, cells: CellTable, label: (k: number) => Uint8Array): AsyncGenerator<Buffer> {
  const end = out.reserve(1);
  if (end) yield end;
  out.byte(LF);
  let k = 0;
  for await (const line of lines) {
    const start = label(k);
    k += 1;
    const full = out.reserve(start.length + line.codes.length * cells.widest + 1);
    if (full) yield full;
    out.bytes(start);
    out.cells(line.codes, cells);
    out.byte(LF);
    const taken = out.takeIfFull();
    if (taken) yield taken;
  }
  const rest = out.take();
  if (rest) yield rest;
}
