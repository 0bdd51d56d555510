import type { Feature, FeatureCollection, Point } from 'geojson';
import { Marker, type GeoJSONSource, type LayerSpecification, type Map as MapLibreMap } from 'maplibre-gl';
import { jittered } from './jitter.js';
import { mapColours } from './base-style.js';

/**
 * The places of a map as layers of the style: clustered markers (counted by MapLibre's worker, so 10^5 points
 * do not block the page), a heatmap, or plain points; above them the marked places and the keyboard's focus.
 */
export interface MapPlace {
  id: number;
  latitude: number;
  longitude: number;
  label: string;
}

export type PlaceMapMode = 'clustered' | 'heatmap' | 'points';

export const PLACES = 'places';
export const MARKED = 'marked';
export const FOCUS = 'focus';
/** The layers a click or the keyboard can land on. */
export const PICKABLE = ['clusters', 'place-points'];

export const MARK_COLOUR = '#1f6feb';
const PLACE_COLOUR = '#c0392b';

export type PlaceFeature = Feature<Point, { id: number; label: string }>;

/** Features of the places, shifted by jitter when asked (the drawing only). */
export function placeFeatures(places: readonly MapPlace[], jitter: boolean): FeatureCollection<Point, { id: number; label: string }> {
  return {
    type: 'FeatureCollection',
    features: places.map((p) => {
      const at = jitter ? jittered(p.id, p.latitude, p.longitude) : p;
      return { type: 'Feature', id: p.id, properties: { id: p.id, label: p.label }, geometry: { type: 'Point', coordinates: [at.longitude, at.latitude] } };
    }),
  };
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

/** Replaces the place layers (a mode change, or a new style): the source is clustered only in clustered mode. */
export function showPlaces(map: MapLibreMap, mode: PlaceMapMode, dark: boolean, data: FeatureCollection, below: string): void {
  for (const id of ['heat', 'clusters', 'place-points']) if (map.getLayer(id)) map.removeLayer(id);
  if (map.getSource(PLACES)) map.removeSource(PLACES);
  map.addSource(PLACES, { type: 'geojson', data, ...(mode === 'clustered' ? { cluster: true, clusterRadius: 48, clusterMaxZoom: 13 } : {}) });
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
  private shown = new Map<number, Marker>();

  update(map: MapLibreMap): void {
    const seen = new Set<number>();
    const features = map.getLayer('clusters') ? map.queryRenderedFeatures({ layers: ['clusters'] }) : [];
    for (const feature of features.slice(0, 400)) {
      const id = Number(feature.properties.cluster_id);
      if (seen.has(id) || feature.geometry.type !== 'Point') continue;
      seen.add(id);
      const [lng, lat] = feature.geometry.coordinates;
      const existing = this.shown.get(id);
      if (existing) {
        existing.setLngLat([lng, lat]);
        continue;
      }
      const element = document.createElement('span');
      element.className = 'place-map-count';
      element.setAttribute('aria-hidden', 'true');
      element.textContent = String(feature.properties.point_count_abbreviated ?? feature.properties.point_count);
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
