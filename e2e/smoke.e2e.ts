import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, clientEntry, useBrowser, useServer, waitForNoNetwork, watchOf, type E2EServer } from './support/index.js';

// Written to hold at every stage of the shell: with no entry yet, only the served page is checked.
const build = clientEntry(path.join(ROOT, 'dist/client'));

describe('smoke: the built client from the real server', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('serves the index page with the entry script', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('id="root"');
    if (build.entry) expect(html).toContain(`<script type="module" src="${build.entry}"></script>`);
    if (build.entryCss) expect(html).toContain(build.entryCss);
  });

  it('answers /api/settings', async () => {
    const response = await fetch(`${server.url}/api/settings`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ authMode: 'SELECTIVE' });
  });

  it('serves the index page for a deep link (client routing) and keeps /api/ 404s as JSON', async () => {
    const index = await (await fetch(`${server.url}/`)).text();
    const deep = await fetch(`${server.url}/data/germplasm/12?layout=x`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toBe(index);
    const api = await fetch(`${server.url}/api/no-such-route`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/json/);
  });

  it('loads a deep link in Chromium without page errors or external requests', async () => {
    const page = await browser.page();
    const response = await page.goto(`${server.url}/data/germplasm/12`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('#root').count()).toBe(1);
    if (build.entry) {
      // The shell renders something into #root; what exactly is for the shell's own tests.
      await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0, null, { timeout: 10_000 });
    }
    await waitForNoNetwork(page);
    const watch = watchOf(page);
    expect(watch.externalRequests).toEqual([]);
    expect(watch.pageErrors).toEqual([]);
    if (build.entry) expect(watch.requests).toContain(`${server.url}${build.entry}`);
    // Everything the page loaded came from our server.
    for (const url of watch.requests) expect(url.startsWith(`${server.url}/`) || url.startsWith('data:') || url.startsWith('blob:')).toBe(true);
  });

  it('blocks a request to another host instead of letting it leave the machine', async () => {
    const page = await browser.page();
    // A navigation, not a fetch: the server's CSP would stop a fetch before the fence is tested.
    const outcome = await page.goto('https://example.org/').then(
      () => 'reached',
      () => 'blocked',
    );
    expect(outcome).toBe('blocked');
    expect(watchOf(page).externalRequests).toEqual(['https://example.org/']);
  });

  it('logs a page in through the API, where the client keeps its session', async () => {
    const page = await browser.page();
    const answer = await server.login(page, 'curator');
    expect(answer.userType).toBe('Data Curator');
    const stored = await page.evaluate(() => Object.keys(window.localStorage).map((key) => window.localStorage.getItem(key) ?? ''));
    expect(stored.some((value) => value.includes(answer.token))).toBe(true);
  });
});
