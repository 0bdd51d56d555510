import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium: Playwright's own download is not possible here (`.ci/run` installs the package). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // A second fence behind the per-page routing: no name but localhost resolves.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

export interface LaunchOptions {
  /**
   * Host names that resolve to 127.0.0.1 (the fence stays up for every other name), to open the app as a
   * user on the network would, by a name that is not localhost. Pages must then be opened with
   * `blockExternal: false`, since the per-page routing knows only the loopback names.
   */
  loopbackNames?: string[];
}

export function assertChromium(): void {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: the browser tests need Debian's chromium package ` +
        '(`apt-get install chromium`; `.ci/run` installs it) or CHROMIUM_PATH pointing at a Chromium binary.',
    );
  }
}

/** Headless Chromium; each newPage gets its own context, so a fresh profile and storage. */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  assertChromium();
  const names = options.loopbackNames ?? [];
  // The first matching rule wins, so the mapped names go before the catch-all.
  const args = names.length
    ? CHROMIUM_ARGS.map((arg) => (arg.startsWith('--host-resolver-rules=') ? arg.replace('=', `=${names.map((name) => `MAP ${name} 127.0.0.1, `).join('')}`) : arg))
    : CHROMIUM_ARGS;
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args });
}

export interface PageOptions {
  /** BCP 47, e.g. 'de-DE' (navigator.language); default en-GB. */
  locale?: string;
  /** Abort every request to a host other than 127.0.0.1/localhost (default true). */
  blockExternal?: boolean;
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
}

/** What happened on one page: checked after each test by useBrowser, readable by any test. */
export interface PageWatch {
  /** console.error messages (failed resource loads included) */
  consoleErrors: string[];
  /** uncaught exceptions and unhandled rejections: these fail the test */
  pageErrors: Error[];
  /** requests to another host (aborted when blockExternal) */
  externalRequests: string[];
  /** every request URL, in order */
  requests: string[];
  /** requests sent and not yet finished or failed */
  inFlight(): number;
  /** ms timestamp (Date.now) of the last request start or end */
  lastActivity(): number;
}

const watches = new WeakMap<Page, PageWatch>();

export function watchOf(page: Page): PageWatch {
  const watch = watches.get(page);
  if (!watch) throw new Error('page was not opened with newPage()');
  return watch;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isExternal(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(parsed.protocol)) return false;
  return !LOCAL_HOSTS.has(parsed.hostname);
}

/** A page in a new context (fresh cookies and storage), watched for errors and external requests. */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    locale: options.locale ?? 'en-GB',
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
  let inFlight = 0;
  let lastActivity = Date.now();
  const watch: PageWatch = {
    consoleErrors: [],
    pageErrors: [],
    externalRequests: [],
    requests: [],
    inFlight: () => inFlight,
    lastActivity: () => lastActivity,
  };
  const blockExternal = options.blockExternal ?? true;
  // Routing costs a round trip per request, so it is only installed to block; the request event
  // below records external requests either way (the resolver flag fences them off regardless).
  if (blockExternal) {
    await context.route('**/*', (route) => (isExternal(route.request().url()) ? route.abort('blockedbyclient') : route.continue()));
  }
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') watch.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => watch.pageErrors.push(error));
  page.on('request', (request) => {
    watch.requests.push(request.url());
    if (isExternal(request.url())) watch.externalRequests.push(request.url());
    inFlight++;
    lastActivity = Date.now();
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  watches.set(page, watch);
  return page;
}

/** Resolves once no request has been in flight for `idleMs`; throws after `timeoutMs`. */
export async function waitForNoNetwork(page: Page, idleMs = 500, timeoutMs = 15_000): Promise<void> {
  const watch = watchOf(page);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (watch.inFlight() === 0 && Date.now() - watch.lastActivity() >= idleMs) return;
    if (Date.now() > deadline) throw new Error(`network still busy after ${timeoutMs} ms (${watch.inFlight()} in flight)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Closes the page's context, so its storage goes with it. */
export async function closePage(page: Page): Promise<void> {
  await page.context().close();
}
