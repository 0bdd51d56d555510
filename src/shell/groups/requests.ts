import type { TableRequest } from '../../core/api-client.js';
import type { Filter } from '../../core/table-request.js';
import type { GroupItemKind, GroupTarget } from './kind.js';

/**
 * Groups as the client asks for them, for any kind of item: the group type of a kind, the groups of that
 * type (all the caller sees, or the ones a user may change), the body that creates one, and a table's
 * restriction to a group's members. Pure, so that it is tested without a server.
 */

/** The longest group name the server takes (groups.name is a varchar(255)). */
export const MAX_GROUP_NAME = 255;

/** The longest description the server takes (a text column, bounded by the server's check). */
export const MAX_GROUP_DESCRIPTION = 65535;

/** Groups listed in a picker: far more than anyone scrolls through in a select. */
export const GROUP_LIST_LIMIT = 1000;

/** A row of `group/table` (Germinate's ViewTableGroups): the keys the pickers read. */
export interface GroupRow {
  groupId: number;
  groupName: string | null;
  groupDescription?: string | null;
  groupType: string;
  groupVisibility?: boolean | null;
  userId?: number | null;
  userName?: string | null;
  count: number;
}

/** A row of `GET grouptype`. */
export interface GroupTypeRow {
  id: number;
  targetTable: string;
  description?: string | null;
}

/** The id of the group type of a target table among the server's group types; null when it has none. */
export function groupTypeId(rows: readonly GroupTypeRow[], target: GroupTarget): number | null {
  return rows.find((row) => row.targetTable === target)?.id ?? null;
}

/**
 * The `group/table` request of one kind's groups, by name. Given an owner, only that user's groups: the ones
 * a user may add members to (administrators may change every group, so they pass none).
 */
export function groupsRequest(target: GroupTarget, owner: number | null): TableRequest {
  const filter: Filter[] = [{ column: 'groupType', comparator: 'equals', operator: 'and', values: [target] }];
  if (owner !== null) filter.push({ column: 'userId', comparator: 'equals', operator: 'and', values: [String(owner)] });
  return { page: 1, limit: GROUP_LIST_LIMIT, orderBy: 'groupName', ascending: 1, filter };
}

/** A group's members of the kind (`group/{id}/<memberPath>`); `…/ids` lists their ids, `PATCH` changes them. */
export function membersPath(kind: Pick<GroupItemKind, 'memberPath'>, groupId: number): string {
  return `group/${groupId}/${kind.memberPath}`;
}

/**
 * A table's restriction to a group's members: `<idColumn> inSet` their ids. An empty group gives an empty
 * set, which matches no row (not "no restriction").
 */
export function memberFilter(kind: Pick<GroupItemKind, 'idColumn'>, ids: readonly number[]): Filter[] {
  return [{ column: kind.idColumn, comparator: 'inSet', operator: 'and', values: ids.map(String) }];
}

/** What the create dialog holds as typed. */
export interface GroupForm {
  name: string;
  description: string;
  visibility: 'private' | 'public';
}

export type GroupFormProblem = 'nameRequired' | 'nameTooLong' | 'descriptionTooLong';

/** The first thing to fix in the form, or null when it can be sent. */
export function groupFormProblem(form: GroupForm): GroupFormProblem | null {
  const name = form.name.trim();
  if (name === '') return 'nameRequired';
  if (name.length > MAX_GROUP_NAME) return 'nameTooLong';
  if (form.description.length > MAX_GROUP_DESCRIPTION) return 'descriptionTooLong';
  return null;
}

/** Germinate's Groups POJO for `PUT group`: the creator is the signed-in user; a blank description is none. */
export interface GroupBody {
  name: string;
  description: string | null;
  grouptypeId: number;
  visibility: boolean;
  createdBy: number;
}

export function groupBody(form: GroupForm, grouptypeId: number, userId: number): GroupBody {
  const description = form.description.trim();
  return { name: form.name.trim(), description: description === '' ? null : description, grouptypeId, visibility: form.visibility === 'public', createdBy: userId };
}

/** The values a group is offered with: its name (or id) and its number of members. */
export function groupOptionValues(row: Pick<GroupRow, 'groupId' | 'groupName' | 'count'>): { name: string; count: number } {
  return { name: row.groupName?.trim() || `#${row.groupId}`, count: Number(row.count) || 0 };
}
