import type { Worker } from 'node:worker_threads';
import { startThread, workerEntry } from '../../../server/worker-entry.js';
import { runWork, type ExportDatatype, type ExportOutcome, type ExportWork } from './export-work.js';
import type { ExportWorkerData, ExportWorkerMessage } from './worker.js';

export interface ExportThreadHooks {
  progress(share: number): void;
  log(line: string): void;
}

/** A running export: its outcome, and how to stop it. */
export interface ExportRun<D extends ExportDatatype = ExportDatatype> {
  /** Settles once the export's worker thread has ended. */
  outcome: Promise<ExportOutcome<D>>;
  /** Asks the export to stop before its next line; its outcome is then `cancelled`. */
  cancel(): void;
  /** Ends it at once (the server is stopping); the outcome rejects. */
  terminate(): Promise<void>;
}

/** This process's export worker threads until they have exited. */
const live = new Set<Worker>();

/** How many export worker threads of this process are running (a cancelled or finished export leaves none). */
export function exportWorkers(): number {
  return live.size;
}

/**
 * The worker's entry: from the sources (tests, tsx) worker.ts through tsx's loader, which a worker thread
 * must register itself; bundled, genotype-export-worker.mjs beside the server's bundle. Null when neither
 * is there (a bundle built without that entry).
 */
function startWorker(data: ExportWorkerData): Worker | null {
  const entry = workerEntry(import.meta.url, './worker.ts', 'genotype-export-worker');
  return entry ? startThread(entry, { workerData: data }) : null;
}

/**
 * Runs an export (genotype or allele frequency, by its datatype) in a worker thread, so that writing a file
 * of millions of cells never holds up the server's other requests. Without a worker entry it runs in this
 * thread (its reads and compression are asynchronous, but building the lines is not), and says so in the
 * job's log.
 */
export function startExport<D extends ExportDatatype>(work: ExportWork<D>, hooks: ExportThreadHooks): ExportRun<D> {
  const cancel = new SharedArrayBuffer(4);
  const flag = new Int32Array(cancel);
  const stop = () => Atomics.store(flag, 0, 1);
  const worker = startWorker({ germinateGenotypeExport: true, work, cancel });
  if (!worker) {
    hooks.log('No worker file for exports beside the server: this export runs in the server thread.');
    const outcome = runWork(work, { cancelled: () => Atomics.load(flag, 0) === 1, progress: hooks.progress, log: hooks.log });
    return { outcome, cancel: stop, terminate: async () => void (stop(), await outcome.catch(() => undefined)) };
  }
  live.add(worker);
  const outcome = new Promise<ExportOutcome<D>>((resolve, reject) => {
    // The answer is kept until the thread has exited, so that a settled export never leaves a thread behind.
    let answer: { outcome: ExportOutcome<D> } | { error: Error } | null = null;
    worker.on('message', (message: ExportWorkerMessage) => {
      if (message.type === 'progress') hooks.progress(message.share);
      else if (message.type === 'log') hooks.log(message.line);
      else {
        answer = message.type === 'done' ? { outcome: message.outcome as ExportOutcome<D> } : { error: new Error(message.message) };
        // Its work is done (the archive closed or removed): nothing of the thread is worth waiting for.
        void worker.terminate();
      }
    });
    worker.on('error', (error) => {
      answer ??= { error };
    });
    worker.on('exit', (code) => {
      live.delete(worker);
      if (!answer) reject(new Error(`The export's worker stopped unexpectedly (exit code ${code}).`));
      else if ('error' in answer) reject(answer.error);
      else resolve(answer.outcome);
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
