import { useMemo } from 'react';
import { withFixed } from '../../../../core/table-filters.js';
import { readViewState } from '../../../../core/table-view-state.js';
import { GroupFilter } from '../../../../shell/groups/group-filter.js';
import { GroupButtons, GroupDialogs } from '../../../../shell/groups/pane-parts.js';
import { useGroupTable } from '../../../../shell/groups/use-group-table.js';
import { useServices, type PaneProps } from '../../../../shell/pane-api.js';
import { TableView } from '../../../../shell/table/TableView.js';
import { useLocationStyles } from '../styles.js';
import { PANE } from '../ids.js';
import { locationsTable } from './columns.js';
import { LOCATION_GROUP_COMMANDS, locationGroupKind } from './group-kind.js';
import { LocationMapPanel } from './map-panel.js';
import { readMapState } from './map-state.js';

/**
 * The location table (`/data/geography/locations`) under its map: every location with its country and type;
 * filters, export, marking (x) and groups are the shared table's and the group kit's. The map draws the
 * table's locations (its filters and group) clustered, as a heatmap or over a climate overlay.
 */
export default function LocationsPane(props: PaneProps) {
  useLocationStyles();
  const { t } = useServices();
  const { paneKey } = props;
  const pane = useGroupTable(locationGroupKind, props, ['map']);
  const userFilters = readViewState(pane.state).filters;
  const mapFilters = useMemo(() => withFixed(userFilters, pane.fixed ?? []), [userFilters, pane.fixed]);

  const toolbar = (
    <>
      <GroupFilter kind={locationGroupKind} paneKey={paneKey} groupId={pane.groupId} failed={pane.failed} onChange={pane.setGroup} />
      <GroupButtons kind={locationGroupKind} paneKey={paneKey} paneType={PANE.locations} commands={LOCATION_GROUP_COMMANDS} />
    </>
  );
  return (
    <section className="locations-pane" aria-label={t('locations.pane.locations')}>
      {pane.fixed !== null || pane.groupId === null ? (
        <LocationMapPanel paneKey={paneKey} filters={mapFilters} map={readMapState(pane.state)} onChange={(map) => pane.update({ map })} />
      ) : null}
      <div className="locations-table">
        <TableView
          declaration={locationsTable}
          paneKey={paneKey}
          state={pane.state}
          setState={pane.setTableState}
          fixed={pane.fixed}
          label={t('locations.pane.locations')}
          toolbar={toolbar}
        />
      </div>
      <GroupDialogs kind={locationGroupKind} dialog={pane.dialog} onClose={pane.closeDialog} onOpen={pane.openDialog} />
    </section>
  );
}
