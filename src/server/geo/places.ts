import { sql, type RawBuilder } from 'kysely';
import { PaginatedRequest } from '../../core/table-request.js';
import type { MapPlaces } from '../../core/map-places.js';
import { PLACE_POINT_LIMIT, placeCellDegrees } from '../../core/map-places.js';
import type { DialectName } from '../db/database.js';
import { readRows, type TableSource } from '../db/read-pool.js';
import { HttpError } from '../http/errors.js';
import { validate } from '../http/validate.js';
import type { QueryCaller, TableQuery } from '../table/engine.js';
import { locationIdsInBoxes, type Box, type PointColumns } from './sql.js';

/** A table's places request: its filters and the map's view (a box in degrees and a whole zoom level). */
export const PlacesRequest = PaginatedRequest.and({
  west: 'number',
  south: 'number',
  east: 'number',
  north: 'number',
  zoom: '0 <= number.integer <= 24',
  /** Also answer the box of every matching place (the map fits it once). */
  'bounds?': 'boolean | null',
  /** false: the bounds alone, no places or clusters for the view (a map's first question). */
  'cells?': 'boolean | null',
});
export type PlacesRequest = typeof PlacesRequest.infer;

const bad = (message: string) => new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', message);

/**
 * The view's boxes in the spatial index's terms: latitudes clamped to the poles; longitudes wrapped into
 * [-180, 180], in two boxes when the view runs past the antimeridian; the whole world when it is wider.
 */
export function viewBoxes(request: Pick<PlacesRequest, 'west' | 'south' | 'east' | 'north'>): Box[] {
  const { west, east } = request;
  const finite = [west, east, request.south, request.north].every(Number.isFinite);
  if (!finite || Math.abs(west) > 1e4 || Math.abs(east) > 1e4) throw bad('The map view needs finite west, south, east and north (degrees)');
  if (request.south > request.north) throw bad('The map view: south must not be north of north');
  if (west > east) throw bad('The map view: west must not be east of east (a view across the antimeridian has east beyond 180)');
  const minLat = Math.max(-90, request.south);
  const maxLat = Math.min(90, request.north);
  if (east - west >= 360) return [{ minLat, maxLat, minLng: -180, maxLng: 180 }];
  const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
  const w = wrap(west);
  const e = w + (east - west);
  const boxes: Box[] =
    e <= 180
      ? [{ minLat, maxLat, minLng: w, maxLng: e }]
      : [
          { minLat, maxLat, minLng: w, maxLng: 180 },
          { minLat, maxLat, minLng: -180, maxLng: e - 360 },
        ];
  // -180 and 180 are one meridian: a view with an edge on it finds the places stored as either.
  if (boxes.some((b) => b.minLng === -180) && !boxes.some((b) => b.maxLng === 180)) boxes.push({ minLat, maxLat, minLng: 180, maxLng: 180 });
  if (boxes.some((b) => b.maxLng === 180) && !boxes.some((b) => b.minLng === -180)) boxes.push({ minLat, maxLat, minLng: -180, maxLng: -180 });
  return boxes;
}

/** A whole number of cells from -180 / -90: FLOOR, which SQLite's build has with its math functions. */
const cellOf = (value: RawBuilder<unknown>, origin: number, size: number) => sql`CAST(FLOOR((${value} + ${origin}) / CAST(${size} AS double precision)) AS integer)`;

interface CellRow {
  cx: number;
  cy: number;
  n: number | string;
  lat: number | string;
  lng: number | string;
  id: number | string;
  label: string | null;
  s: number | string;
  nn: number | string;
  w: number | string;
  e: number | string;
}

/** Where a domain's rows are: the view's location id and coordinates (geo/routes.ts) and its label column. */
export interface PlaceColumns {
  locationId: RawBuilder<unknown>;
  point: PointColumns;
  label: string;
}

/**
 * The places of a table's matching rows in a map view (the table's own filters, extra condition and the
 * caller's visibility): one place per row when the view holds at most PLACE_POINT_LIMIT of them, else one
 * cluster per grid cell of the zoom level (PLACE_CELLS_PER_TILE across a 256-pixel tile) with its count,
 * mean position and extent; a cell of one row is that row's place. Rule: the map's cost follows the cells
 * on screen, not the rows matched; the spatial index finds the view's locations (sql.ts).
 */
export async function mapPlaces(
  db: TableSource,
  dialect: DialectName,
  query: TableQuery,
  columns: PlaceColumns,
  request: PlacesRequest,
  caller: QueryCaller,
): Promise<MapPlaces> {
  const boxes = viewBoxes(request);
  if (request.cells === false) {
    const bounds = request.bounds ? await placeBounds(db, query, columns, request, caller) : null;
    return { zoom: request.zoom, cellDegrees: placeCellDegrees(request.zoom), inView: 0, places: [], clusters: [], bounds };
  }
  const view = query.view;
  const id = view.columns[view.idColumn].sql;
  const label = view.columns[columns.label].sql;
  const { lat, lng } = columns.point;
  const matching = query.where(request.filter, null, caller);
  // SQLite's R*Tree rounds its boxes outwards: the exact test keeps the view's edges where they are.
  const exact = (box: Box) => (p: PointColumns) => sql`${p.lat} BETWEEN ${box.minLat} AND ${box.maxLat} AND ${p.lng} BETWEEN ${box.minLng} AND ${box.maxLng}`;
  const inView = sql`${columns.locationId} IN (${locationIdsInBoxes(boxes.map((box) => ({ box, exact: exact(box) })), dialect)})`;
  const size = placeCellDegrees(request.zoom);
  const cx = cellOf(lng, 180, size);
  const cy = cellOf(lat, 90, size);
  const cells = await readRows(
    db,
    sql<CellRow>`SELECT ${cx} AS cx, ${cy} AS cy, COUNT(*) AS n, AVG(${lat}) AS lat, AVG(${lng}) AS lng, MIN(${id}) AS id, MIN(${label}) AS label,
      MIN(${lat}) AS s, MAX(${lat}) AS nn, MIN(${lng}) AS w, MAX(${lng}) AS e
      FROM ${view.from} WHERE ${matching} AND ${inView} GROUP BY 1, 2`,
  );
  const inViewCount = cells.reduce((sum, cell) => sum + Number(cell.n), 0);
  const answer: MapPlaces = { zoom: request.zoom, cellDegrees: size, inView: inViewCount, places: [], clusters: [], bounds: null };
  if (inViewCount <= PLACE_POINT_LIMIT) {
    const rows = await readRows(
      db,
      sql<{ id: number | string; lat: number | string; lng: number | string; label: string | null }>`SELECT ${id} AS id, ${lat} AS lat, ${lng} AS lng, ${label} AS label
        FROM ${view.from} WHERE ${matching} AND ${inView} ORDER BY ${id} LIMIT ${PLACE_POINT_LIMIT}`,
    );
    answer.places = rows.map((r) => ({ id: Number(r.id), latitude: Number(r.lat), longitude: Number(r.lng), label: r.label ?? '' }));
  } else {
    for (const cell of cells) {
      const count = Number(cell.n);
      if (count === 1) answer.places.push({ id: Number(cell.id), latitude: Number(cell.lat), longitude: Number(cell.lng), label: cell.label ?? '' });
      else
        answer.clusters.push({
          key: `${request.zoom}:${cell.cx}:${cell.cy}`,
          count,
          latitude: Number(cell.lat),
          longitude: Number(cell.lng),
          south: Number(cell.s),
          north: Number(cell.nn),
          west: Number(cell.w),
          east: Number(cell.e),
        });
    }
  }
  if (request.bounds) answer.bounds = await placeBounds(db, query, columns, request, caller);
  return answer;
}

/** The box round every matching place with coordinates (null when none has them): the map's first view. */
async function placeBounds(db: TableSource, query: TableQuery, columns: PlaceColumns, request: PlacesRequest, caller: QueryCaller): Promise<MapPlaces['bounds']> {
  const { lat, lng } = columns.point;
  const [row] = await readRows(
    db,
    sql<{ s: unknown; n: unknown; w: unknown; e: unknown; total: number | string }>`SELECT MIN(${lat}) AS s, MAX(${lat}) AS n, MIN(${lng}) AS w, MAX(${lng}) AS e, COUNT(*) AS total
      FROM ${query.view.from} WHERE ${query.where(request.filter, null, caller)} AND ${lat} IS NOT NULL AND ${lng} IS NOT NULL`,
  );
  if (!row || Number(row.total) === 0) return null;
  return { south: Number(row.s), north: Number(row.n), west: Number(row.w), east: Number(row.e), total: Number(row.total) };
}

/** The request body, validated (a 400 naming the problem otherwise). */
export function placesRequest(body: unknown): PlacesRequest {
  return validate(PlacesRequest, body ?? {});
}
