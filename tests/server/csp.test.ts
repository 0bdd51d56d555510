import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { readConfig } from '../../src/server/config.js';
import { serverPlugins } from '../../src/plugins/server.js';
import { freshDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { ROOT, startServer, type TestServer } from '../support/server.js';

const directives = (policy: string | null) => (policy ?? '').split(';').map((d) => d.trim()).filter(Boolean);

describe.each(testDialects())('content security policy on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(async () => server?.close());

  const directive = async (name: string) => {
    const response = await server.api('GET', 'settings');
    const policy = response.headers.get('content-security-policy') ?? '';
    return new RegExp(`(?:^|;)\\s*${name} ([^;]*)`).exec(policy)?.[1].trim().split(/\s+/) ?? [];
  };
  const connectSrc = () => directive('connect-src');

  it('lets the client reach only its own origin, plus the usage logger once an administrator sets one', async () => {
    expect(await connectSrc()).toEqual(["'self'", "'self'"]);
    const admin = await server.login('admin', 'admin-password-1');
    const saved = await server.api('POST', 'settings/admin', { token: admin, body: { usageLoggerUrl: 'https://logger.example.org/app-logger/log' } });
    expect(saved.status).toBe(200);
    expect(await connectSrc()).toEqual(["'self'", 'https://logger.example.org']);
  });

  it('lets maps load tiles from the tile server an administrator configures, and from nowhere else', async () => {
    const admin = await server.login('admin', 'admin-password-1');
    const before = await directive('img-src');
    expect(before).not.toContain('https://tiles.example.org');
    const refused = await server.api('POST', 'settings/admin', { token: admin, body: { mapTileUrl: 'https://tiles.example.org/tiles.png' } });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('{z}');
    const saved = await server.api('POST', 'settings/admin', { token: admin, body: { mapTileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png', mapTileAttribution: '© Example tiles' } });
    expect(saved.status).toBe(200);
    expect(await connectSrc()).toContain('https://tiles.example.org');
    expect(await directive('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.example.org']);
    const settings = (await (await server.api('GET', 'settings')).json()) as Record<string, unknown>;
    expect(settings).toMatchObject({ mapTileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png', mapTileAttribution: '© Example tiles' });
    // Unset again: the origin leaves the policy, and the public settings no longer name tiles.
    expect((await server.api('POST', 'settings/admin', { token: admin, body: { mapTileUrl: '', mapTileAttribution: '' } })).status).toBe(200);
    expect(await directive('img-src')).toEqual(["'self'", 'data:', 'blob:', "'self'"]);
    expect(await (await server.api('GET', 'settings')).json()).not.toHaveProperty('mapTileUrl');
  });

  it('over plain HTTP asks for no upgrade to HTTPS and sends no HSTS, whatever a client claims without a trusted proxy', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }] as Record<string, string>[]) {
      for (const url of [`${server.url}/api/settings`, `${server.url}/data/germplasm`]) {
        const response = await fetch(url, { headers });
        const policy = directives(response.headers.get('content-security-policy'));
        expect(policy).toContain("script-src 'self'");
        expect(policy).not.toContain('upgrade-insecure-requests');
        expect(response.headers.get('strict-transport-security')).toBeNull();
      }
    }
  });
});

/** The real app with TRUST_PROXY as an administrator would set it (the shared test server has none). */
describe.each(testDialects())('HTTPS behind a proxy on %s', (dialect) => {
  const started: { app: FastifyInstance; db: TestDatabase; url: string }[] = [];
  const start = async (trustProxy: string) => {
    const db = await freshDatabase(dialect);
    const config = { ...readConfig({ DATA_DIR: db.dataDir, LOG_LEVEL: 'silent', TRUST_PROXY: trustProxy }, ROOT), clientDir: path.join(db.dataDir, 'no-client') };
    const app = await buildApp({ config, database: db.database, plugins: serverPlugins, localesDir: path.join(ROOT, 'locales'), logger: false, jobs: { run: false } });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    started.push({ app, db, url });
    return url;
  };
  afterAll(async () => {
    for (const { app, db } of started) {
      await app.close();
      await db.cleanup();
    }
  });

  it('upgrades requests and sends HSTS when a trusted proxy says the request came over HTTPS', async () => {
    const url = await start('true');
    const https = await fetch(`${url}/api/settings`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(directives(https.headers.get('content-security-policy'))).toContain('upgrade-insecure-requests');
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    // The same proxy forwarding plain HTTP: neither.
    for (const headers of [{ 'x-forwarded-proto': 'http' }, {}] as Record<string, string>[]) {
      const plain = await fetch(`${url}/api/settings`, { headers });
      expect(directives(plain.headers.get('content-security-policy'))).not.toContain('upgrade-insecure-requests');
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('ignores X-Forwarded-Proto from an address TRUST_PROXY does not name', async () => {
    const url = await start('10.20.30.40');
    const response = await fetch(`${url}/api/settings`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(directives(response.headers.get('content-security-policy'))).not.toContain('upgrade-insecure-requests');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});
