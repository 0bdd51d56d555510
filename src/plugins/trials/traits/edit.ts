import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../server/audit.js';
import { pathId } from '../../../server/access/users.js';
import { HttpError } from '../../../server/http/errors.js';
import { validate } from '../../../server/http/validate.js';
import { clearableText, datatypeOf, invalid, MAX_NAME, MAX_SHORT_NAME, restrictionsJson, TraitBody } from './schema.js';
import type { TraitTables } from './tables.js';

/**
 * `PATCH trait/{traitId}` (administrators): the body is the whole trait, so name, short name, description
 * and datatype are set from it (absent or null short name and description clear them); restrictions and
 * the unit change only when the body names them (null clears). One audit row, in the same transaction.
 */
export function registerTraitEdit(app: FastifyInstance): void {
  app.patch<{ Params: { id: string } }>('/trait/:id', { config: { access: 'ADMIN' } }, async (request) => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    if (request.body === undefined || request.body === null) throw invalid('A trait body is required');
    const body = validate(TraitBody, request.body);
    if (body.id !== undefined && body.id !== null && body.id !== id) throw invalid('id must be the id in the path');
    const name = body.name?.trim() ?? '';
    if (name === '') throw invalid('name is required');
    if (name.length > MAX_NAME) throw invalid(`name must be at most ${MAX_NAME} characters`);
    const change = {
      name,
      short_name: clearableText(body.shortName, 'shortName', MAX_SHORT_NAME),
      description: clearableText(body.description, 'description'),
      datatype: datatypeOf(body.datatype),
      ...(body.restrictions !== undefined ? { restrictions: restrictionsJson(body.restrictions) } : {}),
      ...(body.unitId !== undefined ? { unit_id: body.unitId } : {}),
    };
    const now = app.clock.now();
    await app.database.db.transaction().execute(async (trx) => {
      const db = trx.withTables<TraitTables>();
      const before = await db.selectFrom('phenotypes').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
      if (!before) throw new HttpError(404, 'NOT_FOUND_ID', `No trait ${id}`);
      if (change.unit_id !== undefined && change.unit_id !== null) {
        const unit = await db.selectFrom('units').select('id').where('id', '=', change.unit_id).executeTakeFirst();
        if (!unit) throw invalid(`unitId ${change.unit_id} names no unit`);
      }
      await db.updateTable('phenotypes').set({ ...change, updated_on: new Date(now).toISOString() }).where('id', '=', id).execute();
      await recordAudit(trx, request.user, { action: 'trait.update', target: `trait ${id}`, details: { previousName: before.name, ...change } }, now);
    });
    return true;
  });
}
