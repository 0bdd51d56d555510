import type { Database } from './db/database.js';
import type { SettingsStore } from './settings.js';
import type { Clock } from './fastify-types.js';

/** What a scheduled task may use. */
export interface TaskContext {
  database: Database;
  settings: SettingsStore;
  clock: Clock;
  dataDir: string;
}

/**
 * A periodic server task (token purge, feedback purge, file expiry…). Tasks keep no state in memory, so
 * several server processes may run them side by side; each run must be safe to repeat. Tests call `run`
 * directly with a clock they control.
 */
export interface ScheduledTask {
  name: string;
  everyMs: number;
  run(context: TaskContext, now: number): Promise<void>;
}

/** Starts every task on its interval (first run after one interval); returns a stop function. */
export function startTasks(tasks: readonly ScheduledTask[], context: TaskContext, log: (message: string) => void): () => void {
  const timers = tasks.map((task) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      task
        .run(context, context.clock.now())
        .catch((error: unknown) => log(`Task ${task.name} failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => {
          running = false;
        });
    }, task.everyMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach((t) => clearInterval(t));
}
