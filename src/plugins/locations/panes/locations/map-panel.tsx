import { useSnapshot } from 'valtio';
import type { Filter } from '../../../../core/table-request.js';
import { useServices } from '../../../../shell/pane-api.js';
import { PlaceMap, type PlaceMapMode } from '../../../../shell/widgets/map/PlaceMap.js';
import { useServerPlaces } from '../../../../shell/widgets/map/use-server-places.js';
import { nearbySearch } from '../search/state.js';
import { PANE } from '../ids.js';
import { LOCATION_MAP_MODES, type LocationMapState } from './map-state.js';
import { mapOverlay, overlaySource } from '../../../../shell/widgets/map/overlay.js';
import { useClimateOverlays } from './overlays.js';

/**
 * The location table's map: the same locations as the table (its filters; clustered by the server, so every
 * one of them however many), marked ones ringed; clicking
 * or `x` on a place marks it, and marks made in the table show here; Enter on a place opens the geographic search
 * round it. The table beside it is its text form.
 */
export function LocationMapPanel(props: { paneKey: string; filters: readonly Filter[]; map: LocationMapState; onChange(map: LocationMapState): void }) {
  const { t, store, session, workspace } = useServices();
  const snap = useSnapshot(store.state);
  const { map } = props;
  const { map: serverMap, places, bounds, failed } = useServerPlaces('location/table/places', props.filters);
  const overlays = useClimateOverlays(map.mode === 'climate');
  const climate = overlays.climates.find((c) => c.climateId === map.climateId) ?? overlays.climates[0] ?? null;
  const image = climate ? (climate.images.find((o) => o.mapoverlayId === map.overlayId) ?? climate.images[0] ?? null) : null;
  const token = session.current()?.imageToken ?? '';
  const drawMode: PlaceMapMode = map.mode === 'heatmap' ? 'heatmap' : 'clustered';
  const selectId = `${props.paneKey}-overlay-climate`;
  const imageId = `${props.paneKey}-overlay-image`;

  return (
    <div className="locations-map">
      <div role="radiogroup" aria-label={t('locations.map.mode')} className="locations-map-modes">
        {LOCATION_MAP_MODES.map((mode) => (
          <label key={mode}>
            <input type="radio" name={`${props.paneKey}-map-mode`} checked={map.mode === mode} onChange={() => props.onChange({ ...map, mode })} />
            {t(`locations.map.mode.${mode}`)}
          </label>
        ))}
      </div>
      {map.mode === 'climate' ? (
        overlays.failed ? (
          <p role="alert">{t('locations.map.overlaysFailed')}</p>
        ) : !overlays.loading && overlays.climates.length === 0 ? (
          <p>{t('locations.map.noOverlays')}</p>
        ) : (
          <div className="locations-map-overlay">
            <label htmlFor={selectId}>{t('locations.map.climate')}</label>
            <select id={selectId} value={climate?.climateId ?? ''} onChange={(e) => props.onChange({ ...map, climateId: Number(e.target.value), overlayId: null })}>
              {overlays.climates.map((c) => (
                <option key={c.climateId} value={c.climateId}>
                  {c.name}
                </option>
              ))}
            </select>
            {climate && climate.images.length > 1 ? (
              <>
                <label htmlFor={imageId}>{t('locations.map.overlay')}</label>
                <select id={imageId} value={image?.mapoverlayId ?? ''} onChange={(e) => props.onChange({ ...map, overlayId: Number(e.target.value) })}>
                  {climate.images.map((o) => (
                    <option key={o.mapoverlayId} value={o.mapoverlayId}>
                      {o.recordingDate ?? o.mapoverlayDescription ?? o.mapoverlayName ?? o.mapoverlayId}
                    </option>
                  ))}
                </select>
              </>
            ) : null}
            {climate?.legend ? <img className="locations-map-legend" src={overlaySource(climate.legend.mapoverlayId, token)} alt={t('locations.map.legend', { name: climate.name })} /> : null}
          </div>
        )
      ) : null}
      {failed ? <p role="alert">{t('locations.map.failed')}</p> : null}
      <PlaceMap
        paneKey={props.paneKey}
        paneType={PANE.locations}
        {...serverMap}
        mode={drawMode}
        label={t('locations.map.label', { count: bounds?.total ?? 0, shown: String(bounds?.total ?? 0) })}
        marked={snap.markedIds.locations}
        onMark={(id) => store.toggleMark('locations', id)}
        onOpen={(id) => {
          const place = places.find((p) => p.id === id);
          if (place) workspace.open(nearbySearch(place), 'right', props.paneKey);
        }}
        overlay={map.mode === 'climate' && image ? mapOverlay(image, token) : null}
        height={320}
      />
    </div>
  );
}
