import { CellTable, ChunkedBytes, encode, textChunks } from './byte-lines.js';
import { labelledLines, namedCells, type CallLine } from './flapjack-writer.js';

/** A marker's place on the chosen map; null when it is not on it (or no map was chosen). */
export type MarkerPlace = { chromosome: string; position: number } | null;

export interface MarkerLinesInput {
  /** Germplasm labels, one per cell, in the order of each line's codes. */
  germplasm: readonly string[];
  /** Marker names, one per line, in the order the lines come. */
  markers: readonly string[];
  /** Each marker's place, parallel to `markers`. */
  places: readonly MarkerPlace[];
  /** Call texts by byte; states[0] is the missing call (''). */
  states: readonly string[];
}

export interface HapmapInput extends MarkerLinesInput {
  /** The job's header text, written verbatim before the header line. */
  headerLines: string;
}

const HEADER = 'rs#\talleles\tchrom\tpos\tstrand\tassembly#\tcenter\tprotLSID\tassayLSID\tpanelLSID\tQCcode';
const AFTER_POSITION = '\tNA\tNA\tNA\tNA\tNA\tNA\tNA';

/**
 * A call as HapMap writes it: missing is N, the allele separator goes (`A/G` → `AG`; a phased `A|G` too,
 * HapMap has no phase), and a single letter is doubled (`A` → `AA`, missing → `NN`).
 */
export function hapmapCall(state: string): string {
  const letters = state === '' ? 'N' : state.replace(/[/|]/g, '');
  return letters.length === 1 ? letters + letters : letters;
}

/** A map position as an integer text (HapMap positions are whole numbers; Java's Math.round rounds half up). */
export const wholePosition = (position: number): string => String(Math.round(position));

/**
 * A HapMap file: the header text, the 11 fixed columns and the germplasm labels, then per marker its name,
 * `NA`, chromosome and position from the map (empty when it is not on it), `NA` seven times and the calls;
 * TAB-separated, LF line ends.
 */
export async function* hapmapFile(input: HapmapInput, lines: AsyncIterable<CallLine>): AsyncGenerator<Buffer> {
  const out = new ChunkedBytes();
  const cells = new CellTable(input.states.map(hapmapCall));
  yield* textChunks(out, `${input.headerLines}${HEADER}`);
  yield* namedCells(out, input.germplasm);
  yield* labelledLines(out, lines, cells, (k) => {
    const place = input.places[k] ?? null;
    return encode(`${input.markers[k] ?? ''}\tNA\t${place ? place.chromosome : ''}\t${place ? wholePosition(place.position) : ''}${AFTER_POSITION}`);
  });
}
