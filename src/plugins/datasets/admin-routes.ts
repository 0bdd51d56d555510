import { sql, type Kysely } from 'kysely';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { recordAudit } from '../../server/audit.js';
import type { SessionUser } from '../../server/auth/tokens.js';
import { pathId } from '../../server/access/users.js';
import { PUBLIC_DATASET_STATE } from '../../server/access/datasets.js';
import { roleOf } from '../../core/roles.js';
import { sendError } from '../../server/http/errors.js';
import { validate } from '../../server/http/validate.js';
import type { TableQuery } from '../../server/table/engine.js';
import type { PresentTables } from '../../server/table/optional-tables.js';
import { deleteDataset } from './dataset-delete.js';
import { calendarDate, DatasetBody } from './schema.js';

/**
 * Dataset administration: curators create datasets (POST dataset), administrators
 * edit (PATCH) and delete them. Stricter than Germinate, which lets curators edit and delete too: the product gives
 * that to administrators. A state change needs no cache to expire: visibility is read from the database on
 * every request (src/server/access/datasets.ts), so it holds from the next request on.
 */

type Db = Kysely<unknown>;

const exists = async (db: Db, table: 'experiments' | 'licenses' | 'datasettypes' | 'datasetstates', id: number) =>
  (await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE id = ${id}`.execute(db)).rows.length > 0;

/** The references of a body that must name existing rows; the first that does not, as a message. */
async function missingReference(db: Db, body: DatasetBody): Promise<string | null> {
  const checks: [keyof DatasetBody, 'experiments' | 'licenses' | 'datasettypes' | 'datasetstates'][] = [
    ['experimentId', 'experiments'],
    ['licenseId', 'licenses'],
    ['datasettypeId', 'datasettypes'],
    ['datasetStateId', 'datasetstates'],
  ];
  for (const [key, table] of checks) {
    const value = body[key];
    if (typeof value === 'number' && !(await exists(db, table, value))) return `${key} ${value} does not exist.`;
  }
  return null;
}

/** The dates of a body, or a message naming the one that is no date (or an end before the start). */
function dates(body: DatasetBody): { start: string | null; end: string | null } | string {
  const start = calendarDate(body.dateStart);
  const end = calendarDate(body.dateEnd);
  if (start === undefined) return 'dateStart is not a date (yyyy-MM-dd).';
  if (end === undefined) return 'dateEnd is not a date (yyyy-MM-dd).';
  if (start && end && end < start) return 'dateEnd lies before dateStart.';
  return { start, end };
}

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';

export function registerDatasetAdminRoutes(app: FastifyInstance, datasetQuery: TableQuery, present: PresentTables): void {
  const db = app.database.db as unknown as Db;
  const now = () => app.clock.now();

  /**
   * The dataset's ViewTableDatasets row, as the creating or editing caller reads it. Read as an administrator
   * would (every state), since a curator who just made a private dataset may not see it otherwise; acceptedBy
   * stays the caller's own.
   */
  async function row(id: number, user: SessionUser | null) {
    const reader = user ? { ...user, userType: 'Administrator' } : null;
    const page = await datasetQuery.page(db, { page: 0, limit: 1 }, 1, sql`d.id = ${id}`, { user: reader });
    return page.data[0] ?? null;
  }

  async function refuse(reply: FastifyReply, body: DatasetBody): Promise<FastifyReply | null> {
    const missing = await missingReference(db, body);
    return missing ? sendError(reply, 400, 'BAD_REQUEST_INVALID_PAYLOAD', missing) : null;
  }

  app.post('/dataset', { config: { access: 'DATA_CURATOR' } }, async (request, reply) => {
    const body = validate(DatasetBody, request.body ?? null);
    const required = (['name', 'experimentId', 'datasettypeId', 'datasetStateId'] as const).filter((key) =>
      key === 'name' ? blank(body.name) : body[key] === null || body[key] === undefined,
    );
    if (required.length > 0) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', `Required: ${required.join(', ')}.`);
    const refused = await refuse(reply, body);
    if (refused) return refused;
    const when = dates(body);
    if (typeof when === 'string') return sendError(reply, 400, 'BAD_REQUEST_INVALID_PAYLOAD', when);
    const stamp = new Date(now()).toISOString();
    const user = request.user;
    const id = await app.database.db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('datasets')
        .values({
          experiment_id: body.experimentId as number,
          datasettype_id: body.datasettypeId as number,
          dataset_state_id: body.datasetStateId as number,
          name: (body.name as string).trim(),
          description: body.description ?? null,
          date_start: when.start,
          date_end: when.end,
          datatype: body.datatype ?? null,
          version: body.version ?? null,
          license_id: body.licenseId ?? null,
          is_external: body.isExternal ? 1 : 0,
          hyperlink: body.hyperlink ?? null,
          contact: body.contact ?? null,
          created_by: user?.id ?? null,
          created_on: stamp,
          updated_on: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A curator who creates a private or hidden dataset may see it (to fill it): a permission of their own
      // (administrators see every dataset anyway).
      if (user && roleOf(user.userType) !== 'ADMIN' && body.datasetStateId !== PUBLIC_DATASET_STATE) {
        await trx.insertInto('datasetpermissions').values({ dataset_id: Number(created.id), user_id: user.id, group_id: null }).execute();
      }
      // The creator accepts the licence they chose (as Germinate does).
      if (body.licenseId && user) {
        await trx.insertInto('licenselogs').values({ license_id: body.licenseId, user_id: user.id, accepted_on: stamp }).execute();
      }
      await recordAudit(trx, user, { action: 'dataset.create', target: `dataset ${created.id}`, details: body }, now());
      return Number(created.id);
    });
    return row(id, user);
  });

  // Germinate's overwrite: name, description, licence, experiment, dates, state and hyperlink are set from the
  // body, and an absent nullable field clears it (absent ⇒ null). Experiment and state cannot be null: absent,
  // they are a 400 here rather than Germinate's failed update.
  app.patch<{ Params: { id: string } }>('/dataset/:id', { config: { access: 'ADMIN' } }, async (request, reply) => {
    const id = pathId(request.params.id);
    const body = validate(DatasetBody, request.body ?? null);
    if (blank(body.name)) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', 'Required: name.');
    const missing = (['experimentId', 'datasetStateId'] as const).filter((key) => body[key] === null || body[key] === undefined);
    if (missing.length > 0) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', `Required: ${missing.join(', ')}.`);
    const found = await app.database.db.selectFrom('datasets').select('id').where('id', '=', id).executeTakeFirst();
    if (!found) return sendError(reply, 404, 'NOT_FOUND_ID', 'No such dataset.');
    const refused = await refuse(reply, body);
    if (refused) return refused;
    const when = dates(body);
    if (typeof when === 'string') return sendError(reply, 400, 'BAD_REQUEST_INVALID_PAYLOAD', when);
    await app.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('datasets')
        .set({
          name: (body.name as string).trim(),
          description: body.description ?? null,
          license_id: body.licenseId ?? null,
          experiment_id: body.experimentId as number,
          date_start: when.start,
          date_end: when.end,
          dataset_state_id: body.datasetStateId as number,
          hyperlink: body.hyperlink ?? null,
          updated_on: new Date(now()).toISOString(),
        })
        .where('id', '=', id)
        .execute();
      await recordAudit(trx, request.user, { action: 'dataset.update', target: `dataset ${id}`, details: body }, now());
    });
    return row(id, request.user);
  });

  // Germinate answers `true`; with ?summary=true the answer says what was removed, per kind (our client).
  app.delete<{ Params: { id: string }; Querystring: { summary?: string } }>('/dataset/:id', { config: { access: 'ADMIN' } }, async (request, reply) => {
    const id = pathId(request.params.id);
    const removal = await deleteDataset(db, present, app.config.dataDir, id, (trx, done) =>
      recordAudit(trx as never, request.user, { action: 'dataset.delete', target: `dataset ${id}`, details: done }, now()),
    );
    if (!removal) return sendError(reply, 404, 'NOT_FOUND_ID', 'No such dataset.');
    return request.query.summary === 'true' ? removal : true;
  });
}
