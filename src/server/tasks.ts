import type { Database } from './db/database.js';
import type { SettingsStore } from './settings.js';
import type { Clock } from './fastify-types.js';
import { leaseOwnerId, releaseLease, takeLease } from './task-leases.js';

/** What a scheduled task may use. */
export interface TaskContext {
  database: Database;
  settings: SettingsStore;
  clock: Clock;
  dataDir: string;
}

/**
 * A periodic server task (token purge, feedback purge, file expiry…). Tasks keep no state in memory; each run
 * must be safe to repeat. Several server processes on one database run each task once per interval between
 * them (a lease in `scheduled_tasks`, see task-leases.ts). Tests call `run` directly with a clock they control.
 */
export interface ScheduledTask {
  name: string;
  everyMs: number;
  run(context: TaskContext, now: number): Promise<void>;
}

/**
 * Runs the task when it is due and this process takes its lease; true when it ran (successfully or not: a
 * failed run counts as the interval's run, so that a failing task is not retried by every process at once).
 */
export async function runIfDue(task: ScheduledTask, context: TaskContext, owner: string): Promise<boolean> {
  const now = context.clock.now();
  if (!(await takeLease(context.database, task, owner, now))) return false;
  try {
    await task.run(context, now);
  } finally {
    await releaseLease(context.database, task.name, owner, now);
  }
  return true;
}

/**
 * Starts every task on its interval (first try after one interval); returns a stop function that clears
 * the timers and resolves once the runs in progress ended, so that the database is not closed under a
 * task still writing (a backup, say) when the server stops.
 */
export function startTasks(tasks: readonly ScheduledTask[], context: TaskContext, log: (message: string) => void): () => Promise<void> {
  const owner = leaseOwnerId();
  const inProgress = new Set<Promise<void>>();
  const timers = tasks.map((task) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      const run = runIfDue(task, context, owner)
        .then(
          () => undefined,
          (error: unknown) => log(`Task ${task.name} failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => {
          running = false;
          inProgress.delete(run);
        });
      inProgress.add(run);
    }, task.everyMs);
    timer.unref();
    return timer;
  });
  return async () => {
    timers.forEach((t) => clearInterval(t));
    await Promise.all([...inProgress]);
  };
}
