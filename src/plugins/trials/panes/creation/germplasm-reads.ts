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

/** A germplasm group the caller sees, as `group/table` lists it. */
export interface GermplasmGroup {
  groupId: number;
  groupName: string;
  count?: number | null;
}

/** Rows per request of a group's members (the server's largest page). */
const MEMBER_PAGE = 5000;

/** The germplasm groups the caller sees, by name. */
export async function germplasmGroups(api: ApiClient): Promise<GermplasmGroup[]> {
  const page = await api.table<GermplasmGroup>('group/table', {
    page: 1,
    limit: MEMBER_PAGE,
    orderBy: 'groupName',
    ascending: 1,
    filter: [{ column: 'groupType', comparator: 'equals', values: ['germinatebase'] }],
  });
  return page.data;
}

/** Every member of a germplasm group, page by page, in the order of their ids. */
export async function groupMembers(api: ApiClient, groupId: number): Promise<NameRow[]> {
  const rows: NameRow[] = [];
  for (let page = 1; ; page += 1) {
    const result = await api.table<NameRow>(`group/${groupId}/germplasm`, { page, limit: MEMBER_PAGE, orderBy: 'germplasmId', ascending: 1 });
    rows.push(...result.data);
    if (result.data.length < MEMBER_PAGE || rows.length >= result.count) return rows;
  }
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
