import { GroupFilter } from '../../../../shell/groups/group-filter.js';
import { GroupButtons, GroupDialogs } from '../../../../shell/groups/pane-parts.js';
import { useGroupTable } from '../../../../shell/groups/use-group-table.js';
import { useServices, type PaneProps } from '../../../../shell/pane-api.js';
import { TableView } from '../../../../shell/table/TableView.js';
import { PANE } from '../ids.js';
import { markersTable } from './columns.js';
import { MARKER_GROUP_COMMANDS, markerGroupKind } from './group-kind.js';

/**
 * The marker table (`/data/genotypes/markers`): every marker with its type and synonyms; filters, export,
 * marking (x) and Enter to open a marker's page, all the shared table's. A marker group restricts it to
 * the group's members; signed-in users make a group of the marked markers or add them to one of theirs.
 */
export default function MarkersTablePane(props: PaneProps) {
  const { t } = useServices();
  const { paneKey } = props;
  const pane = useGroupTable(markerGroupKind, props);
  const toolbar = (
    <>
      <GroupFilter kind={markerGroupKind} paneKey={paneKey} groupId={pane.groupId} failed={pane.failed} onChange={pane.setGroup} />
      <GroupButtons kind={markerGroupKind} paneKey={paneKey} paneType={PANE.markers} commands={MARKER_GROUP_COMMANDS} />
    </>
  );
  return (
    <section className="genotypes-markers" aria-label={t('genotypes.pane.markers')} style={{ height: '100%' }}>
      <TableView
        declaration={markersTable}
        paneKey={paneKey}
        state={pane.state}
        setState={pane.setTableState}
        fixed={pane.fixed}
        label={t('genotypes.pane.markers')}
        toolbar={toolbar}
      />
      <GroupDialogs kind={markerGroupKind} dialog={pane.dialog} onClose={pane.closeDialog} onOpen={pane.openDialog} />
    </section>
  );
}
