import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { type } from 'arktype';
import { strToU8, zipSync } from 'fflate';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { roleOf } from '../../core/roles.js';
import { datasetOrNoneVisibleSql } from '../access/datasets.js';
import { HttpError, sendError } from '../http/errors.js';
import { hasNul, malformedFormError, NUL_MESSAGE, validate } from '../http/validate.js';
import type { ServerPlugin } from '../plugin.js';
import { TableQuery } from '../table/engine.js';
import { restrictedPage } from '../table/routes.js';
import type { TableView } from '../table/view.js';
import {
  cancelAndHide,
  createImportJob,
  findJob,
  jobFolder,
  listJobs,
  LOG_FILE,
  parseJson,
  resubmitForImport,
  toDataImportJob,
  type JobRow,
} from '../jobs/store.js';
import type { ImportIssue } from '../import/importer.js';
import '../jobs/runner.js';

/** Blank templates (demo/templates, Germinate's own) by import type; types without one answer 404. */
export const BLANK_TEMPLATES: Record<string, string> = {
  mcpd: 'germplasm-mcpd.xlsx',
  groups: 'groups.xlsx',
  pedigree: 'pedigree-data.xlsx',
  trial: 'trials-data.xlsx',
  climate: 'environmental-data.xlsx',
  images: 'images.xlsx',
  geotiff: 'trials-geotiff.xlsx',
  genotype: 'genotypes.xlsx',
  // Allele frequencies take the genotype workbook's layout, frequencies in DATA.
  allelefreq: 'genotypes.xlsx',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORIENTATIONS = ['GENOTYPE_GERMPLASM_BY_MARKER', 'GENOTYPE_MARKER_BY_GERMPLASM'];
const UuidRequest = type({ uuids: 'string[]' });

const UploadQuery = type({
  type: 'string',
  'update?': "'true' | 'false' | ''",
  'dataOrientation?': 'string',
  // Genotype and allele-frequency files: create the germplasm they name but the database lacks.
  'createGermplasm?': "'true' | 'false' | ''",
  'datasetId?': 'string',
  'datasetStateId?': 'string',
});

function optionalInteger(value: string | undefined, name: string): number | null {
  if (value === undefined || value === '' || value === 'null') return null;
  if (!/^\d{1,9}$/.test(value)) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', `${name} must be a whole number`);
  return Number(value);
}

/** Germinate's ViewTableImportJobs: imported, completed jobs with their statistics. */
function importJobsView(): TableView {
  const c = (expression: string, t: TableView['columns'][string]['type']) => ({ sql: sql.raw(expression), type: t });
  return {
    name: 'import-jobs',
    from: sql.raw('async_jobs j'),
    where: sql.raw(`j.kind = 'import' AND j.status = 'completed' AND j.imported = 1`),
    columns: {
      id: c('j.id', 'integer'),
      isUpdate: c('j.is_update', 'boolean'),
      datasetstateId: c('j.dataset_state_id', 'integer'),
      datatype: c('j.datatype', 'string'),
      status: c('j.status', 'string'),
      stats: c('j.stats', 'json'),
      createdOn: c('j.created_on', 'date'),
    },
    idColumn: 'id',
    defaultDescending: true,
  };
}

/**
 * A visible import job that the caller may act on: their own, or any for an administrator. Knowing a job's
 * uuid is no permission (other curators' uuids show in logs and links).
 */
async function requireOwnJob(app: FastifyInstance, request: FastifyRequest, uuid: string): Promise<JobRow> {
  const job = UUID.test(uuid) ? await findJob(app.database.db, uuid.toLowerCase()) : undefined;
  if (!job || job.visibility !== 1) throw new HttpError(404, 'NOT_FOUND_ID', 'No such import job.');
  const user = request.user;
  if (!user || (job.user_id !== user.id && roleOf(user.userType) !== 'ADMIN')) {
    throw new HttpError(403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS', 'This is not your job.');
  }
  return job;
}

/** Streams the `fileToUpload` part to the job's folder; other parts are drained. Returns the original name. */
async function receiveUpload(request: FastifyRequest, folder: string, uuid: string): Promise<{ originalName: string; dataFilename: string } | null> {
  let received: { originalName: string; dataFilename: string } | null = null;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'fileToUpload' || received) {
      part.file.resume();
      continue;
    }
    // The name is stored with the job: NUL has no place in it (and PostgreSQL cannot hold it).
    if (hasNul(part.filename ?? '')) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', NUL_MESSAGE);
    const originalName = path.basename(part.filename || 'upload');
    const extension = path.extname(originalName).toLowerCase().replace(/[^.a-z0-9]/g, '');
    const dataFilename = `${uuid}${extension}`;
    fs.mkdirSync(folder, { recursive: true });
    await pipeline(part.file, fs.createWriteStream(path.join(folder, dataFilename)));
    if (part.file.truncated) throw new HttpError(413, 'PAYLOAD_TOO_LARGE');
    received = { originalName, dataFilename };
  }
  return received;
}

function uploadError(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || (error instanceof HttpError && error.statusCode === 413)) {
    return new HttpError(413, 'PAYLOAD_TOO_LARGE', `The file is larger than the limit of ${maxBytes} bytes.`);
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') return new HttpError(413, 'PAYLOAD_TOO_LARGE', 'Too many form parts.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'The file must be sent as multipart/form-data.');
  return malformedFormError(error);
}

/** Import jobs (Germinate's ImportJobResource, ImportJobUploadResource, ImportJobStatsResource). */
export function importJobRoutes(plugins: ServerPlugin[], templatesDir: string): FastifyPluginAsync {
  return async (app) => {
    const maxBytes = app.config.maxUploadBytes;
    await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, parts: 10, fields: 8, fieldSize: 1024, headerPairs: 100 } });
    const db = app.database.db;
    const types = new Set(plugins.flatMap((p) => p.importers ?? []).map((i) => i.type));
    const statsQuery = new TableQuery(importJobsView(), app.database.dialect);

    app.post('/import/template/file', { config: { access: 'DATA_CURATOR' } }, async (request, reply) => {
      const query = validate(UploadQuery, request.query ?? {});
      if (!types.has(query.type)) {
        return sendError(reply, 400, 'BAD_REQUEST_INVALID_PAYLOAD', `Unknown template type "${query.type}"; known: ${[...types].join(', ')}`);
      }
      if ((await app.settings.read()).dataImportMode === 'NONE') return sendError(reply, 503, 'UNAVAILABLE_IMPORT', 'Data import is disabled.');
      const dataOrientation = query.dataOrientation || null;
      if (dataOrientation !== null && !ORIENTATIONS.includes(dataOrientation)) {
        return sendError(reply, 400, 'BAD_REQUEST_INVALID_PAYLOAD', `dataOrientation must be one of ${ORIENTATIONS.join(', ')}`);
      }
      const targetDatasetId = optionalInteger(query.datasetId, 'datasetId');
      const datasetStateId = optionalInteger(query.datasetStateId, 'datasetStateId') ?? 1;
      if (![1, 2, 3].includes(datasetStateId)) return sendError(reply, 400, 'BAD_REQUEST_INVALID_PAYLOAD', 'datasetStateId must be 1, 2 or 3');

      const uuid = randomUUID();
      const folder = jobFolder(app.config.dataDir, uuid);
      let upload;
      try {
        upload = await receiveUpload(request, folder, uuid);
      } catch (error) {
        fs.rmSync(folder, { recursive: true, force: true });
        throw uploadError(error, maxBytes);
      }
      if (!upload) {
        fs.rmSync(folder, { recursive: true, force: true });
        return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', 'The form has no file "fileToUpload".');
      }
      await createImportJob(
        db,
        {
          uuid,
          userId: request.user?.id ?? null,
          datatype: query.type,
          originalFilename: upload.originalName,
          dataFilename: upload.dataFilename,
          isUpdate: query.update === 'true',
          datasetStateId,
          targetDatasetId,
          dataOrientation,
          createGermplasm: query.createGermplasm === 'true',
        },
        app.clock.now(),
      );
      app.jobs?.kick();
      return [{ status: 'waiting', uuid }];
    });

    app.post('/import/template', { config: { access: 'public' } }, async (request) => {
      const body = validate(UuidRequest, request.body ?? null);
      const uuids = body.uuids.filter((u) => UUID.test(u)).map((u) => u.toLowerCase());
      const rows = await listJobs(db, request.user?.id ?? null, uuids);
      return rows.map((row) => toDataImportJob(row, app.jobs?.liveProgress(row.id)));
    });

    app.get<{ Params: { uuid: string } }>('/import/template/:uuid/import', { config: { access: 'DATA_CURATOR' } }, async (request, reply) => {
      if ((await app.settings.read()).dataImportMode !== 'IMPORT') return sendError(reply, 503, 'UNAVAILABLE_IMPORT', 'Imports are disabled (verify only).');
      const job = await requireOwnJob(app, request, request.params.uuid);
      const errors = parseJson<ImportIssue[]>(job.feedback, []).filter((i) => i.type === 'ERROR').length;
      // Any number of warnings is fine (Germinate allows one at most); a single error is not.
      if (job.status !== 'completed' || job.imported === 1 || errors > 0 || !(await resubmitForImport(db, job.id, app.clock.now()))) {
        return sendError(reply, 404, 'NOT_FOUND_ID', 'Only a checked job without errors that was not imported yet can be imported.');
      }
      app.jobs?.kick();
      return [{ status: 'waiting', uuid: job.uuid }];
    });

    app.get<{ Params: { uuid: string } }>('/import/template/:uuid/log', { config: { access: 'DATA_CURATOR' } }, async (request, reply) => {
      const job = await requireOwnJob(app, request, request.params.uuid);
      let text: Uint8Array;
      try {
        text = fs.readFileSync(path.join(jobFolder(app.config.dataDir, job.uuid), LOG_FILE));
      } catch {
        return sendError(reply, 404, 'NOT_FOUND_ID', 'This job has no log.');
      }
      const stamp = new Date(app.clock.now()).toISOString().replace(/[:.]/g, '-');
      const zip = zipSync({ [`${job.uuid}.log`]: text, 'README.txt': strToU8(`Log of import job ${job.uuid} (${job.datatype}, ${job.original_filename ?? ''}).\n`) });
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment;filename= "log-${job.uuid}-${stamp}.zip"`)
        .send(Buffer.from(zip));
    });

    app.delete<{ Params: { uuid: string } }>('/import/template/:uuid', { config: { access: 'DATA_CURATOR' } }, async (request) => {
      const job = await requireOwnJob(app, request, request.params.uuid);
      const status = await cancelAndHide(db, job.id, app.clock.now());
      // The worker stops here if this process runs it; another process's runner sees the status on its next beat.
      if (status === 'cancelled') await app.jobs?.cancel(job.id);
      // A worker stopping at this moment may still write its log into the folder: removal is retried then.
      fs.rmSync(jobFolder(app.config.dataDir, job.uuid), { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
      return true;
    });

    app.post('/import/stats', { config: { access: 'public' } }, async (request) => {
      const visible = datasetOrNoneVisibleSql(sql`j.result_dataset_id`, request.user);
      return restrictedPage(app, statsQuery, request, visible);
    });

    app.get<{ Params: { type: string } }>('/import/template/:type/blank', { config: { access: 'public' } }, async (request, reply) => {
      const file = Object.hasOwn(BLANK_TEMPLATES, request.params.type) ? BLANK_TEMPLATES[request.params.type] : undefined;
      if (!file || !fs.existsSync(path.join(templatesDir, file))) return sendError(reply, 404, 'NOT_FOUND_ID', 'No blank template for this type.');
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment;filename= "${file}"`)
        .send(fs.createReadStream(path.join(templatesDir, file)));
    });
  };
}

