import type { Map as MapLibreMap, MapGeoJSONFeature } from 'maplibre-gl';
import { FOCUS, PICKABLE, setData } from './place-layers.js';

/**
 * The keyboard's way to the places on a map: the places and clusters in view, nearest to the centre first;
 * `]` and `[` step through them, a halo shows which one has the focus, and a live region says its name.
 */
export interface FocusedPlace {
  /** A place's id, or null for a cluster. */
  id: number | null;
  /** A cluster's id (MapLibre's number, or the server's cell key), or null for a place. */
  cluster: string | null;
  /** A server cluster's extent [west, south, east, north]: opening it shows that box. */
  extent: [number, number, number, number] | null;
  count: number;
  label: string;
  lng: number;
  lat: number;
}

function toFocused(feature: MapGeoJSONFeature): FocusedPlace | null {
  if (feature.geometry.type !== 'Point') return null;
  const [lng, lat] = feature.geometry.coordinates;
  const props = feature.properties;
  return focusedOf(props, lng, lat);
}

/** A drawn feature's properties (place-layers.ts) as the keyboard's place. */
export function focusedOf(props: Record<string, unknown>, lng: number, lat: number): FocusedPlace {
  if (props.cluster_id !== undefined) {
    const extent = [props.west, props.south, props.east, props.north];
    const bounded = extent.every((v) => typeof v === 'number') ? (extent as [number, number, number, number]) : null;
    return { id: null, cluster: String(props.cluster_id), extent: bounded, count: Number(props.point_count), label: '', lng, lat };
  }
  return { id: Number(props.id), cluster: null, extent: null, count: 1, label: String(props.label ?? ''), lng, lat };
}

/** The places and clusters drawn in view, each once, nearest to the map's centre first. */
export function placesInView(map: MapLibreMap): FocusedPlace[] {
  const layers = PICKABLE.filter((id) => map.getLayer(id));
  if (layers.length === 0) return [];
  const centre = map.getCenter();
  const seen = new Set<string>();
  const found: FocusedPlace[] = [];
  for (const feature of map.queryRenderedFeatures({ layers })) {
    const place = toFocused(feature);
    if (!place) continue;
    const key = place.id !== null ? `p${place.id}` : `c${place.cluster}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(place);
  }
  const distance = (p: FocusedPlace) => (p.lng - centre.lng) ** 2 + (p.lat - centre.lat) ** 2;
  return found.sort((a, b) => distance(a) - distance(b) || (a.id ?? -1) - (b.id ?? -1));
}

/** The place after (or before) the current one among those in view; the nearest when none has the focus. */
export function stepFocus(map: MapLibreMap, current: FocusedPlace | null, step: 1 | -1): FocusedPlace | null {
  const places = placesInView(map);
  if (places.length === 0) return null;
  const index = current ? places.findIndex((p) => (current.id !== null ? p.id === current.id : p.cluster === current.cluster)) : -1;
  const next = index < 0 ? (step === 1 ? 0 : places.length - 1) : (index + step + places.length) % places.length;
  return places[next];
}

export function showFocus(map: MapLibreMap, place: FocusedPlace | null): void {
  setData(map, FOCUS, {
    type: 'FeatureCollection',
    features: place ? [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [place.lng, place.lat] } }] : [],
  });
}
