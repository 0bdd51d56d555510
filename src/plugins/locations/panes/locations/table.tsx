import { useCallback, useMemo, useRef } from 'react';
import { withFixed } from '../../../../core/table-filters.js';
import { readViewState } from '../../../../core/table-view-state.js';
import { GroupFilter, useGroupFilter } from '../../../../shell/groups/group-filter.js';
import { GroupButtons, GroupDialogs } from '../../../../shell/groups/pane-parts.js';
import { readGroupDialog, readGroupFilter, withGroupFilter } from '../../../../shell/groups/pane-state.js';
import { useServices, type PaneProps } from '../../../../shell/pane-api.js';
import { TableView } from '../../../../shell/table/TableView.js';
import { useLocationStyles } from '../styles.js';
import { PANE } from '../ids.js';
import { locationsTable } from './columns.js';
import { LOCATION_GROUP_COMMANDS, locationGroupKind } from './group-kind.js';
import { LocationMapPanel } from './map-panel.js';
import { readMapState } from './map-state.js';

/** Keys of the pane state beside the table's own view state (which the table writes whole). */
const OWN_KEYS = [locationGroupKind.stateKey, 'dialog', 'map'];

/**
 * The location table (`/data/geography/locations`) under its map: every location with its country and type;
 * filters, export, marking (x) and groups are the shared table's and the group kit's. The map draws the
 * table's locations (its filters and group) clustered, as a heatmap or over a climate overlay.
 */
export default function LocationsPane(props: PaneProps) {
  useLocationStyles();
  const { t } = useServices();
  const { paneKey, setState } = props;
  const state = props.instance.state;
  const latest = useRef(state);
  latest.current = state;

  const groupId = readGroupFilter(state, locationGroupKind);
  const group = useGroupFilter(locationGroupKind, groupId);
  const setTableState = useCallback(
    (table: Record<string, unknown>) => {
      const current = latest.current ?? {};
      const kept = Object.fromEntries(OWN_KEYS.filter((key) => current[key] !== undefined).map((key) => [key, current[key]]));
      setState({ ...table, ...kept });
    },
    [setState],
  );
  const setGroup = (id: number | null) => setState(withGroupFilter(latest.current, locationGroupKind, id, null));
  const closeDialog = () => {
    const { dialog: _closed, ...rest } = latest.current ?? {};
    setState(rest);
  };
  const userFilters = readViewState(state).filters;
  const mapFilters = useMemo(() => withFixed(userFilters, group.filter ?? []), [userFilters, group.filter]);

  const toolbar = (
    <>
      <GroupFilter kind={locationGroupKind} paneKey={paneKey} groupId={groupId} failed={group.failed} onChange={setGroup} />
      <GroupButtons kind={locationGroupKind} paneKey={paneKey} paneType={PANE.locations} commands={LOCATION_GROUP_COMMANDS} />
    </>
  );
  return (
    <section className="locations-pane" aria-label={t('locations.pane.locations')}>
      {group.filter !== null || groupId === null ? (
        <LocationMapPanel paneKey={paneKey} filters={mapFilters} map={readMapState(state)} onChange={(map) => setState({ ...(latest.current ?? {}), map })} />
      ) : null}
      <div className="locations-table">
        <TableView
          declaration={locationsTable}
          paneKey={paneKey}
          state={state}
          setState={setTableState}
          fixed={group.filter}
          label={t('locations.pane.locations')}
          toolbar={toolbar}
        />
      </div>
      <GroupDialogs kind={locationGroupKind} dialog={readGroupDialog(state)} onClose={closeDialog} onOpen={(dialog) => setState({ ...(latest.current ?? {}), dialog })} />
    </section>
  );
}
