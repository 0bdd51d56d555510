import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, type ApiClient } from '../../src/core/api-client.js';
import type { Toast } from '../../src/core/errors.js';
import { createSession, type Session } from '../../src/core/session.js';
import type { Comparator, Filter } from '../../src/core/table-request.js';
import { testDialects } from '../support/databases.js';
import { seedGermplasm } from '../support/seed.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';

const LIFETIME = 60_000;

const f = (column: string, comparator: Comparator, values: string[]): Filter => ({ column, comparator, values });

/** The client's API wrapper against the real server: login, tables, errors, sliding session, logout. */
describe.each(testDialects())('api client against the server on %s', (dialect) => {
  let server: TestServer;
  let session: Session;
  let client: ApiClient;
  const toasts: Toast[] = [];
  const navigations: [string, string | undefined][] = [];

  beforeAll(async () => {
    server = await startServer(dialect, { tokenLifetimeMs: LIFETIME });
    server.clock.freeze();
    session = createSession({ now: server.clock.now });
    client = createApiClient({
      baseUrl: `${server.url}/api/`,
      session,
      authMode: () => 'SELECTIVE',
      onNavigate: (path, remember) => navigations.push([path, remember]),
      onToast: (toast) => toasts.push(toast),
      now: server.clock.now,
      locale: () => 'en_GB',
      currentPath: () => '/data/germplasm',
    });
  });
  afterAll(async () => server?.close());

  const reset = () => {
    toasts.length = 0;
    navigations.length = 0;
  };

  it('logs in through POST token', async () => {
    reset();
    const state = await client.login('curator', passwordOf('curator'));
    expect(state).toMatchObject({ username: 'curator', userType: 'Data Curator', role: 'DATA_CURATOR', lifetime: LIFETIME });
    expect(session.validToken()).toBe(state.token);
    expect(toasts).toEqual([]);
  });

  it('reads an empty germplasm table', async () => {
    expect(await client.table('germplasm/table', { page: 1, limit: 10, prevCount: -1 })).toEqual({ data: [], count: 0 });
  });

  it('reads a page of seeded germplasm, sending the page 0-based', async () => {
    await seedGermplasm(server);
    const page = await client.table<{ germplasmId: number }>('germplasm/table', {
      page: 2,
      limit: 5,
      prevCount: -1,
      orderBy: 'germplasmId',
      ascending: 1,
    });
    expect(page.count).toBe(30);
    expect(page.data.map((row) => row.germplasmId)).toEqual([6, 7, 8, 9, 10]);
    const ids = await client.tableIds('germplasm/table/ids', { page: 3, limit: 5, filter: [f('germplasmName', 'contains', ['barke'])] });
    expect(ids.data.sort((a, b) => a - b)).toEqual([1, 2, 3, 28, 29, 30]);
    const download = await client.tableExport('germplasm/table/export', { filter: [f('germplasmId', 'equals', ['1'])] });
    expect(download.filename).toMatch(/^germplasm-table-.*\.zip$/);
    expect(download.blob.size).toBeGreaterThan(0);
  });

  it('shows the reason phrase of a 400 for an unknown filter column, keeping the session', async () => {
    reset();
    const failure = await client.table('germplasm/table', { page: 1, filter: [f('nope', 'equals', ['x'])] }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'http', status: 400, reasonPhrase: 'BAD_REQUEST_UNKNOWN_COLUMN' });
    expect(toasts.map((t) => t.messageKey)).toEqual(['reasonPhrase.BAD_REQUEST_UNKNOWN_COLUMN']);
    expect(session.isValid()).toBe(true);
    expect(navigations).toEqual([]);
  });

  it('slides the session with the server', async () => {
    for (let i = 0; i < 3; i++) {
      server.clock.advance(LIFETIME - 1000);
      await client.get('stats/overview');
      expect(session.isValid()).toBe(true);
    }
    // 3 × 59 s is past the lifetime, and SELECTIVE answers an expired token with 401 even on public routes:
    // a 200 shows that the server slid its window too.
    const response = await server.api('GET', 'stats/overview', { token: session.validToken() });
    expect(response.status).toBe(200);
  });

  it('logs out: DELETE token, session cleared, the token no longer accepted', async () => {
    const token = session.validToken();
    let cleared = 0;
    const stop = session.onClear(() => cleared++);
    await client.logout();
    stop();
    expect(session.current()).toBeNull();
    expect(cleared).toBe(1);
    expect((await server.api('GET', 'stats/overview', { token })).status).toBe(401);
  });

  it('a refused login toasts the reason phrase unless the caller handles it', async () => {
    reset();
    const handled: ApiError[] = [];
    await client
      .login('curator', 'wrong', { handlers: [{ codes: [400, 403], callback: (error) => handled.push(error) }] })
      .catch(() => undefined);
    expect(handled.map((e) => [e.status, e.reasonPhrase])).toEqual([[403, 'FORBIDDEN_INVALID_CREDENTIALS']]);
    expect(toasts).toEqual([]);
    await client.login('curator', 'wrong').catch(() => undefined);
    expect(toasts.map((t) => t.messageKey)).toEqual(['reasonPhrase.FORBIDDEN_INVALID_CREDENTIALS']);
    expect(navigations).toEqual([['/login', '/data/germplasm']]);
  });

  it('an expired session is cleared before the call, which succeeds anonymously', async () => {
    await client.login('regular', passwordOf('regular'));
    reset();
    server.clock.advance(LIFETIME + 1);
    await client.get('stats/overview');
    expect(session.current()).toBeNull();
    expect(navigations).toEqual([['/login', '/data/germplasm']]);
  });
});
