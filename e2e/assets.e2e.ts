import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ROOT, clientEntry, useBrowser, useServer, watchOf, type E2EServer } from './support/index.js';

/**
 * The real build as browsers get it: every script and style sheet in a compressed copy that decodes to
 * the built file, cached for a year under its hashed name; and the app opened over plain HTTP by a name
 * other than localhost, as on a LAN or an intranet, where a CSP asking to upgrade requests would leave
 * the page blank.
 */

const POLL = { timeout: 30_000 };
const NAME = 'germinate.test';
const clientDir = path.join(ROOT, 'dist/client');
const build = clientEntry(clientDir);

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** node:http shows the bytes as sent (fetch would decode them and choose its own Accept-Encoding). */
function raw(url: string, acceptEncoding: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

function decode(response: Raw): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.body);
  if (encoding === 'gzip') return zlib.gunzipSync(response.body);
  return response.body;
}

describe('the built client on the wire', () => {
  const browser = useBrowser({ loopbackNames: [NAME] });
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('sends every script and style sheet of the build compressed, decoding to the built file, hashed ones immutable', async () => {
    const files = [...build.outputs.keys()].filter((file) => /\.(m?js|css)$/.test(file));
    expect(build.entry).not.toBeNull();
    expect(files).toContain(build.entry);
    files.push('/assets/maplibre-gl-worker.mjs');
    for (const file of files) {
      const original = fs.readFileSync(path.join(clientDir, file));
      for (const [accept, expected] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['', undefined]] as const) {
        const response = await raw(`${server.url}${file}`, accept);
        expect(response.status, file).toBe(200);
        // Tiny files whose copies would not be smaller are sent as they are.
        const encoding = original.length > 1024 ? expected : response.headers['content-encoding'];
        expect(response.headers['content-encoding'], `${file} for "${accept}"`).toBe(encoding);
        expect(response.headers['content-length'], file).toBe(String(response.body.length));
        expect(response.headers.vary, file).toBe('accept-encoding');
        expect(response.headers['content-type'], file).toMatch(file.endsWith('.css') ? /^text\/css; charset=utf-8$/ : /^(application|text)\/javascript; charset=utf-8$/);
        expect(response.headers['cache-control'], file).toBe(file.endsWith('maplibre-gl-worker.mjs') ? 'no-cache' : 'public, max-age=31536000, immutable');
        expect(decode(response).equals(original), `${file} decodes to the built file`).toBe(true);
      }
    }
  });

  it('renders over plain HTTP by a name other than localhost (no upgrade to HTTPS), with compressed scripts that a second visit takes from the cache', async () => {
    const page = await browser.page({ blockExternal: false });
    const origin = server.url.replace('127.0.0.1', NAME);
    const encodings = new Map<string, string | undefined>();
    page.on('response', (response) => {
      if (/\.(m?js|css)$/.test(new URL(response.url()).pathname)) encodings.set(response.url(), response.headers()['content-encoding']);
    });
    const response = await page.goto(`${origin}/home`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
    await page.getByRole('heading', { name: 'Welcome to Germinate' }).waitFor(POLL);
    const watch = watchOf(page);
    expect(watch.pageErrors).toEqual([]);
    // Nothing went elsewhere: above all not to https://germinate.test.
    for (const url of watch.requests) expect(url.startsWith(`${origin}/`) || /^(data|blob):/.test(url), url).toBe(true);
    expect(encodings.get(`${origin}${build.entry}`)).toMatch(/^(br|gzip)$/);

    // The hashed files are fresh for a year: the next visit fetches the page and the data, not the code.
    await page.goto(`${origin}/home`);
    await page.getByRole('heading', { name: 'Welcome to Germinate' }).waitFor(POLL);
    const fetched = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .filter((entry) => /\/assets\/.*-[A-Z0-9]{8}\.(js|css)$/.test(new URL(entry.name).pathname))
        .map((entry) => ({ url: entry.name, transferSize: entry.transferSize })),
    );
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.filter((entry) => entry.transferSize > 0)).toEqual([]);
  });
});
