import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../server/auth/tokens.js';
import { gateCaller } from '../../server/access/licences.js';
import { sendError } from '../../server/http/errors.js';
import { validate } from '../../server/http/validate.js';
import { appendJobLog, createExportJob, iso, jobFolder } from '../../server/jobs/store.js';
import { logDatasetAccess } from '../../server/access/dataset-access-log.js';
import { chosenEdges, edgesOf, PedigreeRequest, pedigreeDatasets, pedigreeFile, selection } from './export-data.js';

/**
 * The pedigree exports: `dataset/export/pedigree` answers the Helium file at once;
 * `dataset/export/pedigree-async` starts one export job per dataset, whose zip the jobs panel downloads.
 *
 * Unlike Germinate, which ignores `datasetIds` in the direct export and uses every pedigree dataset the caller
 * may use, a non-empty `datasetIds` restricts it to those (the passport and the export page send the one
 * dataset meant); an empty or absent list keeps Germinate's "all".
 */

/** Date-time in file names, as Germinate writes it (yyyy-MM-dd-HH-mm-ss, UTC). */
const stamp = (ms: number) => iso(ms).slice(0, 19).replace(/[T:]/g, '-');

/**
 * Runs one dataset's export job in this process: the job row was created running (never waiting, which the
 * import runner would claim), with a heartbeat, so a server that dies during it leaves a job the stale-job
 * check fails. Writes `dataset-<id>-<datetime>.zip` in the job's folder, then completes the row.
 */
async function runJob(app: FastifyInstance, job: { id: number; uuid: string; datasetId: number }, request: PedigreeRequest, user: SessionUser | null) {
  const db = app.database.db as unknown as Kysely<unknown>;
  const folder = jobFolder(app.config.dataDir, job.uuid);
  const finish = async (status: 'completed' | 'failed', config: Record<string, unknown>) => {
    const now = iso(app.clock.now());
    const row = await app.database.db.selectFrom('async_jobs').select(['job_config', 'status']).where('id', '=', job.id).executeTakeFirst();
    // Cancelled (deleted) meanwhile: leave it so.
    if (!row || row.status !== 'running') return;
    const merged = { ...(typeof row.job_config === 'string' ? (JSON.parse(row.job_config) as object) : (row.job_config ?? {})), ...config };
    await app.database.db
      .updateTable('async_jobs')
      .set({ status, job_config: JSON.stringify(merged), progress: 1, finished_on: now, updated_on: now })
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .execute();
  };
  try {
    const selected = await selection(db, app.database.dialect, user, request);
    const edges = chosenEdges(await edgesOf(db, [job.datasetId]), selected, request);
    if (edges.length === 0) {
      appendJobLog(app.config.dataDir, job.uuid, 'Nothing to export: no pedigree rows for this selection.', app.clock.now());
      await finish('failed', {});
      return;
    }
    const file = await pedigreeFile(db, edges, request.includeAttributes === true, job.uuid);
    const zip = file.type === 'application/zip' ? file.content : Buffer.from(zipSync({ [file.name]: new Uint8Array(file.content) }));
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, `dataset-${job.datasetId}-${stamp(app.clock.now())}.zip`), zip);
    await logDatasetAccess(db, user, [job.datasetId], app.clock.now());
    await finish('completed', { resultSize: zip.length });
  } catch (error) {
    appendJobLog(app.config.dataDir, job.uuid, `FAILED: ${error instanceof Error ? error.message : String(error)}`, app.clock.now());
    await finish('failed', {}).catch(() => undefined);
  }
}

export const pedigreeExportRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db as unknown as Kysely<unknown>;

  app.post('/dataset/export/pedigree', { config: { access: 'public' } }, async (request, reply) => {
    if (request.body === undefined || request.body === null) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', 'A PedigreeRequest body is required.');
    const body = validate(PedigreeRequest, request.body);
    const datasets = await pedigreeDatasets(db, gateCaller(request), body.datasetIds);
    if (datasets.length === 0) return sendError(reply, 404, 'NOT_FOUND_ID', 'No pedigree dataset you may use was named.');
    const edges = chosenEdges(await edgesOf(db, datasets), await selection(db, app.database.dialect, request.user, body), body);
    if (edges.length === 0) return sendError(reply, 404, 'NOT_FOUND_ID', 'Nothing to export: no pedigree rows for this selection.');
    const file = await pedigreeFile(db, edges, body.includeAttributes === true, crypto.randomUUID());
    await logDatasetAccess(db, request.user, [...new Set(edges.map((e) => e.datasetId))], app.clock.now());
    return reply.type(file.type).header('content-disposition', `attachment;filename= "${file.name}"`).send(file.content);
  });

  app.post('/dataset/export/pedigree-async', { config: { access: 'public' } }, async (request, reply) => {
    const body = validate(PedigreeRequest, request.body ?? null);
    if (!body.datasetIds || body.datasetIds.length === 0) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', 'datasetIds must name at least one dataset.');
    const datasets = await pedigreeDatasets(db, gateCaller(request), body.datasetIds);
    const user = request.user;
    const now = app.clock.now();
    const exportParams = body.includeAttributes ? ['includeAttributes'] : [];
    const started: { status: 'waiting'; uuid: string }[] = [];
    for (const datasetId of datasets) {
      const uuid = crypto.randomUUID();
      const config = { datasetIds: [datasetId], exportParams, yIds: body.yIds ?? null, yGroupIds: body.yGroupIds ?? null, levelsUp: body.levelsUp ?? null, levelsDown: body.levelsDown ?? null };
      const jobId = await createExportJob(app.database.db, { uuid, userId: user?.id ?? null, datatype: 'pedigree', config }, now);
      // Germinate answers "waiting" for a job just submitted; the work starts after this answer.
      started.push({ status: 'waiting', uuid });
      setImmediate(() => void runJob(app, { id: jobId, uuid, datasetId }, body, user));
    }
    return started;
  });
};
