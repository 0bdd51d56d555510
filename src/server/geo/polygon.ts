import { HttpError } from '../http/errors.js';

/** A vertex as Germinate's client sends it (degrees). */
export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * A polygon ready for the SQL test: its vertices in the map's plane (x = longitude, y = latitude, degrees),
 * closed implicitly (the last vertex joins the first), with its bounding box. Longitudes are unwrapped: they
 * may run past 180° (never below -180°), and a point's longitude is read as longitude + 360 when it lies
 * below `minX`, so a polygon across the antimeridian is one connected shape.
 */
export interface PlanarPolygon {
  vertices: readonly (readonly [number, number])[];
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** Limits far above a drawn polygon (tens of clicks) and well below both databases' parameter limits. */
export const POLYGON_LIMITS = { polygons: 50, vertices: 1000 } as const;

const bad = (message: string) => new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', message);

/** A coordinate pair in range, else a 400 naming the value. */
export function checkCoordinates(lat: number, lng: number, what: string): void {
  if (!Number.isFinite(lat) || lat < -90 || lat > 90) throw bad(`${what}: latitude must be between -90 and 90 (got ${lat})`);
  if (!Number.isFinite(lng) || lng < -180 || lng > 180) throw bad(`${what}: longitude must be between -180 and 180 (got ${lng})`);
}

/**
 * Rule (as Germinate's MySQL ST_CONTAINS, which reads the polygon in the plane of longitude and latitude):
 * a polygon is the region its ring encloses on the flat map. Two additions make drawn polygons work where
 * the flat map has edges:
 * - Antimeridian: consecutive vertices more than 180° of longitude apart are joined the short way, across
 *   the antimeridian (the ring is unwrapped), since nobody draws an edge the long way round the globe.
 * - Poles: a ring that, so unwrapped, goes once all the way round the globe (its closing edge ends 360° from
 *   its start) encloses a pole: the one on the side of its mean latitude (north for 0). It becomes the
 *   region between the ring and that pole (the ring closed along the pole's line, latitude ±90).
 * A repeated closing vertex (WKT style) and repeated consecutive vertices are dropped; fewer than 3 distinct
 * vertices, no area, or edges that cross each other are a 400 naming the polygon and the problem.
 */
export function planarPolygon(points: readonly LatLng[], index: number): PlanarPolygon {
  const name = `Polygon ${index + 1}`;
  points.forEach((p, i) => checkCoordinates(p.lat, p.lng, `${name}, point ${i + 1}`));
  const ring: LatLng[] = [];
  for (const p of points) {
    const last = ring[ring.length - 1];
    if (!last || last.lat !== p.lat || last.lng !== p.lng) ring.push(p);
  }
  while (ring.length > 1 && ring[0].lat === ring[ring.length - 1].lat && ring[0].lng === ring[ring.length - 1].lng) ring.pop();
  const distinct = new Set(ring.map((p) => `${p.lat},${p.lng}`)).size;
  if (distinct < 3) throw bad(`${name} needs at least 3 distinct points (it has ${distinct})`);

  const vertices: [number, number][] = [];
  let offset = 0;
  for (let i = 0; i < ring.length; i++) {
    if (i > 0) offset += wrapStep(ring[i - 1].lng, ring[i].lng);
    vertices.push([ring[i].lng + offset, ring[i].lat]);
  }
  const winding = offset + wrapStep(ring[ring.length - 1].lng, ring[0].lng);
  if (winding !== 0) {
    const meanLat = ring.reduce((sum, p) => sum + p.lat, 0) / ring.length;
    const pole = meanLat >= 0 ? 90 : -90;
    const [x0, y0] = vertices[0];
    vertices.push([x0 + winding, y0], [x0 + winding, pole], [x0, pole]);
  }
  let minX = Math.min(...vertices.map((v) => v[0]));
  const maxXRaw = Math.max(...vertices.map((v) => v[0]));
  if (maxXRaw - minX > 360) throw bad(`${name} spans more than 360° of longitude`);
  // Shift whole turns so that the westernmost vertex lies in [-180, 180).
  const shift = -360 * Math.floor((minX + 180) / 360);
  for (const v of vertices) v[0] += shift;
  minX += shift;
  // Crossings first: a symmetric bow tie's signed areas cancel, and "intersects itself" is what is wrong with it.
  const crossing = firstCrossing(vertices);
  if (crossing) throw bad(`${name} intersects itself: edge ${crossing[0] + 1} crosses edge ${crossing[1] + 1}`);
  if (Math.abs(twiceArea(vertices)) < 1e-12) throw bad(`${name} has no area (its points lie on one line)`);
  const ys = vertices.map((v) => v[1]);
  return { vertices, minX, maxX: maxXRaw + shift, minY: Math.min(...ys), maxY: Math.max(...ys) };
}

/** The longitude step from a to b the short way round: 0, or ±360 when the edge crosses the antimeridian. */
function wrapStep(a: number, b: number): number {
  if (b - a > 180) return -360;
  if (a - b > 180) return 360;
  return 0;
}

function twiceArea(vertices: readonly (readonly [number, number])[]): number {
  let sum = 0;
  for (let i = 0; i < vertices.length; i++) {
    const [x1, y1] = vertices[i];
    const [x2, y2] = vertices[(i + 1) % vertices.length];
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}

const orientation = (a: readonly number[], b: readonly number[], c: readonly number[]) => Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
const onSegment = (a: readonly number[], b: readonly number[], p: readonly number[]) =>
  Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);

/** Whether segments ab and cd share a point (touching and overlapping count). */
function segmentsMeet(a: readonly number[], b: readonly number[], c: readonly number[], d: readonly number[]): boolean {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(a, b, c)) || (o2 === 0 && onSegment(a, b, d)) || (o3 === 0 && onSegment(c, d, a)) || (o4 === 0 && onSegment(c, d, b));
}

/**
 * The first pair of edges (by index) that meet other than at the vertex they share, or null. Adjacent
 * edges meet only at their common vertex unless one doubles back over the other. O(n²): n ≤ 1000.
 */
function firstCrossing(vertices: readonly (readonly [number, number])[]): [number, number] | null {
  const n = vertices.length;
  const edge = (i: number) => [vertices[i], vertices[(i + 1) % n]] as const;
  for (let i = 0; i < n; i++) {
    const [a, b] = edge(i);
    for (let j = i + 1; j < n; j++) {
      const [c, d] = edge(j);
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) {
        // Sharing one vertex is fine; folding back along the previous edge is not.
        const shared = j === i + 1 ? b : a;
        const other = j === i + 1 ? d : c;
        const start = j === i + 1 ? a : b;
        if (orientation(start, shared, other) === 0 && onSegment(start, shared, other) && !(other[0] === shared[0] && other[1] === shared[1])) return [i, j];
        continue;
      }
      if (segmentsMeet(a, b, c, d)) return [i, j];
    }
  }
  return null;
}
