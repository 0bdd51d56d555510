import type { GroupItemKind } from './kind.js';

/**
 * A table pane's group in its view state (so that the URL says which group a table shows): the chosen
 * group under the kind's key, and the group dialog open over the pane under `dialog`. Pure.
 */

/** The group dialogs a table pane shows over its content (in its view state's `dialog`). */
export type GroupDialog = 'createGroup' | 'addToGroup';

export const GROUP_DIALOGS: readonly GroupDialog[] = ['createGroup', 'addToGroup'];

/** The group dialog a pane state holds, or null (none, or a dialog of the pane's own). */
export function readGroupDialog(state: Record<string, unknown> | undefined): GroupDialog | null {
  return GROUP_DIALOGS.find((dialog) => dialog === state?.dialog) ?? null;
}

/** The id of a pane's group select, for the command that focuses it. */
export const groupFilterId = (paneKey: string, kind: Pick<GroupItemKind, 'memberPath'>) => `${paneKey}-${kind.memberPath}-group`;

/** The group a pane is restricted to (its view state's kind key, e.g. `traitGroup`), or null for all items. */
export function readGroupFilter(state: Record<string, unknown> | undefined, kind: Pick<GroupItemKind, 'stateKey'>): number | null {
  const value = state?.[kind.stateKey];
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/**
 * A pane state restricted to another group (null: all items). The table starts again at its first page and
 * row, as after a new search. `tableKey` says where the pane keeps its table's view state: under that key
 * (the traits pane's `table`), or, when null, beside the group in the pane state itself (the markers pane).
 */
export function withGroupFilter(
  state: Record<string, unknown> | undefined,
  kind: Pick<GroupItemKind, 'stateKey'>,
  groupId: number | null,
  tableKey: string | null,
): Record<string, unknown> {
  const { [kind.stateKey]: _old, ...rest } = state ?? {};
  const next: Record<string, unknown> =
    tableKey === null ? { ...rest, page: 1, cursor: 0 } : { ...rest, [tableKey]: { ...(isRecord(rest[tableKey]) ? rest[tableKey] : {}), page: 1, cursor: 0 } };
  if (groupId !== null) next[kind.stateKey] = groupId;
  return next;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
