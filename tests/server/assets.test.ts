import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../../src/server/http/compress.js';
import { testDialects } from '../support/databases.js';
import { startServer, type TestServer } from '../support/server.js';

/**
 * The built client as the server sends it: the precompressed copy the browser accepts (brotli before
 * gzip), hashed assets cached for a year, index.html and every deep link revalidated. The client here is
 * a fixture laid out as build.mjs lays it out (e2e/assets.e2e.ts checks the real build).
 */

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/main-ABCD2345.js"></script></head><body><div id="root"></div></body></html>\n';
// Repetitive enough that both compressions are much smaller, as real bundles are.
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = "germplasm ${i}";`).join('\n');
const STYLE = Array.from({ length: 200 }, (_, i) => `.pane-${i} { margin: ${i}px; }`).join('\n');
const WORKER = `self.onmessage = (event) => self.postMessage(event.data); // ${'x'.repeat(2000)}`;

function writeClient(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-assets-'));
  const put = (file: string, text: string, compressed = true) => {
    const full = path.join(dir, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, text);
    if (!compressed) return;
    fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${full}.gz`, zlib.gzipSync(text));
  };
  put('index.html', INDEX, false);
  put('meta.json', '{"outputs":{}}', false);
  put('robots.txt', 'User-agent: *\n', false);
  put('assets/main-ABCD2345.js', SCRIPT);
  put('assets/main-EFGH6789.css', STYLE);
  put('assets/maplibre-gl-worker.mjs', WORKER);
  // Only a gzip copy: a browser asking for brotli first still gets the smaller form there is.
  put('assets/chunks/Table-JKLM2345.js', SCRIPT, false);
  fs.writeFileSync(path.join(dir, 'assets/chunks/Table-JKLM2345.js.gz'), zlib.gzipSync(SCRIPT));
  return dir;
}

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** node:http, not fetch: fetch decompresses and sends its own Accept-Encoding; this shows the wire. */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  // The path as written (a URL object would resolve "..").
  const { hostname, port } = new URL(url);
  const target = url.replace(/^http:\/\/[^/]+/, '');
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path: target, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

function decoded(response: Raw): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(response.body).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.body.toString('utf8');
}

describe('Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['gzip;q=0, br;q=0', null],
    ['deflate', null],
  ])('"%s" gets %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe.each(testDialects())('client assets on %s', (dialect) => {
  let server: TestServer;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = writeClient();
    server = await startServer(dialect, { clientDir, jobs: false });
  });
  afterAll(async () => {
    await server?.close();
    if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    // "Anything" gets gzip, which every client that says so can decode.
    ['*', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ])('answers Accept-Encoding "%s" with %s, the body decoding to the built file', async (accept, encoding) => {
    const response = await raw(`${server.url}/assets/main-ABCD2345.js`, accept ? { 'accept-encoding': accept } : {});
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['content-length']).toBe(String(response.body.length));
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    if (encoding) expect(response.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    expect(decoded(response)).toBe(SCRIPT);
  });

  it('leaves headers only a document acts on, and validators, off hashed scripts and style sheets', async () => {
    for (const file of ['/assets/main-ABCD2345.js', '/assets/main-EFGH6789.css']) {
      const response = await raw(`${server.url}${file}`, { 'accept-encoding': 'br' });
      expect(response.headers['content-security-policy'], file).toBeUndefined();
      expect(response.headers['x-frame-options'], file).toBeUndefined();
      expect(response.headers.etag, file).toBeUndefined();
      expect(response.headers['last-modified'], file).toBeUndefined();
      expect(response.headers['accept-ranges'], file).toBeUndefined();
      expect(response.headers['x-content-type-options'], file).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], file).toBe('same-origin');
    }
    // A worker's policy comes from its own script's response: the worker keeps it.
    const worker = await raw(`${server.url}/assets/maplibre-gl-worker.mjs`, { 'accept-encoding': 'br' });
    expect(worker.headers['content-security-policy']).toContain("script-src 'self'");
    const page = await raw(`${server.url}/data/germplasm`);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends CSS compressed and immutable, and falls back to gzip where there is no brotli copy', async () => {
    const css = await raw(`${server.url}/assets/main-EFGH6789.css`, { 'accept-encoding': 'br, gzip' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(css)).toBe(STYLE);

    const chunk = await raw(`${server.url}/assets/chunks/Table-JKLM2345.js`, { 'accept-encoding': 'br, gzip' });
    expect(chunk.headers['content-encoding']).toBe('gzip');
    expect(chunk.headers['content-length']).toBe(String(chunk.body.length));
    expect(decoded(chunk)).toBe(SCRIPT);
  });

  it('revalidates the one asset without a hash in its name (the map worker)', async () => {
    const worker = await raw(`${server.url}/assets/maplibre-gl-worker.mjs`, { 'accept-encoding': 'br' });
    expect(worker.status).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript; charset=utf-8$/);
    expect(worker.headers.vary).toBe('accept-encoding');
    expect(decoded(worker)).toBe(WORKER);
    // Its validator makes the revalidation cheap.
    const etag = worker.headers.etag;
    expect(etag).toBeTruthy();
    const again = await raw(`${server.url}/assets/maplibre-gl-worker.mjs`, { 'accept-encoding': 'br', 'if-none-match': etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await raw(`${server.url}/assets/main-ABCD2345.js`, { 'accept-encoding': 'gzip' }, 'HEAD');
    const get = await raw(`${server.url}/assets/main-ABCD2345.js`, { 'accept-encoding': 'gzip' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers['content-encoding']).toBe('gzip');
  });

  it('serves index.html for the root and every deep link, never cached without asking', async () => {
    for (const url of ['/', '/home', '/data/germplasm/12?layout=x', '/index.html']) {
      const response = await raw(`${server.url}${url}`, { 'accept-encoding': 'br, gzip' });
      expect(response.status, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-length']).toBe(String(Buffer.byteLength(INDEX)));
      expect(decoded(response)).toBe(INDEX);
    }
    const first = await raw(`${server.url}/data/germplasm`);
    const etag = first.headers.etag ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const unchanged = await raw(`${server.url}/data/germplasm`, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
    expect(unchanged.headers['cache-control']).toBe('no-cache');
    // A file beside index.html is served as it is, revalidated; the build's records are not, and a
    // missing file is a 404 (not the page).
    const robots = await raw(`${server.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.body.toString()).toBe('User-agent: *\n');
    expect(robots.headers['cache-control']).toBe('no-cache');
    for (const file of ['/meta.json', '/favicon.ico', '/data/app.js']) {
      const missing = await raw(`${server.url}${file}`);
      expect(missing.status, file).toBe(404);
      expect(missing.body.toString(), file).not.toContain('<html');
    }
    const head = await raw(`${server.url}/home`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(INDEX)));
  });

  it('compresses text answers of the API the client accepts compressed, and leaves small ones as they are', async () => {
    const url = `${server.url}/api/clientlocale/en_GB`;
    const plain = await raw(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/);
    expect(plain.headers['content-length']).toBe(String(plain.body.length));
    expect(JSON.parse(plain.body.toString('utf8'))).toMatchObject({ 'app.name': 'Germinate Workspace' });
    for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip']] as const) {
      const response = await raw(url, { 'accept-encoding': accept });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/);
      expect(response.headers['content-length']).toBe(String(response.body.length));
      expect(response.body.length).toBeLessThan(plain.body.length / 3);
      expect(decoded(response)).toBe(plain.body.toString('utf8'));
    }
    const small = await raw(`${server.url}/api/germplasm/table`, { 'accept-encoding': 'br' }, 'POST');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(decoded(small))).toEqual({ data: [], count: 0 });
  });

  it('answers a missing asset, a compressed copy asked by name, unknown /api paths and paths out of the folder with an error, not the page', async () => {
    for (const url of ['/assets/chunks/Gone-ABCD2345.js', '/assets/main-ABCD2345.js.br', '/assets/main-ABCD2345.js.gz', '/api/nothing-here']) {
      const response = await raw(`${server.url}${url}`, { 'accept-encoding': 'br, gzip' });
      expect(response.status, url).toBe(404);
      expect(response.headers['content-type'], url).not.toMatch(/html/);
    }
    // A path out of the assets folder is refused outright.
    for (const url of ['/assets/../index.html', '/assets/%2e%2e/index.html']) {
      const response = await raw(`${server.url}${url}`);
      expect(response.status, url).toBe(403);
      expect(response.body.toString()).not.toContain('<html');
    }
  });
});
