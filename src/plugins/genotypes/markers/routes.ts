import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { tableExists } from '../../../server/db/table-exists.js';
import { registerTableRoutes } from '../../../server/table/routes.js';
import { trigramIndexMissing } from '../../../server/table/trigram-index.js';
import { registerGroupMarkers } from './group-members.js';
import { registerMarkerListings } from './listings.js';
import { MARKER_NAME_TRGM, MARKER_TRIGRAM } from './migrations.js';
import { markerView, type MarkerIndexes } from './view.js';

/**
 * Which marker-name index the views may ask, read once at start. On SQLite the views name the FTS5 table,
 * so without it (the search migration not run) they search without it rather than fail; on PostgreSQL the
 * planner finds the pg_trgm index itself, and its absence only makes `contains` slower.
 */
export async function markerIndexes(app: FastifyInstance, options: { warn: boolean }): Promise<MarkerIndexes> {
  const db = app.database.db as unknown as Kysely<unknown>;
  const dialect = app.database.dialect;
  if (dialect === 'sqlite') {
    const nameIndex = await tableExists(db, dialect, MARKER_TRIGRAM);
    if (!nameIndex && options.warn) app.log.warn(`The marker search index (${MARKER_TRIGRAM}) is missing: contains on marker names reads every marker`);
    return { nameIndex };
  }
  if (options.warn && (await trigramIndexMissing(db, dialect, MARKER_NAME_TRGM))) {
    app.log.warn(`pg_trgm was not available for the marker search index (${MARKER_NAME_TRGM}): contains on marker names reads every marker`);
  }
  return { nameIndex: true };
}

/** The marker API (marker table, a marker's datasets and groups, marker groups' members). */
export const markerRoutes: FastifyPluginAsync = async (app) => {
  const indexes = await markerIndexes(app, { warn: true });
  registerTableRoutes(app, { path: '/marker/table', view: () => markerView(indexes), access: 'public', exportPrefix: 'marker-table' });
  registerMarkerListings(app);
  registerGroupMarkers(app, indexes);
};
