/**
 * Comparing germplasm side by side: one line per field, one cell per germplasm, and whether the values
 * differ. Values are compared as displayed text, so [] and absent, or 1 and "1", count as the same.
 */

export interface CompareLine {
  field: string;
  values: string[];
  differs: boolean;
}

/** Display text of a row value: lists joined, objects by their name, absent as ''. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(displayValue).filter((v) => v !== '').join(', ');
  if (typeof value === 'object') {
    const named = value as Record<string, unknown>;
    if (typeof named.name === 'string') return named.type ? `${named.name} (${String(named.type)})` : named.name;
    return JSON.stringify(value);
  }
  return String(value);
}

/** Lines for the given fields (in that order); fields empty for every germplasm are left out. */
export function compareRows(fields: readonly string[], items: readonly Record<string, unknown>[]): CompareLine[] {
  const lines: CompareLine[] = [];
  for (const field of fields) {
    const values = items.map((item) => displayValue(item[field]));
    if (values.every((v) => v === '')) continue;
    lines.push({ field, values, differs: new Set(values).size > 1 });
  }
  return lines;
}

/** Route param ↔ ids: comma-separated positive integers, duplicates dropped. */
export function parseIds(param: string | undefined): number[] {
  const ids: number[] = [];
  for (const part of (param ?? '').split(',')) {
    const id = Number(part.trim());
    if (Number.isInteger(id) && id > 0 && !ids.includes(id)) ids.push(id);
  }
  return ids;
}
