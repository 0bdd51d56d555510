import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { randomBytes } from 'node:crypto';
import type { Database, DatabaseOptions } from '../db/database.js';
import type { Clock } from '../fastify-types.js';
import { appendJobLog, claimNextJob, releaseJob, failRunningJob, failStaleJobs, setProgress, statusesOf, type JobRow } from './store.js';
import type { WorkerInput, WorkerMessage, WorkerRequest } from './worker.js';
import { startThread, workerEntry } from '../worker-entry.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job runner; null when the app runs without one (jobs then wait for another process). */
    jobs: JobRunner | null;
  }
}

export interface RunnerOptions {
  database: Database;
  /** How a worker opens its own connection (the same database as `database`). */
  connection: DatabaseOptions;
  dataDir: string;
  maxBytes: number;
  /** Heap limit of each worker thread (MB); an import that needs more fails. Default: V8's own. */
  maxMemoryMb?: number;
  clock: Clock;
  log(message: string): void;
  /** Looks for waiting jobs this often (a new job also wakes the runner at once). */
  pollMs?: number;
  /** Writes the heartbeat (and progress) of running jobs this often. */
  heartbeatMs?: number;
  /** A running job without a heartbeat for this long belongs to a dead server: failed. */
  staleMs?: number;
  /** Jobs run at the same time by this process. */
  concurrency?: number;
}

interface Running {
  job: JobRow;
  worker: Worker;
  progress: number;
  /** The worker holds the write transaction: on SQLite our own writes would wait for it. */
  writing: boolean;
  done: boolean;
  cancelled: boolean;
  exited: Promise<void>;
}

/**
 * Claims waiting jobs and runs each in a worker thread. Several runners (server processes on one
 * PostgreSQL database) share the queue safely: claims are exclusive, and each runner only fails the jobs
 * of runners that stopped beating (a crash); its own are failed when their worker dies.
 */
export class JobRunner {
  /** host:pid:random — tells other processes on this host whether the runner's process still lives. */
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly running = new Map<number, Running>();
  /** A worker that finished its job and waits for the next (loading the importers takes a while). */
  private idle: Worker | null = null;
  /** Removes the idle worker's exit listener when it is taken for a job (else each reuse would add one). */
  private releaseIdle: (() => void) | null = null;
  private timers: NodeJS.Timeout[] = [];
  private polling = false;
  /** The poll in progress, so that stop() can wait for a claim that is under way. */
  private currentPoll: Promise<void> | null = null;
  private pollAgain = false;
  private stopped = true;
  private readonly pollMs: number;
  private readonly heartbeatMs: number;
  readonly staleMs: number;
  private readonly concurrency: number;

  constructor(private readonly options: RunnerOptions) {
    this.pollMs = options.pollMs ?? 2000;
    this.heartbeatMs = options.heartbeatMs ?? 5000;
    this.staleMs = options.staleMs ?? 60_000;
    this.concurrency = options.concurrency ?? 1;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.recover();
    const every = (ms: number, task: () => Promise<unknown>) => {
      const timer = setInterval(() => void task().catch((e: unknown) => this.options.log(`Job runner: ${String(e)}`)), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.pollMs, () => this.poll());
    every(this.heartbeatMs, () => this.beat());
    every(this.staleMs, () => this.recover());
    this.kick();
  }

  /**
   * Stops claiming and ends every worker; their jobs go back to the queue (waiting), to run again from the
   * start in another process or after a restart. A graceful stop leaves nothing running and nothing half
   * written: a worker's import transaction dies with it.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.timers.forEach((t) => clearInterval(t));
    this.timers = [];
    // A claim under way finishes first (and hands its job back, see poll), so nothing starts after stop.
    await this.currentPoll?.catch(() => undefined);
    await Promise.all([...this.running.values()].map((r) => this.requeue(r)));
    await this.dropIdle();
  }

  /** Ends a job's worker and hands the job back to the queue, unless it finished (committed) first. */
  private async requeue(run: Running): Promise<void> {
    const finished = run.done;
    // Marked done first, so that the worker's exit is not taken for a crash (which fails the job).
    run.done = true;
    await run.worker.terminate();
    await run.exited;
    if (finished) return;
    const { database, clock, dataDir, log } = this.options;
    // releaseJob changes only a job still running for this runner: one whose import committed just before
    // the worker ended stays completed. On PostgreSQL the update waits for that transaction's outcome.
    await releaseJob(database.db, run.job.id, this.id, clock.now());
    if ((await statusesOf(database.db, [run.job.id])).get(run.job.id) !== 'waiting') return;
    appendJobLog(dataDir, run.job.uuid, 'The server stopped during the job: it is back in the queue and will run again from the start. Nothing was written.', clock.now());
    log(`Job ${run.job.uuid} went back to the queue: the server is stopping`);
  }

  private async dropIdle(): Promise<void> {
    const idle = this.idle;
    this.idle = null;
    if (idle) await idle.terminate();
  }

  /** A job was queued: look now rather than at the next poll. */
  kick(): void {
    if (!this.stopped) void this.poll().catch((e: unknown) => this.options.log(`Job runner: ${String(e)}`));
  }

  /** Progress of a job this process runs (fresher than the database, which SQLite updates less often). */
  liveProgress(id: number): number | undefined {
    return this.running.get(id)?.progress;
  }

  isRunning(id: number): boolean {
    return this.running.has(id);
  }

  /** True while the job's worker is in its write transaction. */
  isWriting(id: number): boolean {
    return this.running.get(id)?.writing ?? false;
  }

  /** A job was cancelled (its row already says so): stop its worker; its transaction rolls back. */
  async cancel(id: number): Promise<void> {
    const run = this.running.get(id);
    if (run) await this.end(run, 'CANCELLED by the user. Nothing was written.', true);
  }

  /** Test seam: ends the workers as a crash would, leaving their rows 'running' for recovery to find. */
  async simulateCrash(): Promise<void> {
    this.stopped = true;
    this.timers.forEach((t) => clearInterval(t));
    for (const run of this.running.values()) run.done = true;
    await Promise.all([...this.running.values()].map(async (r) => r.worker.terminate()));
    this.running.clear();
    await this.dropIdle();
  }

  /** Fails jobs of runners that stopped beating, or whose process on this host is gone. */
  async recover(): Promise<string[]> {
    const rows = await this.options.database.db.selectFrom('async_jobs').select('claimed_by').where('status', '=', 'running').execute();
    const dead = rows.map((r) => r.claimed_by).filter((c): c is string => c !== null && c !== this.id && processGone(c));
    const failed = await failStaleJobs(this.options.database, {
      now: this.options.clock.now(),
      staleMs: this.staleMs,
      exceptRunner: this.id,
      deadRunners: dead,
      dataDir: this.options.dataDir,
    });
    if (failed.length > 0) this.options.log(`Jobs failed after a server stopped during them: ${failed.join(', ')}`);
    return failed;
  }

  private poll(): Promise<void> {
    if (this.polling) {
      this.pollAgain = true;
      return this.currentPoll ?? Promise.resolve();
    }
    this.polling = true;
    this.currentPoll = (async () => {
      try {
        do {
          this.pollAgain = false;
          while (!this.stopped && this.running.size < this.concurrency) {
            const job = await claimNextJob(this.options.database, this.id, this.options.clock.now());
            if (!job) break;
            // Stopped while claiming: the job goes back to the queue for another runner.
            if (this.stopped) {
              await releaseJob(this.options.database.db, job.id, this.id, this.options.clock.now());
              break;
            }
            this.launch(job);
          }
        } while (this.pollAgain && !this.stopped);
      } finally {
        this.polling = false;
      }
    })();
    return this.currentPoll;
  }

  private launch(job: JobRow): void {
    const input: WorkerInput = {
      connection: this.options.connection,
      runnerId: this.id,
      job,
      dataDir: this.options.dataDir,
      maxBytes: this.options.maxBytes,
      clockOffset: this.options.clock.now() - Date.now(),
    };
    const worker = this.idle ?? startWorker(this.options.maxMemoryMb);
    this.releaseIdle?.();
    this.releaseIdle = null;
    this.idle = null;
    let exited!: () => void;
    const run: Running = { job, worker, progress: 0, writing: false, done: false, cancelled: false, exited: new Promise((r) => (exited = r)) };
    this.running.set(job.id, run);
    const detach = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      this.running.delete(job.id);
    };
    const onMessage = (message: WorkerMessage) => {
      if (message.type === 'progress') run.progress = message.value;
      else if (message.type === 'phase') run.writing = message.phase === 'write';
      else if (message.type === 'done') {
        // Ended by this runner (cancelled, stopping) while its "done" was on the way: the worker is being
        // terminated and must not become the idle worker that the next job is handed.
        if (run.done) return;
        run.done = true;
        detach();
        exited();
        // The worker stays for the next job; it does not keep the process alive meanwhile.
        if (this.stopped || this.idle) void worker.terminate();
        else {
          worker.unref();
          this.idle = worker;
          const forget = () => {
            if (this.idle === worker) this.idle = null;
          };
          worker.once('exit', forget);
          this.releaseIdle = () => worker.off('exit', forget);
        }
        this.kick();
      }
    };
    const onError = (error: Error) => appendJobLog(this.options.dataDir, job.uuid, workerFailure(error, this.options.maxMemoryMb), this.options.clock.now());
    const onExit = () => {
      detach();
      exited();
      // A worker that ended without finishing its job (it crashed, ran out of memory): failed, nothing written.
      if (!run.done && !run.cancelled) {
        void failRunningJob(this.options.database.db, job.id, this.options.clock.now()).then((failed) => {
          if (failed) appendJobLog(this.options.dataDir, job.uuid, 'FAILED: the job stopped unexpectedly. Nothing was written.', this.options.clock.now());
        });
      }
      this.kick();
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.ref();
    worker.postMessage({ type: 'run', input } satisfies WorkerRequest);
  }

  private async end(run: Running, line: string, cancelled: boolean): Promise<void> {
    run.cancelled = cancelled;
    const finished = run.done;
    run.done = true;
    await run.worker.terminate();
    await run.exited;
    if (finished) return;
    appendJobLog(this.options.dataDir, run.job.uuid, line, this.options.clock.now());
    if (!cancelled) await failRunningJob(this.options.database.db, run.job.id, this.options.clock.now());
  }

  /** Heartbeat and progress of our jobs; a job cancelled through another process stops here. */
  private async beat(): Promise<void> {
    const runs = [...this.running.values()];
    const statuses = await statusesOf(this.options.database.db, runs.map((r) => r.job.id));
    for (const run of runs) {
      const status = statuses.get(run.job.id);
      // Completed or failed: the worker finished the job itself and its "done" message is on the way.
      if (status === 'completed' || status === 'failed') continue;
      if (status !== 'running') {
        if (!run.done) await this.end(run, 'CANCELLED. Nothing was written.', true);
        continue;
      }
      // On SQLite the worker's write transaction holds the only write lock: waiting for it would block the
      // server's event loop (better-sqlite3 is synchronous), so the heartbeat skips that phase there.
      if (run.writing && this.options.database.dialect === 'sqlite') continue;
      await setProgress(this.options.database.db, run.job.id, this.id, run.progress, this.options.clock.now());
    }
  }
}

/** True when a runner id names a process on this host that no longer exists. */
function processGone(runnerId: string): boolean {
  const [host, pid] = runnerId.split(':');
  if (host !== os.hostname() || !/^\d+$/.test(pid ?? '')) return false;
  if (Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * The worker's entry: bundled, dist/server/job-worker.mjs beside the server (build.mjs); from the sources
 * (tests, tsx), worker.ts loaded through tsx's loader, which a worker thread must register itself (Node 20
 * does not apply --import to a worker's entry).
 *
 * workerData is an object on purpose: the `web-worker` package (geotiff's decoder pool) inspects the
 * workerData of any worker thread that loads it and fails on `undefined`; with an object it knows the
 * thread is not one of its own.
 */
const WORKER_DATA = { germinateJobWorker: true };

/** The log line of a worker that died; running out of its memory limit says which limit. */
function workerFailure(error: Error, maxMemoryMb: number | undefined): string {
  if ((error as NodeJS.ErrnoException).code !== 'ERR_WORKER_OUT_OF_MEMORY') return `FAILED: ${error.stack ?? error.message}`;
  const limit = maxMemoryMb === undefined ? 'its memory limit' : `IMPORT_MAX_MEMORY_MB (${maxMemoryMb} MB)`;
  return `FAILED: the job needed more memory than ${limit} allows; the worker was stopped. Nothing was written.`;
}

/** `maxMemoryMb` caps the worker's heap (resourceLimits): one import cannot take the server's memory. */
function startWorker(maxMemoryMb?: number): Worker {
  const resourceLimits = maxMemoryMb === undefined ? undefined : { maxOldGenerationSizeMb: maxMemoryMb };
  const entry = workerEntry(import.meta.url, './worker.ts', 'job-worker');
  if (!entry) throw new Error('The import worker bundle (job-worker.mjs) is missing beside the server; run node build.mjs');
  return startThread(entry, { workerData: WORKER_DATA, resourceLimits });
}
