import { Map as MapLibreMap, setWorkerUrl, type StyleSpecification } from 'maplibre-gl';
import mapCss from 'maplibre-gl/dist/maplibre-gl.css' with { type: 'text' };
import { useEffect, useRef } from 'react';
import { baseStyle, mapColours, type BaseTiles } from './map/base-style.js';
import { useMapLayer } from './map/layer.js';
import { ensureStyle } from './styles.js';

/**
 * A map of a few labelled points over the offline base map (a passport's collecting site, a dataset's
 * locations); many places, clusters and drawing are PlaceMap's. It follows the user's map layer (the page's theme by default).
 * Loaded only through its callers' lazy chunks, so maplibre never weighs on the first screen.
 */
export interface MapPoint {
  latitude: number;
  longitude: number;
  label: string;
}

// build.mjs copies MapLibre's self-contained worker here (the bundle moves the file it expects beside it).
setWorkerUrl('/assets/maplibre-gl-worker.mjs');

function offlineStyle(points: readonly MapPoint[], dark: boolean, tiles: BaseTiles | null): StyleSpecification {
  return baseStyle(dark, {
    sources: {
      points: {
        type: 'geojson',
        data: {
          type: 'FeatureCollection',
          features: points.map((p) => ({
            type: 'Feature',
            properties: { label: p.label },
            geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
          })),
        },
      },
    },
    layers: [
      {
        id: 'points',
        type: 'circle',
        source: 'points',
        paint: { 'circle-radius': 7, 'circle-color': '#c0392b', 'circle-stroke-color': mapColours(dark).outline, 'circle-stroke-width': 2 },
      },
    ],
  }, tiles);
}

export function MapView(props: { points: readonly MapPoint[]; label: string; height?: number }) {
  const container = useRef<HTMLDivElement>(null);
  // The user's map layer, as on every map (layer.ts); its picker is on the maps of many places.
  const layer = useMapLayer();
  const { dark, tiles } = layer;
  useEffect(() => {
    if (!container.current || props.points.length === 0) return;
    ensureStyle('maplibre-gl', mapCss);
    const first = props.points[0];
    const map = new MapLibreMap({
      container: container.current,
      style: offlineStyle(props.points, dark, tiles),
      center: [first.longitude, first.latitude],
      zoom: 3,
      attributionControl: tiles?.attribution ? { compact: true } : false,
      // Keeps the canvas readable by tests and screenshots.
      canvasContextAttributes: { preserveDrawingBuffer: true },
    });
    map.on('load', () => container.current?.setAttribute('data-map-loaded', 'true'));
    return () => map.remove();
  }, [props.points, dark, tiles]);
  return (
    <figure style={{ margin: 0 }}>
      <div
        ref={container}
        role="img"
        aria-label={props.label}
        className="germplasm-map"
        style={{ height: props.height ?? 280, width: '100%' }}
      />
      <figcaption>{props.label}</figcaption>
    </figure>
  );
}
