import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ExportRequest } from '../../core/table-request.js';
import { groupVisibleSql } from '../../server/access/groups.js';
import { gateCaller } from '../../server/access/licences.js';
import { pathId } from '../../server/access/users.js';
import { recordAudit } from '../../server/audit.js';
import { HttpError } from '../../server/http/errors.js';
import { validate } from '../../server/http/validate.js';
import { TableQuery } from '../../server/table/engine.js';
import { exportTable } from '../../server/table/export.js';
import type { PresentTables } from '../../server/table/optional-tables.js';
import { restrictedIds, restrictedPage } from '../../server/table/routes.js';
import type { TableView } from '../../server/table/view.js';
import { groupGermplasmView, groupTraitView } from './member-views.js';
import { coreOf, findGroup, mayChange, type GroupsDb, type StoredGroup } from './ownership.js';
import { GroupModificationRequest, invalid } from './schema.js';
import { GROUP_TARGET } from './tables.js';

/** One kind of member the group routes serve: `group/{id}/<path>` over groups of that target table. */
interface MemberKind {
  path: string;
  target: (typeof GROUP_TARGET)[keyof typeof GROUP_TARGET];
  view: TableView;
  /** File name prefix of `…/export`; none = no export route. */
  exportPrefix?: string;
}

// Each statement binds a batch of ids plus a few values: far below both databases' parameter limits.
const BATCH = 1_000;

/** The rows of one group, for a caller who sees it: the visibility rule rides along with the group id. */
const ofGroup = (groupId: number, request: FastifyRequest): RawBuilder<unknown> => sql`gm.group_id = ${groupId} AND ${groupVisibleSql('grp', request.user)}`;

/**
 * Adds the ids that name a row of the kind's table and are not members yet; answers how many rows it
 * inserted. We type-check members (Germinate does not): a group of germplasm holds only germplasm ids.
 */
async function addMembers(trx: Kysely<unknown>, group: StoredGroup, table: MemberKind['target'], ids: readonly number[], stamp: string): Promise<number> {
  let added = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const result = await sql`INSERT INTO groupmembers (foreign_id, group_id, created_on, updated_on)
      SELECT x.id, CAST(${group.id} AS integer), CAST(${stamp} AS text), CAST(${stamp} AS text) FROM ${sql.table(table)} x
      WHERE x.id IN (${sql.join(batch)})
        AND NOT EXISTS (SELECT 1 FROM groupmembers gm WHERE gm.group_id = ${group.id} AND gm.foreign_id = x.id)`.execute(trx);
    added += Number(result.numAffectedRows ?? 0);
  }
  return added;
}

/** Removes the listed members; answers how many rows it deleted. */
async function removeMembers(trx: Kysely<unknown>, group: StoredGroup, ids: readonly number[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const result = await sql`DELETE FROM groupmembers WHERE group_id = ${group.id} AND foreign_id IN (${sql.join(ids.slice(i, i + BATCH))})`.execute(trx);
    removed += Number(result.numAffectedRows ?? 0);
  }
  return removed;
}

function registerKind(app: FastifyInstance, db: GroupsDb, kind: MemberKind): void {
  const query = new TableQuery(kind.view, app.database.dialect);
  const path = `/group/:id/${kind.path}`;
  const config = { access: 'public' as const };

  /** The group of the path when the caller sees it and it holds this kind of member, else a 404. */
  const visibleGroup = async (request: FastifyRequest<{ Params: { id: string } }>): Promise<number> => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    const group = await findGroup(db, id, { user: request.user });
    if (!group || group.targetTable !== kind.target) throw new HttpError(404, 'NOT_FOUND_ID', `No ${kind.path} group ${id}`);
    return id;
  };

  app.post<{ Params: { id: string } }>(path, { config }, async (request) => restrictedPage(app, query, request, ofGroup(await visibleGroup(request), request)));

  app.post<{ Params: { id: string } }>(`${path}/ids`, { config }, async (request) => restrictedIds(app, query, request, ofGroup(await visibleGroup(request), request)));

  if (kind.exportPrefix) {
    const prefix = kind.exportPrefix;
    app.post<{ Params: { id: string } }>(`${path}/export`, { config }, async (request, reply) => {
      const id = await visibleGroup(request);
      const body = validate(ExportRequest, request.body ?? {});
      const result = exportTable(db as unknown as Kysely<unknown>, query, body, prefix, new Date(app.clock.now()), { caller: gateCaller(request), extra: ofGroup(id, request) });
      return reply.type('application/zip').header('content-disposition', `attachment;filename= "${result.filename}"`).send(result.stream);
    });
  }

  // Public as in Germinate, with the ownership checked here: the creator or an administrator, else 403.
  app.patch<{ Params: { id: string } }>(path, { config }, async (request) => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    const body = validate(GroupModificationRequest, request.body ?? null);
    if (body.ids === null) throw invalid('ids is required');
    const user = request.user;
    if (!user) throw new HttpError(403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS', 'Log in to change a group');
    const ids = [...new Set(body.ids)];
    const time = app.clock.now();
    const stamp = new Date(time).toISOString();
    return db.transaction().execute(async (trx) => {
      const group = await findGroup(trx, id);
      if (!group) throw new HttpError(404, 'NOT_FOUND_ID', `No group ${id}`);
      if (!mayChange(group, user)) throw new HttpError(403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS', 'Only the group\'s creator may change its members');
      if (group.targetTable !== kind.target) throw new HttpError(404, 'NOT_FOUND_ID', `No ${kind.path} group ${id}`);
      const raw = trx as unknown as Kysely<unknown>;
      const changed = body.addition ? await addMembers(raw, group, kind.target, ids, stamp) : await removeMembers(raw, group, ids);
      if (changed > 0) {
        await trx.updateTable('groups').set({ updated_on: stamp }).where('id', '=', id).execute();
        const action = body.addition ? 'group.members.add' : 'group.members.remove';
        await recordAudit(coreOf(trx), user, { action, target: `group ${id}`, details: { kind: kind.path, requested: ids.length, changed } }, time);
      }
      return changed;
    });
  });
}

/**
 * The members of germplasm groups (Germinate's `group/{id}/germplasm`) and of trait groups (ours), each as a
 * table of the group the caller sees and a change of members by the group's creator or an administrator.
 * Trait groups need the trials domain's traits: without its tables those routes are not offered.
 */
export function registerGroupMembers(app: FastifyInstance, db: GroupsDb, present: PresentTables): void {
  registerKind(app, db, { path: 'germplasm', target: GROUP_TARGET.germplasm, view: groupGermplasmView(), exportPrefix: 'germplasm-group-table' });
  if (present.has(GROUP_TARGET.traits)) registerKind(app, db, { path: 'trait', target: GROUP_TARGET.traits, view: groupTraitView() });
}
