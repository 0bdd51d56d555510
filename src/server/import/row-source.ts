import type { CellText, ParsedFile, Sheet } from './importer.js';
import { endedLine, isEmptyRow, type RawEvent } from './raw-rows.js';

/** One data row as importers see it: its 1-based row or line number and its cells, padded to the header. */
export interface SheetRow {
  row: number;
  cells: CellText[];
}

/** A sheet being read: its header (row 1) and its non-empty data rows in file order, read once. */
export interface SheetRows {
  name: string;
  header: CellText[];
  rows: AsyncIterable<SheetRow>;
}

/**
 * The rows of an import file, for importers that check and write in batches. Each `eachSheet` reads the
 * file again from the start and visits its sheets in file order; rows a visitor does not take are skipped.
 * Memory stays that of the rows in hand, whatever the number of rows. `progress` hears how much of the
 * file was read (0..1, rising) as the visitor takes rows: a streamed file's row count is not known before
 * its end, its size is.
 */
export interface RowSource {
  eachSheet(visit: (sheet: SheetRows) => Promise<void>, progress?: (fraction: number) => void): Promise<void>;
}

/** The file's rows: streamed from the file when it was opened for streaming, else its sheets in memory. */
export function rowSource(file: ParsedFile): RowSource {
  return file.rows ?? sheetSource(file.sheets);
}

/** Sheets already in memory: progress counts the rows handed out of all rows. */
function sheetSource(sheets: ReadonlyMap<string, Sheet>): RowSource {
  return {
    async eachSheet(visit, progress) {
      let total = 0;
      for (const sheet of sheets.values()) total += sheet.rows.length;
      let taken = 0;
      for (const sheet of sheets.values()) {
        const rows = (async function* () {
          for (const row of sheet.rows) {
            yield row;
            taken += 1;
            if (taken % 1000 === 0 || taken === total) progress?.(taken / total);
          }
        })();
        await visit({ name: sheet.name, header: sheet.header, rows });
      }
    },
  };
}

/**
 * Rows from a reader's events. The same shaping as SheetBuilder: row 1 is the header (when the sheet has
 * one), all-empty rows are dropped, data rows are padded to the header and keep filled cells past it.
 */
export function streamedSource(events: () => AsyncIterable<RawEvent>, log?: (line: string) => void): RowSource {
  return {
    async eachSheet(visit, progress) {
      const iterator = events()[Symbol.asyncIterator]();
      let next = await iterator.next();
      const note = (event: RawEvent) => {
        if (event.type === 'ended') log?.(endedLine(event.sheet, event.row));
        else if (event.type === 'read') progress?.(event.fraction);
      };
      try {
        while (!next.done) {
          const event = next.value;
          next = await iterator.next();
          if (event.type !== 'sheet') {
            note(event);
            continue;
          }
          let header: CellText[] = [];
          // A `read` event may come before the header row.
          while (!next.done && next.value.type === 'read') {
            note(next.value);
            next = await iterator.next();
          }
          if (!next.done && next.value.type === 'row' && next.value.row === 1) {
            header = next.value.cells.slice(0, lastValue(next.value.cells) + 1);
            next = await iterator.next();
          }
          const rows = (async function* (): AsyncGenerator<SheetRow> {
            while (!next.done && next.value.type !== 'sheet') {
              const current = next.value;
              next = await iterator.next();
              if (current.type !== 'row') note(current);
              else if (!isEmptyRow(current.cells)) yield { row: current.row, cells: padded(current.cells, header.length) };
            }
          })();
          await visit({ name: event.name, header, rows });
          // Whatever the visitor left of this sheet is read past (the file is one stream).
          for await (const _ of rows) void _;
        }
      } finally {
        await iterator.return?.();
      }
    },
  };
}

function padded(cells: CellText[], headerWidth: number): CellText[] {
  const width = Math.max(headerWidth, lastValue(cells) + 1);
  const row = cells.length === width ? cells : cells.slice(0, width);
  while (row.length < width) row.push(null);
  return row;
}

function lastValue(cells: readonly CellText[]): number {
  for (let i = cells.length - 1; i >= 0; i -= 1) if (cells[i] !== null && cells[i] !== undefined) return i;
  return -1;
}
