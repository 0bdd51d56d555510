import type { ApiClient } from '../../../../core/api-client.js';
import { idFilter, LOOKUP_BATCH, lookupBatches, resolveNames, type NameLookup, type NameRow } from './name-lookup.js';

/** Reads of the germplasm table the wizard makes: chosen germplasm by id, and names looked up. */

/** Germplasm rows by id, batch by batch, in the order of `ids`; ids without a row are left out. */
export async function rowsById(api: ApiClient, ids: readonly number[]): Promise<NameRow[]> {
  const rows = new Map<number, NameRow>();
  for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
    const batch = ids.slice(i, i + LOOKUP_BATCH);
    const page = await api.table<NameRow>('germplasm/table', { page: 1, limit: batch.length, filter: idFilter(batch) });
    for (const row of page.data) rows.set(row.germplasmId, row);
  }
  return ids.flatMap((id) => rows.get(id) ?? []);
}

/** The names looked up, batch by batch, as found, missing and ambiguous. */
export async function lookUpNames(api: ApiClient, names: readonly string[]): Promise<NameLookup> {
  const rows: NameRow[] = [];
  for (const filter of lookupBatches(names)) {
    // Up to two rows per name (its own and another germplasm's display name), and a few that share a name.
    const page = await api.table<NameRow>('germplasm/table', { page: 1, limit: LOOKUP_BATCH * 4, filter });
    rows.push(...page.data);
  }
  return resolveNames(names, rows);
}
