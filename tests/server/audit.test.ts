import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/server/audit.js';
import { startServer, passwordOf, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';

interface AuditRow {
  auditId: number;
  userId?: number;
  username?: string;
  action: string;
  target?: string;
  details?: unknown;
  createdOn: string;
}

describe.each(testDialects())('audit log on %s', (dialect) => {
  let server: TestServer;
  let adminToken: string;
  let regularToken: string;
  let start: number;

  beforeAll(async () => {
    server = await startServer(dialect);
    server.clock.freeze();
    start = server.clock.now();
    adminToken = await server.login('admin', passwordOf('admin'));
    regularToken = await server.login('regular', passwordOf('regular'));
    // Three real admin changes, a minute apart.
    const api = (method: string, path: string, body: unknown) => server.api(method, path, { token: adminToken, body });
    expect((await api('PUT', 'usergroup', { name: 'Breeders' })).status).toBe(200);
    server.clock.advance(60_000);
    expect((await api('POST', 'settings/admin', { registrationEnabled: true, gatekeeperPassword: 'hush-hush-1' })).status).toBe(200);
    server.clock.advance(60_000);
    expect((await api('PUT', 'usergroup', { name: 'Curators', description: 'Data people' })).status).toBe(200);
  });
  afterAll(async () => server?.close());

  const table = async (body: unknown = {}) => {
    const response = await server.api('POST', 'audit/table', { token: adminToken, body });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as { data: AuditRow[]; count: number };
  };

  it('lists administrator changes newest first: who, what, when', async () => {
    const page = await table();
    expect(page.count).toBe(3);
    expect(page.data.map((r) => r.action)).toEqual(['usergroup.create', 'settings.update', 'usergroup.create']);
    expect(page.data[0]).toMatchObject({ username: 'admin', target: expect.stringMatching(/^usergroup \d+$/), details: { name: 'Curators', description: 'Data people' } });
    expect(typeof page.data[0].userId).toBe('number');
    expect(page.data.map((r) => r.createdOn)).toEqual([
      new Date(start + 120_000).toISOString(),
      new Date(start + 60_000).toISOString(),
      new Date(start).toISOString(),
    ]);
    expect(Object.keys(page.data[0]).sort()).toEqual(['action', 'auditId', 'createdOn', 'details', 'target', 'userId', 'username']);
  });

  it('never shows a password', async () => {
    const page = await table();
    expect(JSON.stringify(page)).not.toContain('hush-hush-1');
    expect(page.data[1].details).toEqual({ registrationEnabled: true, gatekeeperPassword: '***' });
  });

  it('sorts, filters, pages and lists ids through the shared engine', async () => {
    const oldest = await table({ orderBy: 'createdOn', ascending: 1, limit: 1, page: 0 });
    expect(oldest.count).toBe(3);
    expect(oldest.data).toHaveLength(1);
    expect(oldest.data[0].details).toEqual({ name: 'Breeders', description: null });
    const settings = await table({ filter: [{ column: 'action', comparator: 'equals', values: ['settings.update'] }] });
    expect(settings.data.map((r) => r.action)).toEqual(['settings.update']);
    const found = await table({ filter: [{ column: 'details', comparator: 'contains', values: ['Data people'] }] });
    expect(found.count).toBe(1);
    const ids = (await (await server.api('POST', 'audit/table/ids', { token: adminToken, body: {} })).json()) as { data: number[]; count: number };
    expect(ids.count).toBe(3);
    expect(ids.data).toEqual([...(await table()).data.map((r) => r.auditId)].sort((a, b) => a - b));
  });

  it('keeps entries of system changes (no user) readable', async () => {
    await recordAudit(server.db.database.db, null, { action: 'task.purge', details: { removed: 2 } }, start + 180_000);
    const page = await table({ limit: 1 });
    expect(page.data[0]).toEqual({ auditId: expect.any(Number), action: 'task.purge', details: { removed: 2 }, createdOn: new Date(start + 180_000).toISOString() });
  });

  it('is for administrators only', async () => {
    for (const [token, status] of [
      [null, 401],
      [regularToken, 403],
    ] as const) {
      expect((await server.api('POST', 'audit/table', { token, body: {} })).status).toBe(status);
      expect((await server.api('POST', 'audit/table/ids', { token, body: {} })).status).toBe(status);
    }
  });
});
