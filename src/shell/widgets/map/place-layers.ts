import type { Feature, FeatureCollection, Point } from 'geojson';
import { Marker, type GeoJSONSource, type LayerSpecification, type Map as MapLibreMap } from 'maplibre-gl';
import { jittered } from './jitter.js';
import type { MapCluster, MapPlace } from '../../../core/map-places.js';
import { mapColours } from './base-style.js';

export type { MapPlace };

/**
 * The places of a map as layers of the style: clustered markers (by the server for a table's places, or by
 * MapLibre's worker for a list), a heatmap, or plain points; above them the marked places and the focus.
 */

export type PlaceMapMode = 'clustered' | 'heatmap' | 'points';

export const PLACES = 'places';
export const MARKED = 'marked';
export const FOCUS = 'focus';
/** The layers a click or the keyboard can land on. */
export const PICKABLE = ['clusters', 'place-points'];

export const MARK_COLOUR = '#1f6feb';
const PLACE_COLOUR = '#c0392b';

/**
 * A place's properties, or a cluster's: MapLibre's own clusters carry cluster_id and point_count; the
 * server's carry the same names (so one set of layers draws both) with their cell's key and extent.
 */
export interface PlaceProperties {
  id?: number;
  label?: string;
  cluster_id?: number | string;
  point_count?: number;
  point_count_abbreviated?: string;
  south?: number;
  north?: number;
  west?: number;
  east?: number;
}

export type PlaceFeature = Feature<Point, PlaceProperties>;

/** Features of the places, shifted by jitter when asked (the drawing only), and of the server's clusters. */
export function placeFeatures(places: readonly MapPlace[], jitter: boolean, clusters: readonly MapCluster[] = []): FeatureCollection<Point, PlaceProperties> {
  const single = places.map((p): PlaceFeature => {
    const at = jitter ? jittered(p.id, p.latitude, p.longitude) : p;
    return { type: 'Feature', id: p.id, properties: { id: p.id, label: p.label }, geometry: { type: 'Point', coordinates: [at.longitude, at.latitude] } };
  });
  const grouped = clusters.map((c): PlaceFeature => ({
    type: 'Feature',
    properties: { cluster_id: c.key, point_count: c.count, point_count_abbreviated: abbreviated(c.count), south: c.south, north: c.north, west: c.west, east: c.east },
    geometry: { type: 'Point', coordinates: [c.longitude, c.latitude] },
  }));
  return { type: 'FeatureCollection', features: [...grouped, ...single] };
}

/** A count as MapLibre abbreviates its own: 1234 → 1.2k, 56789 → 57k. */
export function abbreviated(count: number): string {
  if (count >= 10_000) return `${Math.round(count / 1000)}k`;
  if (count >= 1000) return `${(Math.round(count / 100) / 10).toString()}k`;
  return String(count);
}

function placeLayers(mode: PlaceMapMode, dark: boolean): LayerSpecification[] {
  const outline = mapColours(dark).outline;
  const point: LayerSpecification = {
    id: 'place-points',
    type: 'circle',
    source: PLACES,
    ...(mode === 'clustered' ? { filter: ['!', ['has', 'point_count']] } : {}),
    paint: { 'circle-radius': 6, 'circle-color': PLACE_COLOUR, 'circle-stroke-color': outline, 'circle-stroke-width': 1.5 },
  };
  if (mode === 'heatmap') {
    return [
      {
        id: 'heat',
        type: 'heatmap',
        source: PLACES,
        maxzoom: 12,
        paint: {
          // A server cluster weighs as its places would.
          'heatmap-weight': ['interpolate', ['linear'], ['coalesce', ['get', 'point_count'], 1], 1, 0.4, 1000, 1],
          'heatmap-radius': ['interpolate', ['linear'], ['zoom'], 0, 8, 9, 24],
          'heatmap-opacity': ['interpolate', ['linear'], ['zoom'], 8, 0.9, 12, 0],
        },
      },
      { ...point, minzoom: 8 } as LayerSpecification,
    ];
  }
  if (mode === 'points') return [point];
  return [
    {
      id: 'clusters',
      type: 'circle',
      source: PLACES,
      filter: ['has', 'point_count'],
      paint: {
        'circle-color': ['step', ['get', 'point_count'], '#e67e22', 100, '#d35400', 1000, '#a04000'],
        'circle-radius': ['step', ['get', 'point_count'], 14, 100, 19, 1000, 25],
        'circle-stroke-color': outline,
        'circle-stroke-width': 2,
        'circle-opacity': 0.9,
      },
    },
    point,
  ];
}

/**
 * Replaces the place layers (a mode change, new data, a new style). MapLibre clusters the source in
 * clustered mode unless the server already has (`serverClusters`: its answer for a view of many places).
 */
export function showPlaces(map: MapLibreMap, mode: PlaceMapMode, dark: boolean, data: FeatureCollection, below: string, serverClusters = false): void {
  for (const id of ['heat', 'clusters', 'place-points']) if (map.getLayer(id)) map.removeLayer(id);
  if (map.getSource(PLACES)) map.removeSource(PLACES);
  const clientClusters = mode === 'clustered' && !serverClusters;
  map.addSource(PLACES, { type: 'geojson', data, ...(clientClusters ? { cluster: true, clusterRadius: 48, clusterMaxZoom: 13 } : {}) });
  for (const layer of placeLayers(mode, dark)) map.addLayer(layer, map.getLayer(below) ? below : undefined);
}

/** The marked places' rings and the focused place's halo, drawn above the places. */
export function markLayers(dark: boolean): LayerSpecification[] {
  return [
    {
      id: 'marked-rings',
      type: 'circle',
      source: MARKED,
      paint: { 'circle-radius': 9, 'circle-color': 'rgba(0,0,0,0)', 'circle-stroke-color': MARK_COLOUR, 'circle-stroke-width': 3 },
    },
    {
      id: 'focus-halo',
      type: 'circle',
      source: FOCUS,
      paint: { 'circle-radius': 16, 'circle-color': 'rgba(0,0,0,0)', 'circle-stroke-color': mapColours(dark).text, 'circle-stroke-width': 3 },
    },
  ];
}

export function setData(map: MapLibreMap, source: string, data: FeatureCollection): void {
  (map.getSource(source) as GeoJSONSource | undefined)?.setData(data);
}

/**
 * Counts on the clusters in view, as HTML over the canvas: the offline style has no font glyphs to draw
 * text with. Only the clusters on screen get one (a few hundred at most), refreshed when the map settles.
 */
export class ClusterCounts {
  private shown = new Map<string, Marker>();

  update(map: MapLibreMap): void {
    const seen = new Set<string>();
    const features = map.getLayer('clusters') ? map.queryRenderedFeatures({ layers: ['clusters'] }) : [];
    for (const feature of features.slice(0, 400)) {
      const id = String(feature.properties.cluster_id);
      if (seen.has(id) || feature.geometry.type !== 'Point') continue;
      seen.add(id);
      const [lng, lat] = feature.geometry.coordinates;
      const existing = this.shown.get(id);
      const text = String(feature.properties.point_count_abbreviated ?? feature.properties.point_count);
      if (existing) {
        existing.setLngLat([lng, lat]);
        existing.getElement().textContent = text;
        continue;
      }
      const element = document.createElement('span');
      element.className = 'place-map-count';
      element.setAttribute('aria-hidden', 'true');
      element.textContent = text;
      this.shown.set(id, new Marker({ element }).setLngLat([lng, lat]).addTo(map));
    }
    for (const [id, marker] of this.shown) {
      if (seen.has(id)) continue;
      marker.remove();
      this.shown.delete(id);
    }
  }

  clear(): void {
    for (const marker of this.shown.values()) marker.remove();
    this.shown.clear();
  }
}
