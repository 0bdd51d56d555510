import { type } from 'arktype';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { allowedDatasetIds } from '../../../server/access/datasets.js';
import { gateCaller } from '../../../server/access/licences.js';
import { idListSql } from '../../../server/db/id-list.js';
import { HttpError } from '../../../server/http/errors.js';
import { validate } from '../../../server/http/validate.js';
import { javaInt } from '../markers/schema.js';
import { MEMBER_TYPE } from '../tables.js';
import { mapVisibleSql } from './visibility.js';

/** Germinate's DatasetRequest. */
const DatasetRequest = type({
  'datasetIds?': type(javaInt).array().atMostLength(100_000).or('null'),
  '+': 'ignore',
});

/**
 * `POST dataset/map` (the genotype export's map choice): the maps the caller sees that hold markers of the
 * requested datasets, of those the caller may read (seen, and their licence accepted; none: []), each with
 * `markerCount`, the distinct markers of the map that are members of those datasets. A subset of
 * ViewTableMaps, in map id order. No dataset named: 400.
 */
export function registerDatasetMaps(app: FastifyInstance): void {
  const db = app.database.db as unknown as Kysely<unknown>;
  const dialect = app.database.dialect;

  app.post('/dataset/map', { config: { access: 'public' } }, async (request) => {
    const body = validate(DatasetRequest, request.body ?? {});
    if (!body.datasetIds || body.datasetIds.length === 0) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'datasetIds must name at least one dataset');
    const allowed = await allowedDatasetIds(db, gateCaller(request), body.datasetIds);
    if (allowed.length === 0) return [];
    const rows = await sql<{ id: number; name: string; description: string | null; user_id: number | null; visibility: number; marker_count: number }>`
      SELECT mp.id, mp.name, mp.description, mp.user_id, mp.visibility, COUNT(DISTINCT md.marker_id) AS marker_count
      FROM maps mp JOIN mapdefinitions md ON md.map_id = mp.id
      WHERE ${mapVisibleSql('mp', request.user ?? null)}
        AND md.marker_id IN (SELECT dm.foreign_id FROM datasetmembers dm
          WHERE dm.datasetmembertype_id = ${MEMBER_TYPE.markers} AND ${idListSql(sql`dm.dataset_id`, allowed, dialect)})
      GROUP BY mp.id, mp.name, mp.description, mp.user_id, mp.visibility
      ORDER BY mp.id`.execute(db);
    return rows.rows.map((r) => {
      const row: Record<string, unknown> = {
        mapId: Number(r.id),
        mapName: r.name,
        mapDescription: r.description,
        userId: r.user_id === null ? null : Number(r.user_id),
        visibility: Number(r.visibility) !== 0,
        markerCount: Number(r.marker_count),
      };
      return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null));
    });
  });
}
