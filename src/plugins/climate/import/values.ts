import type { CellText, Sheet } from '../../../server/import/importer.js';

export { parseDecimal, parseInteger, parseTemplateDate as parseRecordingDate } from '../../../server/import/values.js';

/** Characters as a person counts them (code points), for the length limits. */
export function characters(text: string): number {
  return [...text].length;
}

/** Column positions of a sheet's header texts (first occurrence; exact, case-sensitive as Germinate). */
export function headerIndex(sheet: Sheet): Map<string, number> {
  const index = new Map<string, number>();
  sheet.header.forEach((cell, i) => {
    if (cell !== null && !index.has(cell)) index.set(cell, i);
  });
  return index;
}

/** The cell of a row under a header text, or null when that column is absent or the cell empty. */
export function cellOf(cells: CellText[], index: Map<string, number>, name: string): CellText {
  const at = index.get(name);
  return at === undefined ? null : (cells[at] ?? null);
}
