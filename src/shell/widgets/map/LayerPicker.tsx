import { useId } from 'react';
import { useServices } from '../../pane-api.js';
import type { MapLayer, MapLayerName } from './layer.js';

/** The map layer choice under a map: stored in the user's client state, so every map follows it. */
export function MapLayerPicker({ layer }: { layer: MapLayer }) {
  const { t, store } = useServices();
  const id = useId();
  return (
    <div className="place-map-layer">
      <label htmlFor={id}>{t('map.layer')}</label>
      <select id={id} value={layer.name} onChange={(event) => (store.state.mapLayer = event.target.value as MapLayerName)}>
        {layer.choices.map((name) => (
          <option key={name} value={name}>
            {t(`map.layer.${name}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
