import type { Filter } from '../../core/table-request.js';

/**
 * "Germplasm from a list": entries (one name or accession number per line, '%' as wildcard)
 * are looked up in batches and each entry is classified by the rows that match it, so curators see
 * which entries found nothing and which were ambiguous.
 */

/** The identifying columns an entry is compared with (the PUID too: a DOI such as 10.18730/…); synonyms apart, as a list. */
export const MATCH_COLUMNS = ['germplasmName', 'germplasmGid', 'germplasmNumber', 'germplasmDisplayName', 'germplasmPuid'] as const;

/** The drop-file box takes only .txt; larger files are refused (Germinate's limit is a few MB). */
export const MAX_LIST_FILE_BYTES = 2 * 1024 * 1024;
/** Exact entries per inSet request: well under any URL/body limit, few round trips for long lists. */
export const BATCH_SIZE = 200;

export type MatchRow = Partial<Record<(typeof MATCH_COLUMNS)[number], string | null>> & { germplasmId: number; synonyms?: unknown };

/**
 * The server's arrayContains keeps only [A-Za-z0-9_-] of a value; an entry with other characters ('PI 557821')
 * is looked up among the synonyms with `contains` on its own, and classify() keeps whole-value matches only.
 */
const SYNONYM_TOKEN = /^[A-Za-z0-9_-]+$/;

export interface Classification<R extends MatchRow> {
  /** Rows that matched at least one entry, each once, in the order first found. */
  matches: R[];
  /** Entries that matched nothing. */
  missing: string[];
  /** Entries that matched more than one germplasm, with how many. */
  ambiguous: { entry: string; count: number }[];
}

/** Lines → entries: trimmed, blank lines dropped, duplicates (ignoring case) kept once. */
export function parseEntries(text: string): string[] {
  const seen = new Set<string>();
  const entries: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    const entry = line.trim();
    if (entry === '' || seen.has(entry.toLowerCase())) continue;
    seen.add(entry.toLowerCase());
    entries.push(entry);
  }
  return entries;
}

export function isWildcard(entry: string): boolean {
  return entry.includes('%');
}

/** Case-insensitive whole-value test; '%' stands for any run of characters (as the server's `contains`). */
export function entryMatcher(entry: string): (value: string) => boolean {
  if (!isWildcard(entry)) {
    const wanted = entry.toLowerCase();
    return (value) => value.toLowerCase() === wanted;
  }
  const source = entry
    .split('%')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const pattern = new RegExp(`^${source}$`, 'iu');
  return (value) => pattern.test(value);
}

/** The filter groups that fetch the candidates: one inSet group per batch of exact entries, one per wildcard. */
export function requestFilters(entries: readonly string[], batchSize = BATCH_SIZE): Filter[][] {
  const exact = entries.filter((e) => !isWildcard(e));
  const groups: Filter[][] = [];
  for (let i = 0; i < exact.length; i += batchSize) {
    const values = exact.slice(i, i + batchSize);
    const tokens = values.filter((v) => SYNONYM_TOKEN.test(v));
    groups.push([
      ...MATCH_COLUMNS.map((column): Filter => ({ column, comparator: 'inSet', operator: 'or', values })),
      ...(tokens.length > 0 ? [{ column: 'synonyms', comparator: 'arrayContains', operator: 'or', values: tokens } as const] : []),
    ]);
  }
  for (const entry of exact.filter((e) => !SYNONYM_TOKEN.test(e))) {
    groups.push([{ column: 'synonyms', comparator: 'contains', operator: 'or', values: [entry] }]);
  }
  for (const entry of entries.filter(isWildcard)) {
    // The server's contains wraps the value in wildcards; classify() keeps only whole-value matches.
    groups.push([...MATCH_COLUMNS, 'synonyms'].map((column) => ({ column, comparator: 'contains', operator: 'or', values: [entry] })));
  }
  return groups;
}

/** A row's identifying values: its columns and each of its synonyms. */
function valuesOf(row: MatchRow): string[] {
  const values = MATCH_COLUMNS.map((column) => row[column]).filter((v): v is string => typeof v === 'string');
  if (Array.isArray(row.synonyms)) values.push(...row.synonyms.filter((v): v is string => typeof v === 'string'));
  return values;
}

/** Sorts candidates into matches, entries without a match and entries with several. */
export function classify<R extends MatchRow>(entries: readonly string[], candidates: readonly R[]): Classification<R> {
  const unique = new Map<number, R>();
  for (const row of candidates) if (!unique.has(row.germplasmId)) unique.set(row.germplasmId, row);
  const rows = [...unique.values()];
  const matched = new Map<number, R>();
  const missing: string[] = [];
  const ambiguous: { entry: string; count: number }[] = [];
  for (const entry of entries) {
    const test = entryMatcher(entry);
    const hits = rows.filter((row) => valuesOf(row).some(test));
    if (hits.length === 0) missing.push(entry);
    if (hits.length > 1) ambiguous.push({ entry, count: hits.length });
    for (const hit of hits) if (!matched.has(hit.germplasmId)) matched.set(hit.germplasmId, hit);
  }
  return { matches: [...matched.values()], missing, ambiguous };
}

export type FileCheck = { ok: true } | { ok: false; reason: 'wrong-type' | 'too-large' };

/** Only .txt files, and not too large. */
export function checkListFile(name: string, size: number): FileCheck {
  if (!/\.txt$/i.test(name)) return { ok: false, reason: 'wrong-type' };
  if (size > MAX_LIST_FILE_BYTES) return { ok: false, reason: 'too-large' };
  return { ok: true };
}
