import { lazy, Suspense, useMemo } from 'react';
import { readViewState } from '../../../core/table-view-state.js';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { TableView } from '../../../shell/table/TableView.js';
import { Button } from '../../../shell/ui/Button.js';
import { germplasmTable } from '../table-declaration.js';

// MapLibre is loaded only when the map is shown.
const GermplasmTableMap = lazy(() => import('./table-map.js'));

/** Whether the pane shows its map: the pane's own key beside the table's view state (so the URL keeps it). */
export const showsMap = (state: Record<string, unknown> | undefined): boolean => state?.map === true;

/** The germplasm table pane (`/data/germplasm`), with the map of its germplasm above it when asked for. */
export default function GermplasmTablePane(props: PaneProps) {
  const { t } = useServices();
  const state = props.instance.state;
  const map = showsMap(state);
  const filters = readViewState(state).filters;
  const setState = props.setState;
  // The table writes its view state whole: the map's key is kept across its changes.
  const setTableState = useMemo(() => (next: Record<string, unknown>) => setState(map ? { ...next, map: true } : next), [setState, map]);
  const toolbar = (
    <Button size="sm" variant="ghost" aria-pressed={map} onClick={() => setState({ ...(state ?? {}), map: !map })}>
      {t(map ? 'germplasm.map.hide' : 'germplasm.map.show')}
    </Button>
  );
  return (
    <section className="germplasm-pane" aria-label={t('germplasm.pane.table')} style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {map ? (
        <Suspense fallback={<p role="status">{t('germplasm.map.loading')}</p>}>
          <GermplasmTableMap paneKey={props.paneKey} filters={filters} />
        </Suspense>
      ) : null}
      <div style={{ flex: 1, minHeight: 0 }}>
        <TableView declaration={germplasmTable} paneKey={props.paneKey} state={state} setState={setTableState} label={t('germplasm.pane.table')} toolbar={toolbar} />
      </div>
    </section>
  );
}
