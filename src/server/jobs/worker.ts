import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { openDatabase, type Database, type DatabaseOptions } from '../db/database.js';
import { issue } from '../import/importer.js';
import { runImport, type ImportRunResult } from '../import/pipeline.js';
import { formatReport } from '../import/report.js';
import { serverPlugins } from '../../plugins/server.js';
import { appendJobLog, finishJob, jobFolder, type JobRow } from './store.js';

/** What the runner hands a worker (structured-cloned). */
export interface WorkerInput {
  connection: DatabaseOptions;
  runnerId: string;
  job: JobRow;
  dataDir: string;
  maxBytes: number;
  /** The server clock minus Date.now(): tests move the server's clock, and the job's times follow it. */
  clockOffset: number;
}

/** What a runner posts to a worker: one job at a time (the worker stays for the next one). */
export interface WorkerRequest {
  type: 'run';
  input: WorkerInput;
}

/** Messages a worker posts to its runner. */
export type WorkerMessage =
  | { type: 'progress'; value: number }
  | { type: 'phase'; phase: 'read' | 'check' | 'write' }
  | { type: 'done'; status: 'completed' | 'failed' | 'lost' };

class LostJobError extends Error {}

/**
 * One job in its own thread with its own database connection: parsing a large workbook never blocks the
 * server's event loop. An import's rows and the job's "completed" are committed in one transaction, so a job
 * cancelled (or a worker terminated) before the commit leaves nothing behind.
 */
async function run(input: WorkerInput, database: Database): Promise<WorkerMessage> {
  const now = () => Date.now() + input.clockOffset;
  const { job, runnerId, dataDir } = input;
  const log = (line: string) => appendJobLog(dataDir, job.uuid, line, now());
  const post = (message: WorkerMessage) => parentPort?.postMessage(message);
  const started = now();
  const report = (result: ImportRunResult) =>
    `${formatReport(result, job.original_filename ?? job.datatype)}\nFinished in ${((now() - started) / 1000).toFixed(1)} s`;
  try {
    const importers = serverPlugins.flatMap((p) => p.importers ?? []);
    const checkOnly = job.run_type === 'CHECK';
    log(`${checkOnly ? 'Checking' : 'Importing'} ${job.original_filename ?? job.data_filename} as ${job.datatype}${job.is_update ? ' (update mode)' : ''} on ${runnerId}`);
    let result: ImportRunResult;
    try {
      result = await runImport(
        database,
        importers,
        {
          file: path.join(jobFolder(dataDir, job.uuid), job.data_filename ?? ''),
          originalName: job.original_filename ?? job.data_filename ?? undefined,
          type: job.datatype,
          update: job.is_update === 1,
          checkOnly,
        },
        {
          maxBytes: input.maxBytes,
          now: new Date(started),
          datasetStateId: job.dataset_state_id,
          targetDatasetId: job.target_dataset_id,
          dataOrientation: job.data_orientation,
          createGermplasm: job.create_germplasm === 1,
          userId: job.user_id,
          dataDir,
          log,
          progress: (value) => post({ type: 'progress', value }),
          phase: (phase) => post({ type: 'phase', phase }),
          async beforeCommit(db, stats, issues) {
            // The log is complete before anyone can see the job completed; a failing commit adds FAILED.
            log(report({ status: 'imported', issues, stats }));
            // The job is marked done in the import's own transaction: both commit, or neither does.
            const done = await finishJob(db.db, job.id, runnerId, { status: 'completed', feedback: issues, stats }, now());
            if (!done) throw new LostJobError('The job was cancelled or taken over before the import committed.');
          },
        },
      );
    } catch (error) {
      if (error instanceof LostJobError) {
        log(`${error.message} Nothing was written.`);
        return { type: 'done', status: 'lost' };
      }
      throw error;
    }
    // An import's row was completed inside its transaction; a check (or a rejected import) is completed now.
    const outcome = { status: 'completed' as const, feedback: result.issues, stats: result.stats };
    if (result.status !== 'imported') {
      log(report(result));
      if (!(await finishJob(database.db, job.id, runnerId, outcome, now()))) {
        log('The job was cancelled before its check finished.');
        return { type: 'done', status: 'lost' };
      }
    }
    return { type: 'done', status: 'completed' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`FAILED: ${message}${error instanceof Error && error.stack ? `\n${error.stack}` : ''}\nNothing was written.`);
    const feedback = [issue('GENERIC_IO_ERROR', -1, { message: 'The job failed unexpectedly; nothing was written. Its log has the details.' })];
    await finishJob(database.db, job.id, runnerId, { status: 'failed', feedback, stats: null }, now()).catch(() => false);
    return { type: 'done', status: 'failed' };
  }
}

/**
 * The worker stays alive between jobs (starting one costs loading every importer), with its connection
 * open; the runner terminates it to cancel a job or on shutdown, and starts a new one when needed.
 */
if (parentPort) {
  const port = parentPort;
  let database: Promise<Database> | null = null;
  port.on('message', (request: WorkerRequest) => {
    if (request.type !== 'run') return;
    const { input } = request;
    database ??= openDatabase(input.connection);
    void database.then((db) => run(input, db)).then(
      (message) => port.postMessage(message),
      // openDatabase itself failed: the runner marks the job failed when the thread ends without "done".
      (error: unknown) => {
        appendJobLog(input.dataDir, input.job.uuid, `FAILED: ${String(error)}`, Date.now());
        process.exit(1);
      },
    );
  });
}
