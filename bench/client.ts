import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, closePage, waitForNoNetwork } from '../e2e/support/browser.js';
import { clientEntry, type ClientBuild } from '../e2e/support/client-build.js';
import { startE2EServer } from '../e2e/support/server.js';
import { median, report } from './measure.js';
import { isCode, recordTransfers, sumTransfers, type Transfer, type TransferLog } from './wire.js';

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
// The anchor we compare against is germinate-vue 4.9.2's production build.
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

interface Visit {
  /** ms from navigation start to first rows painted, and how that was detected */
  firstRows: number | null;
  detectedBy: 'selector' | 'table response' | null;
  /** what crossed the wire until the first rows (or, without rows, until the network was idle) */
  transfers: Transfer[];
}

/**
 * One visit in a fresh context (empty cache). With `repeat`, the page is loaded once unrecorded and the
 * figures are those of a second visit in the same context: what a returning user's browser fetches.
 */
async function visit(browser: Browser, url: string, waitForRows: boolean, repeat = false): Promise<Visit> {
  const page = await newPage(browser, { blockExternal: false });
  let log: TransferLog | null = null;
  try {
    await page.addInitScript(recordMarks, [FIRST_ROWS_SELECTOR, TABLE_API_PATH] as [string, string]);
    if (repeat) {
      await page.goto(url, { waitUntil: 'load' });
      await waitForNoNetwork(page, 500, 20_000);
    }
    log = await recordTransfers(page);
    await page.goto(url, { waitUntil: 'load' });
    if (!waitForRows) {
      await waitForNoNetwork(page, 500, 20_000);
      return { firstRows: null, detectedBy: null, transfers: await log.transfers() };
    }
    // The rows, or else the table's response and 3 s more for the selector before settling for the response.
    await page
      .waitForFunction(
        () => {
          const marks = window.__benchMarks;
          return marks !== undefined && (marks.rows !== null || (marks.response !== null && performance.now() - marks.response > 3000));
        },
        null,
        { timeout: 20_000, polling: 25 },
      )
      .catch(() => undefined);
    const marks: Marks = (await page.evaluate(() => window.__benchMarks)) ?? { rows: null, response: null };
    const firstRows = marks.rows ?? marks.response;
    const detectedBy = marks.rows !== null ? 'selector' : marks.response !== null ? 'table response' : null;
    if (firstRows === null) await waitForNoNetwork(page, 500, 20_000);
    const transfers = (await log.transfers()).filter((t) => firstRows === null || t.finishedAt <= firstRows);
    return { firstRows, detectedBy, transfers };
  } finally {
    await log?.stop();
    await closePage(page);
  }
}

const kib = (bytes: number) => bytes / KIB;
const fmtKib = (bytes: number) => `${kib(bytes).toFixed(1)} KiB`;

/** The smallest form our server keeps of a built file (its .br, else its .gz, else the file): what a brotli browser gets. */
function servedSize(clientDir: string, urlPath: string): number {
  const file = path.join(clientDir, decodeURIComponent(urlPath));
  for (const candidate of [`${file}.br`, `${file}.gz`, file]) if (fs.existsSync(candidate)) return fs.statSync(candidate).size;
  return 0;
}

/**
 * Prints what crossed the wire: each JS and CSS file (on disk, on the wire with its encoding, and what is
 * mostly in it, from meta.json), then the other responses by kind. Returns the JS + CSS and the overall
 * bytes on the wire. Requests for JS or CSS that is not in the build are listed apart and not counted in
 * the JS + CSS figure: they are bugs to fix, not bundle weight.
 */
function printTransfers(build: ClientBuild, origin: string, transfers: Transfer[]): { code: number; all: number } {
  const { all } = sumTransfers(transfers);
  let code = 0;
  const strays: string[] = [];
  const others = new Map<string, { count: number; bytes: number }>();
  let cached = 0;
  for (const transfer of transfers) {
    if (transfer.fromCache) {
      cached++;
      continue;
    }
    const pathname = transfer.url.startsWith(origin) ? new URL(transfer.url).pathname : transfer.url;
    if (!isCode(transfer)) {
      const kind = transfer.type === 'Fetch' || transfer.type === 'XHR' ? 'API calls' : transfer.type;
      const entry = others.get(kind) ?? { count: 0, bytes: 0 };
      others.set(kind, { count: entry.count + 1, bytes: entry.bytes + transfer.transferred });
      continue;
    }
    const output = build.outputs.get(pathname);
    if (!output) {
      strays.push(pathname);
      continue;
    }
    code += transfer.transferred;
    const role = pathname === build.entry || pathname === build.entryCss ? 'entry' : 'chunk';
    const name = pathname.replace(/^\/assets\/(chunks\/)?/, '');
    console.log(
      `    ${role.padEnd(5)} ${name.padEnd(26)} ${fmtKib(output.bytes).padStart(10)} on disk  ${fmtKib(transfer.transferred).padStart(9)} on the wire (${transfer.encoding || 'uncompressed'})  mostly ${output.mostly}`,
    );
  }
  const codeCount = transfers.filter((t) => !t.fromCache && isCode(t)).length - strays.length;
  console.log(`    ${codeCount} JS/CSS files: ${fmtKib(code)} on the wire (bodies as sent plus headers)`);
  for (const [kind, { count, bytes }] of others) console.log(`    ${kind}: ${count} response(s), ${fmtKib(bytes)} on the wire`);
  if (cached) console.log(`    ${cached} response(s) from the browser's cache (nothing on the wire)`);
  console.log(`    everything: ${fmtKib(all)} on the wire`);
  if (strays.length) {
    console.log(`    ${strays.length} request(s) for JS/CSS that is not in the build (not counted; a bug to fix): ${strays.slice(0, 3).join(', ')}${strays.length > 3 ? ', …' : ''}`);
  }
  return { code, all };
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

/** Bytes on the wire for /home and /data/germplasm, and navigation → first germplasm rows, in headless Chromium. */
export async function benchClient(root: string): Promise<void> {
  console.log('Client: bytes on the wire (Chromium\'s network log: headers plus bodies as sent) and navigation → first germplasm rows, headless Chromium');
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
    const homeBytes = printTransfers(build, server.url, home.transfers);

    // The first visit also warms the server (SQLite page cache, JIT); it is not timed.
    const first = await visit(browser, `${server.url}/data/germplasm`, true);
    const detected = first.detectedBy === null ? 'table pane not available: until the network is idle' : `before first rows (by ${first.detectedBy})`;
    console.log(`  /data/germplasm, ${detected}:`);
    const germplasmBytes = printTransfers(build, server.url, first.transfers);

    const again = await visit(browser, `${server.url}/data/germplasm`, true, true);
    const repeat = sumTransfers(again.transfers);
    // Files from the memory cache raise no network events at all: what is listed is what was fetched.
    console.log(`  /data/germplasm again in the same browser: ${fmtKib(repeat.all)} on the wire, ${fmtKib(repeat.code)} of it JS/CSS (the hashed files come from the cache)`);

    const times: number[] = [];
    const ways = new Set<string>();
    for (let i = 0; i < RUNS; i++) {
      const run = await visit(browser, `${server.url}/data/germplasm`, true);
      if (run.firstRows !== null) times.push(run.firstRows);
      if (run.detectedBy) ways.add(run.detectedBy);
    }

    report('/home JS + CSS on the wire vs anchor /home', fmtKib(homeBytes.code), `${ANCHOR_HOME_KIB} KiB`, kib(homeBytes.code) / ANCHOR_HOME_KIB, `≤ ${GOAL_HOME_KIB} KiB`, kib(homeBytes.code) <= GOAL_HOME_KIB);
    reportAll('/home everything on the wire', homeBytes.all, GOAL_HOME_KIB);
    // The anchor has no figure for its germplasm page; its entry chunks alone are the fairest floor.
    report('/data/germplasm first rows JS + CSS vs anchor entry', fmtKib(germplasmBytes.code), `${ANCHOR_ENTRY_KIB} KiB`, kib(germplasmBytes.code) / ANCHOR_ENTRY_KIB, `≤ ${GOAL_GERMPLASM_KIB} KiB`, kib(germplasmBytes.code) <= GOAL_GERMPLASM_KIB);
    reportAll('/data/germplasm first rows, everything', germplasmBytes.all, GOAL_GERMPLASM_KIB);
    // Everything the build holds, lazy chunks included: what a user who opens every pane downloads.
    let whole = 0;
    for (const file of build.outputs.keys()) if (/\.(m?js|css)$/.test(file)) whole += servedSize(build.clientDir, file);
    console.log(`${'whole client JS + CSS (brotli), every chunk'.padEnd(52)} ours ${fmtKib(whole).padStart(12)}   baseline ${`${ANCHOR_WHOLE_KIB} KiB`.padStart(12)}   ratio ${(kib(whole) / ANCHOR_WHOLE_KIB).toFixed(2).padStart(6)}   (no goal; for scale)`);
    if (times.length > 0) {
      const by = [...ways].join(' / ');
      const missed = RUNS - times.length;
      console.log(
        `${`navigation → first germplasm rows (median of ${times.length})`.padEnd(52)} ours ${`${median(times).toFixed(0)} ms`.padStart(12)}   ` +
          `(detected by ${by}; runs ${times.map((t) => t.toFixed(0)).join(', ')} ms${missed ? `; ${missed} run(s) saw no rows` : ''})`,
      );
      console.log(`${''.padEnd(52)} baseline: needs Germinate's own client against this server, not available offline; goal ≤ 1/3 of its time`);
    } else {
      console.log(`${'navigation → first germplasm rows'.padEnd(52)} table pane not available (no run saw rows)`);
    }
  } finally {
    await browser?.close();
    await server.close();
    fs.rmSync(path.resolve(clientDir, '../..'), { recursive: true, force: true });
  }
  console.log('');
}

/** The whole page (document, API answers, fonts too) against the same goal: no anchor figure exists for it. */
function reportAll(name: string, bytes: number, goalKib: number): void {
  console.log(`${name.padEnd(52)} ours ${fmtKib(bytes).padStart(12)}   (the document, API answers and fonts too)${''.padEnd(6)}goal ≤ ${goalKib} KiB ${kib(bytes) <= goalKib ? '✓' : '✗'}`);
}
