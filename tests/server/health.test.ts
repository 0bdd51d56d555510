import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { openDatabase } from '../../src/server/db/database.js';
import { serverPlugins } from '../../src/plugins/server.js';
import { ROOT, startServer, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';

/** Reads one HTTP response from a raw socket (the connection closes after it, or we stop at the body). */
function readStatus(socket: net.Socket): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (match && text.includes('\r\n\r\n') && text.endsWith('}')) resolve({ status: Number(match[1]), text });
    });
    socket.once('error', reject);
    socket.once('close', () => {
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (match) resolve({ status: Number(match[1]), text });
      else reject(new Error(`connection closed without a response: ${JSON.stringify(text)}`));
    });
  });
}

describe.each(testDialects())('health probes on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { authMode: 'FULL', jobs: false });
  });
  afterAll(async () => server.close());

  it('answers liveness and readiness without a token, with nothing but the status', async () => {
    const live = await fetch(`${server.url}/api/health`);
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect(await live.json()).toEqual({ status: 'UP' });
    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'UP' });
    // Under FULL every data route wants a token: the probes are the exception, not the rule.
    expect((await server.api('GET', 'stats/overview')).status).toBe(401);
  });

  it('is live but not ready when its database does not answer', async () => {
    const connection = { databaseUrl: server.db.databaseUrl, sqliteFile: path.join(server.db.dataDir, 'germinate.sqlite'), schema: server.db.schema };
    const database = await openDatabase(connection);
    const app = await buildApp({
      config: server.app.config,
      database,
      plugins: serverPlugins,
      localesDir: path.join(ROOT, 'locales'),
      logger: false,
      jobs: { run: false },
    });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      await database.close();
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'DOWN' });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('says not ready once the server is shutting down, while a request is still in flight', async () => {
    const other = await startServer(dialect, { jobs: false });
    const { port } = new URL(other.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // Headers begun but not finished: the connection is busy, so closing the server waits for it.
    socket.write('GET /api/health/ready HTTP/1.1\r\nHost: localhost\r\n');
    const response = readStatus(socket);
    // The request must have reached the server before it starts closing (else the socket counts as idle).
    await expect.poll(async () => (await fetch(`${other.url}/api/health`)).status).toBe(200);
    const closed = other.close();
    socket.write('\r\n');
    const { status, text } = await response;
    socket.destroy();
    await closed;
    expect(status).toBe(503);
    expect(text).not.toContain('UP');
  });
});
