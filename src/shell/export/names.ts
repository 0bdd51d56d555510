import type { ApiClient } from '../../core/api-client.js';
import type { Filter } from '../../core/table-request.js';

/**
 * A pasted list of germplasm names on an export page: read from the text (one name a line or a cell),
 * then found in the germplasm table (`germplasm/table`, an inSet filter on germplasmName, in batches) so
 * that the export can ask for their ids; names found nowhere are shown.
 */

/** Names of a pasted list kept in the URL: enough for a breeder's list, short enough for an address. */
export const MAX_LIST_NAMES = 1000;

/** Names per request: a short inSet, few round trips for long lists. */
export const NAME_BATCH = 200;

/** Trimmed names, blank ones and repeats (ignoring case) left out, at most MAX_LIST_NAMES. */
export function nameList(value: readonly unknown[]): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') continue;
    const name = item.trim();
    if (name === '' || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    names.push(name);
    if (names.length === MAX_LIST_NAMES) break;
  }
  return names;
}

/** The names of pasted text: one per line, or per cell of a row pasted from a spreadsheet (tabs). */
export function namesFromText(text: string): string[] {
  return nameList(text.split(/\r\n|\r|\n|\t/));
}

export interface NameMatch {
  ids: number[];
  /** The names no germplasm is called, in the list's order. */
  missing: string[];
}

interface GermplasmName {
  germplasmId: number;
  germplasmName?: string | null;
}

/**
 * The filter of one batch. The server reads an inSet of a single value as a comma-separated list (as
 * Germinate's client sends typed lists), so a lone name is sent twice: a comma inside it stays part of it.
 */
export function nameFilter(batch: readonly string[]): Filter[] {
  const values = batch.length === 1 ? [batch[0], batch[0]] : [...batch];
  return [{ column: 'germplasmName', comparator: 'inSet', operator: 'and', values }];
}

/** The ids of the germplasm the names call (ignoring case), each once, and the names nothing matched. */
export function matchNames(names: readonly string[], rows: readonly GermplasmName[]): NameMatch {
  const byName = new Map<string, number[]>();
  for (const row of rows) {
    if (typeof row.germplasmName !== 'string') continue;
    const key = row.germplasmName.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), row.germplasmId]);
  }
  const ids = new Set<number>();
  const missing: string[] = [];
  for (const name of names) {
    const found = byName.get(name.toLowerCase());
    if (!found) missing.push(name);
    else for (const id of found) ids.add(id);
  }
  return { ids: [...ids], missing };
}

/** Looks the names up, batch after batch. */
export async function resolveNames(api: Pick<ApiClient, 'table'>, names: readonly string[], signal?: AbortSignal): Promise<NameMatch> {
  const rows: GermplasmName[] = [];
  for (let start = 0; start < names.length; start += NAME_BATCH) {
    const batch = names.slice(start, start + NAME_BATCH);
    // Twice the batch: a name may be shared by more than one germplasm; each of them is taken.
    const page = await api.table<GermplasmName>('germplasm/table', { page: 1, limit: batch.length * 2, filter: nameFilter(batch) }, { signal });
    rows.push(...page.data);
  }
  return matchNames(names, rows);
}
