import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/database.js';
import { serverPlugins } from '../../src/plugins/server.js';
import type { ServerPlugin } from '../../src/server/plugin.js';
import { startGerminate, type RunningApp } from '../../src/server/setup/start-app.js';
import { runIfDue, startTasks, type ScheduledTask, type TaskContext } from '../../src/server/tasks.js';
import { takeLease } from '../../src/server/task-leases.js';
import { freshDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { ROOT } from '../support/server.js';

/** Scheduled tasks run once per interval across processes sharing one database (issue: many server processes). */
describe.each(testDialects())('scheduled task leases on %s', (dialect) => {
  let fresh: TestDatabase;
  let second: Database;
  beforeAll(async () => {
    fresh = await freshDatabase(dialect);
    // A second connection (pool) to the same file or schema stands for a second server process.
    second = await openDatabase({ databaseUrl: fresh.databaseUrl, sqliteFile: path.join(fresh.dataDir, 'germinate.sqlite'), schema: fresh.schema });
  });
  afterAll(async () => {
    await second.close();
    await fresh.cleanup();
  });

  it('stops only once a task that is running has finished (the database closes after it)', async () => {
    let release = () => {};
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const task: ScheduledTask = {
      name: 'test-stop',
      everyMs: 5,
      run: () => {
        started();
        return new Promise<void>((resolve) => (release = resolve));
      },
    };
    const stop = startTasks([task], { database: fresh.database, clock: { now: () => Date.now() }, dataDir: fresh.dataDir, settings: null as never }, () => undefined);
    await running;
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    // Whatever else the event loop does meanwhile, the stop waits for the run.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('lets exactly one of several processes run a due task, and none before the next interval', async () => {
    let now = 1_000_000;
    const clock = { now: () => now };
    const runs: number[] = [];
    const task: ScheduledTask = { name: 'test-once', everyMs: 1000, run: async (_context, at) => void runs.push(at) };
    const context = (database: Database): TaskContext => ({ database, clock, dataDir: fresh.dataDir, settings: null as never });
    const everyone = () =>
      Promise.all([
        runIfDue(task, context(fresh.database), 'process-a'),
        runIfDue(task, context(second), 'process-b'),
        runIfDue(task, context(fresh.database), 'process-c'),
        runIfDue(task, context(second), 'process-d'),
      ]);

    expect((await everyone()).filter(Boolean)).toHaveLength(1);
    now += 500;
    expect((await everyone()).filter(Boolean)).toHaveLength(0);
    // A timer that fires a little early (within a tenth of the interval) takes the turn.
    now += 450;
    expect((await everyone()).filter(Boolean)).toHaveLength(1);
    now += 1000;
    expect((await everyone()).filter(Boolean)).toHaveLength(1);
    expect(runs).toEqual([1_000_000, 1_000_950, 1_001_950]);
  });

  it('waits for a lease whose holder died until the lease runs out', async () => {
    let now = 5_000_000;
    const clock = { now: () => now };
    let runs = 0;
    const task: ScheduledTask = { name: 'test-dead-holder', everyMs: 1000, run: async () => void runs++ };
    // A process took the lease and died before releasing it.
    expect(await takeLease(second, task, 'dead-process', now)).toBe(true);
    const context: TaskContext = { database: fresh.database, clock, dataDir: fresh.dataDir, settings: null as never };
    now += 999;
    expect(await runIfDue(task, context, 'alive')).toBe(false);
    now += 1;
    expect(await runIfDue(task, context, 'alive')).toBe(true);
    expect(runs).toBe(1);
  });

  it('runs a plugin task once per interval between two server apps on one database', async () => {
    const everyMs = 40;
    const runs: { at: number; end: number; app: Database }[] = [];
    const tick: ServerPlugin = {
      id: 'test-tick',
      tasks: [
        {
          name: 'test-tick',
          everyMs,
          run: async ({ database }, at) => {
            await new Promise((resolve) => setImmediate(resolve));
            runs.push({ at, end: Date.now(), app: database });
          },
        },
      ],
    };
    const config = readConfig(
      {
        DATA_DIR: fresh.dataDir,
        DATABASE_URL: fresh.databaseUrl ?? '',
        DATABASE_SCHEMA: fresh.schema ?? '',
        DEMO_DATA: 'false',
        LOG_LEVEL: 'silent',
        ADMIN_PASSWORD: 'admin-password-1',
      },
      ROOT,
    );
    const start = () => startGerminate(config, { root: ROOT, plugins: [...serverPlugins, tick], log: () => undefined, logger: false });
    const apps: RunningApp[] = [await start(), await start()];
    try {
      await expect.poll(() => runs.length, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(12);
    } finally {
      await Promise.all(apps.map((a) => a.close()));
    }
    const starts = runs.map((r) => r.at).sort((a, b) => a - b);
    // Each run started at least an interval (less the slack of a tenth) after the one before, whichever app ran it.
    for (let i = 1; i < starts.length; i++) expect(starts[i] - starts[i - 1]).toBeGreaterThanOrEqual(everyMs - everyMs / 10);
    // And never two at once: each run ended before the next began.
    const byStart = [...runs].sort((a, b) => a.at - b.at);
    for (let i = 1; i < byStart.length; i++) expect(byStart[i].at).toBeGreaterThanOrEqual(byStart[i - 1].end);
  });
});
