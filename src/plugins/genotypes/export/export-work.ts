import { runFrequencyExport, type FrequencyExportTask, type FrequencyOutcome } from '../allelefreq/export-task.js';
import { runExportTask, type ExportTask, type TaskHooks, type TaskOutcome } from './export-task.js';

/** The exports the worker thread runs, by the job's datatype: what each is given and what it answers. */
export interface ExportTasks {
  genotype: { task: ExportTask; outcome: TaskOutcome };
  allelefreq: { task: FrequencyExportTask; outcome: FrequencyOutcome };
}

export type ExportDatatype = keyof ExportTasks;

/** One export for the worker: the job's datatype and its task (plain data, so it crosses to the thread). */
export interface ExportWork<D extends ExportDatatype = ExportDatatype> {
  datatype: D;
  task: ExportTasks[D]['task'];
}

export type ExportOutcome<D extends ExportDatatype = ExportDatatype> = ExportTasks[D]['outcome'];

/** What a completed export of datatype D answers. */
export type CompletedExport<D extends ExportDatatype = ExportDatatype> = Extract<ExportOutcome<D>, { status: 'completed' }>;

type Runners = { [K in ExportDatatype]: (task: ExportTasks[K]['task'], hooks: TaskHooks) => Promise<ExportTasks[K]['outcome']> };

const runners: Runners = { genotype: runExportTask, allelefreq: runFrequencyExport };

/** Runs the export the work names, in whichever thread calls it (the worker, or the server's as a fallback). */
export function runWork<D extends ExportDatatype>(work: ExportWork<D>, hooks: TaskHooks): Promise<ExportOutcome<D>> {
  // TypeScript does not relate the runner looked up by `datatype` to the task beside it; the map above does.
  const run = runners[work.datatype] as unknown as (task: ExportWork<D>['task'], hooks: TaskHooks) => Promise<ExportOutcome<D>>;
  return run(work.task, hooks);
}
