import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { closePage, launchBrowser, newPage, watchOf } from '../e2e/support/browser.js';
import type { MapBenchRun } from './map-harness.js';
import type { HandOver, MapPrototypeRun } from './map-prototype.js';
import { median, report } from './measure.js';

/**
 * Issue 16: 100,000 germplasm points on the map, time until the map is idle ÷ the same for 1,000 ≤ 3×.
 * The page is the app's PlaceMap alone (bench/map-harness.tsx), built as the client is built (minified,
 * production React) and served from a temp dir; MapLibre's worker sits where the app serves it.
 */
const SMALL = 1_000;
const LARGE = 100_000;
const ROUNDS = 7;
const GOAL_RATIO = 3;
const PROTOTYPE_ROUNDS = 3;

const TYPES: Record<string, string> = { '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript', '.css': 'text/css' };

async function buildHarness(root: string, dir: string): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints: { harness: 'bench/map-harness.tsx', prototype: 'bench/map-prototype.tsx' },
    outdir: path.join(dir, 'assets'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome110'],
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  fs.copyFileSync(path.join(root, 'node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs'), path.join(dir, 'assets/maplibre-gl-worker.mjs'));
  for (const [page, script] of [['index.html', 'harness.js'], ['prototype.html', 'prototype.js']]) {
    fs.writeFileSync(
      path.join(dir, page),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Map benchmark</title></head>' +
        `<body style="margin:0"><main><div id="root"></div></main><script type="module" src="/assets/${script}"></script></body></html>`,
    );
  }
}

/** Serves the harness dir on 127.0.0.1: no database, no API, nothing else on the wire. */
async function serve(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = path.join(dir, pathname === '/' ? 'index.html' : path.normalize(pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * One hand-over in a fresh page: the empty map loads and settles (untimed), then `count` places go to the
 * map and the time to its next idle is taken on the page's clock. A fresh page each time, so neither size
 * inherits the other's source, tiles, fitted view or garbage.
 */
async function once<Run extends MapBenchRun>(browser: Browser, url: string, count: number, probe: (page: Page, count: number) => Promise<Run>): Promise<Run> {
  const page: Page = await newPage(browser);
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector('.place-map-canvas[data-map-loaded="true"][data-map-idle]', { timeout: 30_000 });
    const run = await probe(page, count);
    const watch = watchOf(page);
    const errors = [...watch.pageErrors.map(String), ...watch.consoleErrors];
    if (errors.length) throw new Error(`the map page failed: ${errors.slice(0, 3).join('; ')}`);
    if (run.clusters === 0) throw new Error(`no clusters drawn after the idle with ${count} places: the idle timed was not the one with the places`);
    return run;
  } finally {
    await closePage(page);
  }
}

/** PlaceMap as the app has it (bench/map-harness.tsx). */
async function placeMap(page: Page, count: number): Promise<MapBenchRun> {
  await page.waitForFunction(() => window.__mapBench !== undefined, null, { timeout: 30_000 });
  return page.evaluate((n) => window.__mapBench!.run(n), count);
}

/** The prototype page (bench/map-prototype.tsx) with one way of handing the places over. */
const prototype = (handOver: HandOver) => async (page: Page, count: number): Promise<MapPrototypeRun> => {
  await page.waitForFunction(() => window.__mapPrototype !== undefined, null, { timeout: 30_000 });
  return page.evaluate(([n, how]) => window.__mapPrototype!.run(n, how), [count, handOver] as const);
};

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
const blocking = (tasks: number[]) => tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0);

function describeTasks(label: string, runs: MapBenchRun[]): void {
  const counts = runs.map((r) => r.longTasks.length);
  const longest = runs.map((r) => Math.max(0, ...r.longTasks));
  const total = runs.map((r) => blocking(r.longTasks));
  console.log(
    `    ${label}: long tasks per run (median) ${median(counts)}, longest ${fmt(median(longest))} (worst run ${fmt(Math.max(...longest))}), ` +
      `blocking time (Σ over 50 ms) ${fmt(median(total))}; per run: ${runs.map((r) => `[${r.longTasks.map((d) => d.toFixed(0)).join(', ')}]`).join(' ')}`,
  );
}

/** The goal's figure: PlaceMap as the app has it, alternating sizes, each in a fresh page. */
async function comparePlaceMap(browser: Browser, url: string): Promise<void> {
  // One untimed round each: the OS file cache, Chromium's code cache, the server.
  await once(browser, url, SMALL, placeMap);
  await once(browser, url, LARGE, placeMap);
  const small: MapBenchRun[] = [];
  const large: MapBenchRun[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    small.push(await once(browser, url, SMALL, placeMap));
    large.push(await once(browser, url, LARGE, placeMap));
  }
  const a = median(large.map((r) => r.ms));
  const b = median(small.map((r) => r.ms));
  report(`map idle after ${LARGE.toLocaleString('en')} places vs ${SMALL.toLocaleString('en')}`, fmt(a), fmt(b), a / b, `≤ ${GOAL_RATIO}×`, a / b <= GOAL_RATIO);
  console.log(`    runs ${LARGE.toLocaleString('en')}: ${large.map((r) => r.ms.toFixed(0)).join(', ')} ms; ${SMALL.toLocaleString('en')}: ${small.map((r) => r.ms.toFixed(0)).join(', ')} ms`);
  describeTasks(`${LARGE.toLocaleString('en')} places`, large);
  describeTasks(`${SMALL.toLocaleString('en')} places`, small);
}

/**
 * BENCH_MAP_PROTOTYPE=1: the same sizes on the prototype page, per way of handing the places to MapLibre,
 * with the time until MapLibre reported the worker done: where the 100k case spends its time.
 */
async function comparePrototypes(browser: Browser, url: string): Promise<void> {
  console.log('  prototype (bare MapLibre, same style and layers; no React, no fitting):');
  for (const handOver of ['object', 'ids', 'url'] as const) {
    const small: MapPrototypeRun[] = [];
    const large: MapPrototypeRun[] = [];
    for (let i = 0; i < PROTOTYPE_ROUNDS; i++) {
      small.push(await once(browser, url, SMALL, prototype(handOver)));
      large.push(await once(browser, url, LARGE, prototype(handOver)));
    }
    const a = median(large.map((r) => r.ms));
    const b = median(small.map((r) => r.ms));
    console.log(
      `    ${handOver.padEnd(6)} ${LARGE.toLocaleString('en')}: ${fmt(a)} (worker done at ${fmt(median(large.map((r) => r.workerLoaded)))}, longest task ${fmt(median(large.map((r) => Math.max(0, ...r.longTasks))))}); ` +
        `${SMALL.toLocaleString('en')}: ${fmt(b)}; ratio ${(a / b).toFixed(2)}`,
    );
  }
}

/** Prints the 100k ÷ 1k ratio of hand-over → idle, with the main thread's long tasks during both. */
export async function benchMap(root: string): Promise<void> {
  console.log(`Map: ${LARGE.toLocaleString('en')} vs ${SMALL.toLocaleString('en')} germplasm places handed to PlaceMap (clustered, jittered) until the map's next idle, headless Chromium (WebGL on SwiftShader)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-bench-map-'));
  let browser: Browser | null = null;
  let server: Awaited<ReturnType<typeof serve>> | null = null;
  try {
    await buildHarness(root, dir);
    server = await serve(dir);
    browser = await launchBrowser();
    const url = `${server.url}/`;
    // BENCH_MAP_PROTOTYPE=only skips PlaceMap's rounds (1 adds the prototype's after them).
    if (process.env.BENCH_MAP_PROTOTYPE !== 'only') await comparePlaceMap(browser, url);
    if (process.env.BENCH_MAP_PROTOTYPE) await comparePrototypes(browser, `${server.url}/prototype.html`);
  } finally {
    await browser?.close();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log('');
}
