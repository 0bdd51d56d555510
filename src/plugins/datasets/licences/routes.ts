import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { pathId } from '../../../server/access/users.js';
import { gateCaller, setLicenceCookie } from '../../../server/access/licences.js';
import { sendError } from '../../../server/http/errors.js';
import { validate } from '../../../server/http/validate.js';
import { registerTableRoutes } from '../../../server/table/routes.js';
import { LicenceDefinition, licenceDefinitions, licenceTexts, writeTexts } from './server/definitions.js';
import { licenceView } from './server/view.js';

const INVALID = 'Invalid payload parameters';

/**
 * The licence endpoints: `license/table` and GET `license` for everyone,
 * PUT / PATCH `license` for curators (Germinate's roles), DELETE `license/{id}` for administrators (this
 * server's addition; Germinate has none: the licence leaves its datasets, which then need no acceptance),
 * and `license/{id}/accept` (GET accepts, DELETE withdraws) for everyone: a licenselogs row for a logged-in
 * caller, the accepted-licenses cookie for an anonymous one and in NONE mode.
 */
export const licenceRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db as unknown as Kysely<unknown>;
  const dialect = app.database.dialect;
  const now = () => new Date(app.clock.now()).toISOString();
  const exists = async (id: number) => (await sql<{ id: number }>`SELECT id FROM licenses WHERE id = ${id}`.execute(db)).rows.length > 0;

  registerTableRoutes(app, { path: '/license/table', view: licenceView, access: 'public', exportPrefix: 'license-table' });

  app.get('/license', { config: { access: 'public' } }, async () => licenceDefinitions(db, dialect));

  app.put('/license', { config: { access: 'DATA_CURATOR' } }, async (request, reply) => {
    const body = validate(LicenceDefinition, request.body ?? null);
    if (body.licenseId !== undefined && body.licenseId !== null) return sendError(reply, 409, undefined, 'License ID provided on a creation call.');
    const texts = licenceTexts(body.licenseData);
    if (!body.licenseName?.trim() || !texts) return sendError(reply, 400, 'BAD_REQUEST_INVALID_PAYLOAD', INVALID);
    const stamp = now();
    const id = await app.database.db.transaction().execute(async (trx) => {
      const t = trx as unknown as Kysely<unknown>;
      const inserted = await sql<{ id: number }>`INSERT INTO licenses (name, description, created_on, updated_on)
        VALUES (${body.licenseName!.trim()}, ${body.licenseDescription ?? null}, ${stamp}, ${stamp}) RETURNING id`.execute(t);
      const newId = Number(inserted.rows[0].id);
      await writeTexts(t, newId, texts, stamp);
      return newId;
    });
    return id;
  });

  app.patch<{ Params: { id: string } }>('/license/:id', { config: { access: 'DATA_CURATOR' } }, async (request, reply) => {
    const id = pathId(request.params.id);
    const body = validate(LicenceDefinition, request.body ?? null);
    const texts = body.licenseData === undefined || body.licenseData === null ? [] : licenceTexts(body.licenseData);
    if (body.licenseId !== id || !body.licenseName?.trim() || !texts) return sendError(reply, 400, 'BAD_REQUEST_INVALID_PAYLOAD', INVALID);
    if (!(await exists(id))) return sendError(reply, 404, 'NOT_FOUND_ID');
    const stamp = now();
    await app.database.db.transaction().execute(async (trx) => {
      const t = trx as unknown as Kysely<unknown>;
      await sql`UPDATE licenses SET name = ${body.licenseName!.trim()}, description = ${body.licenseDescription ?? null}, updated_on = ${stamp}
        WHERE id = ${id}`.execute(t);
      await writeTexts(t, id, texts, stamp);
    });
    return true;
  });

  app.delete<{ Params: { id: string } }>('/license/:id', { config: { access: 'ADMIN' } }, async (request, reply) => {
    const id = pathId(request.params.id);
    // Its texts and acceptances go with it (cascade); its datasets keep their data and lose the licence.
    const deleted = await sql`DELETE FROM licenses WHERE id = ${id}`.execute(db);
    if (Number(deleted.numAffectedRows ?? 0) === 0) return sendError(reply, 404, 'NOT_FOUND_ID');
    return true;
  });

  app.get<{ Params: { id: string } }>('/license/:id/accept', { config: { access: 'public' } }, async (request, reply) => {
    const id = pathId(request.params.id);
    if (!(await exists(id))) return sendError(reply, 404, 'NOT_FOUND_ID');
    const caller = gateCaller(request);
    if (!caller.user) {
      setLicenceCookie(reply, [...(caller.acceptedLicenses ?? []), id], Math.floor(app.config.tokenLifetimeMs / 1000));
      return true;
    }
    const user = caller.user;
    const already = await sql`SELECT 1 AS one FROM licenselogs WHERE license_id = ${id} AND user_id = ${user.id}`.execute(db);
    if (already.rows.length > 0) return reply.code(204).send();
    await sql`INSERT INTO licenselogs (license_id, user_id, accepted_on) VALUES (${id}, ${user.id}, ${now()})`.execute(db);
    return true;
  });

  app.delete<{ Params: { id: string } }>('/license/:id/accept', { config: { access: 'public' } }, async (request, reply) => {
    const id = pathId(request.params.id);
    const caller = gateCaller(request);
    if (!caller.user) {
      setLicenceCookie(reply, (caller.acceptedLicenses ?? []).filter((accepted) => accepted !== id), Math.floor(app.config.tokenLifetimeMs / 1000));
      return true;
    }
    const deleted = await sql`DELETE FROM licenselogs WHERE license_id = ${id} AND user_id = ${caller.user.id}`.execute(db);
    return Number(deleted.numAffectedRows ?? 0) > 0;
  });
};
