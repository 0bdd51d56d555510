import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { logDatasetAccess } from '../../../server/access/dataset-access-log.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import { appendJobLog, iso, jobFolder, LOG_FILE, parseJson } from '../../../server/jobs/store.js';
import { fileHeaders } from '../export/flapjack-writer.js';
import { someIds } from '../export/request.js';
import { chosenIds, germplasmMembers, markerChoice, type GenotypeDataset } from '../export/selection.js';
import { ZipOut } from '../export/zip-out.js';
import type { BinningConfig } from './binning.js';
import { runFrequencyExport, type FrequencyExportTask } from './export-task.js';
import { allelefreqFolder } from './frequency-file.js';
import type { AlleleFrequencyRequest } from './request.js';

/** How often a running export writes its heartbeat and progress, and looks whether it was cancelled. */
const HEARTBEAT_MS = 1000;

/** Date-time in file names, as Germinate writes it (yyyy-MM-dd-HH-mm-ss, UTC). */
const stamp = (ms: number) => iso(ms).slice(0, 19).replace(/[T:]/g, '-');

/** Each job's run until it has settled, by uuid (tests wait on it). */
const settling = new Map<string, Promise<void>>();

/** Resolves once the allele-frequency export job `uuid` of this process has settled (at once for any other uuid). */
export function allelefreqExportSettled(uuid: string): Promise<void> {
  return settling.get(uuid) ?? Promise.resolve();
}

interface JobRef {
  id: number;
  uuid: string;
  dataset: GenotypeDataset;
  binning: BinningConfig;
}

/**
 * The allele-frequency export jobs of one server: a row in async_jobs (kind export, datatype allelefreq),
 * created running with a heartbeat (a waiting row would be claimed by the import runner), its archive
 * written in this thread while timers beat, report progress and watch for a cancel (the row no longer
 * running). It runs here rather than in a worker: the file is read a chunk at a time, so other requests are
 * served between chunks, and the export is a few passes over text (no state table, no bit packing).
 */
export class AllelefreqExportJobs {
  /** Cancel flags of this server's running jobs, by job id. */
  private readonly cancels = new Map<number, { cancelled: boolean }>();
  private readonly active = new Set<Promise<void>>();
  private stopping = false;

  constructor(private readonly app: FastifyInstance) {}

  private get raw(): Kysely<unknown> {
    return this.app.database.db as unknown as Kysely<unknown>;
  }

  /** Creates the dataset's job and starts it after the answer; returns its uuid. */
  async start(dataset: GenotypeDataset, request: AlleleFrequencyRequest, binning: BinningConfig, user: SessionUser | null): Promise<string> {
    const uuid = crypto.randomUUID();
    const now = iso(this.app.clock.now());
    const config = {
      datasetIds: [dataset.id],
      xIds: someIds(request.xIds),
      xGroupIds: someIds(request.xGroupIds),
      yIds: someIds(request.yIds),
      yGroupIds: someIds(request.yGroupIds),
      subsetId: request.mapId ?? null,
      fileHeaders: fileHeaders(null),
      binningConfig: binning,
      exportParams: [],
    };
    const row = await this.app.database.db
      .insertInto('async_jobs')
      .values({
        uuid, kind: 'export', user_id: user?.id ?? null, datatype: 'allelefreq', run_type: 'CHECK', is_update: 0, dataset_state_id: 1,
        job_config: JSON.stringify(config), status: 'running', log_file: path.posix.join('async', uuid, LOG_FILE),
        // This process runs it: the job runner of another process leaves it alone while it beats.
        claimed_by: this.app.jobs?.id ?? null, heartbeat: now, started_on: now, created_on: now, updated_on: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const job: JobRef = { id: Number(row.id), uuid, dataset, binning };
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
    for (const flag of this.cancels.values()) flag.cancelled = true;
    await Promise.all([...this.active].map((p) => p.catch(() => undefined)));
  }

  private log(uuid: string, line: string): void {
    appendJobLog(this.app.config.dataDir, uuid, line, this.app.clock.now());
  }

  /** Whether an import of this process holds SQLite's one write lock (a write here would block this thread until it ends). */
  private async importWriting(): Promise<boolean> {
    const runner = this.app.jobs;
    if (this.app.database.dialect !== 'sqlite' || !runner) return false;
    const running = await this.app.database.db.selectFrom('async_jobs').select('id').where('kind', '=', 'import').where('status', '=', 'running').execute();
    return running.some((row) => runner.isWriting(row.id));
  }

  /** Heartbeat and progress; false when the row is no longer running (cancelled). */
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

  /** The job's final status if it is still running (a cancelled job stays so); false when it was not. */
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

  /** What the export needs, read from the database. */
  private async task(job: JobRef, request: AlleleFrequencyRequest, user: SessionUser | null, zipFile: string): Promise<FrequencyExportTask> {
    const { dataset } = job;
    if (!dataset.sourceFile) throw new Error(`Dataset ${dataset.id} has no allele frequency file.`);
    const sourceFile = path.join(allelefreqFolder(this.app.config.dataDir), path.basename(dataset.sourceFile));
    if (!fs.existsSync(sourceFile)) throw new Error(`The allele frequency file of dataset ${dataset.id} is missing.`);
    const germplasm = await germplasmMembers(this.raw, dataset.id, await chosenIds(this.raw, user, request.yIds, request.yGroupIds, 'germinatebase'));
    const xChosen = await chosenIds(this.raw, user, request.xIds, request.xGroupIds, 'markers');
    const choice = await markerChoice(this.raw, this.app.database.dialect, user, dataset.id, xChosen, request.mapId ?? null);
    if (choice.note) this.log(job.uuid, choice.note);
    // No setting holds the client's public address yet: the files get Germinate's header without links.
    return { sourceFile, zipFile, baseName: `dataset-${dataset.id}`, headerLines: fileHeaders(null), binning: job.binning, germplasm, markers: choice.markers, map: choice.map };
  }

  private async run(job: JobRef, request: AlleleFrequencyRequest, user: SessionUser | null): Promise<void> {
    const folder = jobFolder(this.app.config.dataDir, job.uuid);
    const zipFile = path.join(folder, `dataset-${job.dataset.id}-${stamp(this.app.clock.now())}.zip`);
    const began = Date.now();
    const flag = { cancelled: false };
    let timer: NodeJS.Timeout | null = null;
    try {
      fs.mkdirSync(folder, { recursive: true });
      this.log(job.uuid, `Exporting allele frequency dataset ${job.dataset.id} (${JSON.stringify(job.binning)})`);
      const task = await this.task(job, request, user, zipFile);
      if (this.stopping) throw new Error('The server stopped before the export began.');
      // Cancelled while its selection was read: nothing is written.
      if (!(await this.beat(job.id, 0))) {
        fs.rmSync(folder, { recursive: true, force: true });
        return;
      }
      this.cancels.set(job.id, flag);
      let progress = 0;
      timer = setInterval(() => {
        void this.beat(job.id, progress).then(
          (running) => running || (flag.cancelled = true),
          () => undefined,
        );
      }, HEARTBEAT_MS);
      timer.unref();
      const outcome = await runFrequencyExport(task, { cancelled: () => flag.cancelled, progress: (share) => (progress = share), log: (line) => this.log(job.uuid, line) });
      if (outcome.status === 'cancelled') {
        if (this.stopping) throw new Error('The server stopped during the export.');
        fs.rmSync(folder, { recursive: true, force: true });
        return;
      }
      const seconds = (Date.now() - began) / 1000;
      this.log(job.uuid, `Wrote ${outcome.germplasm} germplasm × ${outcome.markers} markers in ${outcome.bins} bins: ${outcome.textBytes} bytes of text in a ${outcome.zipBytes}-byte zip, in ${seconds.toFixed(1)} s`);
      if (await this.finish(job.id, 'completed', { resultSize: outcome.zipBytes })) {
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
      this.cancels.delete(job.id);
    }
  }
}
