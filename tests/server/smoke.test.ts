import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, passwordOf, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';

describe.each(testDialects())('server basics on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(async () => server?.close());

  it('serves public settings without a token', async () => {
    const response = await server.api('GET', 'settings');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.authMode).toBe('SELECTIVE');
    expect(body.colorPrimary).toBeUndefined();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers an empty germplasm table', async () => {
    const response = await server.api('POST', 'germplasm/table', { body: { page: 0, limit: 10 } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: [], count: 0 });
  });

  it('logs in and out', async () => {
    const token = await server.login('curator', passwordOf('curator'));
    const out = await server.api('DELETE', 'token', { token, body: { username: 'curator', password: token } });
    expect(out.status).toBe(200);
    expect(await out.json()).toBe(true);
  });

  it('answers unknown api paths with 404 JSON', async () => {
    const response = await server.api('GET', 'no/such/thing');
    expect(response.status).toBe(404);
    expect(((await response.json()) as { statusCode: number }).statusCode).toBe(404);
  });
});
