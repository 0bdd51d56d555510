import { useCallback, useRef } from 'react';
import type { PaneProps } from '../pane-api.js';
import { useGroupFilter } from './group-filter.js';
import type { GroupItemKind } from './kind.js';
import { readGroupDialog, readGroupFilter, withGroupFilter, type GroupDialog } from './pane-state.js';

/**
 * The state plumbing of a table pane whose table sits beside a group filter in the pane's own state (the
 * markers and locations panes): the table writes its view state whole, keeping the group, the open dialog
 * and the pane's own keys (`ownKeys`, e.g. a map's); the group select and the dialogs write theirs.
 */
export function useGroupTable(kind: GroupItemKind, props: Pick<PaneProps, 'instance' | 'setState'>, ownKeys: readonly string[] = []) {
  const { setState } = props;
  const state = props.instance.state;
  const latest = useRef(state);
  latest.current = state;
  const groupId = readGroupFilter(state, kind);
  const group = useGroupFilter(kind, groupId);
  const keep = [kind.stateKey, 'dialog', ...ownKeys].join('\n');
  const setTableState = useCallback(
    (table: Record<string, unknown>) => {
      const current = latest.current ?? {};
      const kept = Object.fromEntries(keep.split('\n').filter((key) => current[key] !== undefined).map((key) => [key, current[key]]));
      setState({ ...table, ...kept });
    },
    [setState, keep],
  );
  return {
    state,
    groupId,
    /** The group's members as the table's fixed filter; null while they are read (the table shows nothing yet). */
    fixed: group.filter,
    failed: group.failed,
    dialog: readGroupDialog(state),
    setTableState,
    setGroup: (id: number | null) => setState(withGroupFilter(latest.current, kind, id, null)),
    /** Changes the pane's own keys, keeping the rest. */
    update: (change: Record<string, unknown>) => setState({ ...(latest.current ?? {}), ...change }),
    openDialog: (dialog: GroupDialog) => setState({ ...(latest.current ?? {}), dialog }),
    closeDialog: () => {
      const { dialog: _closed, ...rest } = latest.current ?? {};
      setState(rest);
    },
  };
}
