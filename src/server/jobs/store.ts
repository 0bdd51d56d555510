import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import type { AsyncJobsTable, CoreTables, JobRunType, JobStatus } from '../db/tables.js';
import type { ImportIssue, ImportStats } from '../import/importer.js';

export type JobRow = Selectable<AsyncJobsTable>;

/** Germinate's DataImportJobs (docs/germinate-api.md) plus our `progress` and the issues' sheet/column/value. */
export interface DataImportJob {
  id: number;
  uuid: string;
  jobId: string | null;
  jobConfig: { dataFilename: string | null; runType: JobRunType; targetDatasetId: number | null; dataOrientation: string | null; createGermplasm: boolean };
  userId: number | null;
  originalFilename: string | null;
  isUpdate: boolean;
  datasetstateId: number;
  datatype: string;
  status: JobStatus;
  imported: boolean;
  visibility: boolean;
  feedback: ImportIssue[];
  stats: ImportStats | null;
  progress: number;
  createdOn: string;
  updatedOn: string;
}

export const iso = (ms: number) => new Date(ms).toISOString();

/** DATA_DIR/async/<uuid>/: the upload, the log, later an export's result. */
export function jobFolder(dataDir: string, uuid: string): string {
  return path.join(dataDir, 'async', uuid);
}

export const LOG_FILE = 'job.log';

/** Appends to a job's log; the folder may be gone (expired, deleted): the log is best effort then. */
export function appendJobLog(dataDir: string, uuid: string, line: string, now: number): void {
  try {
    fs.appendFileSync(path.join(jobFolder(dataDir, uuid), LOG_FILE), `${iso(now)} ${line}\n`);
  } catch {
    // nothing to keep the line in
  }
}

export function parseJson<T>(text: string | null | unknown, fallback: T): T {
  if (text === null || text === undefined) return fallback;
  if (typeof text !== 'string') return text as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function toDataImportJob(row: JobRow, liveProgress?: number): DataImportJob {
  return {
    id: row.id,
    uuid: row.uuid,
    jobId: row.job_id,
    jobConfig: {
      dataFilename: row.data_filename,
      runType: row.run_type,
      targetDatasetId: row.target_dataset_id,
      dataOrientation: row.data_orientation,
      createGermplasm: row.create_germplasm === 1,
    },
    userId: row.user_id,
    originalFilename: row.original_filename,
    isUpdate: row.is_update === 1,
    datasetstateId: row.dataset_state_id,
    datatype: row.datatype,
    status: row.status,
    imported: row.imported === 1,
    visibility: row.visibility === 1,
    feedback: parseJson<ImportIssue[]>(row.feedback, []),
    stats: parseJson<ImportStats | null>(row.stats, null),
    progress: row.status === 'completed' ? 1 : (liveProgress ?? Number(row.progress)),
    createdOn: row.created_on,
    updatedOn: row.updated_on,
  };
}

export interface NewImportJob {
  uuid: string;
  userId: number | null;
  datatype: string;
  originalFilename: string;
  dataFilename: string;
  isUpdate: boolean;
  datasetStateId: number;
  targetDatasetId: number | null;
  dataOrientation: string | null;
  /** Genotype and allele-frequency files: create the germplasm they name but the database lacks (default no). */
  createGermplasm?: boolean;
}

export async function createImportJob(db: Kysely<CoreTables>, job: NewImportJob, now: number): Promise<void> {
  await db
    .insertInto('async_jobs')
    .values({
      uuid: job.uuid,
      kind: 'import',
      user_id: job.userId,
      datatype: job.datatype,
      original_filename: job.originalFilename,
      data_filename: job.dataFilename,
      run_type: 'CHECK',
      is_update: job.isUpdate ? 1 : 0,
      dataset_state_id: job.datasetStateId,
      target_dataset_id: job.targetDatasetId,
      data_orientation: job.dataOrientation,
      create_germplasm: job.createGermplasm === true ? 1 : 0,
      status: 'waiting',
      log_file: path.posix.join('async', job.uuid, LOG_FILE),
      created_on: iso(now),
      updated_on: iso(now),
    })
    .execute();
}

export interface NewExportJob {
  uuid: string;
  userId: number | null;
  datatype: string;
  /** What the job exports (Germinate's jobConfig: dataset ids, item ids…). */
  config: unknown;
  /** The process that runs it (its job runner's id), so another process's runner leaves it alone. */
  claimedBy?: string | null;
  /** Whether it keeps a log file in its folder. */
  logged?: boolean;
}

/**
 * An export this process runs itself, right after answering: created running (never waiting, which the
 * import runner would claim). Returns its row id.
 */
export async function createExportJob(db: Kysely<CoreTables>, job: NewExportJob, now: number): Promise<number> {
  const row = await db
    .insertInto('async_jobs')
    .values({
      uuid: job.uuid,
      kind: 'export',
      user_id: job.userId,
      datatype: job.datatype,
      run_type: 'CHECK',
      is_update: 0,
      dataset_state_id: 1,
      job_config: JSON.stringify(job.config),
      status: 'running',
      log_file: job.logged ? path.posix.join('async', job.uuid, LOG_FILE) : null,
      claimed_by: job.claimedBy ?? null,
      heartbeat: iso(now),
      started_on: iso(now),
      created_on: iso(now),
      updated_on: iso(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findJob(db: Kysely<CoreTables>, uuid: string): Promise<JobRow | undefined> {
  return db.selectFrom('async_jobs').selectAll().where('uuid', '=', uuid).where('kind', '=', 'import').executeTakeFirst();
}

/** Visible import jobs, newest first: a logged-in caller's own; an anonymous caller's listed uuids. */
export async function listJobs(db: Kysely<CoreTables>, userId: number | null, uuids: readonly string[]): Promise<JobRow[]> {
  let query = db.selectFrom('async_jobs').selectAll().where('kind', '=', 'import').where('visibility', '=', 1);
  if (userId !== null) query = query.where('user_id', '=', userId);
  else if (uuids.length === 0) return [];
  else query = query.where('uuid', 'in', [...uuids]).where('user_id', 'is', null);
  return query.orderBy('updated_on', 'desc').orderBy('id', 'desc').execute();
}

/**
 * Claims the oldest waiting job for this runner. PostgreSQL: SELECT … FOR UPDATE SKIP LOCKED inside a
 * transaction, so concurrent runners (other server processes) each get a different job or none. SQLite has
 * one writer at a time: the UPDATE … WHERE status = 'waiting' is atomic, and losing a race just tries again.
 */
export async function claimNextJob(database: Database, runnerId: string, now: number): Promise<JobRow | null> {
  // jobId (shown to clients) names the run, not the host: the runner's random part and the job's id.
  const jobId = (id: number) => `${runnerId.split(':').pop()}-${id}`;
  const set = { status: 'running' as const, claimed_by: runnerId, heartbeat: iso(now), started_on: iso(now), updated_on: iso(now), progress: 0 };
  if (database.dialect === 'postgres') {
    return database.db.transaction().execute(async (trx) => {
      const next = await sql<{ id: number }>`SELECT id FROM async_jobs WHERE status = 'waiting' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`.execute(trx);
      const id = next.rows[0]?.id;
      if (id === undefined) return null;
      return (await trx.updateTable('async_jobs').set({ ...set, job_id: jobId(id) }).where('id', '=', id).returningAll().executeTakeFirst()) ?? null;
    });
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const next = await database.db.selectFrom('async_jobs').select('id').where('status', '=', 'waiting').orderBy('id').limit(1).executeTakeFirst();
    if (!next) return null;
    const claimed = await database.db
      .updateTable('async_jobs')
      .set({ ...set, job_id: jobId(next.id) })
      .where('id', '=', next.id)
      .where('status', '=', 'waiting')
      .returningAll()
      .executeTakeFirst();
    if (claimed) return claimed;
  }
  return null;
}

/** Hands a job this runner claimed but did not start back to the queue. */
export async function releaseJob(db: Kysely<CoreTables>, id: number, runnerId: string, now: number): Promise<void> {
  await db
    .updateTable('async_jobs')
    .set({ status: 'waiting', claimed_by: null, heartbeat: null, started_on: null, updated_on: iso(now) })
    .where('id', '=', id)
    .where('claimed_by', '=', runnerId)
    .where('status', '=', 'running')
    .execute();
}

/** What a finished run leaves on its row; only a job still running for this runner is changed. */
export interface JobOutcome {
  status: 'completed' | 'failed';
  feedback: ImportIssue[];
  stats: ImportStats | null;
}

export async function finishJob(db: Kysely<CoreTables>, id: number, runnerId: string, outcome: JobOutcome, now: number): Promise<boolean> {
  const datasetId = outcome.stats?.datasetId;
  const result = await db
    .updateTable('async_jobs')
    .set({
      status: outcome.status,
      feedback: JSON.stringify(outcome.feedback),
      stats: outcome.stats ? JSON.stringify(outcome.stats) : null,
      result_dataset_id: typeof datasetId === 'number' ? datasetId : null,
      progress: outcome.status === 'completed' ? 1 : 0,
      finished_on: iso(now),
      updated_on: iso(now),
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('claimed_by', '=', runnerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A running job whose worker died or threw: failed, nothing written (its transaction never committed). */
export async function failRunningJob(db: Kysely<CoreTables>, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('async_jobs')
    .set({ status: 'failed', finished_on: iso(now), updated_on: iso(now) })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setProgress(db: Kysely<CoreTables>, id: number, runnerId: string, progress: number | null, now: number): Promise<void> {
  await db
    .updateTable('async_jobs')
    .set(progress === null ? { heartbeat: iso(now) } : { heartbeat: iso(now), progress })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('claimed_by', '=', runnerId)
    .execute();
}

/** Status of jobs this runner runs, to notice a cancel made by another server process. */
export async function statusesOf(db: Kysely<CoreTables>, ids: number[]): Promise<Map<number, JobStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('async_jobs').select(['id', 'status']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** DELETE: a waiting or running job becomes cancelled; every job is hidden. */
export async function cancelAndHide(db: Kysely<CoreTables>, id: number, now: number): Promise<JobStatus | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('async_jobs').select('status').where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const cancel = row.status === 'waiting' || row.status === 'running';
    await trx
      .updateTable('async_jobs')
      .set({ visibility: 0, updated_on: iso(now), ...(cancel ? { status: 'cancelled' as const, finished_on: iso(now) } : {}) })
      .where('id', '=', id)
      .execute();
    return cancel ? 'cancelled' : row.status;
  });
}

/**
 * A checked job goes back to the queue as an IMPORT run (Germinate's resubmit). Conditional, so that two
 * clicks import once: completed, not imported yet, no ERROR in its feedback (checked by the caller).
 */
export async function resubmitForImport(db: Kysely<CoreTables>, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('async_jobs')
    .set({ run_type: 'IMPORT', status: 'waiting', imported: 1, progress: 0, claimed_by: null, heartbeat: null, finished_on: null, updated_on: iso(now) })
    .where('id', '=', id)
    .where('status', '=', 'completed')
    .where('imported', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Running jobs whose runner stopped saying it is alive (a crash, a killed server): failed, with a log line.
 * Nothing they wrote remains: an import writes in one transaction, which died with its process.
 */
export async function failStaleJobs(
  database: Database,
  options: { now: number; staleMs: number; exceptRunner: string | null; deadRunners?: readonly string[]; dataDir: string },
): Promise<string[]> {
  const cutoff = iso(options.now - options.staleMs);
  let query = database.db.selectFrom('async_jobs').select(['id', 'uuid', 'claimed_by', 'heartbeat']).where('status', '=', 'running');
  if (options.exceptRunner) query = query.where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claimed_by', '!=', options.exceptRunner)]));
  const candidates = await query.execute();
  const dead = new Set(options.deadRunners ?? []);
  const failed: string[] = [];
  for (const job of candidates) {
    const stale = job.heartbeat === null || job.heartbeat < cutoff || (job.claimed_by !== null && dead.has(job.claimed_by));
    if (!stale) continue;
    if (await failRunningJob(database.db, job.id, options.now)) {
      failed.push(job.uuid);
      appendJobLog(
        options.dataDir,
        job.uuid,
        `FAILED: the server running this job (${job.claimed_by ?? 'unknown'}) stopped during it (last sign of life ${job.heartbeat ?? 'never'}). Nothing was written.`,
        options.now,
      );
    }
  }
  return failed;
}
