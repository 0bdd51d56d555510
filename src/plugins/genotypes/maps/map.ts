import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { roleOf } from '../../../core/roles.js';
import { pathId } from '../../../server/access/users.js';
import { recordAudit } from '../../../server/audit.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { DialectName } from '../../../server/db/database.js';
import type { CoreTables } from '../../../server/db/tables.js';
import { HttpError } from '../../../server/http/errors.js';
import { isoTimestamp } from '../../../server/table/engine.js';
import { textSortKey } from '../../../server/table/text-match.js';
import { MEMBER_TYPE } from '../tables.js';
import { MARKER_GROUP_TARGET } from '../markers/listings.js';
import { MARKER_SYNONYM_TYPE } from '../markers/view.js';
import { mapVisibleSql } from './visibility.js';

/** A maps row as stored. */
export interface StoredMap {
  id: number;
  name: string;
  description: string | null;
  visibility: number;
  user_id: number | null;
  created_on: string;
  updated_on: string;
}

/** The map with this id when the caller sees it, else undefined. */
export async function visibleMap(db: Kysely<unknown>, id: number, user: SessionUser | null): Promise<StoredMap | undefined> {
  const rows = await sql<StoredMap>`SELECT mp.id, mp.name, mp.description, mp.visibility, mp.user_id, mp.created_on, mp.updated_on
    FROM maps mp WHERE mp.id = ${id} AND ${mapVisibleSql('mp', user)}`.execute(db);
  return rows.rows[0];
}

/**
 * The distinct chromosomes of a map, in the project's text order (ASCII letters folded, then code points;
 * the exact text breaks ties), the same on both databases.
 */
export async function mapChromosomes(db: Kysely<unknown>, dialect: DialectName, mapId: number): Promise<string[]> {
  const exact = dialect === 'postgres' ? sql`md.chromosome COLLATE "C"` : sql`md.chromosome`;
  const rows = await sql<{ chromosome: string }>`SELECT md.chromosome FROM mapdefinitions md WHERE md.map_id = ${mapId}
    GROUP BY md.chromosome ORDER BY ${textSortKey(sql`md.chromosome`, dialect)}, ${exact}`.execute(db);
  return rows.rows.map((r) => r.chromosome);
}

/** Germinate's Maps POJO: visibility as its Boolean, timestamps in its form, null keys left out. */
function mapPojo(map: StoredMap): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: Number(map.id),
    name: map.name,
    description: map.description,
    visibility: Number(map.visibility) !== 0,
    createdOn: isoTimestamp(map.created_on),
    updatedOn: isoTimestamp(map.updated_on),
    userId: map.user_id === null ? null : Number(map.user_id),
  };
  return Object.fromEntries(Object.entries(out).filter(([, value]) => value !== null && value !== undefined));
}

/**
 * The markers of map `mapId` that its deletion leaves on no other map and in no dataset (as marker member,
 * type 1): found through the definitions' map, marker and the members' foreign-id indexes.
 */
const orphansOf = (mapId: number) => sql`SELECT md.marker_id FROM mapdefinitions md WHERE md.map_id = ${mapId}
  AND NOT EXISTS (SELECT 1 FROM mapdefinitions o WHERE o.marker_id = md.marker_id AND o.map_id <> ${mapId})
  AND NOT EXISTS (SELECT 1 FROM datasetmembers dm WHERE dm.foreign_id = md.marker_id AND dm.datasetmembertype_id = ${MEMBER_TYPE.markers})`;

/**
 * Deletes a map and the markers it leaves in no map and no dataset, with their synonyms and their places in
 * marker groups (polymorphic rows no foreign key removes), in one transaction. Germinate sweeps such markers
 * later, in the background; here they go with the map, so that no reader sees them in between.
 */
async function deleteMap(trx: Kysely<unknown>, mapId: number): Promise<number> {
  await sql`DELETE FROM synonyms WHERE synonymtype_id = ${MARKER_SYNONYM_TYPE} AND foreign_id IN (${orphansOf(mapId)})`.execute(trx);
  await sql`DELETE FROM groupmembers WHERE foreign_id IN (${orphansOf(mapId)})
    AND group_id IN (SELECT g.id FROM groups g JOIN grouptypes gt ON gt.id = g.grouptype_id WHERE gt.target_table = ${MARKER_GROUP_TARGET})`.execute(trx);
  const markers = await sql`DELETE FROM markers WHERE id IN (${orphansOf(mapId)})`.execute(trx);
  await sql`DELETE FROM maps WHERE id = ${mapId}`.execute(trx);
  return Number(markers.numAffectedRows ?? 0);
}

/**
 * One map: `GET map/{mapId}` (Germinate's page of 0 or 1 Maps rows, for maps the caller sees),
 * `GET map/{mapId}/chromosome` (its chromosomes; [] when the caller does not see it) and
 * `DELETE map/{mapId}` (administrators, or the map's owner; anyone else, and an unknown map, 404).
 */
export function registerMapRoutes(app: FastifyInstance): void {
  const db = app.database.db as unknown as Kysely<unknown>;
  const config = { access: 'public' as const };

  app.get<{ Params: { id: string } }>('/map/:id', { config }, async (request) => {
    const map = await visibleMap(db, pathId(request.params.id, 'NOT_FOUND_ID'), request.user ?? null);
    return { data: map ? [mapPojo(map)] : [], count: map ? 1 : 0 };
  });

  app.get<{ Params: { id: string } }>('/map/:id/chromosome', { config }, async (request) => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    if (!(await visibleMap(db, id, request.user ?? null))) return [];
    return mapChromosomes(db, app.database.dialect, id);
  });

  app.delete<{ Params: { id: string } }>('/map/:id', { config }, async (request, reply) => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    const user = request.user ?? null;
    const time = app.clock.now();
    await app.database.db.transaction().execute(async (trx) => {
      const raw = trx as unknown as Kysely<unknown>;
      const found = await sql<{ user_id: number | null }>`SELECT user_id FROM maps WHERE id = ${id}`.execute(raw);
      const map = found.rows[0];
      const owner = map !== undefined && map.user_id !== null && user !== null && Number(map.user_id) === user.id;
      if (!map || !user || !(owner || roleOf(user.userType) === 'ADMIN')) throw new HttpError(404, 'NOT_FOUND_ID', `No map ${id} of yours`);
      const removed = await deleteMap(raw, id);
      await recordAudit(trx as unknown as Kysely<CoreTables>, user, { action: 'map.delete', target: `map ${id}`, details: { markersRemoved: removed } }, time);
    });
    return reply.code(200).send();
  });
}
