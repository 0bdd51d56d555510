import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pathId } from '../../server/access/users.js';
import { recordAudit } from '../../server/audit.js';
import { HttpError } from '../../server/http/errors.js';
import { validate } from '../../server/http/validate.js';
import type { PresentTables } from '../../server/table/optional-tables.js';
import { findGroup, mayChangeGroup } from '../../server/groups/member-routes.js';
import { coreOf, type GroupsDb } from './ownership.js';
import { GroupBody, invalid } from './schema.js';

/** Germinate's messages of PATCH group/{id}. */
export const MISSING_ID_OR_PAYLOAD = 'Missing id or payload';
export const ID_MISMATCH = 'Id mismatch';

/** 0/1 as groups.visibility stores Germinate's Boolean. */
const stored = (visibility: boolean) => (visibility ? 1 : 0);

/**
 * PUT group, PATCH group/{id}, DELETE group/{id}. Germinate lets only the creator change or delete a
 * group; administrators may too (they manage every group). A group someone may not change answers 404, as
 * if it were not there (Germinate's rule: a private group's existence is not told).
 */
export function registerGroupEdits(app: FastifyInstance, db: GroupsDb, present: PresentTables): void {
  const now = () => app.clock.now();

  app.put('/group', { config: { access: 'AUTH_USER' } }, async (request) => {
    const body = validate(GroupBody, request.body ?? null);
    const user = request.user;
    if (!user) throw new HttpError(403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS');
    if (body.id !== undefined && body.id !== null) throw invalid('id must be absent when a group is created');
    const name = body.name?.trim() ?? '';
    if (name === '') throw invalid('name is required');
    if (body.grouptypeId === undefined || body.grouptypeId === null) throw invalid('grouptypeId is required');
    if (body.createdBy !== undefined && body.createdBy !== null && body.createdBy !== user.id) {
      throw new HttpError(403, 'FORBIDDEN_ACCESS_TO_OTHER_USER', 'createdBy must be your own user id');
    }
    const grouptypeId = body.grouptypeId;
    const time = now();
    const stamp = new Date(time).toISOString();
    return db.transaction().execute(async (trx) => {
      const type = await trx.selectFrom('grouptypes').select('id').where('id', '=', grouptypeId).executeTakeFirst();
      if (!type) throw invalid(`grouptypeId ${grouptypeId} names no group type`);
      const values = {
        grouptype_id: grouptypeId,
        name,
        description: body.description ?? null,
        // Germinate stores an absent visibility as NULL, which nobody but the creator sees: private.
        visibility: stored(body.visibility ?? false),
        created_by: user.id,
        created_on: stamp,
        updated_on: stamp,
      };
      const row = await trx.insertInto('groups').values(values).returning('id').executeTakeFirstOrThrow();
      await recordAudit(coreOf(trx), user, { action: 'group.create', target: `group ${row.id}`, details: values }, time);
      return Number(row.id);
    });
  });

  app.patch<{ Params: { id: string } }>('/group/:id', { config: { access: 'AUTH_USER' } }, async (request) => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    if (request.body === undefined || request.body === null) throw invalid(MISSING_ID_OR_PAYLOAD);
    const body = validate(GroupBody, request.body);
    if (body.id === undefined || body.id === null) throw invalid(MISSING_ID_OR_PAYLOAD);
    if (body.id !== id) throw invalid(ID_MISMATCH);
    const name = body.name?.trim() ?? '';
    const time = now();
    const change = {
      // As Germinate: the name only when one is given, visibility only when given, the description always.
      ...(name !== '' ? { name } : {}),
      ...(body.visibility !== undefined && body.visibility !== null ? { visibility: stored(body.visibility) } : {}),
      description: body.description ?? null,
      updated_on: new Date(time).toISOString(),
    };
    await db.transaction().execute(async (trx) => {
      const group = await findGroup(trx, id);
      if (!group || !mayChangeGroup(group, request.user)) throw new HttpError(404, 'NOT_FOUND_ID', `No group ${id} of yours`);
      await trx.updateTable('groups').set(change).where('id', '=', id).execute();
      await recordAudit(coreOf(trx), request.user, { action: 'group.update', target: `group ${id}`, details: change }, time);
    });
    return true;
  });

  app.delete<{ Params: { id: string } }>('/group/:id', { config: { access: 'AUTH_USER' } }, async (request) => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    const time = now();
    await db.transaction().execute(async (trx) => {
      const group = await findGroup(trx, id);
      if (!group || !mayChangeGroup(group, request.user)) throw new HttpError(404, 'NOT_FOUND_ID', `No group ${id} of yours`);
      const members = Number((await trx.selectFrom('groupmembers').select((eb) => eb.fn.countAll().as('n')).where('group_id', '=', id).executeTakeFirstOrThrow()).n);
      // Publications that cite the group lose the reference (Germinate's rule), when publications exist here.
      if (present.has('publicationdata')) await sql`DELETE FROM publicationdata WHERE reference_type = 'group' AND foreign_id = ${id}`.execute(trx);
      // Its members go with it (groupmembers.group_id cascades).
      await trx.deleteFrom('groups').where('id', '=', id).execute();
      await recordAudit(coreOf(trx), request.user, { action: 'group.delete', target: `group ${id}`, details: { name: group.name, members } }, time);
    });
    return true;
  });
}
