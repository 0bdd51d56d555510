import { parentPort, workerData } from 'node:worker_threads';
import { runWork, type ExportOutcome, type ExportWork } from './export-work.js';

/** What the thread that starts an export hands its worker. */
export interface ExportWorkerData {
  germinateGenotypeExport: true;
  /** The export to run: a genotype or an allele-frequency archive, by the job's datatype. */
  work: ExportWork;
  /** One Int32: 1 once the job is cancelled (checked before every line). */
  cancel: SharedArrayBuffer;
}

/** Messages an export worker posts. */
export type ExportWorkerMessage =
  | { type: 'progress'; share: number }
  | { type: 'log'; line: string }
  | { type: 'done'; outcome: ExportOutcome }
  | { type: 'failed'; message: string };

/** Progress is posted at most this often: a line takes microseconds. */
const PROGRESS_MS = 100;

/** The worker's entry: one export, then the thread ends. */
async function main(port: NonNullable<typeof parentPort>, data: ExportWorkerData): Promise<void> {
  const flag = new Int32Array(data.cancel);
  const post = (message: ExportWorkerMessage) => port.postMessage(message);
  let last = 0;
  try {
    const outcome = await runWork(data.work, {
      cancelled: () => Atomics.load(flag, 0) === 1,
      progress: (share) => {
        const now = Date.now();
        if (now - last < PROGRESS_MS && share < 1) return;
        last = now;
        post({ type: 'progress', share });
      },
      log: (line) => post({ type: 'log', line }),
    });
    post({ type: 'done', outcome });
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

const data = workerData as Partial<ExportWorkerData> | null;
if (parentPort && data?.germinateGenotypeExport) void main(parentPort, data as ExportWorkerData);
