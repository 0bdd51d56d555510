import fs from 'node:fs';
import path from 'node:path';
import { type } from 'arktype';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { hasRole, roleOf } from '../../core/roles.js';
import type { SessionUser } from '../../server/auth/tokens.js';
import { sendError } from '../../server/http/errors.js';
import { validate } from '../../server/http/validate.js';
import { cancelAndHide, iso, jobFolder, parseJson, type JobRow } from '../../server/jobs/store.js';

/**
 * Export jobs (Germinate's DataExportJobs): rows of the shared async_jobs table with kind 'export', their
 * results in DATA_DIR/async/<uuid>/. These calls list, remove and download them for the jobs panel of
 * Germinate's client, which polls `dataset/export/async` on every page (so does the shell's jobs panel).
 * The genotype and pedigree exports write such jobs; a job without a result zip downloads as a 404.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UuidRequest = type({ uuids: type('string <= 64').array().atMostLength(1000) });

/** What an export job keeps in job_config besides Germinate's ExportJobDetails. */
interface ExportJobConfig {
  datasetIds?: number[];
  resultSize?: number;
  [key: string]: unknown;
}

/** DataExportJobs as Germinate's client reads it, plus `progress`; absent values are left out, as Gson does. */
export function toDataExportJob(row: JobRow): Record<string, unknown> {
  const { datasetIds, resultSize, ...jobConfig } = parseJson<ExportJobConfig>(row.job_config, {});
  const job: Record<string, unknown> = {
    id: row.id,
    uuid: row.uuid,
    jobId: row.job_id ?? 'N/A',
    jobConfig,
    userId: row.user_id,
    status: row.status,
    visibility: row.visibility === 1,
    datatype: row.datatype,
    datasetIds: Array.isArray(datasetIds) ? datasetIds : [],
    resultSize: typeof resultSize === 'number' ? resultSize : null,
    // This server's addition, as on import jobs: how far a running job has come (0…1), for the jobs panel.
    progress: row.status === 'running' ? Number(row.progress) : null,
    createdOn: row.created_on,
    updatedOn: row.updated_on,
  };
  return Object.fromEntries(Object.entries(job).filter(([, value]) => value !== null && value !== undefined));
}

const isAdmin = (user: SessionUser | null): boolean => user !== null && hasRole(roleOf(user.userType), 'ADMIN');

function exportJob(app: FastifyInstance, uuid: string): Promise<JobRow | undefined> {
  if (!UUID.test(uuid)) return Promise.resolve(undefined);
  return app.database.db.selectFrom('async_jobs').selectAll().where('uuid', '=', uuid.toLowerCase()).where('kind', '=', 'export').executeTakeFirst();
}

/** The first zip of a job's folder (Germinate streams that one), or null. */
function resultZip(folder: string): string | null {
  try {
    const zip = fs.readdirSync(folder).sort().find((name) => name.toLowerCase().endsWith('.zip'));
    return zip ? path.join(folder, zip) : null;
  } catch {
    return null;
  }
}

export const exportJobRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  // A logged-in caller's own jobs plus the listed uuids of jobs started anonymously (the uuid is their only
  // key); an anonymous caller only those. Another user's job shows to its owner and administrators alone,
  // whoever knows its uuid. Newest first.
  app.post('/dataset/export/async', { config: { access: 'public' } }, async (request) => {
    const body = validate(UuidRequest, request.body ?? null);
    const uuids = body.uuids.filter((u) => UUID.test(u)).map((u) => u.toLowerCase());
    const userId = request.user?.id ?? null;
    const admin = isAdmin(request.user);
    if (userId === null && uuids.length === 0) return [];
    const rows = await db
      .selectFrom('async_jobs')
      .selectAll()
      .where('kind', '=', 'export')
      .where('visibility', '=', 1)
      .where((eb) => {
        const mine = userId === null ? [] : [eb('user_id', '=', userId)];
        const listed = uuids.length === 0 ? [] : [admin ? eb('uuid', 'in', uuids) : eb.and([eb('uuid', 'in', uuids), eb('user_id', 'is', null)])];
        return eb.or([...mine, ...listed]);
      })
      .orderBy('updated_on', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toDataExportJob);
  });

  // Logged-in callers remove their own jobs; anyone a job started anonymously whose uuid they know (the uuid
  // is its secret, as in Germinate), but not a user's job. A waiting or running job is cancelled; its
  // folder goes either way.
  app.delete<{ Params: { uuid: string } }>('/dataset/export/async/:uuid', { config: { access: 'public' } }, async (request, reply) => {
    const job = await exportJob(app, request.params.uuid);
    if (!job) return sendError(reply, 404, 'NOT_FOUND_ID', 'No such export job.');
    const owner = job.user_id === null ? !request.user : job.user_id === request.user?.id;
    if (!owner) return sendError(reply, 403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS', 'This is not your job.');
    const status = await cancelAndHide(db, job.id, app.clock.now());
    if (status === 'cancelled') await app.jobs?.cancel(job.id);
    fs.rmSync(jobFolder(app.config.dataDir, job.uuid), { recursive: true, force: true });
    return true;
  });

  // A plain link in the client (no Authorization header): the uuid is the secret. The job is hidden and its
  // folder removed once the file has been sent.
  app.get<{ Params: { uuid: string } }>('/dataset/export/async/:uuid/download', { config: { access: 'none' } }, async (request, reply) => {
    const job = await exportJob(app, request.params.uuid);
    const folder = job ? jobFolder(app.config.dataDir, job.uuid) : null;
    const zip = job && job.visibility === 1 && folder ? resultZip(folder) : null;
    if (!job || !folder || !zip) return sendError(reply, 404, 'NOT_FOUND_ID', 'No result to download for this job.');
    await db.updateTable('async_jobs').set({ visibility: 0, updated_on: iso(app.clock.now()) }).where('id', '=', job.id).execute();
    const stream = fs.createReadStream(zip);
    stream.on('close', () => fs.rmSync(folder, { recursive: true, force: true }));
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment;filename= "${path.basename(zip)}"`)
      .send(stream);
  });
};
