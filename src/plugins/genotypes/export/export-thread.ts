import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { runExportTask, type ExportTask, type TaskOutcome } from './export-task.js';
import type { ExportWorkerData, ExportWorkerMessage } from './worker.js';

export interface ExportThreadHooks {
  progress(share: number): void;
  log(line: string): void;
}

/** A running export: its outcome, and how to stop it. */
export interface ExportRun {
  outcome: Promise<TaskOutcome>;
  /** Asks the export to stop before its next line; its outcome is then `cancelled`. */
  cancel(): void;
  /** Ends it at once (the server is stopping); the outcome rejects. */
  terminate(): Promise<void>;
}

/**
 * The worker's entry: from the sources (tests, tsx) worker.ts through tsx's loader, which a worker thread
 * must register itself; bundled, genotype-export-worker.mjs beside the server's bundle. Null when neither
 * is there (a bundle built without that entry).
 */
function startWorker(data: ExportWorkerData): Worker | null {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(path.join(path.dirname(createRequire(here).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
    const entry = new URL('./worker.ts', here).href;
    const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
    return new Worker(code, { eval: true, workerData: data });
  }
  const bundled = new URL('./genotype-export-worker.mjs', here);
  return fs.existsSync(fileURLToPath(bundled)) ? new Worker(bundled, { workerData: data }) : null;
}

/**
 * Runs an export in a worker thread, so that writing a file of millions of calls never holds up the
 * server's other requests. Without a worker entry it runs in this thread (its reads and compression are
 * asynchronous, but building the lines is not), and says so in the job's log.
 */
export function startExport(task: ExportTask, hooks: ExportThreadHooks): ExportRun {
  const cancel = new SharedArrayBuffer(4);
  const flag = new Int32Array(cancel);
  const stop = () => Atomics.store(flag, 0, 1);
  const worker = startWorker({ germinateGenotypeExport: true, task, cancel });
  if (!worker) {
    hooks.log('No worker file for genotype exports beside the server: this export runs in the server thread.');
    const outcome = runExportTask(task, { cancelled: () => Atomics.load(flag, 0) === 1, progress: hooks.progress, log: hooks.log });
    return { outcome, cancel: stop, terminate: async () => void (stop(), await outcome.catch(() => undefined)) };
  }
  const outcome = new Promise<TaskOutcome>((resolve, reject) => {
    let settled = false;
    worker.on('message', (message: ExportWorkerMessage) => {
      if (message.type === 'progress') hooks.progress(message.share);
      else if (message.type === 'log') hooks.log(message.line);
      else if (message.type === 'done') {
        settled = true;
        resolve(message.outcome);
      } else {
        settled = true;
        reject(new Error(message.message));
      }
    });
    worker.on('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`The export's worker stopped unexpectedly (exit code ${code}).`));
    });
  });
  return {
    outcome,
    cancel: stop,
    terminate: async () => {
      stop();
      await worker.terminate();
    },
  };
}
