import type { CellText, Sheet } from '../../../server/import/importer.js';

export { parseDecimal, parseInteger, parseTemplateDate as parseTrialDate } from '../../../server/import/values.js';
import { parseDecimal } from '../../../server/import/values.js';

/** A whole number within a 16-bit column (trial row/column, "short" in Germinate); "3.0" counts as 3. */
export function parseShort(text: string): number | null {
  const value = parseDecimal(text);
  if (value === null || !Number.isInteger(value) || value < -32768 || value > 32767) return null;
  return value;
}

/** Header text → column index; the second of two equal headers is reported by the caller. */
export function headerIndex(sheet: Sheet): { columns: Map<string, number>; duplicates: { name: string; index: number }[] } {
  const columns = new Map<string, number>();
  const duplicates: { name: string; index: number }[] = [];
  sheet.header.forEach((name, index) => {
    if (name === null) return;
    if (columns.has(name)) duplicates.push({ name, index });
    else columns.set(name, index);
  });
  return { columns, duplicates };
}

export function cellAt(cells: CellText[], index: number | undefined): CellText {
  return index === undefined ? null : (cells[index] ?? null);
}
