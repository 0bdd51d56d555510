import type { Feature, FeatureCollection } from 'geojson';
import type { LayerSpecification } from 'maplibre-gl';

/**
 * What a map draws for a geographic search: the search point with its radius, or the polygon being drawn
 * (its vertices, its edges, its area once closed). Pure geometry, so the keyboard and the mouse share it.
 */
export interface LatLng {
  lat: number;
  lng: number;
}

export interface Drawing {
  kind: 'point' | 'polygon';
  point: LatLng | null;
  radiusKm: number | null;
  vertices: readonly LatLng[];
  closed: boolean;
}

export const DRAWING = 'drawing';
const EARTH_KM = 6371;
const DRAW_COLOUR = '#7b2cbf';

/** The circle of `radiusKm` around a point on the sphere, as a ring of 72 points (great-circle destinations). */
export function circleRing(centre: LatLng, radiusKm: number): [number, number][] {
  const angle = Math.min(radiusKm / EARTH_KM, Math.PI);
  const lat = (centre.lat * Math.PI) / 180;
  const lng = (centre.lng * Math.PI) / 180;
  const ring: [number, number][] = [];
  for (let i = 0; i <= 72; i++) {
    const bearing = (i / 72) * 2 * Math.PI;
    const lat2 = Math.asin(Math.sin(lat) * Math.cos(angle) + Math.cos(lat) * Math.sin(angle) * Math.cos(bearing));
    const lng2 = lng + Math.atan2(Math.sin(bearing) * Math.sin(angle) * Math.cos(lat), Math.cos(angle) - Math.sin(lat) * Math.sin(lat2));
    ring.push([(((((lng2 * 180) / Math.PI + 540) % 360) + 360) % 360) - 180, (lat2 * 180) / Math.PI]);
  }
  return ring;
}

const position = (p: LatLng): [number, number] => [p.lng, p.lat];

/** The drawing's features: vertices and point as dots, the open polygon's edges, the closed polygon or the circle as areas. */
export function drawingFeatures(drawing: Drawing | null): FeatureCollection {
  const features: Feature[] = [];
  if (drawing?.kind === 'point' && drawing.point) {
    features.push({ type: 'Feature', properties: { part: 'vertex' }, geometry: { type: 'Point', coordinates: position(drawing.point) } });
    if (drawing.radiusKm && drawing.radiusKm > 0) {
      features.push({ type: 'Feature', properties: { part: 'area' }, geometry: { type: 'Polygon', coordinates: [circleRing(drawing.point, drawing.radiusKm)] } });
    }
  }
  if (drawing?.kind === 'polygon' && drawing.vertices.length > 0) {
    const ring = drawing.vertices.map(position);
    for (const vertex of ring) features.push({ type: 'Feature', properties: { part: 'vertex' }, geometry: { type: 'Point', coordinates: vertex } });
    if (drawing.closed && ring.length >= 3) {
      features.push({ type: 'Feature', properties: { part: 'area' }, geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] } });
    } else if (ring.length >= 2) {
      features.push({ type: 'Feature', properties: { part: 'edge' }, geometry: { type: 'LineString', coordinates: ring } });
    }
  }
  return { type: 'FeatureCollection', features };
}

export function drawingLayers(): LayerSpecification[] {
  return [
    { id: 'drawing-area', type: 'fill', source: DRAWING, filter: ['==', ['get', 'part'], 'area'], paint: { 'fill-color': DRAW_COLOUR, 'fill-opacity': 0.18 } },
    { id: 'drawing-area-edge', type: 'line', source: DRAWING, filter: ['==', ['get', 'part'], 'area'], paint: { 'line-color': DRAW_COLOUR, 'line-width': 2 } },
    { id: 'drawing-edge', type: 'line', source: DRAWING, filter: ['==', ['get', 'part'], 'edge'], paint: { 'line-color': DRAW_COLOUR, 'line-width': 2, 'line-dasharray': [2, 1] } },
    {
      id: 'drawing-vertex',
      type: 'circle',
      source: DRAWING,
      filter: ['==', ['get', 'part'], 'vertex'],
      paint: { 'circle-radius': 5, 'circle-color': DRAW_COLOUR, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1.5 },
    },
  ];
}

/** Whether segments ab and cd cross (touching at a shared end does not count). */
function crosses(a: LatLng, b: LatLng, c: LatLng, d: LatLng): boolean {
  const side = (p: LatLng, q: LatLng, r: LatLng) => Math.sign((q.lng - p.lng) * (r.lat - p.lat) - (q.lat - p.lat) * (r.lng - p.lng));
  return side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0;
}

/** Whether a closed ring crosses itself: such a polygon has no clear inside, so it is refused before the server sees it. */
export function selfIntersects(vertices: readonly LatLng[]): boolean {
  const n = vertices.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (crosses(vertices[i], vertices[(i + 1) % n], vertices[j], vertices[(j + 1) % n])) return true;
    }
  }
  return false;
}
