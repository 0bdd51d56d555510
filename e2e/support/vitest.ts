import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SESSION_STORAGE_KEY } from '../../src/core/session.js';
import { closePage, launchBrowser, newPage, watchOf, type LaunchOptions, type PageOptions } from './browser.js';
import { startE2EServer, type E2EServer, type E2EServerOptions } from './server.js';

export interface BrowserFixture {
  /** The browser of this test file (launched in beforeAll). */
  readonly browser: Browser;
  /** A watched page in a fresh context; closed after the test, which fails on uncaught page errors. */
  page(options?: PageOptions): Promise<Page>;
  /**
   * The file's page named `key` (opened with `options` on first use, `prepare` then runs once, say to log
   * in), kept until the file ends: a new context per test costs a context and a cold cache each time. Its
   * client state is removed (the session stays), so each navigation starts as a first visit of that user;
   * each test still fails on the uncaught page errors that happened during it.
   */
  sharedPage(key: string, options?: PageOptions, prepare?: (page: Page) => Promise<unknown>): Promise<Page>;
}

/** Removes what the client stored except the session, and every cookie: a later load is a first visit. */
async function forgetClientState(page: Page): Promise<void> {
  await page.context().clearCookies();
  if (page.url().startsWith('http')) {
    await page.evaluate((keep) => {
      for (const key of Object.keys(window.localStorage)) if (key !== keep) window.localStorage.removeItem(key);
      window.sessionStorage.clear();
    }, SESSION_STORAGE_KEY);
  }
}

/**
 * One Chromium per test file; each test's pages are checked and closed in afterEach. An uncaught page
 * error fails the test even when its assertions passed: a broken pane must not pass by luck.
 */
export function useBrowser(launch?: LaunchOptions): BrowserFixture {
  let browser: Browser | null = null;
  let open: Page[] = [];
  const shared = new Map<string, Promise<Page>>();
  beforeAll(async () => {
    browser = await launchBrowser(launch);
  });
  afterAll(async () => {
    for (const opening of shared.values()) {
      const page = await opening.catch(() => null);
      if (page) await closePage(page).catch(() => undefined);
    }
    shared.clear();
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
    // A shared page's errors belong to the test during which they happened: reported, then cleared.
    for (const opening of shared.values()) {
      const page = await opening.catch(() => null);
      if (!page) continue;
      const errors = watchOf(page).pageErrors.splice(0);
      for (const error of errors) problems.push(`uncaught page error on ${page.url()}: ${error.stack ?? error.message}`);
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
    async sharedPage(key, options, prepare) {
      const current = browser;
      if (!current) throw new Error('useBrowser(): the browser starts in beforeAll');
      let opening = shared.get(key);
      if (!opening) {
        opening = (async () => {
          const page = await newPage(current, options);
          await prepare?.(page);
          return page;
        })();
        shared.set(key, opening);
      }
      const page = await opening;
      await forgetClientState(page);
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
