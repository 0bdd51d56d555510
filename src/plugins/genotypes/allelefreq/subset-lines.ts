import type { IdentifierRow } from '../export/identifiers-file.js';
import { memberChoice, type GermplasmMembers } from '../export/subset.js';
import { FrequencyFileReader, frequencyOf } from './frequency-file.js';
import { Histogram } from './binning.js';

/** Cells read between two turns of the event loop (a few milliseconds of work). */
const YIELD_CELLS = 20_000;

/** What a subset reads: the dataset's germplasm members (which are selected) and the selected markers' names (null = all). */
export interface FrequencySubset {
  germplasm: GermplasmMembers;
  markers: readonly string[] | null;
}

/** One exported line: the germplasm as the file names it, its selected cells, and its identifiers. */
export interface SubsetLine {
  name: string;
  cells: string[];
  identifiers: IdentifierRow | null;
}

/** A reading of the subset: the header's label and markers (file order), then its lines. */
export interface SubsetReading {
  label: string;
  markers: string[];
  lines: AsyncGenerator<SubsetLine>;
  /** Releases the file (the lines do so when they end or their reader stops; this is for a reading never begun). */
  close(): Promise<void>;
}

/**
 * Opens the frequency file for one pass over a subset: the selected markers' columns in file order (names
 * matched without regard to case), and the lines of selected germplasm members, each once. `seen` is called
 * for every line of the file, taken or not (progress, cancelling). The file is read line by line.
 */
export async function readSubset(file: string, subset: FrequencySubset, seen: () => void = () => undefined): Promise<SubsetReading> {
  const reader = await FrequencyFileReader.open(file);
  const wanted = subset.markers ? new Set(subset.markers.map((name) => name.toLowerCase())) : null;
  const columns: number[] = [];
  const markers: string[] = [];
  reader.markers.forEach((name, column) => {
    if (wanted && !wanted.has(name.toLowerCase())) return;
    columns.push(column);
    markers.push(name);
  });
  const memberOf = memberChoice(subset.germplasm);
  async function* lines(): AsyncGenerator<SubsetLine> {
    let sinceYield = 0;
    for await (const row of reader.rows()) {
      seen();
      // The histogram request reads in the server's thread (exports, in their worker): a turn for other
      // requests every YIELD_CELLS cells read, whatever the length of a line (a cached file's reads come
      // back before any timer is due).
      sinceYield += row.cells.length;
      if (sinceYield >= YIELD_CELLS) {
        sinceYield = 0;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      const m = memberOf(row.name);
      if (m < 0) continue;
      const cells = new Array<string>(columns.length);
      for (let i = 0; i < columns.length; i += 1) cells[i] = row.cells[columns[i]] ?? '';
      yield { name: row.name, cells, identifiers: subset.germplasm.identifiers[m] };
    }
  }
  return { label: reader.label, markers, lines: lines(), close: () => reader.close() };
}

/** The histogram of every frequency of the subset (empty cells left out). */
export async function subsetHistogram(file: string, subset: FrequencySubset, buckets: number, seen?: () => void): Promise<Histogram> {
  const histogram = new Histogram(buckets);
  const reading = await readSubset(file, subset, seen);
  for await (const line of reading.lines) {
    for (const cell of line.cells) {
      const value = frequencyOf(cell);
      if (value !== null) histogram.add(value);
    }
  }
  return histogram;
}
