import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { logDatasetAccess } from '../../../server/access/dataset-access-log.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { DialectName } from '../../../server/db/database.js';
import { appendJobLog, createExportJob, iso, jobFolder, parseJson } from '../../../server/jobs/store.js';
import type { MapColumns } from './map-file.js';
import { fileHeaders } from './flapjack-writer.js';
import { startExport, type ExportRun } from './export-thread.js';
import type { CompletedExport, ExportDatatype, ExportTasks } from './export-work.js';
import { someIds, type GenotypeExportRequest } from './request.js';
import type { GermplasmMembers } from './subset.js';
import { chosenIds, germplasmMembers, markerChoice, type GenotypeDataset } from './selection.js';
import { ZipOut } from './zip-out.js';

/** How often a running export writes its heartbeat and progress, and looks whether it was cancelled. */
const HEARTBEAT_MS = 1000;

/** Date-time in file names, as Germinate writes it (yyyy-MM-dd-HH-mm-ss, UTC). */
const stamp = (ms: number) => iso(ms).slice(0, 19).replace(/[T:]/g, '-');

/** Each export job's run until it has settled (completed, failed or cancelled), by uuid. */
const settling = new Map<string, Promise<void>>();

/** Resolves once the export job `uuid` of this process has settled (at once for any other uuid). */
export function exportSettled(uuid: string): Promise<void> {
  return settling.get(uuid) ?? Promise.resolve();
}

/** The part of a request every export reads: the markers, the germplasm and the map. */
export type SelectionRequest = Pick<GenotypeExportRequest, 'xIds' | 'xGroupIds' | 'yIds' | 'yGroupIds' | 'mapId'>;

/** What every export task holds, read from the database in the server's thread. */
export interface CommonTask {
  /** The dataset's stored file (genotype matrix or frequency text). */
  file: string;
  zipFile: string;
  baseName: string;
  headerLines: string;
  germplasm: GermplasmMembers;
  markers: string[] | null;
  map: MapColumns | null;
}

/** What a job kind may read while it builds its task in the server's thread. */
export interface TaskContext {
  db: Kysely<unknown>;
  dialect: DialectName;
  /** A line in the job's log. */
  log(line: string): void;
}

/** What sets one datatype's export jobs apart: their job_config entries, their file, their task, their log. */
export interface ExportJobKind<D extends ExportDatatype, R extends SelectionRequest> {
  datatype: D;
  /** This datatype's job_config entries, besides the selection's. */
  config(request: R): Record<string, unknown>;
  /** What its files are called in messages: `genotype`, `allele frequency`. */
  what: string;
  /** The request's options, as the job log's first line gives them. */
  describe(request: R): string;
  /** Where the dataset's stored file (datasets.source_file) is under DATA_DIR. */
  storedFile(dataDir: string, sourceFile: string): string;
  task(common: CommonTask, request: R, context: TaskContext): ExportTasks[D]['task'] | Promise<ExportTasks[D]['task']>;
  /** What a completed export wrote (`G germplasm × M markers`, and so on). */
  wrote(outcome: CompletedExport<D>): string;
}

interface JobRef {
  id: number;
  uuid: string;
  dataset: GenotypeDataset;
}

/**
 * The export jobs of one datatype on one server: a row in async_jobs (kind export) per dataset, created
 * running with a heartbeat (a waiting row would be claimed by the import runner), its archive written by a
 * worker thread into the job's folder while this thread beats, reports progress and watches for a cancel
 * (the row no longer running).
 */
export class ExportJobs<D extends ExportDatatype, R extends SelectionRequest> {
  private readonly runs = new Map<number, ExportRun<D>>();
  /** This server's jobs until they settle. */
  private readonly active = new Set<Promise<void>>();
  private stopping = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly kind: ExportJobKind<D, R>,
  ) {}

  private get raw(): Kysely<unknown> {
    return this.app.database.db as unknown as Kysely<unknown>;
  }

  /** Creates the job of one dataset and starts it after the answer; returns its uuid. */
  async start(dataset: GenotypeDataset, request: R, user: SessionUser | null): Promise<string> {
    const uuid = crypto.randomUUID();
    const config = {
      datasetIds: [dataset.id],
      xIds: someIds(request.xIds),
      xGroupIds: someIds(request.xGroupIds),
      yIds: someIds(request.yIds),
      yGroupIds: someIds(request.yGroupIds),
      ...this.kind.config(request),
      subsetId: request.mapId ?? null,
      fileHeaders: fileHeaders(null),
      exportParams: [],
    };
    const jobId = await createExportJob(this.app.database.db, { uuid, userId: user?.id ?? null, datatype: this.kind.datatype, config, logged: true, claimedBy: this.app.jobs?.id ?? null }, this.app.clock.now());
    const job = { id: jobId, uuid, dataset };
    let begin!: () => void;
    const started = new Promise<void>((resolve) => (begin = resolve));
    const run: Promise<void> = started.then(() => this.run(job, request, user)).finally(() => {
      settling.delete(uuid);
      this.active.delete(run);
    });
    settling.set(uuid, run);
    this.active.add(run);
    // Germinate answers "waiting" for a job just submitted; the work starts after this answer.
    setImmediate(begin);
    return uuid;
  }

  /** Ends every running export (the server is stopping): their jobs fail, their partial archives go. */
  async stop(): Promise<void> {
    this.stopping = true;
    const runs = [...this.runs.values()];
    await Promise.all(runs.map((run) => run.terminate().catch(() => undefined)));
    await Promise.all([...this.active].map((p) => p.catch(() => undefined)));
  }

  private log(uuid: string, line: string): void {
    appendJobLog(this.app.config.dataDir, uuid, line, this.app.clock.now());
  }

  /**
   * Whether an import of this process is in its write transaction on SQLite: that holds the one write lock,
   * and a write here would block the event loop until it ends (the driver is synchronous).
   */
  private async importWriting(): Promise<boolean> {
    const runner = this.app.jobs;
    if (this.app.database.dialect !== 'sqlite' || !runner) return false;
    const running = await this.app.database.db.selectFrom('async_jobs').select('id').where('kind', '=', 'import').where('status', '=', 'running').execute();
    return running.some((row) => runner.isWriting(row.id));
  }

  /**
   * Heartbeat and progress of a running job; false when the row is no longer running (cancelled). The
   * status is read every time; the write waits while an import writes on SQLite (a missed beat or two is
   * far within the stale-job limit).
   */
  private async beat(id: number, progress: number): Promise<boolean> {
    const row = await this.app.database.db.selectFrom('async_jobs').select('status').where('id', '=', id).executeTakeFirst();
    if (row?.status !== 'running') return false;
    if (await this.importWriting()) return true;
    const result = await this.app.database.db
      .updateTable('async_jobs')
      .set({ heartbeat: iso(this.app.clock.now()), progress })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The job's final status, if it is still running (a cancelled job stays so); false when it was not. */
  private async finish(id: number, status: 'completed' | 'failed', config: Record<string, unknown>): Promise<boolean> {
    const now = iso(this.app.clock.now());
    const row = await this.app.database.db.selectFrom('async_jobs').select(['job_config', 'status']).where('id', '=', id).executeTakeFirst();
    if (!row || row.status !== 'running') return false;
    const merged = { ...parseJson<Record<string, unknown>>(row.job_config, {}), ...config };
    const result = await this.app.database.db
      .updateTable('async_jobs')
      .set({ status, job_config: JSON.stringify(merged), ...(status === 'completed' ? { progress: 1 } : {}), finished_on: now, updated_on: now })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** What the worker needs, read from the database in this thread. */
  private async task(job: JobRef, request: R, user: SessionUser | null, zipFile: string): Promise<ExportTasks[D]['task']> {
    const { dataset } = job;
    const { what } = this.kind;
    if (!dataset.sourceFile) throw new Error(`Dataset ${dataset.id} has no ${what} file.`);
    const file = this.kind.storedFile(this.app.config.dataDir, dataset.sourceFile);
    if (!fs.existsSync(file)) throw new Error(`The ${what} file of dataset ${dataset.id} is missing.`);
    const germplasm = await germplasmMembers(this.raw, dataset.id, await chosenIds(this.raw, user, request.yIds, request.yGroupIds, 'germinatebase'));
    const xChosen = await chosenIds(this.raw, user, request.xIds, request.xGroupIds, 'markers');
    const choice = await markerChoice(this.raw, this.app.database.dialect, user, dataset.id, xChosen, request.mapId ?? null);
    if (choice.note) this.log(job.uuid, choice.note);
    // No setting holds the client's public address yet: the files get Germinate's header without links.
    const common = { file, zipFile, baseName: `dataset-${dataset.id}`, headerLines: fileHeaders(null), germplasm, markers: choice.markers, map: choice.map };
    return await this.kind.task(common, request, { db: this.raw, dialect: this.app.database.dialect, log: (line) => this.log(job.uuid, line) });
  }

  private async run(job: JobRef, request: R, user: SessionUser | null): Promise<void> {
    const folder = jobFolder(this.app.config.dataDir, job.uuid);
    const zipFile = path.join(folder, `dataset-${job.dataset.id}-${stamp(this.app.clock.now())}.zip`);
    const began = Date.now();
    let timer: NodeJS.Timeout | null = null;
    try {
      fs.mkdirSync(folder, { recursive: true });
      this.log(job.uuid, `Exporting ${this.kind.what} dataset ${job.dataset.id} (${this.kind.describe(request)})`);
      const task = await this.task(job, request, user, zipFile);
      if (this.stopping) throw new Error('The server stopped before the export began.');
      // Cancelled while its selection was read: no worker is started.
      if (!(await this.beat(job.id, 0))) {
        fs.rmSync(folder, { recursive: true, force: true });
        return;
      }
      let progress = 0;
      const run = startExport({ datatype: this.kind.datatype, task }, {
        progress: (share) => (progress = share),
        log: (line) => this.log(job.uuid, line),
      });
      this.runs.set(job.id, run);
      timer = setInterval(() => {
        void this.beat(job.id, progress).then(
          (running) => running || run.cancel(),
          () => undefined,
        );
      }, HEARTBEAT_MS);
      timer.unref();
      const outcome = await run.outcome;
      if (outcome.status === 'cancelled') {
        if (this.stopping) throw new Error('The server stopped during the export.');
        fs.rmSync(folder, { recursive: true, force: true });
        return;
      }
      const seconds = (Date.now() - began) / 1000;
      // Not cancelled, so completed: TypeScript does not narrow a union that depends on D.
      const completed = outcome as CompletedExport<D>;
      this.log(job.uuid, `Wrote ${this.kind.wrote(completed)}: ${completed.textBytes} bytes of text in a ${completed.zipBytes}-byte zip, in ${seconds.toFixed(1)} s`);
      if (await this.finish(job.id, 'completed', { resultSize: completed.zipBytes })) {
        await logDatasetAccess(this.raw, user, [job.dataset.id], this.app.clock.now());
      } else {
        // Cancelled as it finished: nothing is kept.
        fs.rmSync(folder, { recursive: true, force: true });
      }
    } catch (error) {
      this.log(job.uuid, `FAILED: ${error instanceof Error ? error.message : String(error)}`);
      fs.rmSync(ZipOut.partialOf(zipFile), { force: true });
      // A job cancelled meanwhile stays cancelled, and keeps nothing (not even its log).
      if (!(await this.finish(job.id, 'failed', {}).catch(() => true))) fs.rmSync(folder, { recursive: true, force: true });
    } finally {
      if (timer) clearInterval(timer);
      this.runs.delete(job.id);
    }
  }
}
