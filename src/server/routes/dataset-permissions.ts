import type { FastifyPluginAsync } from 'fastify';
import { type } from 'arktype';
import { sql, type Kysely, type Transaction } from 'kysely';
import { recordAudit } from '../audit.js';
import { existingUserIds, pathId, userDetails } from '../access/users.js';
import type { CoreTables } from '../db/tables.js';
import { HttpError } from '../http/errors.js';
import { validate } from '../http/validate.js';
import { TableQuery } from '../table/engine.js';
import { restrictedIds, restrictedPage } from '../table/routes.js';
import { IdList, usergroupView } from './usergroups.js';

const UserChange = type({ datasetId: 'number.integer', userIds: IdList, addOperation: 'boolean' });
const GroupChange = type({ datasetId: 'number.integer', groupIds: IdList, addOperation: 'boolean' });

type Column = 'user_id' | 'group_id';

/**
 * Adds or removes permission rows of one kind (user or group) on a dataset → the ids whose row changed.
 * Adding skips ids that already have a row (Germinate checked the user column even for groups, which let
 * group rows repeat; here each kind is checked against its own column).
 */
async function changePermissions(
  trx: Transaction<CoreTables>,
  datasetId: number,
  column: Column,
  ids: number[],
  add: boolean,
  now: number,
): Promise<number[]> {
  const present = new Set(
    (await trx.selectFrom('datasetpermissions').select(column).where('dataset_id', '=', datasetId).where(column, 'is not', null).execute()).map(
      (r) => Number(r[column]),
    ),
  );
  if (!add) {
    const removed = [...new Set(ids)].filter((id) => present.has(id)).sort((a, b) => a - b);
    if (removed.length > 0) await trx.deleteFrom('datasetpermissions').where('dataset_id', '=', datasetId).where(column, 'in', removed).execute();
    return removed;
  }
  const known = column === 'user_id' ? await existingUserIds(trx, ids) : await existingGroupIds(trx, ids);
  const added = known.filter((id) => !present.has(id));
  if (added.length > 0) {
    const stamp = new Date(now).toISOString();
    await trx
      .insertInto('datasetpermissions')
      .values(
        added.map((id) => ({
          dataset_id: datasetId,
          user_id: column === 'user_id' ? id : null,
          group_id: column === 'group_id' ? id : null,
          created_on: stamp,
          updated_on: stamp,
        })),
      )
      .execute();
  }
  return added;
}

async function existingGroupIds(db: Kysely<CoreTables>, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('usergroups').select('id').where('id', 'in', [...new Set(ids)]).execute();
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * Dataset permissions per user and per user group (ADMIN). They take effect with the next request: the
 * visibility condition (access/datasets.ts) reads them from the database every time.
 */
export const datasetPermissionRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const admin = { config: { access: 'ADMIN' as const } };
  const groups = new TableQuery(usergroupView(), app.database.dialect);

  const datasetOr404 = async (text: string): Promise<number> => {
    const id = pathId(text, 'NOT_FOUND_ID');
    const row = await db.selectFrom('datasets').select('id').where('id', '=', id).executeTakeFirst();
    if (!row) throw new HttpError(404, 'NOT_FOUND_ID', `No dataset ${id}`);
    return id;
  };
  const groupsOf = (datasetId: number) =>
    sql`ug.id IN (SELECT dp.group_id FROM datasetpermissions dp WHERE dp.dataset_id = ${datasetId} AND dp.group_id IS NOT NULL)`;

  app.get<{ Params: { id: string } }>('/dataset/:id/user', admin, async (request) => {
    const id = await datasetOr404(request.params.id);
    return userDetails(db, sql`u.id IN (SELECT dp.user_id FROM datasetpermissions dp WHERE dp.dataset_id = ${id} AND dp.user_id IS NOT NULL)`);
  });

  app.patch<{ Params: { id: string } }>('/dataset/:id/user', admin, async (request) => {
    const body = validate(UserChange, request.body);
    const id = await datasetOr404(request.params.id);
    if (body.datasetId !== id) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'Id mismatch');
    const now = app.clock.now();
    return db.transaction().execute(async (trx) => {
      const changed = await changePermissions(trx, id, 'user_id', body.userIds, body.addOperation, now);
      if (changed.length === 0) return false;
      const action = body.addOperation ? 'dataset.permission.users.add' : 'dataset.permission.users.remove';
      await recordAudit(trx, request.user, { action, target: `dataset ${id}`, details: { userIds: changed } }, now);
      return true;
    });
  });

  app.post<{ Params: { id: string } }>('/dataset/:id/usergroup', admin, async (request) => {
    const id = await datasetOr404(request.params.id);
    return restrictedPage(app, groups, request, groupsOf(id));
  });

  app.post<{ Params: { id: string } }>('/dataset/:id/usergroup/ids', admin, async (request) => {
    const id = await datasetOr404(request.params.id);
    return restrictedIds(app, groups, request, groupsOf(id));
  });

  app.patch<{ Params: { id: string } }>('/dataset/:id/usergroup', admin, async (request) => {
    const body = validate(GroupChange, request.body);
    const id = await datasetOr404(request.params.id);
    if (body.datasetId !== id) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'Id mismatch');
    const now = app.clock.now();
    return db.transaction().execute(async (trx) => {
      const changed = await changePermissions(trx, id, 'group_id', body.groupIds, body.addOperation, now);
      if (changed.length === 0) return false;
      const action = body.addOperation ? 'dataset.permission.groups.add' : 'dataset.permission.groups.remove';
      await recordAudit(trx, request.user, { action, target: `dataset ${id}`, details: { groupIds: changed } }, now);
      return true;
    });
  });
};
