import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { PlanarPolygon } from './polygon.js';

/** Earth radii (km) as Germinate uses them: germplasm distances by haversine, location distances by the law of cosines. */
export const HAVERSINE_RADIUS_KM = 6372.8;
export const COSINES_RADIUS_KM = 6378.7;

/** How a distance is computed, with its radius: the two Germinate endpoints differ in both. */
export type DistanceFormula = 'haversine' | 'cosines';
export const RADIUS_OF: Record<DistanceFormula, number> = { haversine: HAVERSINE_RADIUS_KM, cosines: COSINES_RADIUS_KM };

/** A point's coordinates as SQL over a view (e.g. `l.latitude`, `l.longitude`), never request text. */
export interface PointColumns {
  lat: RawBuilder<unknown>;
  lng: RawBuilder<unknown>;
}

/** A bound number read as a double on both databases (PostgreSQL cannot infer the type of every parameter). */
const num = (value: number) => sql`CAST(${value} AS double precision)`;
const rad = Math.PI / 180;

/** min/max of two numbers: SQLite's scalar min/max, PostgreSQL's LEAST/GREATEST. */
const least = (dialect: DialectName, a: RawBuilder<unknown>, b: RawBuilder<unknown>) => (dialect === 'postgres' ? sql`LEAST(${a}, ${b})` : sql`min(${a}, ${b})`);
const greatest = (dialect: DialectName, a: RawBuilder<unknown>, b: RawBuilder<unknown>) => (dialect === 'postgres' ? sql`GREATEST(${a}, ${b})` : sql`max(${a}, ${b})`);

/**
 * The distance in km from (lat, lng) to the point of `to`. Both databases have the math functions (SQLite's
 * build of better-sqlite3 compiles them in). The point's own sines and cosines are computed here and bound;
 * the acos/asin argument is clamped, since rounding can take it just past 1 (PostgreSQL then fails, SQLite
 * answers NULL).
 */
export function distanceSql(formula: DistanceFormula, dialect: DialectName, lat: number, lng: number, to: PointColumns): RawBuilder<unknown> {
  const phi = lat * rad;
  const lambda = lng * rad;
  const phi2 = sql`radians(${to.lat})`;
  const lambda2 = sql`radians(${to.lng})`;
  if (formula === 'haversine') {
    const inner = sql`power(sin((${phi2} - ${num(phi)}) / 2), 2) + ${num(Math.cos(phi))} * cos(${phi2}) * power(sin((${lambda2} - ${num(lambda)}) / 2), 2)`;
    return sql`(2 * ${num(HAVERSINE_RADIUS_KM)} * asin(${least(dialect, sql`1`, sql`sqrt(${inner})`)}))`;
  }
  const cosine = sql`${num(Math.sin(phi))} * sin(${phi2}) + ${num(Math.cos(phi))} * cos(${phi2}) * cos(${lambda2} - ${num(lambda)})`;
  return sql`(${num(COSINES_RADIUS_KM)} * acos(${least(dialect, sql`1`, greatest(dialect, sql`-1`, cosine))}))`;
}

/** A latitude/longitude box (degrees), longitudes within [-180, 180]. */
export interface Box {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/**
 * The spatial index over locations' coordinates (germplasm's index-migrations.ts creates it):
 * - SQLite: an R*Tree virtual table, kept in step with `locations` by triggers. Its boxes are 32-bit floats
 *   rounded outwards, so a box query finds a superset that the exact test then narrows.
 * - PostgreSQL: a GiST index on the expression point(longitude, latitude), which `<@ box` uses.
 */
export const LOCATION_RTREE = 'locations_rtree';
export const LOCATION_POINT_INDEX = 'locations_point_gist';

/** The coordinates of the locations a box query reads (alias `lg`, apart from any alias of the outer view). */
const BOX_POINT: PointColumns = { lat: sql.raw('lg.latitude'), lng: sql.raw('lg.longitude') };

/** A box of the spatial index, and optionally the exact condition on the coordinates of the locations in it. */
export interface BoxQuery {
  box: Box;
  exact?: (point: PointColumns) => RawBuilder<unknown>;
}

/**
 * The ids of the locations inside any of the boxes (each meeting its box's exact condition), as a subquery
 * that the spatial index answers: a search then reads the locations of its area only, and each location's
 * test runs once, however many germplasm it has (whose rows the caller's `IN` then finds by germinatebase's
 * location index). A polygon's test goes with its own boxes only, so the bound parameters grow with the
 * number of vertices, not with vertices × polygons.
 */
export function locationIdsInBoxes(boxes: readonly BoxQuery[], dialect: DialectName): RawBuilder<unknown> {
  if (boxes.length === 0) return sql`SELECT id FROM locations WHERE 1 = 0`;
  const one = ({ box: b, exact }: BoxQuery) => {
    const test = exact ? sql` AND ${exact(BOX_POINT)}` : sql``;
    return dialect === 'postgres'
      ? sql`SELECT lg.id FROM locations lg WHERE point(lg.longitude, lg.latitude) <@ box(point(${num(b.minLng)}, ${num(b.minLat)}), point(${num(b.maxLng)}, ${num(b.maxLat)}))${test}`
      : sql`SELECT r.id FROM ${sql.table(LOCATION_RTREE)} r${exact ? sql` JOIN locations lg ON lg.id = r.id` : sql``} WHERE r.max_lat >= ${b.minLat} AND r.min_lat <= ${b.maxLat} AND r.max_lng >= ${b.minLng} AND r.min_lng <= ${b.maxLng}${test}`;
  };
  return sql.join(boxes.map(one), sql` UNION ALL `);
}

/** A polygon's bounding box as index boxes: two when it runs past the antimeridian. */
export function polygonBoxes(polygon: PlanarPolygon): Box[] {
  const { minX, maxX, minY, maxY } = polygon;
  if (maxX <= 180) return [{ minLat: minY, maxLat: maxY, minLng: minX, maxLng: maxX }];
  if (maxX - minX >= 360) return [{ minLat: minY, maxLat: maxY, minLng: -180, maxLng: 180 }];
  return [
    { minLat: minY, maxLat: maxY, minLng: minX, maxLng: 180 },
    { minLat: minY, maxLat: maxY, minLng: -180, maxLng: maxX - 360 },
  ];
}

/**
 * Whether the point lies inside the polygon: the crossing number (a ray from the point towards +x crosses
 * the ring an odd number of times), as a sum over its edges. Each edge's constants are bound parameters;
 * horizontal edges never cross the ray and are left out, so nothing divides by zero. The point's x is its
 * longitude, plus 360 when below the polygon's westernmost longitude (PlanarPolygon).
 */
export function pointInPolygonSql(polygon: PlanarPolygon, point: PointColumns): RawBuilder<unknown> {
  const y = point.lat;
  const x = sql`(CASE WHEN ${point.lng} < ${num(polygon.minX)} THEN ${point.lng} + 360 ELSE ${point.lng} END)`;
  const n = polygon.vertices.length;
  const terms: RawBuilder<unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const [xi, yi] = polygon.vertices[i];
    const [xj, yj] = polygon.vertices[(i + 1) % n];
    if (yi === yj) continue;
    // The edge's x at the point's y: xi + k (y − yi) = c + k y.
    const k = (xj - xi) / (yj - yi);
    const c = xi - k * yi;
    terms.push(sql`CASE WHEN (${y} > ${num(yi)}) <> (${y} > ${num(yj)}) AND ${x} < ${num(c)} + ${num(k)} * ${y} THEN 1 ELSE 0 END`);
  }
  const inBox = sql`${y} BETWEEN ${num(polygon.minY)} AND ${num(polygon.maxY)}`;
  return sql`(${inBox} AND (${sql.join(terms, sql` + `)}) % 2 = 1)`;
}

/**
 * Rows whose location (`locationId`) lies inside any of the polygons (their union, as Germinate's
 * MULTIPOLYGON): the spatial index finds the locations in the polygons' boxes, the exact test keeps those
 * inside. It reads the locations itself, so the rows' own view needs no join for it.
 */
export function inPolygonsSql(polygons: readonly PlanarPolygon[], locationId: RawBuilder<unknown>, dialect: DialectName): RawBuilder<unknown> {
  const boxes = polygons.flatMap((polygon) => polygonBoxes(polygon).map((box) => ({ box, exact: (point: PointColumns) => pointInPolygonSql(polygon, point) })));
  return sql`${locationId} IN (${locationIdsInBoxes(boxes, dialect)})`;
}
