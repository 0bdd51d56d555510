import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerGeoTableRoutes, type GeoColumns } from '../../server/geo/routes.js';
import type { PresentTables } from '../../server/table/optional-tables.js';
import { germplasmView } from './queries.js';

/**
 * A germplasm's place is its location (join l). The id side reads g.location_id, so that the locations the
 * spatial index finds lead to their germplasm through germinatebase's location index.
 */
export const GERMPLASM_GEO: GeoColumns = { locationId: sql.raw('g.location_id'), point: { lat: sql.raw('l.latitude'), lng: sql.raw('l.longitude') }, joins: ['l'] };

/**
 * `germplasm/distance/table` and `germplasm/polygon/table` (+ `/ids`): germplasm/table's rows near a point
 * (with `distance`, haversine with R = 6372.8 km as Germinate) or inside polygons.
 */
export function registerGermplasmGeoRoutes(app: FastifyInstance, present: PresentTables): void {
  registerGeoTableRoutes(app, { prefix: '/germplasm', view: germplasmView(app.database.dialect, present), geo: GERMPLASM_GEO, formula: 'haversine', label: 'germplasmName' });
}
