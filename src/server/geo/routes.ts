import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../db/database.js';
import { TableQuery } from '../table/engine.js';
import { Restriction } from '../table/restriction.js';
import { restrictedExport, restrictedIds, restrictedPage, withReader } from '../table/routes.js';
import { gateCaller } from '../access/licences.js';
import { mapPlaces, placesRequest } from './places.js';
import type { TableView } from '../table/view.js';
import { radiusBoxes, searchPoint, searchPolygons, searchRadius } from './request.js';
import { distanceSql, inPolygonsSql, locationIdsInBoxes, RADIUS_OF, type DistanceFormula, type PointColumns } from './sql.js';

/** Where a view's rows have their place: the location id and its coordinates, and the view joins they read. */
export interface GeoColumns {
  locationId: RawBuilder<unknown>;
  point: PointColumns;
  /** Aliases of the view's joins that the three expressions read (none when the driving table is locations). */
  joins: readonly string[];
}

export interface GeoTableOptions {
  /** e.g. '/germplasm' → '/germplasm/distance/table', '/germplasm/polygon/table' and their '/ids'. */
  prefix: string;
  /** The rows (germplasm/table's, location/table's); the distance table adds `distance` as its first key. */
  view: TableView;
  geo: GeoColumns;
  /** Germinate's formula and Earth radius for this domain's distances (sql.ts). */
  formula: DistanceFormula;
  /** The view's column that names a place on the map (places.ts). */
  label: string;
}

/** The view with `distance` (km from the point) as its first column: sortable and filterable like any other. */
function distanceView(view: TableView, geo: GeoColumns, distance: RawBuilder<unknown>): TableView {
  return {
    ...view,
    name: `${view.name}Distance`,
    columns: { distance: { sql: distance, type: 'number', joins: geo.joins, nullWhenUnjoined: geo.joins.length > 0 }, ...view.columns },
  };
}

/** Only rows with both coordinates; within the radius's boxes when the filters bound the distance (request.ts). */
function distanceRestriction(geo: GeoColumns, dialect: DialectName, point: { latitude: number; longitude: number }, radius: number | null, earthRadiusKm: number): Restriction {
  const located = sql`${geo.point.lat} IS NOT NULL AND ${geo.point.lng} IS NOT NULL`;
  if (radius === null) return new Restriction(located, geo.joins);
  const boxes = radiusBoxes(point.latitude, point.longitude, radius, earthRadiusKm);
  // Only located locations are in the index: the boxes imply `located`, without the view's join.
  return new Restriction(sql`${geo.locationId} IN (${locationIdsInBoxes(boxes.map((box) => ({ box })), dialect)})`);
}

/**
 * A point search's table and condition (Germinate's …/distance/table): a view per request, since its distance
 * column holds the request's point (as bound parameters). Public so that benchmarks run the API's statements.
 */
export function distanceSearch(options: Pick<GeoTableOptions, 'view' | 'geo' | 'formula'>, dialect: DialectName, body: unknown): { query: TableQuery; extra: Restriction } {
  const { view, geo, formula } = options;
  const earthRadiusKm = RADIUS_OF[formula];
  const { latitude, longitude, request } = searchPoint(body);
  const radius = searchRadius(request.filter, earthRadiusKm);
  const query = new TableQuery(distanceView(view, geo, distanceSql(formula, dialect, latitude, longitude, geo.point)), dialect);
  return { query, extra: distanceRestriction(geo, dialect, { latitude, longitude }, radius, earthRadiusKm) };
}

/** A polygon search's condition (Germinate's …/polygon/table) on the domain's own view. */
export function polygonSearch(geo: GeoColumns, dialect: DialectName, body: unknown): Restriction {
  // The condition reads the locations itself (sql.ts): no join of the view.
  return new Restriction(inPolygonsSql(searchPolygons(body), geo.locationId, dialect));
}

/**
 * The point and polygon searches of one domain (Germinate's …/distance/table and …/polygon/table, each with
 * its /ids, and our /export): the domain's table rows restricted to a place. Bad geometry is a 400 before any query runs.
 */
export function registerGeoTableRoutes(app: FastifyInstance, options: GeoTableOptions): void {
  const dialect = app.database.dialect;
  const { view, geo } = options;
  const config = { access: 'public' as const };
  const plain = new TableQuery(view, dialect);

  const distance = (body: unknown) => distanceSearch(options, dialect, body);
  const polygon = (body: unknown) => polygonSearch(geo, dialect, body);

  app.post(`${options.prefix}/distance/table`, { config }, async (request) => {
    const { query, extra } = distance(request.body);
    return restrictedPage(app, query, request, extra);
  });
  app.post(`${options.prefix}/distance/table/ids`, { config }, async (request) => {
    const { query, extra } = distance(request.body);
    return restrictedIds(app, query, request, extra);
  });
  app.post(`${options.prefix}/polygon/table`, { config }, async (request) => restrictedPage(app, plain, request, polygon(request.body)));
  app.post(`${options.prefix}/polygon/table/ids`, { config }, async (request) => restrictedIds(app, plain, request, polygon(request.body)));
  // Ours beyond Germinate's calls: the search results as the table's zipped file, so that they can be kept.
  const prefix = options.prefix.replace(/^\//, '');
  app.post(`${options.prefix}/distance/table/export`, { config }, async (request, reply) => {
    const { query, extra } = distance(request.body);
    return restrictedExport(app, query, request, reply, `${prefix}-distance-table`, extra);
  });
  // Ours: the table's rows on a map, clustered by the server for the view (places.ts).
  app.post(`${options.prefix}/table/places`, { config }, async (request) => {
    const body = placesRequest(request.body);
    const columns = { locationId: geo.locationId, point: geo.point, label: options.label };
    return withReader(app, request, (source) => mapPlaces(source, dialect, plain, columns, body, gateCaller(request)));
  });
  app.post(`${options.prefix}/polygon/table/export`, { config }, async (request, reply) =>
    restrictedExport(app, plain, request, reply, `${prefix}-polygon-table`, polygon(request.body)),
  );
}
