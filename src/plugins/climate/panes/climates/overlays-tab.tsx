import { useServices } from '../../../../shell/pane-api.js';
import type { ClimateOverlay } from './reads.js';

/**
 * A climate's map overlays (the imported GeoTIFF images): each image with its name, description and
 * recording date. The image is fetched with the image token, as images are (an <img> sends no bearer
 * token). The map that lays them over the locations is the map widget's.
 */
export function OverlaysTab({ overlays }: { overlays: readonly ClimateOverlay[] }) {
  const { t, translator, session } = useServices();
  if (overlays.length === 0) return <p>{t('climate.overlays.none')}</p>;
  const token = session.current()?.imageToken ?? '';
  return (
    <ul className="climate-overlays">
      {overlays.map((overlay) => {
        const name = overlay.mapoverlayName || String(overlay.mapoverlayId);
        const date = overlay.recordingDate ? translator.formatDate(overlay.recordingDate) : t('climate.overlays.noDate');
        return (
          <li key={overlay.mapoverlayId} className="ui-card">
            <figure>
              <img src={`./api/mapoverlay/${overlay.mapoverlayId}/src?token=${encodeURIComponent(token)}`} alt={t('climate.overlays.image', { name })} loading="lazy" />
              <figcaption>
                <strong>{name}</strong>
                <span>{t('climate.overlays.recorded', { date })}</span>
                {overlay.mapoverlayDescription ? <span>{overlay.mapoverlayDescription}</span> : null}
              </figcaption>
            </figure>
          </li>
        );
      })}
    </ul>
  );
}
