import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { type } from 'arktype';
import { registerTableRoutes } from '../../server/table/routes.js';
import type { ColumnDef, ColumnType, TableView } from '../../server/table/view.js';
import { validate } from '../../server/http/validate.js';
import { sendError } from '../../server/http/errors.js';

/**
 * The entity hierarchy (Accession → Plant/Plot → Sample, by germinatebase.entityparent_id): Germinate's
 * `entity/table` (ViewTableEntities: one row per parent/child pair where both exist, no dataset gating) and
 * `germplasm/entity?direction=up|down` (the entity parents or children of a list of germplasm).
 */

const c = (expression: string, type: ColumnType): ColumnDef => ({ sql: sql.raw(expression), type });

export function entityView(): TableView {
  return {
    name: 'entities',
    from: sql.raw(`germinatebase gc
      JOIN germinatebase gp ON gp.id = gc.entityparent_id
      LEFT JOIN entitytypes tp ON tp.id = gp.entitytype_id
      LEFT JOIN entitytypes tc ON tc.id = gc.entitytype_id`),
    columns: {
      entityParentId: c('gp.id', 'integer'),
      entityParentGid: c('gp.general_identifier', 'string'),
      entityParentName: c('gp.name', 'string'),
      entityParentDisplayName: c('gp.display_name', 'string'),
      entityParentType: c('tp.name', 'string'),
      entityChildId: c('gc.id', 'integer'),
      entityChildGid: c('gc.general_identifier', 'string'),
      entityChildName: c('gc.name', 'string'),
      entityChildDisplayName: c('gc.display_name', 'string'),
      entityChildType: c('tc.name', 'string'),
    },
    // A child has one parent, so the child's id names the pair.
    idColumn: 'entityChildId',
  };
}

const Ids = type('number.integer').array().atMostLength(20_000);
const Direction = type("'up' | 'down'");

export function registerEntityRoutes(app: FastifyInstance): void {
  registerTableRoutes(app, { path: '/entity/table', view: entityView, access: 'public', exportPrefix: 'entity-table' });

  app.post<{ Querystring: { direction?: string } }>('/germplasm/entity', { config: { access: 'public' } }, async (request, reply) => {
    if (request.body === undefined || request.body === null) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', 'A list of germplasm ids is required.');
    const direction = validate(Direction, request.query.direction ?? null);
    const ids = validate(Ids, request.body);
    if (ids.length === 0) return [];
    const db = app.database.db;
    const rows =
      direction === 'down'
        ? await sql<{ id: number }>`SELECT id FROM germinatebase WHERE entityparent_id IN (${sql.join(ids)}) ORDER BY id`.execute(db)
        : await sql<{ id: number }>`SELECT DISTINCT entityparent_id AS id FROM germinatebase WHERE id IN (${sql.join(ids)}) AND entityparent_id IS NOT NULL ORDER BY entityparent_id`.execute(db);
    return rows.rows.map((r) => Number(r.id));
  });
}
