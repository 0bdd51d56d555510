import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { roleOf } from '../../../core/roles.js';
import { ExportRequest } from '../../../core/table-request.js';
import { groupVisibleSql } from '../../../server/access/groups.js';
import { gateCaller } from '../../../server/access/licences.js';
import { pathId } from '../../../server/access/users.js';
import { recordAudit } from '../../../server/audit.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { CoreTables } from '../../../server/db/tables.js';
import { HttpError } from '../../../server/http/errors.js';
import { validate } from '../../../server/http/validate.js';
import { TableQuery } from '../../../server/table/engine.js';
import { exportTable } from '../../../server/table/export.js';
import { restrictedIds, restrictedPage } from '../../../server/table/routes.js';
import { MARKER_GROUP_TARGET } from './listings.js';
import { GroupModificationRequest } from './schema.js';
import { groupMarkerView, type MarkerIndexes } from './view.js';

/** A group as these routes check it: its creator and the target table of its type. */
interface StoredGroup {
  id: number;
  createdBy: number | null;
  targetTable: string;
}

// Each statement binds a batch of ids plus a few values: far below both databases' parameter limits.
const BATCH = 1_000;

/** The group with this id (with `visibleTo`: only when that caller sees it), or undefined. */
async function findGroup(db: Kysely<unknown>, id: number, visibleTo?: SessionUser | null): Promise<StoredGroup | undefined> {
  const visible = visibleTo === undefined ? sql`1 = 1` : groupVisibleSql('g', visibleTo);
  const rows = await sql<{ id: number; created_by: number | null; target_table: string }>`SELECT g.id, g.created_by, gt.target_table
    FROM groups g JOIN grouptypes gt ON gt.id = g.grouptype_id WHERE g.id = ${id} AND ${visible}`.execute(db);
  const row = rows.rows[0];
  return row ? { id: Number(row.id), createdBy: row.created_by === null ? null : Number(row.created_by), targetTable: row.target_table } : undefined;
}

/** Who may change a group's members: its creator and administrators (the groups domain's rule). */
function mayChange(group: StoredGroup, user: SessionUser): boolean {
  return roleOf(user.userType) === 'ADMIN' || group.createdBy === user.id;
}

/** The rows of one group, for a caller who sees it: the visibility rule rides along with the group id. */
const ofGroup = (groupId: number, request: FastifyRequest): RawBuilder<unknown> => sql`gm.group_id = ${groupId} AND ${groupVisibleSql('grp', request.user ?? null)}`;

/** Adds the ids that name a marker and are not members yet; answers how many rows it inserted. */
async function addMembers(trx: Kysely<unknown>, groupId: number, ids: readonly number[], stamp: string): Promise<number> {
  let added = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const result = await sql`INSERT INTO groupmembers (foreign_id, group_id, created_on, updated_on)
      SELECT x.id, CAST(${groupId} AS integer), CAST(${stamp} AS text), CAST(${stamp} AS text) FROM markers x
      WHERE x.id IN (${sql.join(batch)})
        AND NOT EXISTS (SELECT 1 FROM groupmembers gm WHERE gm.group_id = ${groupId} AND gm.foreign_id = x.id)`.execute(trx);
    added += Number(result.numAffectedRows ?? 0);
  }
  return added;
}

/** Removes the listed members; answers how many rows it deleted. */
async function removeMembers(trx: Kysely<unknown>, groupId: number, ids: readonly number[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const result = await sql`DELETE FROM groupmembers WHERE group_id = ${groupId} AND foreign_id IN (${sql.join(ids.slice(i, i + BATCH))})`.execute(trx);
    removed += Number(result.numAffectedRows ?? 0);
  }
  return removed;
}

/**
 * The members of marker groups (`group/{groupId}/marker`, its `/ids` and `/export`) for a caller who sees the
 * group, and `PATCH group/{groupId}/marker` ({ids, addition}) by the group's creator or an administrator,
 * on the terms of the germplasm groups' members: a group the caller does not see, or of another kind, is a
 * 404; changing another's group a 403; only ids of existing markers are added.
 */
export function registerGroupMarkers(app: FastifyInstance, indexes: MarkerIndexes): void {
  const db = app.database.db as unknown as Kysely<unknown>;
  const dialect = app.database.dialect;
  const query = new TableQuery(groupMarkerView(indexes, { withGroupName: false }), dialect);
  const exportQuery = new TableQuery(groupMarkerView(indexes, { withGroupName: true }), dialect);
  const config = { access: 'public' as const };
  const path = '/group/:id/marker';

  /** The group of the path when the caller sees it and it is a marker group, else a 404. */
  const visibleGroup = async (request: FastifyRequest<{ Params: { id: string } }>): Promise<number> => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    const group = await findGroup(db, id, request.user ?? null);
    if (!group || group.targetTable !== MARKER_GROUP_TARGET) throw new HttpError(404, 'NOT_FOUND_ID', `No marker group ${id}`);
    return id;
  };

  app.post<{ Params: { id: string } }>(path, { config }, async (request) => restrictedPage(app, query, request, ofGroup(await visibleGroup(request), request)));

  app.post<{ Params: { id: string } }>(`${path}/ids`, { config }, async (request) => restrictedIds(app, query, request, ofGroup(await visibleGroup(request), request)));

  app.post<{ Params: { id: string } }>(`${path}/export`, { config }, async (request, reply) => {
    const id = await visibleGroup(request);
    const body = validate(ExportRequest, request.body ?? {});
    const result = exportTable(db, exportQuery, body, 'marker-group-table', new Date(app.clock.now()), { caller: gateCaller(request), extra: ofGroup(id, request) });
    return reply.type('application/zip').header('content-disposition', `attachment;filename= "${result.filename}"`).send(result.stream);
  });

  // Public as in Germinate, with the ownership checked here. The body is checked first, so that a request
  // that could never succeed is a 400 whoever sends it.
  app.patch<{ Params: { id: string } }>(path, { config }, async (request) => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    const body = validate(GroupModificationRequest, request.body ?? null);
    if (body.ids === null) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'ids is required');
    const user = request.user;
    if (!user) throw new HttpError(403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS', 'Log in to change a group');
    const ids = [...new Set(body.ids)];
    const time = app.clock.now();
    const stamp = new Date(time).toISOString();
    return app.database.db.transaction().execute(async (trx) => {
      const raw = trx as unknown as Kysely<unknown>;
      const group = await findGroup(raw, id);
      if (!group) throw new HttpError(404, 'NOT_FOUND_ID', `No group ${id}`);
      if (!mayChange(group, user)) throw new HttpError(403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS', "Only the group's creator may change its members");
      if (group.targetTable !== MARKER_GROUP_TARGET) throw new HttpError(404, 'NOT_FOUND_ID', `No marker group ${id}`);
      const changed = body.addition ? await addMembers(raw, id, ids, stamp) : await removeMembers(raw, id, ids);
      if (changed > 0) {
        await sql`UPDATE groups SET updated_on = ${stamp} WHERE id = ${id}`.execute(raw);
        const action = body.addition ? 'group.members.add' : 'group.members.remove';
        await recordAudit(trx as unknown as Kysely<CoreTables>, user, { action, target: `group ${id}`, details: { kind: 'marker', requested: ids.length, changed } }, time);
      }
      return changed;
    });
  });
}
