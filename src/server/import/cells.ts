import type { CellText, Sheet } from './importer.js';

/**
 * Germinate's cell rule: no-break spaces become spaces, line breaks become one space,
 * then trim; nothing left means the cell is missing.
 */
export function cleanCell(text: string): CellText {
  const clean = text.replace(/\u00a0/g, ' ').replace(/\r\n|\r|\n/g, ' ').trim();
  return clean === '' ? null : clean;
}

/** Collects one sheet: row 1 is the header, later rows are data, all-empty rows are dropped. */
export class SheetBuilder {
  private readonly sheet: Sheet;

  constructor(name: string) {
    this.sheet = { name, header: [], rows: [] };
  }

  /** `rowNumber` is 1-based; rows arrive in file order, which is ascending in both text and xlsx. */
  add(rowNumber: number, cells: CellText[]): void {
    const last = lastValue(cells);
    if (rowNumber === 1) {
      this.sheet.header = cells.slice(0, last + 1);
      return;
    }
    if (last < 0) return;
    // Pad to the header so importers can index any header column; keep extra filled cells past it.
    const width = Math.max(this.sheet.header.length, last + 1);
    const row = cells.length === width ? cells : cells.slice(0, width);
    while (row.length < width) row.push(null);
    this.sheet.rows.push({ row: rowNumber, cells: row });
  }

  /** Whether any cell, header included, holds a value. */
  get hasContent(): boolean {
    return this.sheet.rows.length > 0 || this.sheet.header.some((cell) => cell !== null);
  }

  build(): Sheet {
    // A malformed workbook may list row 1 after other rows; pad those to the header as well.
    const width = this.sheet.header.length;
    for (const row of this.sheet.rows) while (row.cells.length < width) row.cells.push(null);
    return this.sheet;
  }
}

function lastValue(cells: CellText[]): number {
  for (let i = cells.length - 1; i >= 0; i -= 1) if (cells[i] !== null && cells[i] !== undefined) return i;
  return -1;
}
