import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closePage, launchBrowser, newPage, watchOf, type LaunchOptions, type PageOptions } from './browser.js';
import { startE2EServer, type E2EServer, type E2EServerOptions } from './server.js';

export interface BrowserFixture {
  /** The browser of this test file (launched in beforeAll). */
  readonly browser: Browser;
  /** A watched page in a fresh context; closed after the test, which fails on uncaught page errors. */
  page(options?: PageOptions): Promise<Page>;
}

/**
 * One Chromium per test file; each test's pages are checked and closed in afterEach. An uncaught page
 * error fails the test even when its assertions passed: a broken pane must not pass by luck.
 */
export function useBrowser(launch?: LaunchOptions): BrowserFixture {
  let browser: Browser | null = null;
  let open: Page[] = [];
  beforeAll(async () => {
    browser = await launchBrowser(launch);
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    const pages = open;
    open = [];
    const problems: string[] = [];
    for (const page of pages) {
      const watch = watchOf(page);
      for (const error of watch.pageErrors) problems.push(`uncaught page error on ${page.url()}: ${error.stack ?? error.message}`);
      await closePage(page).catch(() => undefined);
    }
    if (problems.length) throw new Error(problems.join('\n'));
  });
  return {
    get browser() {
      if (!browser) throw new Error('useBrowser(): the browser starts in beforeAll');
      return browser;
    },
    async page(options) {
      if (!browser) throw new Error('useBrowser(): the browser starts in beforeAll');
      const page = await newPage(browser, options);
      open.push(page);
      return page;
    },
  };
}

/** Fails now (not only after the test) when the page has had an uncaught error. */
export function expectNoPageErrors(page: Page): void {
  const errors = watchOf(page).pageErrors;
  if (errors.length) throw new Error(`uncaught page errors:\n${errors.map((e) => e.stack ?? e.message).join('\n')}`);
}

/**
 * The real server of a test file: started in beforeAll (fresh database, demo data, test users) and
 * closed in afterAll; `started` receives it so specs can keep a plain variable. Its database is a copy of
 * the run's demo template (global-setup.ts) where the options allow.
 */
export function useServer(started: (server: E2EServer) => void, options?: E2EServerOptions): void {
  let server: E2EServer | null = null;
  beforeAll(async () => {
    server = await startE2EServer({ demoTemplate: inject('e2eDemoTemplate'), ...options });
    started(server);
  });
  afterAll(async () => {
    await server?.close();
  });
}
