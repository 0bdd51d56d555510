import { type } from 'arktype';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type QueryExecutorProvider, type RawBuilder } from 'kysely';
import { roleOf } from '../../core/roles.js';
import { ExportRequest, MAX_INTEGER } from '../../core/table-request.js';
import { groupVisibleSql } from '../access/groups.js';
import { gateCaller } from '../access/licences.js';
import { pathId } from '../access/users.js';
import { recordAudit } from '../audit.js';
import type { SessionUser } from '../auth/tokens.js';
import type { CoreTables } from '../db/tables.js';
import { HttpError } from '../http/errors.js';
import { validate } from '../http/validate.js';
import { TableQuery } from '../table/engine.js';
import { exportTable } from '../table/export.js';
import { restrictedIds, restrictedPage } from '../table/routes.js';
import type { TableView } from '../table/view.js';

/**
 * The members of one kind of group (`group/{id}/<path>`, its `/ids`, `/export` and `PATCH`), served the same
 * way for every domain whose items are grouped (germplasm, traits, markers, locations): a group the caller
 * does not see, or of another kind, is a 404; only its creator or an administrator changes its members
 * (403 for anyone else); only ids of existing rows of the kind's table become members.
 */

/** A group as the routes check it: its creator, and its kind by the target table of its type. */
export interface StoredGroup {
  id: number;
  name: string | null;
  createdBy: number | null;
  targetTable: string;
}

/** The group with this id, or undefined; with `visibleTo`, only when that caller sees it. */
export async function findGroup(db: QueryExecutorProvider, id: number, visibleTo?: { user: SessionUser | null }): Promise<StoredGroup | undefined> {
  const visible = visibleTo === undefined ? sql`1 = 1` : groupVisibleSql('g', visibleTo.user);
  const rows = await sql<{ id: number; name: string | null; created_by: number | null; target_table: string }>`SELECT g.id, g.name, g.created_by, gt.target_table
    FROM groups g JOIN grouptypes gt ON gt.id = g.grouptype_id WHERE g.id = ${id} AND ${visible}`.execute(db);
  const row = rows.rows[0];
  return row ? { id: Number(row.id), name: row.name, createdBy: row.created_by === null ? null : Number(row.created_by), targetTable: row.target_table } : undefined;
}

/** Who may change a group (its details, members, deletion): its creator and administrators. */
export function mayChangeGroup(group: StoredGroup, user: SessionUser | null): boolean {
  if (!user) return false;
  return roleOf(user.userType) === 'ADMIN' || group.createdBy === user.id;
}

/**
 * Germinate's GroupModificationRequest. `addition` is required here: Germinate reads an absent one as false
 * (a removal), which would turn a forgotten key into deleted members. Ids are Java ints.
 */
export const GroupModificationRequest = type({
  ids: type(`${-MAX_INTEGER - 1} <= number.integer <= ${MAX_INTEGER}`).array().atMostLength(1_000_000).or('null'),
  addition: 'boolean',
  '+': 'ignore',
});

// Each statement binds a batch of ids plus a few values: far below both databases' parameter limits.
const BATCH = 1_000;

/** The rows of one group, for a caller who sees it: the visibility rule rides along with the group id. */
const ofGroup = (groupId: number, request: FastifyRequest): RawBuilder<unknown> => sql`gm.group_id = ${groupId} AND ${groupVisibleSql('grp', request.user ?? null)}`;

/**
 * Adds the ids that name a row of the kind's table and are not members yet; answers how many rows it
 * inserted. Members are type-checked (Germinate does not): a group of germplasm holds only germplasm ids.
 */
async function addMembers(trx: Kysely<unknown>, groupId: number, table: string, ids: readonly number[], stamp: string): Promise<number> {
  let added = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const result = await sql`INSERT INTO groupmembers (foreign_id, group_id, created_on, updated_on)
      SELECT x.id, CAST(${groupId} AS integer), CAST(${stamp} AS text), CAST(${stamp} AS text) FROM ${sql.table(table)} x
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

/** One kind of member: `group/{id}/<path>` over groups whose type targets `target`. */
export interface GroupMemberKind {
  path: string;
  /** The grouped table (grouptypes.target_table); a fixed name, never request text. */
  target: string;
  /** The members' table (filtered on `gm.group_id`, the group aliased `grp`). */
  view: TableView;
  /** The export's view, when it differs (e.g. with the group's name); defaults to `view`. */
  exportView?: TableView;
  /** File name prefix of `…/export`; none = no export route. */
  exportPrefix?: string;
}

export function registerGroupMemberRoutes(app: FastifyInstance, kind: GroupMemberKind): void {
  const db = app.database.db as unknown as Kysely<unknown>;
  const query = new TableQuery(kind.view, app.database.dialect);
  const path = `/group/:id/${kind.path}`;
  const config = { access: 'public' as const };

  /** The group of the path when the caller sees it and it holds this kind of member, else a 404. */
  const visibleGroup = async (request: FastifyRequest<{ Params: { id: string } }>): Promise<number> => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    const group = await findGroup(db, id, { user: request.user ?? null });
    if (!group || group.targetTable !== kind.target) throw new HttpError(404, 'NOT_FOUND_ID', `No ${kind.path} group ${id}`);
    return id;
  };

  app.post<{ Params: { id: string } }>(path, { config }, async (request) => restrictedPage(app, query, request, ofGroup(await visibleGroup(request), request)));

  app.post<{ Params: { id: string } }>(`${path}/ids`, { config }, async (request) => restrictedIds(app, query, request, ofGroup(await visibleGroup(request), request)));

  if (kind.exportPrefix) {
    const prefix = kind.exportPrefix;
    const exportQuery = kind.exportView ? new TableQuery(kind.exportView, app.database.dialect) : query;
    app.post<{ Params: { id: string } }>(`${path}/export`, { config }, async (request, reply) => {
      const id = await visibleGroup(request);
      const body = validate(ExportRequest, request.body ?? {});
      const result = exportTable(db, exportQuery, body, prefix, new Date(app.clock.now()), { caller: gateCaller(request), extra: ofGroup(id, request) });
      return reply.type('application/zip').header('content-disposition', `attachment;filename= "${result.filename}"`).send(result.stream);
    });
  }

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
      if (!mayChangeGroup(group, user)) throw new HttpError(403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS', "Only the group's creator may change its members");
      if (group.targetTable !== kind.target) throw new HttpError(404, 'NOT_FOUND_ID', `No ${kind.path} group ${id}`);
      const changed = body.addition ? await addMembers(raw, id, kind.target, ids, stamp) : await removeMembers(raw, id, ids);
      if (changed > 0) {
        await sql`UPDATE groups SET updated_on = ${stamp} WHERE id = ${id}`.execute(raw);
        const action = body.addition ? 'group.members.add' : 'group.members.remove';
        await recordAudit(trx as unknown as Kysely<CoreTables>, user, { action, target: `group ${id}`, details: { kind: kind.path, requested: ids.length, changed } }, time);
      }
      return changed;
    });
  });
}
