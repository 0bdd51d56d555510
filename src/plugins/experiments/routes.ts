import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type } from 'arktype';
import { recordAudit } from '../../server/audit.js';
import { pathId } from '../../server/access/users.js';
import { HttpError } from '../../server/http/errors.js';
import { registerTableRoutes } from '../../server/table/routes.js';
import { experimentView } from './queries.js';
import { calendarDay, ExperimentBody, ID_ON_CREATE, instant, INVALID_PAYLOAD } from './schema.js';

/** Where the datasets of a deleted experiment go: found by name, created when missing (Germinate's rule). */
export const GENERIC_EXPERIMENT = { name: 'Generic Experiment', description: 'Experiment automatically created by the data import.' };

const invalid = (detail?: string) => new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', detail ? `${INVALID_PAYLOAD}: ${detail}` : INVALID_PAYLOAD);

function readBody(request: FastifyRequest): ExperimentBody {
  const result = ExperimentBody(request.body ?? null);
  if (result instanceof type.errors) throw invalid(result.summary);
  return result;
}

/** The experiment's name, trimmed; a blank or missing one is Germinate's 400. */
function nameOf(body: ExperimentBody): string {
  const name = body.experimentName?.trim() ?? '';
  if (name === '') throw invalid('experimentName is required');
  return name;
}

/** A date key of the body as stored: undefined = absent (keep), null = clear, else the day or instant. */
function dateOf(value: string | null | undefined, key: string, read: (text: string) => string | null): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === '') return null;
  const stored = read(value);
  if (stored === null) throw invalid(`${key} is not a date`);
  return stored;
}

/**
 * Experiments (Germinate's ExperimentTableResource and ExperimentResource). Creating is the curators' (as
 * Germinate); editing and deleting are the administrators' (Germinate lets curators do both).
 * Deleting keeps the experiment's datasets: they move to the "Generic Experiment" first, as in Germinate.
 */
export const experimentRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  // Germinate has no export of this table; ours exports like every table (the counts as the caller sees them).
  registerTableRoutes(app, { path: '/experiment/table', view: () => experimentView(), access: 'public', exportPrefix: 'experiment-table' });

  app.put('/experiment', { config: { access: 'DATA_CURATOR' } }, async (request) => {
    const body = readBody(request);
    if (body.experimentId !== undefined && body.experimentId !== null) throw new HttpError(409, undefined, ID_ON_CREATE);
    const name = nameOf(body);
    const now = app.clock.now();
    const stamp = new Date(now).toISOString();
    const values = {
      experiment_name: name,
      description: body.experimentDescription?.trim() || null,
      experiment_date: dateOf(body.experimentDate, 'experimentDate', calendarDay) ?? null,
      user_id: request.user?.id ?? null,
      project_id: null,
      created_on: dateOf(body.createdOn, 'createdOn', instant) ?? stamp,
      updated_on: stamp,
    };
    return db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('experiments').values(values).returning('id').executeTakeFirstOrThrow();
      await recordAudit(trx, request.user, { action: 'experiment.create', target: `experiment ${row.id}`, details: { name } }, now);
      return Number(row.id);
    });
  });

  app.patch<{ Params: { id: string } }>('/experiment/:id', { config: { access: 'ADMIN' } }, async (request) => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    const body = readBody(request);
    if (body.experimentId !== id) throw invalid('experimentId must be the id in the path');
    const name = nameOf(body);
    const experimentDate = dateOf(body.experimentDate, 'experimentDate', calendarDay);
    const createdOn = dateOf(body.createdOn, 'createdOn', instant);
    const now = app.clock.now();
    const change = {
      experiment_name: name,
      // As Germinate: the description is overwritten (absent or null clears it); the dates only when sent.
      description: body.experimentDescription?.trim() || null,
      ...(experimentDate !== undefined ? { experiment_date: experimentDate } : {}),
      ...(createdOn ? { created_on: createdOn } : {}),
      updated_on: new Date(now).toISOString(),
    };
    await db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('experiments').set(change).where('id', '=', id).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new HttpError(404, 'NOT_FOUND_ID', `No experiment ${id}`);
      await recordAudit(trx, request.user, { action: 'experiment.update', target: `experiment ${id}`, details: change }, now);
    });
    return true;
  });

  app.delete<{ Params: { id: string } }>('/experiment/:id', { config: { access: 'ADMIN' } }, async (request) => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    const now = app.clock.now();
    const stamp = new Date(now).toISOString();
    await db.transaction().execute(async (trx) => {
      const experiment = await trx.selectFrom('experiments').select(['id', 'experiment_name']).where('id', '=', id).executeTakeFirst();
      if (!experiment) throw new HttpError(404, 'NOT_FOUND_ID', `No experiment ${id}`);
      const datasets = await trx.selectFrom('datasets').select('id').where('experiment_id', '=', id).execute();
      let movedTo: number | null = null;
      if (datasets.length > 0) {
        // Never the experiment being deleted, even when it is a Generic Experiment itself: its datasets would go with it.
        const generic =
          (await trx.selectFrom('experiments').select('id').where('experiment_name', '=', GENERIC_EXPERIMENT.name).where('id', '<>', id).orderBy('id').executeTakeFirst()) ??
          (await trx
            .insertInto('experiments')
            .values({ experiment_name: GENERIC_EXPERIMENT.name, description: GENERIC_EXPERIMENT.description, user_id: null, project_id: null, experiment_date: null, created_on: stamp, updated_on: stamp })
            .returning('id')
            .executeTakeFirstOrThrow());
        movedTo = Number(generic.id);
        await trx.updateTable('datasets').set({ experiment_id: movedTo, updated_on: stamp }).where('experiment_id', '=', id).execute();
      }
      await trx.deleteFrom('experiments').where('id', '=', id).execute();
      const details = { name: experiment.experiment_name, datasetsMovedTo: movedTo, datasetIds: datasets.map((d) => Number(d.id)) };
      await recordAudit(trx, request.user, { action: 'experiment.delete', target: `experiment ${id}`, details }, now);
    });
    return true;
  });
};
