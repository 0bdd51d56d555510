import type { TableRequest } from '../../../../core/api-client.js';
import type { Filter } from '../../../../core/table-request.js';

/**
 * Trait groups as the client asks for them: the group type whose members are traits, the groups of that
 * type (all the caller sees, or the ones a user may change), the body that creates one, and what a
 * group's members come to in a list of traits. Pure, so that it is tested without a server.
 */

/** grouptypes.target_table of trait groups: their members are rows of the traits table. */
export const TRAIT_GROUP_TARGET = 'phenotypes';

/** The longest group name the server takes (groups.name is a varchar(255)). */
export const MAX_GROUP_NAME = 255;

/** The longest description the server takes (a text column, bounded by the server's check). */
export const MAX_GROUP_DESCRIPTION = 65535;

/** Groups listed in a picker: far more than anyone scrolls through in a select. */
export const GROUP_LIST_LIMIT = 1000;

/** A row of `group/table` (Germinate's ViewTableGroups): the keys the pickers read. */
export interface TraitGroupRow {
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

/** The id of the trait group type among the server's group types; null when it has none. */
export function traitGroupTypeId(rows: readonly GroupTypeRow[]): number | null {
  return rows.find((row) => row.targetTable === TRAIT_GROUP_TARGET)?.id ?? null;
}

/**
 * The `group/table` request of trait groups, by name. Given an owner, only that user's groups: the ones
 * a user may add members to (administrators may change every group, so they pass none).
 */
export function traitGroupsRequest(owner: number | null): TableRequest {
  const filter: Filter[] = [{ column: 'groupType', comparator: 'equals', operator: 'and', values: [TRAIT_GROUP_TARGET] }];
  if (owner !== null) filter.push({ column: 'userId', comparator: 'equals', operator: 'and', values: [String(owner)] });
  return { page: 1, limit: GROUP_LIST_LIMIT, orderBy: 'groupName', ascending: 1, filter };
}

/**
 * The traits table's restriction to a group's members: `traitId inSet` their ids. An empty group gives an
 * empty set, which matches no trait (not "no restriction").
 */
export function memberFilter(ids: readonly number[]): Filter[] {
  return [{ column: 'traitId', comparator: 'inSet', operator: 'and', values: ids.map(String) }];
}

/** The id of a traits pane's group select, for the command that focuses it. */
export const groupFilterId = (paneKey: string) => `${paneKey}-trait-group`;

/** The group a traits pane is restricted to (its view state's `traitGroup`), or null for all traits. */
export function readGroupFilter(state: Record<string, unknown> | undefined): number | null {
  const value = state?.traitGroup;
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/**
 * A pane state restricted to another group (null: all traits). The table starts again at its first page
 * and row, as after a new search.
 */
export function withGroupFilter(state: Record<string, unknown> | undefined, groupId: number | null): Record<string, unknown> {
  const { traitGroup: _old, ...rest } = state ?? {};
  const table = { ...(typeof rest.table === 'object' && rest.table !== null ? rest.table : {}), page: 1, cursor: 0 };
  return groupId === null ? { ...rest, table } : { ...rest, table, traitGroup: groupId };
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

/** A group's members against the traits of some datasets: the ones with data there (in the list's order) and the others. */
export interface MemberSplit {
  inData: number[];
  missing: number[];
}

export function splitMembers(memberIds: readonly number[], datasetTraitIds: readonly number[]): MemberSplit {
  const members = new Set(memberIds);
  const present = new Set(datasetTraitIds);
  return { inData: datasetTraitIds.filter((id) => members.has(id)), missing: [...members].filter((id) => !present.has(id)) };
}

/** The text a group is offered as: its name (or id) and its number of members. */
export function groupOptionValues(row: Pick<TraitGroupRow, 'groupId' | 'groupName' | 'count'>): { name: string; count: number } {
  return { name: row.groupName?.trim() || `#${row.groupId}`, count: Number(row.count) || 0 };
}
