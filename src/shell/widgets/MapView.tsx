import { Map as MapLibreMap, setWorkerUrl, type StyleSpecification } from 'maplibre-gl';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';
import mapCss from 'maplibre-gl/dist/maplibre-gl.css' with { type: 'text' };
import { useEffect, useRef } from 'react';
import { useDarkTheme } from '../use-dark-theme.js';
import { ensureStyle } from './styles.js';

/**
 * A map of points over an offline base map: country shapes from world-atlas drawn as a GeoJSON layer
 * of a style with no tile source, so it works behind firewalls and in tests with the network blocked.
 * Serves every domain that shows places; it follows the page's theme (a canvas does not take CSS colours).
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

/** Sea, land, borders and the point's outline per theme; the point's red reads on both. */
const COLOURS = {
  light: { sea: '#dbe9f4', land: '#f3f1e8', borders: '#9a9a8a', outline: '#ffffff' },
  dark: { sea: '#0f1a24', land: '#26302a', borders: '#5d6b62', outline: '#16191d' },
} as const;

function offlineStyle(points: readonly MapPoint[], dark: boolean): StyleSpecification {
  const colours = dark ? COLOURS.dark : COLOURS.light;
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
      { id: 'sea', type: 'background', paint: { 'background-color': colours.sea } },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': colours.land } },
      { id: 'borders', type: 'line', source: 'countries', paint: { 'line-color': colours.borders, 'line-width': 0.6 } },
      {
        id: 'points',
        type: 'circle',
        source: 'points',
        paint: { 'circle-radius': 7, 'circle-color': '#c0392b', 'circle-stroke-color': colours.outline, 'circle-stroke-width': 2 },
      },
    ],
  };
}

export function MapView(props: { points: readonly MapPoint[]; label: string; height?: number }) {
  const container = useRef<HTMLDivElement>(null);
  const dark = useDarkTheme();
  useEffect(() => {
    if (!container.current || props.points.length === 0) return;
    ensureStyle('maplibre-gl', mapCss);
    const first = props.points[0];
    const map = new MapLibreMap({
      container: container.current,
      style: offlineStyle(props.points, dark),
      center: [first.longitude, first.latitude],
      zoom: 3,
      attributionControl: false,
      // Keeps the canvas readable by tests and screenshots.
      canvasContextAttributes: { preserveDrawingBuffer: true },
    });
    map.on('load', () => container.current?.setAttribute('data-map-loaded', 'true'));
    return () => map.remove();
  }, [props.points, dark]);
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
