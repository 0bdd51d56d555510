import type { Filter } from './table-request.js';

/**
 * A geographic search as the geographic search pane applies it: a point with a radius, or polygons. The
 * result sections (germplasm, locations) turn it into Germinate's requests: `<entity>/distance/table` with
 * the point and `distance lessThan <radius>`, or `<entity>/polygon/table` with `polygons` of {lat, lng}.
 */
export interface GeoPoint {
  lat: number;
  lng: number;
}

export type GeoSearch = { kind: 'point'; point: GeoPoint; radiusKm: number } | { kind: 'polygon'; polygons: readonly (readonly GeoPoint[])[] };

/** The radius a point search starts with, and the bounds the server accepts (more than 0, at most half the Earth's circumference). */
export const DEFAULT_RADIUS_KM = 100;
export const MAX_RADIUS_KM = 20_000;

export interface GeoSearchRequest {
  path: string;
  body: Record<string, unknown>;
  /** Conditions the user cannot remove: the radius of a point search. */
  fixed: Filter[];
}

/** The request of a search over an entity's table (`germplasm`, `location`). */
export function geoSearchRequest(entity: 'germplasm' | 'location', search: GeoSearch): GeoSearchRequest {
  if (search.kind === 'point') {
    return {
      path: `${entity}/distance/table`,
      body: { latitude: search.point.lat, longitude: search.point.lng },
      fixed: [{ column: 'distance', comparator: 'lessThan', operator: 'and', values: [String(search.radiusKm)] }],
    };
  }
  return { path: `${entity}/polygon/table`, body: { polygons: search.polygons.map((p) => p.map(({ lat, lng }) => ({ lat, lng }))) }, fixed: [] };
}

const isPoint = (value: unknown): value is GeoPoint => {
  const p = value as GeoPoint | null;
  return typeof p === 'object' && p !== null && Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;
};

/** A search read back from a pane's state (the URL): anything malformed is no search. */
export function readGeoSearch(value: unknown): GeoSearch | null {
  const raw = value as Record<string, unknown> | null;
  if (typeof raw !== 'object' || raw === null) return null;
  if (raw.kind === 'point' && isPoint(raw.point) && typeof raw.radiusKm === 'number' && raw.radiusKm > 0 && raw.radiusKm <= MAX_RADIUS_KM) {
    return { kind: 'point', point: { lat: raw.point.lat, lng: raw.point.lng }, radiusKm: raw.radiusKm };
  }
  if (raw.kind === 'polygon' && Array.isArray(raw.polygons)) {
    const polygons = raw.polygons.filter((p): p is GeoPoint[] => Array.isArray(p) && p.length >= 3 && p.every(isPoint));
    if (polygons.length > 0 && polygons.length === raw.polygons.length) return { kind: 'polygon', polygons };
  }
  return null;
}
