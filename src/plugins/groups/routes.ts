import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { groupVisibleSql } from '../../server/access/groups.js';
import { pathId } from '../../server/access/users.js';
import { isoTimestamp } from '../../server/table/engine.js';
import { presentTables } from '../../server/table/optional-tables.js';
import { registerTableRoutes, restrictedPage } from '../../server/table/routes.js';
import { registerGroupEdits } from './edit.js';
import { registerGroupMembers } from './members.js';
import type { GroupsDb } from './ownership.js';
import { listPaging } from './schema.js';
import { GROUP_TARGET, type GroupsTables } from './tables.js';
import { registerGroupUpload } from './upload/routes.js';
import { groupView } from './views.js';

/** Other domains' tables the group routes use when they exist. */
const OPTIONAL_TABLES = ['phenotypes', 'publicationdata', 'germinatebase', 'markers', 'locations', 'synonyms'] as const;

/** A row as Germinate's JSON carries it: null keys left out (Gson), timestamps in its form. */
function pojo(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === null || value === undefined) continue;
    out[key] = key === 'createdOn' || key === 'updatedOn' ? isoTimestamp(value) : value;
  }
  return out;
}

/** Germinate's Groups POJO; visibility is its Boolean. */
function groupPojo(row: { id: number; grouptype_id: number; name: string | null; description: string | null; visibility: number | null; created_by: number | null; created_on: string; updated_on: string }) {
  return pojo({
    id: row.id,
    grouptypeId: row.grouptype_id,
    name: row.name,
    description: row.description,
    visibility: row.visibility === null ? null : Number(row.visibility) !== 0,
    createdBy: row.created_by,
    createdOn: row.created_on,
    updatedOn: row.updated_on,
  });
}

/**
 * Groups (Germinate's GroupResource, GroupTableResource, GroupTypeResource and the groups of a germplasm):
 * the lists answer only the groups the caller sees (public ones, their own, every group for administrators);
 * creating is for logged-in users, changing and deleting for a group's creator and administrators.
 */
export const groupRoutes: FastifyPluginAsync = async (app) => {
  const db: GroupsDb = app.database.db.withTables<GroupsTables>();
  const present = await presentTables(app.database.db as unknown as Kysely<unknown>, app.database.dialect, OPTIONAL_TABLES);
  const groups = registerTableRoutes(app, { path: '/group/table', view: groupView, access: 'public', exportPrefix: 'group-table' });

  app.post<{ Params: { id: string } }>('/germplasm/:id/group', { config: { access: 'public' } }, async (request) => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    // An extra condition replaces the view's, so the visibility rule comes along.
    const condition = sql`${groupVisibleSql('g', request.user)} AND gt.target_table = ${GROUP_TARGET.germplasm}
      AND EXISTS (SELECT 1 FROM groupmembers gm WHERE gm.group_id = g.id AND gm.foreign_id = ${id})`;
    return restrictedPage(app, groups, request, condition);
  });

  app.get('/group', { config: { access: 'public' } }, async (request) => {
    const { page, limit, prevCount } = listPaging(request.query, app.config.maxPageSize);
    const visible = sql<SqlBool>`${groupVisibleSql('g', request.user)}`;
    const rows = await db.selectFrom('groups as g').selectAll().where(visible).orderBy('g.id').limit(limit).offset(limit * page).execute();
    const count =
      prevCount === -1
        ? Number((await db.selectFrom('groups as g').select((eb) => eb.fn.countAll().as('n')).where(visible).executeTakeFirstOrThrow()).n)
        : prevCount;
    return { data: rows.map(groupPojo), count };
  });

  app.get<{ Params: { id: string } }>('/group/:id', { config: { access: 'public' } }, async (request) => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    const row = await db
      .selectFrom('groups as g')
      .selectAll()
      .where('g.id', '=', id)
      .where(sql<SqlBool>`${groupVisibleSql('g', request.user)}`)
      .executeTakeFirst();
    // Germinate answers a page of 0 or 1 groups rather than a 404.
    return { data: row ? [groupPojo(row)] : [], count: row ? 1 : 0 };
  });

  app.get('/grouptype', { config: { access: 'public' } }, async (request) => {
    const { page, limit, prevCount } = listPaging(request.query, app.config.maxPageSize);
    const rows = await db.selectFrom('grouptypes').selectAll().orderBy('id').limit(limit).offset(limit * page).execute();
    const count = prevCount === -1 ? Number((await db.selectFrom('grouptypes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n) : prevCount;
    const data = rows.map((r) => pojo({ id: r.id, description: r.description, targetTable: r.target_table, createdOn: r.created_on, updatedOn: r.updated_on }));
    return { data, count };
  });

  registerGroupEdits(app, db, present);
  registerGroupMembers(app, present);
  registerGroupUpload(app, present);
};
