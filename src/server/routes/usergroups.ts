import type { FastifyPluginAsync } from 'fastify';
import { type } from 'arktype';
import { sql } from 'kysely';
import { recordAudit } from '../audit.js';
import { existingUserIds, pathId, userDetails } from '../access/users.js';
import { HttpError } from '../http/errors.js';
import { validate } from '../http/validate.js';
import { registerTableRoutes } from '../table/routes.js';
import type { TableView } from '../table/view.js';

const c = (expression: string, kind: TableView['columns'][string]['type']) => ({ sql: sql.raw(expression), type: kind });

/** Germinate's ViewTableUsergroups: a group with its member count. */
export function usergroupView(): TableView {
  return {
    name: 'usergroups',
    from: sql.raw('usergroups ug'),
    columns: {
      userGroupId: c('ug.id', 'integer'),
      userGroupName: c('ug.name', 'string'),
      userGroupDescription: c('ug.description', 'string'),
      createdOn: c('ug.created_on', 'date'),
      count: c('(SELECT COUNT(*) FROM usergroupmembers ugm WHERE ugm.usergroup_id = ug.id)', 'integer'),
    },
    idColumn: 'userGroupId',
  };
}

const NewGroup = type({ name: 'string <= 255', 'description?': 'string <= 5000 | null', 'id?': 'null' });
const GroupChange = type({ id: 'number.integer', 'name?': 'string <= 255 | null', 'description?': 'string <= 5000 | null' });
/** Ids are compared by value (Germinate compared boxed Integers by identity: ids above 127 always failed). */
export const IdList = type('number.integer').array().atMostLength(5000);
const MemberChange = type({ userGroupId: 'number.integer', userIds: IdList, addOperation: 'boolean' });

/** User groups and their members (ADMIN). Every change is audited in its own transaction. */
export const usergroupRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const admin = { config: { access: 'ADMIN' as const } };

  registerTableRoutes(app, { path: '/usergroup/table', view: () => usergroupView(), access: 'ADMIN' });

  const groupOr404 = async (id: number) => {
    const group = await db.selectFrom('usergroups').select(['id', 'name', 'description']).where('id', '=', id).executeTakeFirst();
    if (!group) throw new HttpError(404, 'NOT_FOUND_ID', `No user group ${id}`);
    return group;
  };

  app.put('/usergroup', admin, async (request) => {
    const body = validate(NewGroup, request.body);
    const name = body.name.trim();
    if (name === '') throw new HttpError(400, 'BAD_REQUEST_MISSING_FIELDS', 'The group needs a name');
    const description = body.description?.trim() || null;
    const now = app.clock.now();
    return db.transaction().execute(async (trx) => {
      const stamp = new Date(now).toISOString();
      const row = await trx
        .insertInto('usergroups')
        .values({ name, description, created_on: stamp, updated_on: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, request.user, { action: 'usergroup.create', target: `usergroup ${row.id}`, details: { name, description } }, now);
      return Number(row.id);
    });
  });

  app.patch<{ Params: { id: string } }>('/usergroup/:id', admin, async (request) => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    const body = validate(GroupChange, request.body);
    if (body.id !== id) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'Id mismatch');
    const group = await groupOr404(id);
    const change: { name?: string; description?: string | null } = {};
    // A blank name keeps the old one (as Germinate); description null clears it, absent keeps it.
    if (body.name && body.name.trim() !== '' && body.name.trim() !== group.name) change.name = body.name.trim();
    if (body.description !== undefined) {
      const description = body.description?.trim() || null;
      if (description !== group.description) change.description = description;
    }
    if (Object.keys(change).length === 0) return true;
    const now = app.clock.now();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('usergroups').set({ ...change, updated_on: new Date(now).toISOString() }).where('id', '=', id).execute();
      await recordAudit(trx, request.user, { action: 'usergroup.update', target: `usergroup ${id}`, details: change }, now);
    });
    return true;
  });

  app.delete<{ Params: { id: string } }>('/usergroup/:id', admin, async (request) => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    const group = await groupOr404(id);
    const now = app.clock.now();
    await db.transaction().execute(async (trx) => {
      // The foreign keys cascade too; deleting explicitly keeps this independent of SQLite's pragma.
      await trx.deleteFrom('datasetpermissions').where('group_id', '=', id).execute();
      await trx.deleteFrom('usergroupmembers').where('usergroup_id', '=', id).execute();
      await trx.deleteFrom('usergroups').where('id', '=', id).execute();
      await recordAudit(trx, request.user, { action: 'usergroup.delete', target: `usergroup ${id}`, details: { name: group.name } }, now);
    });
    return true;
  });

  app.get<{ Params: { id: string } }>('/usergroup/:id/user', admin, async (request) => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    await groupOr404(id);
    return userDetails(db, sql`u.id IN (SELECT ugm.user_id FROM usergroupmembers ugm WHERE ugm.usergroup_id = ${id})`);
  });

  // → whether any membership changed; adding skips members, removing skips non-members.
  app.patch<{ Params: { id: string } }>('/usergroup/:id/user', admin, async (request) => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    const body = validate(MemberChange, request.body);
    if (body.userGroupId !== id) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'Id mismatch');
    await groupOr404(id);
    const now = app.clock.now();
    return db.transaction().execute(async (trx) => {
      const members = new Set(
        (await trx.selectFrom('usergroupmembers').select('user_id').where('usergroup_id', '=', id).execute()).map((r) => Number(r.user_id)),
      );
      const changed = body.addOperation
        ? (await existingUserIds(trx, body.userIds)).filter((userId) => !members.has(userId))
        : [...new Set(body.userIds)].filter((userId) => members.has(userId)).sort((a, b) => a - b);
      if (changed.length === 0) return false;
      if (body.addOperation) {
        const stamp = new Date(now).toISOString();
        await trx
          .insertInto('usergroupmembers')
          .values(changed.map((userId) => ({ usergroup_id: id, user_id: userId, created_on: stamp, updated_on: stamp })))
          .execute();
      } else {
        await trx.deleteFrom('usergroupmembers').where('usergroup_id', '=', id).where('user_id', 'in', changed).execute();
      }
      const action = body.addOperation ? 'usergroup.members.add' : 'usergroup.members.remove';
      await recordAudit(trx, request.user, { action, target: `usergroup ${id}`, details: { userIds: changed } }, now);
      return true;
    });
  });
};
