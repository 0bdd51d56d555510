import { useMemo } from 'react';
import type { Filter } from '../../core/table-request.js';
import { useServices } from '../pane-api.js';
import { GroupSelect } from './group-select.js';
import type { GroupItemKind } from './kind.js';
import { groupFilterId } from './pane-state.js';
import { useGroups, useMemberIds } from './reads.js';
import { memberFilter } from './requests.js';
import { useGroupStyles } from './styles.js';

/**
 * A table's restriction to a group: its members as a fixed `<idColumn> inSet` filter; null while they are
 * read (the table shows nothing yet), none without a group. A group that cannot be read (deleted, or no
 * longer visible) restricts to nothing and says so.
 */
export function useGroupFilter(kind: GroupItemKind, groupId: number | null): { filter: Filter[] | null; failed: boolean } {
  const members = useMemberIds(kind, groupId);
  const ids = members.data;
  const failed = groupId !== null && members.error !== undefined;
  const filter = useMemo(() => (groupId === null ? [] : failed ? memberFilter(kind, []) : ids ? memberFilter(kind, ids) : null), [kind, groupId, failed, ids]);
  return { filter, failed };
}

export interface GroupFilterProps {
  kind: GroupItemKind;
  paneKey: string;
  groupId: number | null;
  failed: boolean;
  onChange(groupId: number | null): void;
}

/**
 * A table's group select ("Trait group", "Marker group"): all items, or the members of one group the caller
 * sees. It is shown once there is a group to choose (or one is chosen).
 */
export function GroupFilter(props: GroupFilterProps) {
  useGroupStyles();
  const { t } = useServices();
  const { kind } = props;
  const groups = useGroups(kind, null);
  const list = groups.data ?? [];
  if (list.length === 0 && props.groupId === null) return null;
  const id = groupFilterId(props.paneKey, kind);
  return (
    <span className="groups-filter">
      <label htmlFor={id}>{t(kind.texts.groupLabel)}</label>
      <GroupSelect kind={kind} id={id} groups={list} value={props.groupId} onChange={props.onChange} noneLabel={t(kind.texts.allItems)} />
      {props.failed ? (
        <span role="alert" className="ui-error">
          {t(kind.texts.membersFailed)}
        </span>
      ) : null}
    </span>
  );
}
