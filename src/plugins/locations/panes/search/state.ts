import { DEFAULT_RADIUS_KM, MAX_RADIUS_KM, readGeoSearch, type GeoPoint, type GeoSearch } from '../../../../core/geo-search.js';
import type { PaneInstance } from '../../../../core/contracts.js';
import type { Drawing } from '../../../../shell/widgets/map/drawing.js';
import { PANE } from '../ids.js';

/**
 * The geographic search pane's state (in the URL, so a shared layout repeats the search): what is drawn (a
 * point with its radius, or a polygon's vertices and whether it is closed) and the search last applied.
 */
export interface SearchPaneState {
  drawing: Drawing;
  /** The radius as typed (km), checked when the search is applied. */
  radius: string;
  search: GeoSearch | null;
}

const point = (value: unknown): GeoPoint | null => {
  const p = value as GeoPoint | null;
  return typeof p === 'object' && p !== null && Number.isFinite(p.lat) && Number.isFinite(p.lng) ? { lat: p.lat, lng: p.lng } : null;
};

export function readSearchState(state: Record<string, unknown> | undefined): SearchPaneState {
  const s = state ?? {};
  const kind = s.kind === 'polygon' ? 'polygon' : 'point';
  const vertices = Array.isArray(s.vertices) ? s.vertices.map(point).filter((p): p is GeoPoint => p !== null) : [];
  const radius = typeof s.radius === 'string' || typeof s.radius === 'number' ? String(s.radius) : String(DEFAULT_RADIUS_KM);
  const radiusKm = Number(radius);
  return {
    drawing: { kind, point: point(s.point), radiusKm: Number.isFinite(radiusKm) && radiusKm > 0 ? radiusKm : null, vertices, closed: s.closed === true && vertices.length >= 3 },
    radius,
    search: readGeoSearch(s.search),
  };
}

/** The state after a drawing change (the map's or a command's); the applied search stays until applied again. */
export function withDrawing(state: Record<string, unknown> | undefined, drawing: Drawing): Record<string, unknown> {
  // A complaint about the drawing is answered by changing it.
  const { problem: _answered, ...rest } = state ?? {};
  return { ...rest, kind: drawing.kind, point: drawing.point, vertices: drawing.vertices, closed: drawing.closed };
}

/** The messages of a search that cannot be applied (the spec's for a missing point or polygon). */
export const SEARCH_PROBLEMS = {
  noPoint: 'locations.search.noPoint',
  noPolygon: 'locations.search.noPolygon',
  badRadius: 'locations.search.badRadius',
} as const;

/** The search the drawing makes, or what is missing. */
export function searchOf(pane: SearchPaneState): { search: GeoSearch } | { problem: string } {
  const { drawing } = pane;
  if (drawing.kind === 'point') {
    if (!drawing.point) return { problem: SEARCH_PROBLEMS.noPoint };
    const radiusKm = Number(pane.radius);
    if (!Number.isFinite(radiusKm) || radiusKm <= 0 || radiusKm > MAX_RADIUS_KM) return { problem: SEARCH_PROBLEMS.badRadius };
    return { search: { kind: 'point', point: drawing.point, radiusKm } };
  }
  if (!drawing.closed || drawing.vertices.length < 3) return { problem: SEARCH_PROBLEMS.noPolygon };
  return { search: { kind: 'polygon', polygons: [drawing.vertices] } };
}

/** Applies the drawn search to the state: the result tables start again at their first page. */
export function applySearch(state: Record<string, unknown> | undefined): { state: Record<string, unknown>; problem: string | null } {
  const outcome = searchOf(readSearchState(state));
  if ('problem' in outcome) return { state: { ...state, problem: outcome.problem }, problem: outcome.problem };
  const { germplasmResults: _g, locationResults: _l, problem: _p, ...rest } = state ?? {};
  return { state: { ...rest, search: outcome.search }, problem: null };
}

/** The geographic search pane searching round a place (the default radius), as a location's Enter on a map opens it. */
export function nearbySearch(place: { latitude: number; longitude: number }): PaneInstance {
  const point = { lat: place.latitude, lng: place.longitude };
  return {
    type: PANE.search,
    params: {},
    state: { kind: 'point', point, radius: String(DEFAULT_RADIUS_KM), search: { kind: 'point', point, radiusKm: DEFAULT_RADIUS_KM } },
  };
}
