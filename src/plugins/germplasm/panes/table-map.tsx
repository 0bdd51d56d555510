import { useSnapshot } from 'valtio';
import type { Filter } from '../../../core/table-request.js';
import { useServices } from '../../../shell/pane-api.js';
import { PlaceMap } from '../../../shell/widgets/map/PlaceMap.js';
import { useServerPlaces } from '../../../shell/widgets/map/use-server-places.js';
import { PANE } from '../index.js';

/**
 * The germplasm table's map: where the table's germplasm (its filters) were collected, clustered by the
 * server, so every located accession is on it however many; shifted slightly (jitter) so that accessions
 * of one site do not hide each other. `x` or a click marks, Enter opens the passport; the table is its text form.
 */
export default function GermplasmTableMap(props: { paneKey: string; filters: readonly Filter[] }) {
  const { t, store, workspace } = useServices();
  const snap = useSnapshot(store.state);
  const { map, bounds, failed } = useServerPlaces('germplasm/table/places', props.filters);
  return (
    <div className="germplasm-table-map">
      {failed ? <p role="alert">{t('germplasm.map.failed')}</p> : null}
      <PlaceMap
        paneKey={props.paneKey}
        paneType={PANE.table}
        {...map}
        mode="clustered"
        jitter
        label={t('germplasm.map.label', { count: String(bounds?.total ?? 0) })}
        marked={snap.markedIds.germplasm}
        onMark={(id) => store.toggleMark('germplasm', id)}
        onOpen={(id) => workspace.open({ type: PANE.passport, params: { germplasmId: String(id) } }, 'right', props.paneKey)}
        height={300}
      />
    </div>
  );
}
