import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { CHILD_TEST_TIMEOUT_MS, childPlace, login, removePlace, startChild, until, type ChildServer } from '../support/child-server.js';
import { workerCount } from '../../src/server/cluster.js';

/** The primary's worker processes, from Linux's list of a process's children. */
function childrenOf(pid: number): number[] {
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter((p) => p !== '')
      .map(Number);
  } catch {
    return [];
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('--workers', () => {
  it('reads --workers N and --workers=N, else WORKERS, and refuses anything but a positive integer', () => {
    expect(workerCount(['--workers', '4'], 1)).toBe(4);
    expect(workerCount(['--workers=3'], 1)).toBe(3);
    expect(workerCount([], 2)).toBe(2);
    expect(() => workerCount(['--workers', '0'], 1)).toThrow('--workers must be an integer ≥ 1');
    expect(() => workerCount(['--workers'], 1)).toThrow('--workers must be an integer ≥ 1');
  });
});

/** `npm start -- --workers 4` on a fresh database: migrated once, one administrator, workers replaced and stopped. */
describe.each(testDialects())('a cluster of 4 workers on a fresh %s database', (dialect) => {
  const place = childPlace(dialect);
  let server: ChildServer | null = null;
  afterAll(async () => {
    await server?.cleanup();
    await removePlace(place);
  });

  it('starts once, serves through the shared port, replaces a dead worker and stops them all on SIGTERM', async () => {
    server = await startChild(place, ['--workers', '4']);
    const primary = server.child.pid ?? 0;
    expect(server.output()).toContain('4 worker processes');
    let workers = childrenOf(primary);
    expect(workers).toHaveLength(4);

    const database = await server.open();
    try {
      const migrations = await database.db.withTables<{ kysely_migration: { name: string } }>().selectFrom('kysely_migration').select('name').execute();
      expect(new Set(migrations.map((m) => m.name)).size).toBe(migrations.length);
      expect(migrations.map((m) => m.name)).toContain('0008-scheduled-task-leases');
      const users = await database.db.selectFrom('users').select('username').execute();
      expect(users).toEqual([{ username: 'admin' }]);
    } finally {
      await database.close();
    }
    // The password set for the first administrator works through any worker.
    const tokens = await Promise.all(Array.from({ length: 8 }, () => login(server?.port ?? 0)));
    expect(tokens.every((t) => t.length > 0)).toBe(true);

    // A worker that dies is replaced; the port keeps answering meanwhile.
    const victim = workers[0];
    process.kill(victim, 'SIGKILL');
    await until('a replacement worker', () => {
      const now = childrenOf(primary);
      return now.length === 4 && !now.includes(victim);
    });
    await until('the primary to report the death', () => server?.output().includes(`Worker ${victim} ended (SIGKILL)`) ?? false);
    const replacement = childrenOf(primary).find((pid) => !workers.includes(pid));
    await until('the replacement to listen', () => server?.output().includes(`Worker ${replacement} replaces it`) ?? false);
    expect((await fetch(`http://127.0.0.1:${server.port}/api/health/ready`)).status).toBe(200);

    workers = childrenOf(primary);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await until('every worker to end', () => workers.every((pid) => !alive(pid)));
  }, CHILD_TEST_TIMEOUT_MS);
});
