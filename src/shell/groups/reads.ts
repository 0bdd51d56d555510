import useSWR, { useSWRConfig } from 'swr';
import type { ApiClient } from '../../core/api-client.js';
import { useServices } from '../pane-api.js';
import type { GroupItemKind, GroupTarget } from './kind.js';
import { GROUP_LIST_LIMIT, groupBody, groupsRequest, groupTypeId, membersPath, type GroupForm, type GroupRow, type GroupTypeRow } from './requests.js';

/**
 * The server calls of groups, and the swr reads the pickers share (one answer per key, refreshed together
 * after a change). Every key holds the kind, so that trait and marker lists never answer for each other.
 */

/** The first elements of the swr keys of group lists and of members, so that a change refreshes them all. */
const LIST_KEY = 'groups:list';
const MEMBERS_KEY = 'groups:members';

/** The id of a kind's group type (`GET grouptype`); null when the server has none. */
export async function readGroupTypeId(api: ApiClient, target: GroupTarget): Promise<number | null> {
  const page = await api.get<{ data: GroupTypeRow[] }>('grouptype', { query: { limit: GROUP_LIST_LIMIT } });
  return groupTypeId(page.data, target);
}

/** Every id of a group's members the caller may see (`group/{id}/<kind>/ids`). */
export async function readMemberIds(api: ApiClient, kind: GroupItemKind, groupId: number, signal?: AbortSignal): Promise<number[]> {
  const result = await api.tableIds(`${membersPath(kind, groupId)}/ids`, { page: 1 }, signal ? { signal } : undefined);
  return result.data;
}

/** Names of some members of a group (the first `limit` of `ids`, by name), for telling which ones are meant. */
export async function readMemberNames(api: ApiClient, kind: GroupItemKind, groupId: number, ids: readonly number[], limit: number): Promise<string[]> {
  if (ids.length === 0) return [];
  const page = await api.table<Record<string, unknown>>(membersPath(kind, groupId), {
    page: 1,
    limit,
    orderBy: kind.nameColumn,
    ascending: 1,
    filter: [{ column: kind.idColumn, comparator: 'inSet', operator: 'and', values: ids.map(String) }],
  });
  return page.data.map((row) => {
    const name = row[kind.nameColumn];
    return typeof name === 'string' && name !== '' ? name : String(row[kind.idColumn]);
  });
}

/** Adds items to a group; answers how many were not members yet. */
export function addMembers(api: ApiClient, kind: GroupItemKind, groupId: number, ids: readonly number[]): Promise<number> {
  return api.patch<number>(membersPath(kind, groupId), { body: { ids, addition: true } });
}

/** Creates a group of the kind for the user and puts the items in it; answers its id and how many went in. */
export async function createGroup(
  api: ApiClient,
  kind: GroupItemKind,
  form: GroupForm,
  userId: number,
  ids: readonly number[],
): Promise<{ groupId: number; added: number } | 'noType'> {
  const typeId = await readGroupTypeId(api, kind.target);
  if (typeId === null) return 'noType';
  const groupId = await api.put<number>('group', { body: groupBody(form, typeId, userId) });
  const added = ids.length > 0 ? await addMembers(api, kind, groupId, ids) : 0;
  return { groupId, added };
}

/** The signed-in user's id, or null for a visitor (a lapsed session counts as none). */
export function useUserId(): number | null {
  const { session } = useServices();
  const current = session.current();
  return current !== null && session.isValid() ? current.userId : null;
}

/**
 * A kind's groups by name: all the caller sees, or (owner given) that user's own. The key holds the user,
 * so that another login reads its own list.
 */
export function useGroups(kind: GroupItemKind, owner: number | null, enabled = true) {
  const { api } = useServices();
  const viewer = useUserId();
  return useSWR(enabled ? [LIST_KEY, kind.target, viewer, owner] : null, () => api.table<GroupRow>('group/table', groupsRequest(kind.target, owner)).then((page) => page.data), {
    revalidateOnFocus: false,
  });
}

/** Reads a kind's group lists and member lists again (after a group was created or its members changed). */
export function useRefreshGroups(kind: GroupItemKind): () => void {
  const { mutate } = useSWRConfig();
  return () =>
    void mutate((key) => Array.isArray(key) && ((key[0] === LIST_KEY && key[1] === kind.target) || (key[0] === MEMBERS_KEY && key[1] === kind.memberPath)));
}

/** The member ids of a group, read while one is chosen; an unreadable group answers an error. */
export function useMemberIds(kind: GroupItemKind, groupId: number | null) {
  const { api } = useServices();
  const viewer = useUserId();
  return useSWR(groupId === null ? null : [MEMBERS_KEY, kind.memberPath, viewer, groupId], () => (groupId === null ? [] : readMemberIds(api, kind, groupId)), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
