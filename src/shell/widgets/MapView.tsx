import { Map as MapLibreMap, setWorkerUrl, type StyleSpecification } from 'maplibre-gl';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';
import mapCss from 'maplibre-gl/dist/maplibre-gl.css' with { type: 'text' };
import { useEffect, useRef } from 'react';
import { ensureStyle } from './styles.js';

/**
 * A map of points over an offline base map: country shapes from world-atlas drawn as a GeoJSON layer
 * of a style with no tile source, so it works behind firewalls and in tests with the network blocked.
 * Serves every domain that shows places; it lives here until a shared widget folder exists.
 * Loaded only through the passport pane's lazy chunk, so maplibre never weighs on the first screen.
 */
export interface MapPoint {
  latitude: number;
  longitude: number;
  label: string;
}

// build.mjs copies MapLibre's self-contained worker here (the bundle moves the file it expects beside it).
setWorkerUrl('/assets/maplibre-gl-worker.mjs');

const topology = countries110m as unknown as Topology<{ countries: GeometryCollection }>;
const land = feature(topology, topology.objects.countries);

function offlineStyle(points: readonly MapPoint[]): StyleSpecification {
  return {
    version: 8,
    sources: {
      countries: { type: 'geojson', data: land },
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
      { id: 'sea', type: 'background', paint: { 'background-color': '#dbe9f4' } },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': '#f3f1e8' } },
      { id: 'borders', type: 'line', source: 'countries', paint: { 'line-color': '#9a9a8a', 'line-width': 0.6 } },
      {
        id: 'points',
        type: 'circle',
        source: 'points',
        paint: { 'circle-radius': 7, 'circle-color': '#c0392b', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
      },
    ],
  };
}

export function MapView(props: { points: readonly MapPoint[]; label: string; height?: number }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current || props.points.length === 0) return;
    ensureStyle('maplibre-gl', mapCss);
    const first = props.points[0];
    const map = new MapLibreMap({
      container: container.current,
      style: offlineStyle(props.points),
      center: [first.longitude, first.latitude],
      zoom: 3,
      attributionControl: false,
      // Keeps the canvas readable by tests and screenshots.
      canvasContextAttributes: { preserveDrawingBuffer: true },
    });
    map.on('load', () => container.current?.setAttribute('data-map-loaded', 'true'));
    return () => map.remove();
  }, [props.points]);
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
