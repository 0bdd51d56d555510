import { issue, type ImportIssue, type Sheet } from './importer.js';

/**
 * Header rows of the Excel templates, checked one way everywhere. A header the template fixes cell by cell
 * (METADATA, ATTRIBUTES, LOCATION, the images and GeoTIFF listings) must read `expected` at each position; a
 * header whose columns may come in any order (COLLABORATORS) must contain each name. Either way each missing
 * or misplaced name is one GENERIC_MISSING_COLUMN on the header row whose message is that name, as Germinate
 * reports it, with the cell actually found as the issue's value.
 */
export function checkPositionalHeader(sheet: Sheet, expected: readonly string[], out: ImportIssue[], options: { required?: number } = {}): boolean {
  // Templates that grew columns over time (GeoTIFFs) accept older files without the trailing ones; a header
  // shorter than the oldest template cannot be read by position at all.
  if (options.required !== undefined && sheet.header.length < options.required) {
    out.push(issue('GENERIC_MISSING_COLUMN', 1, { sheet: sheet.name, message: 'Invalid number of columns' }));
    return false;
  }
  let ok = true;
  expected.forEach((name, i) => {
    const found = sheet.header[i] ?? null;
    const absentOptional = options.required !== undefined && i >= options.required && found === null;
    if (found === name || absentOptional) return;
    ok = false;
    out.push(issue('GENERIC_MISSING_COLUMN', 1, { sheet: sheet.name, column: name, value: found, message: name }));
  });
  return ok;
}

/** Each name of `expected` somewhere in the header; returns the position of every header text (first occurrence). */
export function checkNamedHeader(sheet: Sheet, expected: readonly string[], out: ImportIssue[]): Map<string, number> {
  const index = new Map<string, number>();
  sheet.header.forEach((cell, i) => {
    if (cell !== null && !index.has(cell)) index.set(cell, i);
  });
  for (const name of expected) {
    if (!index.has(name)) out.push(issue('GENERIC_MISSING_COLUMN', 1, { sheet: sheet.name, column: name, value: null, message: name }));
  }
  return index;
}
