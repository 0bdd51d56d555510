import useSWR, { useSWRConfig } from 'swr';
import type { ApiClient } from '../../../../core/api-client.js';
import { useServices } from '../../../../shell/pane-api.js';
import { GROUP_LIST_LIMIT, groupBody, traitGroupsRequest, traitGroupTypeId, type GroupForm, type GroupTypeRow, type TraitGroupRow } from './requests.js';

/**
 * The server calls of trait groups, and the swr reads the pickers share (one answer per key, refreshed
 * together after a change).
 */

/** The first elements of the swr keys of group lists and of members, so that a change refreshes them all. */
const LIST_KEY = 'trials:trait-groups';
const MEMBERS_KEY = 'trials:trait-group-members';

/** The id of the trait group type (`GET grouptype`); null when the server has none. */
export async function readTraitGroupTypeId(api: ApiClient): Promise<number | null> {
  const page = await api.get<{ data: GroupTypeRow[] }>('grouptype', { query: { limit: GROUP_LIST_LIMIT } });
  return traitGroupTypeId(page.data);
}

/** Every id of a trait group's members the caller may see (`group/{id}/trait/ids`). */
export async function readMemberIds(api: ApiClient, groupId: number, signal?: AbortSignal): Promise<number[]> {
  const result = await api.tableIds(`group/${groupId}/trait/ids`, { page: 1 }, signal ? { signal } : undefined);
  return result.data;
}

/** Names of some members of a group (the first `limit` of `ids`, by name), for telling which ones are meant. */
export async function readMemberNames(api: ApiClient, groupId: number, ids: readonly number[], limit: number): Promise<string[]> {
  if (ids.length === 0) return [];
  const page = await api.table<{ traitId: number; traitName: string | null }>(`group/${groupId}/trait`, {
    page: 1,
    limit,
    orderBy: 'traitName',
    ascending: 1,
    filter: [{ column: 'traitId', comparator: 'inSet', operator: 'and', values: ids.map(String) }],
  });
  return page.data.map((row) => row.traitName || String(row.traitId));
}

/** Adds traits to a group; answers how many were not members yet. */
export function addMembers(api: ApiClient, groupId: number, ids: readonly number[]): Promise<number> {
  return api.patch<number>(`group/${groupId}/trait`, { body: { ids, addition: true } });
}

/** Creates a trait group of the user's and puts the traits in it; answers its id and how many went in. */
export async function createTraitGroup(api: ApiClient, form: GroupForm, userId: number, ids: readonly number[]): Promise<{ groupId: number; added: number } | 'noType'> {
  const typeId = await readTraitGroupTypeId(api);
  if (typeId === null) return 'noType';
  const groupId = await api.put<number>('group', { body: groupBody(form, typeId, userId) });
  const added = ids.length > 0 ? await addMembers(api, groupId, ids) : 0;
  return { groupId, added };
}

/** The signed-in user's id, or null for a visitor (a lapsed session counts as none). */
export function useUserId(): number | null {
  const { session } = useServices();
  const current = session.current();
  return current !== null && session.isValid() ? current.userId : null;
}

/**
 * Trait groups by name: all the caller sees, or (owner given) that user's own. The key holds the user,
 * so that another login reads its own list.
 */
export function useTraitGroups(owner: number | null, enabled = true) {
  const { api } = useServices();
  const viewer = useUserId();
  return useSWR(enabled ? [LIST_KEY, viewer, owner] : null, () => api.table<TraitGroupRow>('group/table', traitGroupsRequest(owner)).then((page) => page.data), {
    revalidateOnFocus: false,
  });
}

/** Reads every group list and member list again (after a group was created or its members changed). */
export function useRefreshTraitGroups(): () => void {
  const { mutate } = useSWRConfig();
  return () => void mutate((key) => Array.isArray(key) && (key[0] === LIST_KEY || key[0] === MEMBERS_KEY));
}

/** The member ids of a group, read while one is chosen; an unreadable group answers an error. */
export function useMemberIds(groupId: number | null) {
  const { api } = useServices();
  const viewer = useUserId();
  return useSWR(groupId === null ? null : [MEMBERS_KEY, viewer, groupId], () => (groupId === null ? [] : readMemberIds(api, groupId)), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
