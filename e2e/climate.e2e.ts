import { sql, type Kysely } from 'kysely';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, useBrowser, useServer, type E2EServer } from './support/index.js';

/**
 * The climate screens in Chromium on the demo climate data (five variables, two sites): the climate table
 * lists them and opens one by keyboard; a climate's page draws its values per location over time in both
 * themes (axe clean, screenshots under /tmp) and speaks German; the climate export's spec messages and
 * its download, whose header names the chosen variables. Two tests, a page each: CI time is short.
 */

const POLL = { timeout: 20_000 };
const DEMO_CLIMATES = ['Cloud Cover', 'Frost Day Frequency', 'Potential Evapotransipiration', 'Vapour Pressure', 'Wet Day Frequency'];

const db = (server: E2EServer) => server.database.db as unknown as Kysely<unknown>;
const path = (page: Page) => new URL(page.url()).pathname;

async function expectAxeClean(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page))).toBe('');
}

async function idOf(server: E2EServer, query: ReturnType<typeof sql<{ id: number }>>): Promise<number> {
  const rows = (await query.execute(db(server))).rows;
  expect(rows.length).toBeGreaterThan(0);
  return Number(rows[0].id);
}

/** The climate page's chart drawn in `theme`: its lines and points, counted in the SVG vega drew. */
async function chartMarks(page: Page, theme: 'light' | 'dark'): Promise<number> {
  const drawing = page.locator(`.chart-drawing[data-drawn="${theme}"]`).first();
  await drawing.waitFor(POLL);
  return drawing.locator('svg path[aria-roledescription="line mark"], svg path[aria-roledescription="point"], svg .mark-line path, svg .mark-symbol path').count();
}

async function fileText(download: Download): Promise<string> {
  return Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
}

describe('climate', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('lists the demo climates, opens one by keyboard, draws its values per location in both themes and speaks German', async () => {
    const page = await browser.page({ viewport: { width: 1280, height: 1000 } });
    await page.goto(`${server.url}/data/climate/climates`);
    const table = page.getByTestId('climates-table');
    await expect.poll(() => table.getByText(/^\d+ rows?$/).first().textContent(), POLL).toBe('5 rows');
    // The grid draws on a canvas; its cells are there for assistive technology.
    for (const name of DEMO_CLIMATES) await table.getByText(name, { exact: true }).first().waitFor({ state: 'attached', ...POLL });
    // The rows come by id: the first is the first variable of the file. Enter opens it.
    await expect.poll(() => table.getByTestId('row-cursor').textContent(), POLL).toMatch(/^Row 1: Cloud Cover/);
    await page.screenshot({ path: '/tmp/climate-table-light.png' });
    await page.keyboard.press('Enter');
    const cloud = await idOf(server, sql<{ id: number }>`SELECT id FROM climates WHERE name = 'Cloud Cover'`);
    await expect.poll(() => path(page), POLL).toBe(`/data/climate/climates/${cloud}`);
    await page.getByRole('heading', { name: 'Cloud Cover [%]', level: 2 }).waitFor(POLL);
    // Two sites: two lines and a point per value (each site has 250 dated values).
    await expect.poll(() => chartMarks(page, 'light'), POLL).toBeGreaterThan(2);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/climate-page-light.png', fullPage: true });

    // The same page in the dark theme: the chart is drawn again in it.
    await page.getByRole('button', { name: 'Dark mode' }).click();
    await expect.poll(() => chartMarks(page, 'dark'), POLL).toBeGreaterThan(2);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/climate-page-dark.png', fullPage: true });

    // The other tabs: the data table of the climate, its dataset, no overlays; n moves on.
    await page.getByRole('tab', { name: 'Data', exact: true }).click();
    await page.getByTestId('climateData-table').getByText(/^500 rows$/).first().waitFor(POLL);
    await page.getByRole('tab', { name: 'Datasets', exact: true }).click();
    await page.getByRole('button', { name: 'Example environmental data template' }).waitFor(POLL);
    await page.keyboard.press('n');
    await page.getByText('This climate variable has no map overlays.').waitFor(POLL);

    // German texts, on the same page.
    await page.getByLabel('Language').selectOption('de_DE');
    await page.getByRole('tab', { name: 'Diagramm', exact: true }).waitFor(POLL);
    await page.getByText('Diese Klimavariable hat keine Kartenüberlagerungen.').waitFor(POLL);
    await page.getByText('Datenpunkte', { exact: true }).first().waitFor(POLL);
    await expectAxeClean(page);

    // An unknown id says so.
    await page.goto(`${server.url}/data/climate/climates/987654`);
    await page.getByText('Es gibt keine Klimavariable mit der Id 987654.').waitFor(POLL);
  });

  it('exports the chosen climate variables of the demo dataset as Germinate’s climate file', async () => {
    const dataset = await idOf(server, sql<{ id: number }>`SELECT id FROM datasets WHERE datasettype_id = 5 ORDER BY id LIMIT 1`);
    const page = await browser.page({ viewport: { width: 1280, height: 1100 } });
    await page.goto(`${server.url}/data/export/climate/${dataset}`);
    const variable = (name: string) => page.getByRole('group', { name: 'Climate variables' }).getByRole('checkbox', { name: new RegExp(`^${name}`) });
    await variable('Cloud Cover').check();
    await page.getByRole('tab', { name: 'Matrix', exact: true }).click();
    await page.getByRole('tabpanel').getByText('Please select at least 2 items.', { exact: true }).waitFor(POLL);
    await variable('Vapour Pressure').check();
    await page.getByRole('tabpanel').locator('.chart-drawing[data-drawn="light"]').waitFor(POLL);
    await page.getByRole('tab', { name: 'Overview', exact: true }).click();
    await expect.poll(() => page.getByRole('tabpanel').locator('.chart-drawing[data-drawn="light"]').count(), POLL).toBe(2);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/climate-export-overview-light.png', fullPage: true });
    await page.getByRole('tab', { name: 'Export', exact: true }).click();
    const download = page.waitForEvent('download', POLL);
    await page.getByRole('button', { name: `Download climate-dataset-${dataset}.txt` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`climate-dataset-${dataset}.txt`);
    const lines = (await fileText(file)).split('\r\n');
    expect(lines[0].split('\t')).toEqual(['name', 'dbId', 'dataset_name', 'dataset_version', 'license_name', 'latitude', 'longitude', 'elevation', 'date', 'year', 'Cloud Cover [%]', 'Vapour Pressure [hPa]']);
    // A row per site and recording date with either value, counted here in the database.
    const rows = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM (SELECT DISTINCT cd.location_id, cd.recording_date FROM climatedata cd JOIN climates c ON c.id = cd.climate_id
      WHERE cd.dataset_id = ${dataset} AND c.name IN ('Cloud Cover', 'Vapour Pressure') AND cd.climate_value IS NOT NULL) x`.execute(db(server));
    expect(lines.length).toBe(1 + Number(rows.rows[0].n));
    expect(new Set(lines.slice(1).map((line) => line.split('\t')[0]))).toEqual(new Set(['Site A', 'Site B']));
  });
});
