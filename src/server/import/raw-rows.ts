import type { CellText, Sheet } from './importer.js';
import { SheetBuilder } from './cells.js';

/**
 * What the streaming readers produce, in file order: a sheet starts, then its rows (1-based row or line
 * number, cleaned cells; empty rows the file stores may come, others leave a gap in the numbers), and
 * `ended` when a run of empty rows ended the sheet.
 * `read` says how far into the file the reader is (0..1 of its bytes), now and then: the row count is not
 * known before the end, the file's size is.
 */
export type RawEvent =
  | { type: 'sheet'; name: string }
  | { type: 'row'; row: number; cells: CellText[] }
  | { type: 'ended'; sheet: string; row: number }
  | { type: 'read'; fraction: number };

/** Rule: a `read` event only when the share read grew by this much (a thousand steps per file at most). */
const READ_STEP = 0.001;

/** Counts the bytes a reader took from its file and says when that is worth a `read` event. */
export class BytesRead {
  private bytes = 0;
  private told = 0;

  constructor(private readonly size: number) {}

  add(bytes: number): void {
    this.bytes += bytes;
  }

  /** The share read, when it grew by READ_STEP since the last time it was given; else null. */
  take(): number | null {
    if (this.size <= 0) return null;
    const fraction = Math.min(1, this.bytes / this.size);
    if (fraction - this.told < READ_STEP) return null;
    this.told = fraction;
    return fraction;
  }
}

/**
 * Rule: this many consecutive empty rows end a sheet; nothing below them is read or reported. Spreadsheets
 * often carry thousands of formatted but empty rows below the data (down to row 1,048,576), and reading
 * them costs time and tells the curator nothing.
 */
export const EMPTY_RUN_LIMIT = 10_000;

export function isEmptyRow(cells: readonly CellText[]): boolean {
  for (const cell of cells) if (cell !== null && cell !== undefined) return false;
  return true;
}

/** Counts consecutive empty rows of one sheet; `full()` once the run reaches the limit. */
export class EmptyRun {
  private run = 0;

  constructor(private readonly limit = EMPTY_RUN_LIMIT) {}

  /** Records a row; true when this row makes the run reach the limit (the sheet ends here). */
  add(cells: readonly CellText[]): boolean {
    if (!isEmptyRow(cells)) {
      this.run = 0;
      return false;
    }
    this.run += 1;
    return this.run >= this.limit;
  }

  /** Empty rows still allowed before the run ends the sheet. */
  left(): number {
    return this.limit - this.run;
  }

  /** A sheet without rows for the gap (xlsx skips row numbers of rows it does not store) counts the gap. */
  addGap(rows: number): boolean {
    if (rows <= 0) return false;
    this.run += rows;
    return this.run >= this.limit;
  }
}

/** Builds the sheets of a whole file in memory (for importers that do not stream); logs where a run ended a sheet. */
export async function collectSheets(events: AsyncIterable<RawEvent>, log?: (line: string) => void): Promise<Map<string, Sheet>> {
  const sheets = new Map<string, Sheet>();
  let builder: SheetBuilder | null = null;
  const close = () => {
    if (builder) {
      const sheet = builder.build();
      sheets.set(sheet.name, sheet);
    }
  };
  for await (const event of events) {
    if (event.type === 'sheet') {
      close();
      builder = new SheetBuilder(event.name);
    } else if (event.type === 'row') builder?.add(event.row, event.cells);
    else if (event.type === 'ended') log?.(endedLine(event.sheet, event.row));
  }
  close();
  return sheets;
}

export function endedLine(sheet: string, row: number): string {
  return `${sheet}: reading stopped at row ${row}, after ${EMPTY_RUN_LIMIT.toLocaleString('en-GB')} empty rows in a row (the sheet's end)`;
}
