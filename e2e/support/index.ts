// The browser-test harness: import everything from here (see e2e/README.md).
export { startE2EServer, passwordOf, E2E_USERS, ROOT, type E2EServer, type E2EServerOptions, type LoginAnswer } from './server.js';
export { launchBrowser, newPage, closePage, watchOf, waitForNoNetwork, isExternal, CHROMIUM_PATH, type LaunchOptions, type PageOptions, type PageWatch } from './browser.js';
export { axeViolations, formatViolations, type AxeOptions } from './axe.js';
export { useBrowser, useServer, expectNoPageErrors, type BrowserFixture } from './vitest.js';
export { clientEntry, type ClientBuild } from './client-build.js';
export { storedClientState } from './client-state.js';
