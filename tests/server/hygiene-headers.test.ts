import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { startHygieneServer, type HygieneServer } from './hygiene-support.js';

/** A client laid out as build.mjs lays it out, source maps included (an older build linked them). */
function writeClient(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-hygiene-'));
  const put = (file: string, text: string) => {
    const full = path.join(dir, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, text);
  };
  const script = `export const x = 1;\n//# sourceMappingURL=main-ABCD2345.js.map\n`;
  const map = JSON.stringify({ version: 3, sources: ['../../src/shell/main.tsx'], sourcesContent: ['secret source'], mappings: '' });
  put('index.html', '<!doctype html><html><head><script type="module" src="/assets/main-ABCD2345.js"></script></head><body></body></html>\n');
  put('robots.txt', 'User-agent: *\n');
  put('assets/main-ABCD2345.js', script);
  put('assets/main-ABCD2345.js.map', map);
  fs.writeFileSync(path.join(dir, 'assets/main-ABCD2345.js.map.gz'), zlib.gzipSync(map));
  put('assets/chunks/Table-JKLM2345.js', script);
  put('assets/chunks/Table-JKLM2345.js.map', map);
  put('stray.js.map', map);
  return dir;
}

const PAGES = ['/', '/home', '/data/germplasm/12?layout=abc', '/assets/main-ABCD2345.js', '/assets/chunks/Table-JKLM2345.js', '/robots.txt'];
const HSTS = 'max-age=31536000; includeSubDomains';

describe.each(testDialects())('HTTP hygiene on %s', (dialect) => {
  let server: HygieneServer;
  let proxied: HygieneServer;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = writeClient();
    server = await startHygieneServer(dialect, { clientDir });
    // Every test request comes from 127.0.0.1: with TRUST_PROXY=true that is the proxy.
    proxied = await startHygieneServer(dialect, { clientDir, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await server?.close();
    await proxied?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const call = (method: string, url: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });

  it('marks every API answer no-store (logins, tables, exports, errors, HEAD), and no client file', async () => {
    const { token } = await server.loginAdmin();
    const answers: [string, Response][] = [
      ['login', await call('POST', '/api/token', { body: { username: 'admin', password: 'admin-password-1' } })],
      ['settings', await call('GET', '/api/settings')],
      ['HEAD settings', await call('HEAD', '/api/settings')],
      ['texts', await call('GET', '/api/clientlocale/en_GB')],
      ['table', await call('POST', '/api/germplasm/table', { body: {} })],
      ['export', await call('POST', '/api/germplasm/table/export', { body: {} })],
      ['users', await call('GET', '/api/user', { token })],
      ['no colour', await call('GET', '/api/settings/css')],
      ['unauthorised', await call('GET', '/api/user')],
      ['unknown route', await call('GET', '/api/nothing/here')],
      ['bad JSON', await fetch(`${server.url}/api/germplasm/table`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })],
    ];
    for (const [name, response] of answers) {
      await response.arrayBuffer();
      expect([name, response.headers.get('cache-control')]).toEqual([name, 'no-store']);
    }
    expect(answers.map(([name, response]) => [name, response.status])).toEqual([
      ['login', 200], ['settings', 200], ['HEAD settings', 200], ['texts', 200], ['table', 200], ['export', 200], ['users', 200],
      ['no colour', 204], ['unauthorised', 401], ['unknown route', 404], ['bad JSON', 400],
    ]);
    expect((await call('GET', '/')).headers.get('cache-control')).toBe('no-cache');
    expect((await call('GET', '/assets/main-ABCD2345.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('lets an image route keep its own policy (a map overlay by id, privately for an hour)', async () => {
    const db = server.db.database.db.withTables<{ mapoverlays: { id: number; name: string } }>();
    await db.insertInto('mapoverlays').values({ id: 7, name: '7.png' }).execute();
    const folder = path.join(server.db.dataDir, 'images', 'mapoverlay');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, '7.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    const image = await call('GET', '/api/mapoverlay/7/src');
    await image.arrayBuffer();
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toBe('private, max-age=3600');
  });

  it('answers HEAD for every page and client file as GET does, without a body', async () => {
    for (const url of PAGES) {
      const get = await call('GET', url);
      const body = await get.arrayBuffer();
      const head = await call('HEAD', url);
      expect([url, head.status]).toEqual([url, 200]);
      expect([url, get.status]).toEqual([url, 200]);
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(head.headers.get('content-length')).toBe(String(body.byteLength));
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    }
  });

  it('answers HEAD for every GET route of the API that takes no path parameters, with GET’s status', async () => {
    const routes = server.app.routeAccess.filter((route) => route.method === 'GET' && !route.url.includes(':') && !route.url.includes('*'));
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const get = await call('GET', route.url);
      await get.arrayBuffer();
      const head = await call('HEAD', route.url);
      expect([route.url, head.status]).toEqual([route.url, get.status]);
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    }
  });

  it('serves no source map, wherever one lies in the client folder', async () => {
    for (const url of ['/assets/main-ABCD2345.js.map', '/assets/chunks/Table-JKLM2345.js.map', '/stray.js.map', '/assets/main-ABCD2345.js.map.gz']) {
      for (const method of ['GET', 'HEAD']) {
        const response = await call(method, url, { headers: { 'accept-encoding': 'gzip' } });
        const text = await response.text();
        expect([method, url, response.status]).toEqual([method, url, 404]);
        expect(text).not.toContain('secret source');
      }
    }
  });

  it('sends HSTS over HTTPS only: never over plain HTTP, whatever a client claims, on any kind of answer', async () => {
    const urls = [...PAGES, '/api/settings', '/api/nothing', '/missing.png'];
    for (const url of urls) {
      for (const method of ['GET', 'HEAD']) {
        for (const headers of [{}, { 'x-forwarded-proto': 'https' }] as Record<string, string>[]) {
          const response = await call(method, url, { headers });
          await response.arrayBuffer();
          expect([url, method, response.headers.get('strict-transport-security')]).toEqual([url, method, null]);
        }
        // Behind a trusted proxy: only what the proxy says came over HTTPS.
        for (const [proto, expected] of [['https', HSTS], ['http', null]] as const) {
          const response = await fetch(`${proxied.url}${url}`, { method, headers: { 'x-forwarded-proto': proto } });
          await response.arrayBuffer();
          expect([url, method, proto, response.headers.get('strict-transport-security')]).toEqual([url, method, proto, expected]);
        }
      }
    }
  });
});
