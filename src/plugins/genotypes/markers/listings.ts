import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { pathId } from '../../../server/access/users.js';
import { pagingRequest } from '../../../server/table/routes.js';
import { MEMBER_TYPE } from '../tables.js';
import { answerThrough, withFilter } from '../../../server/http/answer-through.js';

/** grouptypes.target_table of marker groups. */
export const MARKER_GROUP_TARGET = 'markers';

/**
 * A marker's datasets and groups, as the dataset and group tables show them to the caller:
 * - `POST marker/{markerId}/dataset` (Germinate's UnacceptedLicenseRequest): `dataset/table` restricted to the
 *   datasets holding the marker (member type 1): the datasets the caller sees, licences reported in
 *   acceptedBy, not applied, as every dataset listing.
 * - `POST marker/{markerId}/group`: `group/table` restricted to the marker groups holding the marker: the
 *   groups the caller sees.
 * The marker's datasets and groups are few; they are found through the members' foreign-id indexes and
 * handed on as an `inSet` of ids (an empty set matches nothing). An id that is no integer answers 404.
 */
export function registerMarkerListings(app: FastifyInstance): void {
  const db = app.database.db as unknown as Kysely<unknown>;
  const config = { access: 'public' as const };

  app.post<{ Params: { id: string } }>('/marker/:id/dataset', { config }, async (request, reply) => {
    const markerId = pathId(request.params.id, 'NOT_FOUND_ID');
    const body = pagingRequest(request.body);
    const found = await sql<{ id: number }>`SELECT DISTINCT dm.dataset_id AS id FROM datasetmembers dm
      WHERE dm.foreign_id = ${markerId} AND dm.datasetmembertype_id = ${MEMBER_TYPE.markers}`.execute(db);
    const ids = found.rows.map((r) => String(r.id));
    return answerThrough(app, request, reply, '/api/dataset/table', withFilter(body, { column: 'datasetId', comparator: 'inSet', operator: 'and', values: ids }));
  });

  app.post<{ Params: { id: string } }>('/marker/:id/group', { config }, async (request, reply) => {
    const markerId = pathId(request.params.id, 'NOT_FOUND_ID');
    const body = pagingRequest(request.body);
    const found = await sql<{ id: number }>`SELECT DISTINCT gm.group_id AS id FROM groupmembers gm
      JOIN groups g ON g.id = gm.group_id JOIN grouptypes gt ON gt.id = g.grouptype_id
      WHERE gm.foreign_id = ${markerId} AND gt.target_table = ${MARKER_GROUP_TARGET}`.execute(db);
    const ids = found.rows.map((r) => String(r.id));
    return answerThrough(app, request, reply, '/api/group/table', withFilter(body, { column: 'groupId', comparator: 'inSet', operator: 'and', values: ids }));
  });
}
