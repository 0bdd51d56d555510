import { useId, useState } from 'react';
import { useServices } from '../../../../shell/pane-api.js';
import { PlaceMap } from '../../../../shell/widgets/map/PlaceMap.js';
import { mapOverlay, overlaySource } from '../../../../shell/widgets/map/overlay.js';
import { PANE } from '../ids.js';
import type { ClimateOverlay } from './reads.js';

const isLegend = (overlay: ClimateOverlay) => overlay.mapoverlaysIsLegend === true || overlay.mapoverlaysIsLegend === 1;

/**
 * A climate's map overlays (the imported GeoTIFF images): the chosen one laid on the map between its corners,
 * chosen by recording date, with the legend image; below, every image with its name, description and date
 * as the map's text form. Images are fetched with the image token (an <img> sends no bearer token).
 */
export function OverlaysTab({ overlays, paneKey, climateName }: { overlays: readonly ClimateOverlay[]; paneKey: string; climateName: string }) {
  const { t, translator, session } = useServices();
  const images = overlays.filter((o) => !isLegend(o));
  const legend = overlays.find(isLegend) ?? null;
  const [chosenId, choose] = useState<number | null>(null);
  const selectId = useId();
  if (overlays.length === 0) return <p>{t('climate.overlays.none')}</p>;
  const token = session.current()?.imageToken ?? '';
  const nameOf = (overlay: ClimateOverlay) => overlay.mapoverlayName || String(overlay.mapoverlayId);
  const dateOf = (overlay: ClimateOverlay) => (overlay.recordingDate ? translator.formatDate(overlay.recordingDate) : t('climate.overlays.noDate'));
  const shown = images.find((o) => o.mapoverlayId === chosenId) ?? images[0] ?? null;
  return (
    <div className="climate-overlays-map">
      {images.length > 1 ? (
        <p>
          <label htmlFor={selectId}>{t('climate.overlays.choose')}</label>{' '}
          <select id={selectId} value={shown?.mapoverlayId ?? ''} onChange={(event) => choose(Number(event.target.value))}>
            {images.map((overlay) => (
              <option key={overlay.mapoverlayId} value={overlay.mapoverlayId}>
                {`${dateOf(overlay)} · ${nameOf(overlay)}`}
              </option>
            ))}
          </select>
        </p>
      ) : null}
      {shown ? (
        <PlaceMap
          key={shown.mapoverlayId}
          paneKey={paneKey}
          paneType={PANE.climate}
          places={[]}
          mode="points"
          label={t('climate.overlays.map', { climate: climateName, overlay: nameOf(shown), date: dateOf(shown) })}
          overlay={mapOverlay(shown, token)}
          height={320}
        />
      ) : null}
      {legend ? <img className="climate-overlays-legend" src={overlaySource(legend.mapoverlayId, token)} alt={t('climate.overlays.legend', { climate: climateName })} /> : null}
      <ul className="climate-overlays">
        {overlays.map((overlay) => (
          <li key={overlay.mapoverlayId} className="ui-card">
            <figure>
              <img src={overlaySource(overlay.mapoverlayId, token)} alt={t('climate.overlays.image', { name: nameOf(overlay) })} loading="lazy" />
              <figcaption>
                <strong>{nameOf(overlay)}</strong>
                <span>{t('climate.overlays.recorded', { date: dateOf(overlay) })}</span>
                {overlay.mapoverlayDescription ? <span>{overlay.mapoverlayDescription}</span> : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}
