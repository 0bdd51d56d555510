import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseBiologicalStatusTsv, totalsPerStatus, type StatusTotal } from '../src/plugins/statistics/biological-status.js';
import { axeViolations, formatViolations, ROOT, useBrowser, useServer, watchOf, type E2EServer } from './support/index.js';

/**
 * The statistics pane and the Chart widget in Chromium: germplasm per biological status drawn in light
 * and dark, the user's chart colours, the data table against the endpoint, the three downloads, the
 * keyboard and axe. Screenshots of both themes go to /tmp for people to look at.
 */

const POLL = { timeout: 20_000 };
const TITLE = 'Germplasm per biological status';
const SHOTS = process.env.STATISTICS_SCREENSHOTS ?? '/tmp';

/** The drawing once vega has drawn it in `theme`, with its bars. */
function drawing(page: Page, theme: 'light' | 'dark') {
  return page.locator(`.chart-drawing[data-drawn="${theme}"]`);
}

async function openStatistics(page: Page, server: E2EServer, theme: 'light' | 'dark' = 'light'): Promise<void> {
  await page.goto(`${server.url}/data/statistics`);
  await drawing(page, theme).locator('svg .mark-rect path').first().waitFor(POLL);
}

/** Fill colours of the bars, top to bottom. */
function barFills(page: Page): Promise<string[]> {
  return page.locator('.chart-drawing svg .mark-rect path').evaluateAll((paths) => paths.map((p) => p.getAttribute('fill') ?? ''));
}

async function endpointTotals(server: E2EServer): Promise<StatusTotal[]> {
  const response = await fetch(`${server.url}/api/stats/biologicalstatus`);
  expect(response.status).toBe(200);
  return totalsPerStatus(parseBiologicalStatusTsv(await response.text()));
}

/** The page's design token, as the chart should have used it. */
function token(page: Page, name: string): Promise<string> {
  return page.evaluate((property) => getComputedStyle(document.documentElement).getPropertyValue(property).trim(), name);
}

/** The drawing's background (vega paints it on the SVG) and the theme's surface, both as computed colours. */
function background(page: Page, theme: 'light' | 'dark'): Promise<string> {
  return drawing(page, theme).locator('svg').evaluate((svg) => getComputedStyle(svg).backgroundColor);
}
function surface(page: Page): Promise<string> {
  return page.locator('.tile').first().evaluate((tile) => getComputedStyle(tile).backgroundColor);
}

async function downloaded(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const event = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  const download: Download = await event;
  return { name: download.suggestedFilename(), bytes: fs.readFileSync((await download.path()) ?? '') };
}

async function expectAxeClean(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page))).toBe('');
}

interface MetaOutput {
  entryPoint?: string;
  imports: { path: string; kind: string }[];
  inputs: Record<string, unknown>;
}

/** The built client's outputs (esbuild's metafile) and what the entry loads before anything lazy. */
function builtClient(): { outputs: Record<string, MetaOutput>; eager: Set<string> } {
  const meta = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist/client/meta.json'), 'utf8')) as { outputs: Record<string, MetaOutput> };
  const entry = Object.keys(meta.outputs).find((file) => meta.outputs[file].entryPoint === 'src/shell/main.tsx');
  expect(entry).toBeDefined();
  const eager = new Set<string>();
  const visit = (file: string) => {
    if (eager.has(file)) return;
    eager.add(file);
    for (const imported of meta.outputs[file]?.imports ?? []) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(entry ?? '');
  return { outputs: meta.outputs, eager };
}

const VEGA = /node_modules\/(vega|vega-[a-z-]+|react-vega)\//;

describe('statistics: germplasm per biological status', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  beforeAll(async () => {
    // The demo template gives its 2,000 accessions a few statuses; some get others here, so the chart has
    // several bars of different lengths (and more bars than the two colours chosen below). Other demo files
    // add accessions without passport data: they get the template's main status once its last 250 have another.
    await sql`UPDATE mcpd SET sampstat = 300 WHERE germinatebase_id IN (SELECT germinatebase_id FROM mcpd ORDER BY germinatebase_id LIMIT 600)`.execute(server.database.db);
    await sql`UPDATE mcpd SET sampstat = 100 WHERE germinatebase_id IN (SELECT germinatebase_id FROM mcpd WHERE sampstat IS NOT NULL ORDER BY germinatebase_id DESC LIMIT 250)`.execute(server.database.db);
    await sql`UPDATE mcpd SET sampstat = 410 WHERE sampstat IS NULL`.execute(server.database.db);
    await sql`UPDATE mcpd SET sampstat = 421 WHERE germinatebase_id IN (SELECT germinatebase_id FROM mcpd WHERE sampstat = 410 ORDER BY germinatebase_id LIMIT 40)`.execute(server.database.db);
    await sql`UPDATE mcpd SET sampstat = NULL WHERE germinatebase_id IN (SELECT germinatebase_id FROM mcpd WHERE sampstat = 410 ORDER BY germinatebase_id LIMIT 10)`.execute(server.database.db);
  });

  it('draws the chart in light and in dark, its table lists the endpoint’s counts, axe clean', async () => {
    const totals = await endpointTotals(server);
    expect(totals.map((t) => t.biologicalstatus)).toEqual(["Breeder's line", 'Traditional cultivar/landrace', 'Wild', 'Mutant']);

    const page = await browser.page({ colorScheme: 'light', viewport: { width: 1280, height: 800 } });
    await openStatistics(page, server, 'light');
    const chart = page.getByRole('img', { name: TITLE });
    expect(await chart.getAttribute('aria-describedby')).toBeTruthy();
    await expect.poll(() => barFills(page)).toHaveLength(totals.length);
    // The server's chart colours in order, and the theme's surface behind them.
    const settings = (await (await fetch(`${server.url}/api/settings`)).json()) as { colorsCharts: string[] };
    expect(await barFills(page)).toEqual(settings.colorsCharts.slice(0, totals.length));
    await expect.poll(() => background(page, 'light'), POLL).toBe(await surface(page));

    // The data table alternative: the same statuses and counts as the endpoint, in the same order.
    const toggle = page.getByRole('button', { name: 'Show data table' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const table = page.getByRole('table', { name: `${TITLE}: data` });
    await table.waitFor(POLL);
    const listed = await table.locator('tbody tr').evaluateAll((rows) =>
      rows.map((row) => ({ status: row.querySelector('th')?.textContent ?? '', count: row.querySelector('td')?.textContent ?? '' })),
    );
    expect(listed).toEqual(totals.map((t) => ({ status: t.biologicalstatus, count: t.count.toLocaleString('en-GB') })));
    await page.screenshot({ path: `${SHOTS}/statistics-light.png`, fullPage: true });
    await expectAxeClean(page);

    // Dark mode by its key: the chart is drawn again on the dark surface, its texts in the dark theme's colour.
    await page.keyboard.press('Alt+Shift+KeyD');
    await drawing(page, 'dark').locator('svg .mark-rect path').first().waitFor(POLL);
    await expect.poll(() => background(page, 'dark'), POLL).toBe(await surface(page));
    expect(await surface(page)).not.toBe('rgb(255, 255, 255)');
    const label = drawing(page, 'dark').locator('svg .role-axis-label text').first();
    await expect.poll(() => label.getAttribute('fill'), POLL).toBe(await token(page, '--text'));
    await page.screenshot({ path: `${SHOTS}/statistics-dark.png`, fullPage: true });
    await expectAxeClean(page);
    expect(watchOf(page).consoleErrors).toEqual([]);
  });

  it('draws in the user’s chart colours, chosen from the chart', async () => {
    const page = await browser.page();
    await openStatistics(page, server);
    await page.getByRole('button', { name: 'Chart colours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Chart colours' });
    // The modal (a lazy chunk) starts from the server's colours; all go, two of the user's come in.
    const removers = dialog.getByRole('button', { name: /^Remove colour / });
    await removers.first().waitFor(POLL);
    while ((await removers.count()) > 0) await removers.first().click();
    for (const colour of ['#ff00ff', '#008080']) {
      await dialog.getByLabel('Colour', { exact: true }).fill(colour);
      await dialog.getByRole('button', { name: 'Add colour' }).click();
      await dialog.getByRole('button', { name: `Remove colour ${colour}` }).waitFor(POLL);
    }
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => barFills(page), POLL).toEqual(['#ff00ff', '#008080', '#ff00ff', '#008080']);
  });

  it('keeps vega out of the entry bundle: /home loads none of it, the chart loads it', async () => {
    const { outputs, eager } = builtClient();
    const withVega = Object.keys(outputs).filter((file) => !file.endsWith('.map') && Object.keys(outputs[file].inputs).some((input) => VEGA.test(input)));
    expect(withVega.length).toBeGreaterThan(0);
    expect(withVega.filter((file) => eager.has(file))).toEqual([]);

    const page = await browser.page();
    const served = (url: string) => withVega.some((file) => url.endsWith('/' + path.relative('dist/client', file)));
    await page.goto(`${server.url}/home`);
    await page.getByRole('heading', { name: 'Welcome to Germinate' }).waitFor(POLL);
    await page.locator('[data-stat="germplasm"]').filter({ hasText: /\d/ }).waitFor(POLL);
    expect(watchOf(page).requests.filter(served)).toEqual([]);
    await page.getByRole('button', { name: 'Statistics', exact: true }).click();
    await drawing(page, 'light').locator('svg .mark-rect path').first().waitFor(POLL);
    expect(watchOf(page).requests.filter(served).length).toBeGreaterThan(0);
  });

  it('downloads the chart as PNG and SVG and its data as TSV, named after the chart', async () => {
    const totals = await endpointTotals(server);
    const page = await browser.page();
    await openStatistics(page, server);

    const png = await downloaded(page, 'Download PNG');
    expect(png.name).toBe('germplasm-per-biological-status.png');
    expect(png.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

    const svg = await downloaded(page, 'Download SVG');
    expect(svg.name).toBe('germplasm-per-biological-status.svg');
    const text = svg.bytes.toString('utf8');
    expect(text).toMatch(/^<svg /);
    for (const t of totals) expect(text).toContain(`>${t.biologicalstatus}<`);

    const tsv = await downloaded(page, 'Download data (TSV)');
    expect(tsv.name).toBe('germplasm-per-biological-status.tsv');
    expect(tsv.bytes.toString('utf8')).toBe(
      ['Biological status\tGermplasm', ...totals.map((t) => `${t.biologicalstatus}\t${t.count}`)].join('\r\n') + '\r\n',
    );
  });

  it('opens from the palette and works by keyboard; the table stays open in the URL; German', async () => {
    const page = await browser.page({ locale: 'de-DE' });
    await page.goto(`${server.url}/home`);
    await page.getByRole('heading', { name: 'Willkommen bei Germinate' }).waitFor(POLL);
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: 'Befehlspalette' }).waitFor(POLL);
    await page.keyboard.type('Statistiken öffnen');
    await page.getByRole('option', { name: /^Statistiken öffnen/ }).first().waitFor(POLL);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/data\/statistics/, POLL);
    await drawing(page, 'light').locator('svg .mark-rect path').first().waitFor(POLL);
    const chart = page.getByRole('img', { name: 'Keimplasma je biologischem Status' });
    await chart.focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('img');

    // Shift+Tab goes back into the chart's toolbar (its last button), Home to its first: the table toggle.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Home');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Datentabelle zeigen');
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: 'Keimplasma je biologischem Status: Daten' }).waitFor(POLL);
    await page.reload();
    await page.getByRole('table', { name: 'Keimplasma je biologischem Status: Daten' }).waitFor(POLL);
    expect(await page.getByRole('button', { name: 'Datentabelle ausblenden' }).getAttribute('aria-expanded')).toBe('true');

    const tsv = await downloaded(page, 'Daten herunterladen (TSV)');
    expect(tsv.name).toBe('keimplasma-je-biologischem-status.tsv');
    expect(tsv.bytes.toString('utf8').split('\r\n')[0]).toBe('Biologischer Status\tKeimplasma');
    await expectAxeClean(page);
  });
});
