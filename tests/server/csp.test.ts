import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { startServer, type TestServer } from '../support/server.js';

describe.each(testDialects())('content security policy on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(async () => server?.close());

  const connectSrc = async () => {
    const response = await server.api('GET', 'settings');
    const policy = response.headers.get('content-security-policy') ?? '';
    return /connect-src ([^;]*)/.exec(policy)?.[1].trim().split(/\s+/) ?? [];
  };

  it('lets the client reach only its own origin, plus the usage logger once an administrator sets one', async () => {
    expect(await connectSrc()).toEqual(["'self'", "'self'"]);
    const admin = await server.login('admin', 'admin-password-1');
    const saved = await server.api('POST', 'settings/admin', { token: admin, body: { usageLoggerUrl: 'https://logger.example.org/app-logger/log' } });
    expect(saved.status).toBe(200);
    expect(await connectSrc()).toEqual(["'self'", 'https://logger.example.org']);
  });
});
