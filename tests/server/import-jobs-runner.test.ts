import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreTasks } from '../../src/server/core-tasks.js';
import { openDatabase, type Database } from '../../src/server/db/database.js';
import { JobRunner } from '../../src/server/jobs/runner.js';
import { claimNextJob, createImportJob, jobFolder, LOG_FILE } from '../../src/server/jobs/store.js';
import { startServer, passwordOf, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { bigMcpd, jobs, mcpdText, uploadJob, waitForJob } from './import-jobs-support.js';

const HOUR = 3_600_000;

describe.each(testDialects())('job runner on %s', (dialect) => {
  let server: TestServer;
  let curator: string;
  let second: Database;
  const connection = () => ({ databaseUrl: server.db.databaseUrl, sqliteFile: path.join(server.db.dataDir, 'germinate.sqlite'), schema: server.db.schema });
  beforeAll(async () => {
    server = await startServer(dialect, { jobs: { pollMs: 100, heartbeatMs: 100, staleMs: 60_000 } });
    curator = await server.login('curator', passwordOf('curator'));
    // A second connection pool, as a second server process would have.
    second = await openDatabase(connection());
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  const db = () => server.app.database.db;
  const germplasm = async () =>
    Number((await db().withTables<{ germinatebase: { id: number } }>().selectFrom('germinatebase').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const waitingJob = async () => {
    const uuid = randomUUID();
    await createImportJob(db(), { uuid, userId: null, datatype: 'mcpd', originalFilename: 'x.tsv', dataFilename: 'x.tsv', isUpdate: false, datasetStateId: 1, targetDatasetId: null, dataOrientation: null }, server.clock.now());
    return uuid;
  };

  it('never lets two runners claim the same waiting job', async () => {
    // The server's own runner must not take these: stop it for the race, restart afterwards.
    await server.app.jobs?.stop();
    try {
      for (let round = 0; round < 15; round++) {
        const uuids = [await waitingJob(), await waitingJob()];
        const claims = await Promise.all([
          claimNextJob(server.app.database, 'runner-a', server.clock.now()),
          claimNextJob(second, 'runner-b', server.clock.now()),
          claimNextJob(server.app.database, 'runner-a2', server.clock.now()),
          claimNextJob(second, 'runner-b2', server.clock.now()),
        ]);
        const claimed = claims.filter((c) => c !== null).map((c) => c.uuid);
        // Each job is claimed once at most, and every job was claimed by someone.
        expect(new Set(claimed).size).toBe(claimed.length);
        expect([...claimed].sort()).toEqual([...uuids].sort());
        const rows = await db().selectFrom('async_jobs').select(['uuid', 'status', 'claimed_by']).where('uuid', 'in', uuids).execute();
        expect(rows.every((r) => r.status === 'running' && r.claimed_by !== null)).toBe(true);
        await db().updateTable('async_jobs').set({ status: 'cancelled', visibility: 0 }).where('uuid', 'in', uuids).execute();
      }
    } finally {
      await server.app.jobs?.start();
    }
  });

  it('after a crash in the middle of a write: no partial rows, and the restarted server marks the job failed', async () => {
    const before = await germplasm();
    const uuid = await uploadJob(server, curator, { name: 'crash.tsv', bytes: bigMcpd(120_000, 'CRASH') });
    const checked = await waitForJob(server, curator, uuid);
    expect(checked.feedback.filter((i) => i.type === 'ERROR')).toEqual([]);
    const id = checked.id;
    expect((await server.api('GET', `import/template/${uuid}/import`, { token: curator })).status).toBe(200);
    const runner = server.app.jobs;
    if (!runner) throw new Error('no runner');
    const deadline = Date.now() + 60_000;
    while (!runner.isWriting(id)) {
      if (Date.now() > deadline) throw new Error('the import never reached its write phase');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The process "dies": its worker ends mid-transaction, the job's row still says running.
    await runner.simulateCrash();
    expect((await db().selectFrom('async_jobs').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('running');
    expect(await germplasm()).toBe(before);

    // A restarted server (a new runner on the same database) finds the job once its heartbeat is stale.
    const restarted = new JobRunner({
      database: server.app.database,
      connection: connection(),
      dataDir: server.db.dataDir,
      maxBytes: server.app.config.maxUploadBytes,
      clock: { now: () => server.clock.now() + 2 * 60_000 },
      log: () => undefined,
    });
    expect(await restarted.recover()).toEqual([uuid]);
    const [job] = (await jobs(server, curator)).filter((j) => j.uuid === uuid);
    expect(job.status).toBe('failed');
    expect(await germplasm()).toBe(before);
    const log = fs.readFileSync(path.join(jobFolder(server.db.dataDir, uuid), 'job.log'), 'utf8');
    expect(log).toMatch(/FAILED: the server running this job .* stopped during it/);
    // The database is usable again (no lock left behind by the dead worker) and jobs run again.
    await runner.start();
    const after = await uploadJob(server, curator, { name: 'after.tsv', bytes: mcpdText([{ ACCENUMB: 'AFTER-1', GENUS: 'Hordeum' }]) });
    expect((await waitForJob(server, curator, after)).status).toBe('completed');
    // Checking 120,000 rows takes 16 s on a quiet machine: a loaded one needs more than the default minute.
  }, 240_000);

  it('fails at once the jobs of a runner whose process on this host is gone; leaves live ones alone', async () => {
    const dead = await waitingJob();
    const alive = await waitingJob();
    const now = new Date(server.clock.now()).toISOString();
    await server.app.jobs?.stop();
    await db().updateTable('async_jobs').set({ status: 'running', claimed_by: `${os.hostname()}:999999:dead`, heartbeat: now }).where('uuid', '=', dead).execute();
    await db().updateTable('async_jobs').set({ status: 'running', claimed_by: `${os.hostname()}:${process.pid}:other`, heartbeat: now }).where('uuid', '=', alive).execute();
    await server.app.jobs?.start();
    const status = async (uuid: string) => (await db().selectFrom('async_jobs').select('status').where('uuid', '=', uuid).executeTakeFirstOrThrow()).status;
    expect(await status(dead)).toBe('failed');
    expect(await status(alive)).toBe('running');
    await db().updateTable('async_jobs').set({ status: 'cancelled' }).where('uuid', '=', alive).execute();
  });

  it('expires job folders and temp files after the configured hours', async () => {
    const task = (name: string) => {
      const found = coreTasks.find((t) => t.name === name);
      if (!found) throw new Error(name);
      return found;
    };
    const context = { database: server.app.database, settings: server.app.settings, clock: server.clock, dataDir: server.db.dataDir };
    await server.app.settings.write({ filesDeleteAfterHoursAsync: 2, filesDeleteAfterHoursTemp: 5 }, new Date());
    const uuid = await uploadJob(server, curator, { name: 'expire.tsv', bytes: mcpdText([{ ACCENUMB: 'EXP-1', GENUS: 'Hordeum' }]) });
    await waitForJob(server, curator, uuid);
    const folder = jobFolder(server.db.dataDir, uuid);
    const orphan = path.join(server.db.dataDir, 'async', 'orphan-folder');
    fs.mkdirSync(orphan, { recursive: true });
    const temp = path.join(server.db.dataDir, 'temp');
    fs.mkdirSync(temp, { recursive: true });
    fs.writeFileSync(path.join(temp, 'export.zip'), 'x');

    const now = server.clock.now();
    await task('expire-async-files').run(context, now + 1 * HOUR);
    expect(fs.existsSync(folder)).toBe(true);
    expect((await jobs(server, curator)).map((j) => j.uuid)).toContain(uuid);

    await task('expire-async-files').run(context, now + 3 * HOUR);
    expect(fs.existsSync(folder)).toBe(false);
    expect(fs.existsSync(orphan)).toBe(false);
    expect((await jobs(server, curator)).map((j) => j.uuid)).not.toContain(uuid);
    expect((await db().selectFrom('async_jobs').select(['files_deleted', 'visibility']).where('uuid', '=', uuid).executeTakeFirstOrThrow())).toEqual({ files_deleted: 1, visibility: 0 });

    await task('expire-temp-files').run(context, now + 3 * HOUR);
    expect(fs.existsSync(path.join(temp, 'export.zip'))).toBe(true);
    await task('expire-temp-files').run(context, now + 6 * HOUR);
    expect(fs.existsSync(path.join(temp, 'export.zip'))).toBe(false);
  });

  it('import/stats lists imported jobs whose dataset the caller sees (or that made none)', async () => {
    const experiment = await db().insertInto('experiments').values({ experiment_name: 'E', user_id: null, project_id: null, description: null, experiment_date: null }).returning('id').executeTakeFirstOrThrow();
    const dataset = (state: number) =>
      db()
        .insertInto('datasets')
        .values({ experiment_id: experiment.id, name: `D${state}`, description: null, date_start: null, date_end: null, source_file: null, datatype: null, dublin_core: null, version: null, created_by: null, dataset_state_id: state, license_id: null, hyperlink: null })
        .returning('id')
        .executeTakeFirstOrThrow();
    const [open, closed] = [await dataset(1), await dataset(2)];
    const imported = async (datasetId: number | null) => {
      const uuid = await waitingJob();
      await db()
        .updateTable('async_jobs')
        .set({ status: 'completed', imported: 1, stats: JSON.stringify({ datasetId, traits: 3 }), result_dataset_id: datasetId })
        .where('uuid', '=', uuid)
        .execute();
      return (await db().selectFrom('async_jobs').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow()).id;
    };
    const ids = [await imported(null), await imported(open.id), await imported(closed.id)];
    const listed = async (token: string | null) => {
      const response = await server.api('POST', 'import/stats', { token, body: { limit: 100 } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { id: number }[] }).data.map((r) => r.id).filter((id) => ids.includes(id));
    };
    expect((await listed(null)).sort()).toEqual([ids[0], ids[1]].sort());
    expect((await listed(await server.login('admin', passwordOf('admin')))).sort()).toEqual([...ids].sort());
  });

  it('leaves a worker alone whose job the database already shows finished: its "done" message is still on the way', async () => {
    // The worker commits "completed" and then posts "done"; a heartbeat between the two must not take the
    // finished row for a cancellation and terminate the worker (which the next job would then be handed).
    const before = await germplasm();
    const uuid = await uploadJob(server, curator, { name: 'finishing.tsv', bytes: bigMcpd(100_000, 'FIN') });
    await waitForJob(server, curator, uuid, (j) => j.status === 'running');
    const { id } = await db().selectFrom('async_jobs').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow();
    await db().updateTable('async_jobs').set({ status: 'completed' }).where('id', '=', id).execute();
    const runner = server.app.jobs;
    if (!runner) throw new Error('the test server runs jobs');
    await expect.poll(() => runner.isRunning(id), { timeout: 60_000, interval: 50 }).toBe(false);
    const log = fs.readFileSync(path.join(jobFolder(server.db.dataDir, uuid), LOG_FILE), 'utf8');
    expect(log).not.toContain('CANCELLED');
    // The worker ran its check to the end and found the job no longer its own.
    expect(log).toContain('The job was cancelled before its check finished.');
    expect(await germplasm()).toBe(before);
    // The same worker takes the next job.
    const next = await uploadJob(server, curator, { name: 'next.tsv', bytes: mcpdText([{ ACCENUMB: 'NEXT-1', GENUS: 'Hordeum' }]) });
    expect((await waitForJob(server, curator, next)).status).toBe('completed');
  });

  it('keeps the server responsive while a worker parses a large file', async () => {
    const uuid = await uploadJob(server, curator, { name: 'large.tsv', bytes: bigMcpd(100_000, 'RESP') });
    await waitForJob(server, curator, uuid, (j) => j.status !== 'waiting');
    const started = Date.now();
    const response = await server.api('GET', 'settings');
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await server.api('DELETE', `import/template/${uuid}`, { token: curator })).status).toBe(200);
  });
});
