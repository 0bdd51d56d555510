import { type } from 'arktype';
import { PaginatedRequest, toSnakeCase, type Filter } from '../../core/table-request.js';
import { HttpError } from '../http/errors.js';
import { validate } from '../http/validate.js';
import { checkCoordinates, planarPolygon, POLYGON_LIMITS, type PlanarPolygon } from './polygon.js';
import type { Box } from './sql.js';

/** Germinate's PaginatedLocationRequest: a PaginatedRequest and the search point. */
export const PaginatedLocationRequest = PaginatedRequest.and({
  'latitude?': 'number | null',
  'longitude?': 'number | null',
});
export type PaginatedLocationRequest = typeof PaginatedLocationRequest.infer;

const vertex = type({ lat: 'number', lng: 'number' });

/** Germinate's PaginatedPolygonRequest: a PaginatedRequest and the polygons, each a list of {lat, lng}. */
export const PaginatedPolygonRequest = PaginatedRequest.and({
  'polygons?': vertex.array().atMostLength(POLYGON_LIMITS.vertices).array().atMostLength(POLYGON_LIMITS.polygons).or('null'),
});
export type PaginatedPolygonRequest = typeof PaginatedPolygonRequest.infer;

const bad = (message: string) => new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', message);

/** The search point of a distance request: both coordinates, in range, else a 400 that says which. */
export function searchPoint(body: unknown): { latitude: number; longitude: number; request: PaginatedLocationRequest } {
  const request = validate(PaginatedLocationRequest, body ?? {});
  const { latitude, longitude } = request;
  if (latitude === undefined || latitude === null || longitude === undefined || longitude === null) {
    throw bad('A point search needs latitude and longitude (decimal degrees)');
  }
  checkCoordinates(latitude, longitude, 'The search point');
  return { latitude, longitude, request };
}

/** The polygons of a polygon request, checked and made planar (polygon.ts), else a 400 naming the problem. */
export function searchPolygons(body: unknown): PlanarPolygon[] {
  const request = validate(PaginatedPolygonRequest, body ?? {});
  const polygons = (request.polygons ?? []).filter((p) => p.length > 0);
  if (polygons.length === 0) throw bad('A polygon search needs polygons: at least one list of 3 or more {lat, lng} points');
  const total = polygons.reduce((sum, p) => sum + p.length, 0);
  if (total > POLYGON_LIMITS.vertices) throw bad(`The polygons have ${total} points; at most ${POLYGON_LIMITS.vertices} are allowed`);
  return polygons.map((p, i) => planarPolygon(p, i));
}

/** Half the Earth's circumference at a radius: no two points are further apart. */
export const halfCircumference = (radiusKm: number) => Math.PI * radiusKm;

const UPPER_BOUNDS = new Set(['lessThan', 'lessOrEquals', 'equals', 'between']);

/**
 * The search radius of a distance request: its filters on `distance` that bound it from above (less than,
 * at most, equals, between's upper value). A radius of 0 or less, or beyond half the Earth's circumference
 * (every point is nearer than that), is a 400. Answers the smallest radius when every filter is joined by
 * AND (then the rows lie within it, and the index box may narrow the search), else null.
 */
export function searchRadius(filters: readonly Filter[] | null | undefined, earthRadiusKm: number): number | null {
  const list = filters ?? [];
  const most = halfCircumference(earthRadiusKm);
  let radius: number | null = null;
  for (const filter of list) {
    if (toSnakeCase(filter.column) !== 'distance' || !UPPER_BOUNDS.has(filter.comparator)) continue;
    const values = (filter.values ?? []).filter((v) => v !== null && String(v).trim() !== '').map(Number);
    const bound = filter.comparator === 'between' ? values[1] : values[0];
    if (bound === undefined || Number.isNaN(bound)) continue;
    if (bound <= 0) throw bad(`The search radius must be more than 0 km (got ${bound})`);
    if (bound > most) throw bad(`The search radius must be at most ${Math.floor(most)} km, half the Earth's circumference (got ${bound})`);
    radius = radius === null ? bound : Math.min(radius, bound);
  }
  const allAnd = list.slice(0, -1).every((f) => (f.operator ?? 'and').toLowerCase() !== 'or');
  return allAnd ? radius : null;
}

/**
 * The boxes that hold every point within `radiusKm` of (lat, lng) on a sphere of `earthRadiusKm`, for the
 * spatial index: the latitude band of the radius, and the longitudes of the widest parallel circle it
 * touches (all longitudes when it reaches a pole), split at the antimeridian. A margin covers rounding.
 */
export function radiusBoxes(lat: number, lng: number, radiusKm: number, earthRadiusKm: number): Box[] {
  const angle = (radiusKm / earthRadiusKm) * 1.0001 + 1e-9;
  const degrees = (angle * 180) / Math.PI;
  const minLat = lat - degrees;
  const maxLat = lat + degrees;
  if (minLat <= -90 || maxLat >= 90) return [{ minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), minLng: -180, maxLng: 180 }];
  const ratio = Math.sin(angle) / Math.cos((lat * Math.PI) / 180);
  if (ratio >= 1 || angle >= Math.PI / 2) return [{ minLat, maxLat, minLng: -180, maxLng: 180 }];
  const spread = (Math.asin(ratio) * 180) / Math.PI;
  const west = lng - spread;
  const east = lng + spread;
  if (west < -180) return [{ minLat, maxLat, minLng: west + 360, maxLng: 180 }, { minLat, maxLat, minLng: -180, maxLng: east }];
  if (east > 180) return [{ minLat, maxLat, minLng: west, maxLng: 180 }, { minLat, maxLat, minLng: -180, maxLng: east - 360 }];
  return [{ minLat, maxLat, minLng: west, maxLng: east }];
}
