import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, closePage, waitForNoNetwork } from '../e2e/support/browser.js';
import { clientEntry, gzipSizeOf, type ClientBuild } from '../e2e/support/client-build.js';
import { startE2EServer } from '../e2e/support/server.js';
import { median, report } from './measure.js';

/**
 * The germplasm table's first rows are on screen when this matches. Contract with the table pane: the
 * element wrapping the grid carries data-testid="germplasm-table" and, from the render that hands a page
 * of rows to the grid, holds [data-row] elements (say one visually hidden element per row).
 * glide-data-grid's own accessibility rows are no substitute: they follow the data after a 200 ms debounce.
 */
export const FIRST_ROWS_SELECTOR = '[data-testid="germplasm-table"] [data-row]';
/** Fallback when the selector never matches: this call's response plus one painted frame. */
export const TABLE_API_PATH = '/api/germplasm/table';

const RUNS = 7;
const KIB = 1024;
// PERFORMANCE.md: the anchor is germinate-vue 4.9.2's production build.
const ANCHOR_HOME_KIB = 819;
const ANCHOR_ENTRY_KIB = 316;
const ANCHOR_WHOLE_KIB = Math.round(2.67 * 1024);
const GOAL_HOME_KIB = 160;
const GOAL_GERMPLASM_KIB = 250;

interface Marks {
  /** performance.now() (ms since navigation start) after the frame where FIRST_ROWS_SELECTOR matched */
  rows: number | null;
  /** the same after the first table response arrived */
  response: number | null;
}

declare global {
  interface Window {
    __benchMarks?: Marks;
  }
}

/** Runs in the page before its scripts: records both end points on the page's own clock. */
function recordMarks([selector, apiPath]: [string, string]): void {
  const marks: Marks = { rows: null, response: null };
  window.__benchMarks = marks;
  // rAF runs before the frame's paint; the timeout after it runs once that frame is painted.
  const afterPaint = (key: keyof Marks) =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (marks[key] === null) marks[key] = performance.now();
      }, 0),
    );
  const observer = new MutationObserver(() => {
    if (document.querySelector(selector)) {
      observer.disconnect();
      afterPaint('rows');
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (new URL(entry.name).pathname === apiPath) afterPaint('response');
  }).observe({ type: 'resource', buffered: true });
}

interface Loaded {
  url: string;
  responseEnd: number;
  encoded: number;
}

/** JS and CSS the page fetched, with when each finished (resource timing, same origin so sizes are real). */
async function loadedAssets(page: Page): Promise<Loaded[]> {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => {
      const r = e as PerformanceResourceTiming;
      return { url: r.name, responseEnd: r.responseEnd, encoded: r.encodedBodySize };
    }),
  );
  return entries.filter((e) => /\.(m?js|css)$/.test(new URL(e.url).pathname));
}

interface Visit {
  /** ms from navigation start to first rows painted, and how that was detected */
  firstRows: number | null;
  detectedBy: 'selector' | 'table response' | null;
  assets: Loaded[];
}

async function visit(browser: Browser, url: string, waitForRows: boolean): Promise<Visit> {
  const page = await newPage(browser, { blockExternal: false });
  try {
    await page.addInitScript(recordMarks, [FIRST_ROWS_SELECTOR, TABLE_API_PATH] as [string, string]);
    await page.goto(url, { waitUntil: 'load' });
    if (!waitForRows) {
      await waitForNoNetwork(page, 500, 20_000);
      return { firstRows: null, detectedBy: null, assets: await loadedAssets(page) };
    }
    // Wait for the rows; after the table's response, give the selector 3 s before settling for the response.
    const deadline = Date.now() + 20_000;
    let responseSeenAt: number | null = null;
    let marks: Marks = { rows: null, response: null };
    while (Date.now() < deadline) {
      marks = (await page.evaluate(() => window.__benchMarks)) ?? marks;
      if (marks.rows !== null) break;
      if (marks.response !== null) {
        responseSeenAt ??= Date.now();
        if (Date.now() - responseSeenAt > 3000) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const firstRows = marks.rows ?? marks.response;
    const detectedBy = marks.rows !== null ? 'selector' : marks.response !== null ? 'table response' : null;
    if (firstRows === null) await waitForNoNetwork(page, 500, 20_000);
    const assets = (await loadedAssets(page)).filter((a) => firstRows === null || a.responseEnd <= firstRows);
    return { firstRows, detectedBy, assets };
  } finally {
    await closePage(page);
  }
}

const kib = (bytes: number) => bytes / KIB;
const fmtKib = (bytes: number) => `${kib(bytes).toFixed(1)} KiB`;

/**
 * Prints each loaded chunk (bytes and gzip, and what is mostly in it, from meta.json) and returns the
 * gzip total. Requests for JS or CSS that is not in the build (a stray relative URL answered with the
 * index page, say) are listed apart and not counted: they are bugs to fix, not bundle weight.
 */
function printChunks(build: ClientBuild, assets: Loaded[]): number {
  let gzipTotal = 0;
  let encodedTotal = 0;
  const strays: string[] = [];
  for (const asset of assets) {
    const pathname = new URL(asset.url).pathname;
    const output = build.outputs.get(pathname);
    if (!output) {
      strays.push(pathname);
      continue;
    }
    const gzip = gzipSizeOf(build.clientDir, pathname) ?? asset.encoded;
    gzipTotal += gzip;
    encodedTotal += asset.encoded;
    const role = pathname === build.entry || pathname === build.entryCss ? 'entry' : 'chunk';
    const name = pathname.replace(/^\/assets\/(chunks\/)?/, '');
    console.log(`    ${role.padEnd(5)} ${name.padEnd(26)} ${fmtKib(output.bytes).padStart(10)}  gzip ${fmtKib(gzip).padStart(9)}  mostly ${output.mostly}`);
  }
  console.log(`    ${assets.length - strays.length} files; sent ${fmtKib(encodedTotal)} as encoded by our server, ${fmtKib(gzipTotal)} gzipped (level 9)`);
  if (strays.length) {
    console.log(`    ${strays.length} request(s) for JS/CSS that is not in the build (not counted; a bug to fix): ${strays.slice(0, 3).join(', ')}${strays.length > 3 ? ', …' : ''}`);
  }
  return gzipTotal;
}

/**
 * Builds the client and copies it aside: a build started meanwhile in the same checkout (npm test)
 * replaces dist/client, and the figures must describe one build. Null when the build fails.
 */
function buildClient(root: string): string | null {
  const result = spawnSync(process.execPath, ['build.mjs'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.log(`  client build failed (exit ${result.status}): client figures skipped`);
    return null;
  }
  const snapshot = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-bench-client-'));
  // Kept at <tmp>/dist/client so meta.json's root-relative paths (dist/client/…) still resolve.
  const clientDir = path.join(snapshot, 'dist/client');
  fs.cpSync(path.join(root, 'dist/client'), clientDir, { recursive: true });
  return clientDir;
}

/** Bundle sizes of /home and /data/germplasm, and navigation → first germplasm rows, in headless Chromium. */
export async function benchClient(root: string): Promise<void> {
  console.log('Client: what the browser loads (JS + CSS, gzip) and navigation → first germplasm rows, headless Chromium');
  const clientDir = buildClient(root);
  if (!clientDir) return;
  const build = clientEntry(clientDir);
  if (!build.entry) console.log('  the client has no entry yet (placeholder page): sizes are what the placeholder loads');
  const server = await startE2EServer({ root, clientDir });
  let browser: Browser | null = null;
  try {
    browser = await launchBrowser();

    const home = await visit(browser, `${server.url}/home`, false);
    console.log('  /home, until the network is idle:');
    const homeGzip = printChunks(build, home.assets);

    // The first visit also warms the server (SQLite page cache, JIT); it is not timed.
    const first = await visit(browser, `${server.url}/data/germplasm`, true);
    const detected = first.detectedBy === null ? 'table pane not available: until the network is idle' : `before first rows (by ${first.detectedBy})`;
    console.log(`  /data/germplasm, ${detected}:`);
    const germplasmGzip = printChunks(build, first.assets);

    const times: number[] = [];
    const ways = new Set<string>();
    for (let i = 0; i < RUNS; i++) {
      const run = await visit(browser, `${server.url}/data/germplasm`, true);
      if (run.firstRows !== null) times.push(run.firstRows);
      if (run.detectedBy) ways.add(run.detectedBy);
    }

    report('/home JS + CSS (gzip) vs anchor /home', fmtKib(homeGzip), `${ANCHOR_HOME_KIB} KiB`, kib(homeGzip) / ANCHOR_HOME_KIB, `≤ ${GOAL_HOME_KIB} KiB`, kib(homeGzip) <= GOAL_HOME_KIB);
    // The anchor has no figure for its germplasm page; its entry chunks alone are the fairest floor.
    report('/data/germplasm before first rows vs anchor entry', fmtKib(germplasmGzip), `${ANCHOR_ENTRY_KIB} KiB`, kib(germplasmGzip) / ANCHOR_ENTRY_KIB, `≤ ${GOAL_GERMPLASM_KIB} KiB`, kib(germplasmGzip) <= GOAL_GERMPLASM_KIB);
    // Everything the build holds, lazy chunks included: what a user who opens every pane downloads.
    let wholeGzip = 0;
    for (const file of build.outputs.keys()) if (/\.(m?js|css)$/.test(file)) wholeGzip += gzipSizeOf(build.clientDir, file) ?? 0;
    console.log(`${'whole client JS + CSS (gzip), every chunk'.padEnd(48)} ours ${fmtKib(wholeGzip).padStart(12)}   baseline ${`${ANCHOR_WHOLE_KIB} KiB`.padStart(12)}   ratio ${(kib(wholeGzip) / ANCHOR_WHOLE_KIB).toFixed(2).padStart(6)}   (no goal; for scale)`);
    if (times.length > 0) {
      const by = [...ways].join(' / ');
      const missed = RUNS - times.length;
      console.log(
        `${`navigation → first germplasm rows (median of ${times.length})`.padEnd(48)} ours ${`${median(times).toFixed(0)} ms`.padStart(12)}   ` +
          `(detected by ${by}; runs ${times.map((t) => t.toFixed(0)).join(', ')} ms${missed ? `; ${missed} run(s) saw no rows` : ''})`,
      );
      console.log(`${''.padEnd(48)} baseline: needs Germinate's own client against this server, not available offline; goal ≤ 1/3 of its time`);
    } else {
      console.log(`${'navigation → first germplasm rows'.padEnd(48)} table pane not available (no run saw rows)`);
    }
  } finally {
    await browser?.close();
    await server.close();
    fs.rmSync(path.resolve(clientDir, '../..'), { recursive: true, force: true });
  }
  console.log('');
}
