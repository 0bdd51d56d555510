import { afterEach, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { backendActive, processAlive, startReadPoolServer, until, type ReadPoolServer } from './read-pool-support.js';

const SLOW = { page: 0, limit: 10, orderBy: 'slowId', ascending: 0 };

/** Table reads run on the read pool: stopped when their client goes, refused with a 503 instead of piling up. */
describe.each(testDialects())('read pool on %s', (dialect) => {
  let server: ReadPoolServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  /** Whether the connection (SQLite: its worker process; PostgreSQL: its backend) still runs something. */
  const stillRunning = async (s: ReadPoolServer, pid: number) => (dialect === 'sqlite' ? processAlive(pid) : backendActive(s, pid));

  it('stops the query of a request whose client went away, and serves the next request on a fresh connection', async () => {
    // One read connection and no statement timeout: only the cancellation can free it.
    const s = (server = await startReadPoolServer(dialect, { READ_POOL_SIZE: '1', STATEMENT_TIMEOUT_MS: '0', TABLE_TIMEOUT_MS: '600000' }));
    await until(() => s.pool.stats().pids.length === 1, 'the read connection to open');
    const client = new AbortController();
    const slow = s.post('test-slow/table', SLOW, client.signal).catch((error: unknown) => error);
    await until(() => s.pool.stats().running === 1, 'the slow query to start');
    const [pid] = s.pool.stats().pids;
    expect(await stillRunning(s, pid)).toBe(true);

    client.abort();
    expect(await slow).toBeInstanceOf(Error);
    await until(async () => !(await stillRunning(s, pid)), 'the slow query to be stopped');
    expect(s.pool.stats().stopped).toBe(1);
    await until(() => s.pool.stats().pids.length === 1, 'a replacement connection');
    expect(s.pool.stats().pids).not.toContain(pid);

    // The one connection is free again: a light table request is answered.
    const light = await s.post('germplasm/table', { page: 0, limit: 5 });
    expect(light.status).toBe(200);
    expect(await light.json()).toEqual({ data: [], count: 0 });
  });

  it('answers 503 with Retry-After when a table request passes TABLE_TIMEOUT_MS, and stops its query', async () => {
    // Long enough that a loaded machine starts the slow statement before the limit (a statement still
    // waiting for its connection at the limit is dropped from the queue, not stopped: another case).
    const s = (server = await startReadPoolServer(dialect, { READ_POOL_SIZE: '1', STATEMENT_TIMEOUT_MS: '0', TABLE_TIMEOUT_MS: '3000' }));
    await until(() => s.pool.stats().pids.length === 1, 'the read connection to open');
    const [pid] = s.pool.stats().pids;
    const answer = s.post('test-slow/table', SLOW);
    await until(() => s.pool.stats().running === 1, 'the slow query to start');
    const response = await answer;
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await response.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'The server is busy: please try again shortly.' });
    expect(s.pool.stats().stopped).toBe(1);
    await until(async () => !(await stillRunning(s, pid)), 'the timed-out query to be stopped');
  });

  it('ends a statement that passes STATEMENT_TIMEOUT_MS with a 503, whoever waits for it', async () => {
    const s = (server = await startReadPoolServer(dialect, { READ_POOL_SIZE: '1', STATEMENT_TIMEOUT_MS: '1000', TABLE_TIMEOUT_MS: '600000' }));
    await until(() => s.pool.stats().pids.length === 1, 'the read connection to open');
    const response = await s.post('test-slow/table/ids', {});
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    const light = await s.post('germplasm/table', { page: 0, limit: 5 });
    expect(light.status).toBe(200);
  });

  it('refuses table requests at once with 503 while READ_QUEUE_LIMIT requests already wait', async () => {
    const s = (server = await startReadPoolServer(dialect, { READ_POOL_SIZE: '1', READ_QUEUE_LIMIT: '1', STATEMENT_TIMEOUT_MS: '0', TABLE_TIMEOUT_MS: '600000' }));
    const clients = [new AbortController(), new AbortController()];
    // An ids call is one statement: the first runs, the second waits.
    const running = s.post('test-slow/table/ids', {}, clients[0].signal).catch((error: unknown) => error);
    await until(() => s.pool.stats().running === 1, 'the first slow query to start');
    const waiting = s.post('test-slow/table/ids', {}, clients[1].signal).catch((error: unknown) => error);
    await until(() => s.pool.stats().waiting === 1, 'the second request to wait');

    const refused = await s.post('germplasm/table', { page: 0, limit: 5 });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // Nothing was queued for it: still one running, one waiting.
    expect(s.pool.stats()).toMatchObject({ running: 1, waiting: 1 });

    clients[1].abort();
    expect(await waiting).toBeInstanceOf(Error);
    await until(() => s.pool.stats().waiting === 0, 'the waiting request to be dropped');
    clients[0].abort();
    expect(await running).toBeInstanceOf(Error);
    await until(() => s.pool.stats().running === 0, 'the running request to be stopped');
    // The waiting one never ran: only the running one was stopped.
    expect(s.pool.stats().stopped).toBe(1);
  });

  it('stops an export whose client went away', async () => {
    const s = (server = await startReadPoolServer(dialect, { READ_POOL_SIZE: '1', STATEMENT_TIMEOUT_MS: '0', TABLE_TIMEOUT_MS: '600000' }));
    const client = new AbortController();
    // The export's first batch sorts by id over the whole slow table: it runs until stopped.
    // Its answer starts only with the first rows, so the request is left pending rather than awaited.
    const response = s.post('test-slow/table/export', {}, client.signal).catch((error: unknown) => error);
    await until(() => s.pool.stats().running === 1, 'the export to read');
    client.abort();
    expect(await response).toBeInstanceOf(Error);
    await until(() => s.pool.stats().stopped === 1 && s.pool.stats().running === 0, 'the export read to be stopped');
  });
});
