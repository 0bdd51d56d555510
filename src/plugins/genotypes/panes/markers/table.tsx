import { useCallback, useRef } from 'react';
import { GroupFilter, useGroupFilter } from '../../../../shell/groups/group-filter.js';
import { GroupButtons, GroupDialogs } from '../../../../shell/groups/pane-parts.js';
import { readGroupDialog, readGroupFilter, withGroupFilter } from '../../../../shell/groups/pane-state.js';
import { useServices, type PaneProps } from '../../../../shell/pane-api.js';
import { TableView } from '../../../../shell/table/TableView.js';
import { PANE } from '../ids.js';
import { markersTable } from './columns.js';
import { MARKER_GROUP_COMMANDS, markerGroupKind } from './group-kind.js';

/** Keys of the pane state beside the table's own view state (which the table writes whole). */
const OWN_KEYS = [markerGroupKind.stateKey, 'dialog'];

/**
 * The marker table (`/data/genotypes/markers`): every marker with its type and synonyms; filters, export,
 * marking (x) and Enter to open a marker's page, all the shared table's. A marker group restricts it to
 * the group's members; signed-in users make a group of the marked markers or add them to one of theirs.
 */
export default function MarkersTablePane(props: PaneProps) {
  const { t } = useServices();
  const { paneKey, setState } = props;
  const state = props.instance.state;
  const latest = useRef(state);
  latest.current = state;

  const groupId = readGroupFilter(state, markerGroupKind);
  const group = useGroupFilter(markerGroupKind, groupId);
  // The table's state is the pane's (as before groups came): its writes keep the group and the dialog.
  const setTableState = useCallback(
    (table: Record<string, unknown>) => {
      const current = latest.current ?? {};
      const kept = Object.fromEntries(OWN_KEYS.filter((key) => current[key] !== undefined).map((key) => [key, current[key]]));
      setState({ ...table, ...kept });
    },
    [setState],
  );
  const setGroup = (id: number | null) => setState(withGroupFilter(latest.current, markerGroupKind, id, null));
  const closeDialog = () => {
    const { dialog: _closed, ...rest } = latest.current ?? {};
    setState(rest);
  };

  const toolbar = (
    <>
      <GroupFilter kind={markerGroupKind} paneKey={paneKey} groupId={groupId} failed={group.failed} onChange={setGroup} />
      <GroupButtons kind={markerGroupKind} paneKey={paneKey} paneType={PANE.markers} commands={MARKER_GROUP_COMMANDS} />
    </>
  );
  return (
    <section className="genotypes-markers" aria-label={t('genotypes.pane.markers')} style={{ height: '100%' }}>
      <TableView
        declaration={markersTable}
        paneKey={paneKey}
        state={state}
        setState={setTableState}
        fixed={group.filter}
        label={t('genotypes.pane.markers')}
        toolbar={toolbar}
      />
      <GroupDialogs kind={markerGroupKind} dialog={readGroupDialog(state)} onClose={closeDialog} onOpen={(dialog) => setState({ ...(latest.current ?? {}), dialog })} />
    </section>
  );
}
