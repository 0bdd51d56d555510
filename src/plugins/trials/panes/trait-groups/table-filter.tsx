import { useMemo } from 'react';
import type { Filter } from '../../../../core/table-request.js';
import { useServices } from '../../../../shell/pane-api.js';
import { GroupSelect } from './group-select.js';
import { useMemberIds, useTraitGroups } from './reads.js';
import { groupFilterId, memberFilter } from './requests.js';
import { useTraitGroupStyles } from './styles.js';

/**
 * The traits table's restriction to a group: its members as a fixed `traitId inSet` filter; null while
 * they are read (the table shows nothing yet), none without a group. A group that cannot be read (deleted,
 * or no longer visible) restricts to nothing and says so.
 */
export function useGroupFilter(groupId: number | null): { filter: Filter[] | null; failed: boolean } {
  const members = useMemberIds(groupId);
  const ids = members.data;
  const failed = groupId !== null && members.error !== undefined;
  const filter = useMemo(() => (groupId === null ? [] : failed ? memberFilter([]) : ids ? memberFilter(ids) : null), [groupId, failed, ids]);
  return { filter, failed };
}

/**
 * The traits table's "Trait group" select: all traits, or the members of one group the caller sees. It
 * is shown once there is a group to choose (or one is chosen).
 */
export function GroupFilter(props: { paneKey: string; groupId: number | null; failed: boolean; onChange(groupId: number | null): void }) {
  useTraitGroupStyles();
  const { t } = useServices();
  const groups = useTraitGroups(null);
  const list = groups.data ?? [];
  if (list.length === 0 && props.groupId === null) return null;
  const id = groupFilterId(props.paneKey);
  return (
    <span className="trials-group-filter">
      <label htmlFor={id}>{t('trials.traitGroups.filter')}</label>
      <GroupSelect id={id} groups={list} value={props.groupId} onChange={props.onChange} noneLabel={t('trials.traitGroups.allTraits')} />
      {props.failed ? (
        <span role="alert" className="ui-error">
          {t('trials.traitGroups.membersFailed')}
        </span>
      ) : null}
    </span>
  );
}
