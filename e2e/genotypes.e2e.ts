import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, passwordOf, storedClientState, useBrowser, useServer, type E2EServer } from './support/index.js';

/**
 * Markers and maps in Chromium against the demo genotypes (Germinate's example: 500 germplasm × 1,000
 * markers on "Example map"): the maps table opened by keyboard, the map's marker density and its table
 * against the definitions table, a MapChart export of two chromosomes read back, a marker opened from the
 * map's table with its dataset and maps, Germinate's message for an unknown marker, marking, a curator's
 * genotype upload, a marker group made from marked markers by the palette and the table filtered by it, German
 * texts, axe in both themes. Screenshots go to /tmp.
 */

const POLL = { timeout: 20_000 };
const SHOTS = process.env.GENOTYPES_SCREENSHOTS ?? '/tmp';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-e2e-genotypes-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const pathOf = (page: Page) => new URL(page.url()).pathname;
const cursorText = (page: Page, id: string) => page.getByTestId(`${id}-table`).getByTestId('row-cursor').textContent();
/** The table has shown the rows of its current request: its keys act on them now. */
const idle = (page: Page, id: string) => page.locator(`[data-testid="${id}-table"][aria-busy="false"]`).waitFor(POLL);
const rowCount = (page: Page, id: string) => page.getByTestId(`${id}-table`).getByText(/^[\d,.]+ rows?$/).first().textContent();

async function expectAxeClean(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page))).toBe('');
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/h4-genotypes-${name}.png`, fullPage: true });
}

type Row = Record<string, unknown>;

async function post<T>(server: E2EServer, apiPath: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${server.url}/api/${apiPath}`, { method: 'POST', headers, body: JSON.stringify(body) });
  expect(response.status, apiPath).toBe(200);
  return (await response.json()) as T;
}

const equals = (column: string, value: string | number) => ({ column, comparator: 'equals', operator: 'and', values: [String(value)] });

async function exampleMap(server: E2EServer): Promise<{ id: number; chromosomes: string[] }> {
  const maps = await post<{ data: Row[] }>(server, 'map/table', { filter: [equals('mapName', 'Example map')] });
  expect(maps.data).toHaveLength(1);
  const id = Number(maps.data[0].mapId);
  const chromosomes = (await (await fetch(`${server.url}/api/map/${id}/chromosome`)).json()) as string[];
  return { id, chromosomes };
}

/** The definitions table's count of a map's markers on one chromosome. */
async function definitionsOn(server: E2EServer, mapId: number, chromosome: string): Promise<number> {
  const page = await post<{ count: number }>(server, 'map/mapdefinition/table', { page: 0, limit: 1, filter: [equals('mapId', mapId), equals('chromosome', chromosome)] });
  return page.count;
}

/** The chart drawing titled `title` once vega has drawn it in `theme`. */
function drawing(page: Page, title: string, theme: 'light' | 'dark' = 'light') {
  return page.locator('figure.chart', { has: page.getByRole('heading', { name: title, exact: true }) }).locator(`.chart-drawing[data-drawn="${theme}"]`);
}

describe('markers and maps', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('opens Example map by keyboard, counts its markers per chromosome as the definitions table does, and exports two chromosomes for MapChart', async () => {
    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    const map = await exampleMap(server);
    // Germinate's nested redirect: the genotypes area opens on its maps.
    await page.goto(`${server.url}/data/genotypes`);
    await expect.poll(() => pathOf(page), POLL).toBe('/data/genotypes/maps');
    await expect.poll(() => cursorText(page, 'maps'), POLL).toMatch(/^Row 1: Example map/);
    await expectAxeClean(page);
    await idle(page, 'maps');
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page), POLL).toBe(`/data/genotypes/maps/${map.id}`);
    await page.getByRole('heading', { name: 'Example map', level: 2 }).waitFor(POLL);
    await expect.poll(() => rowCount(page, 'mapDefinitions'), POLL).toBe('1000 rows');
    await expectAxeClean(page);
    await shoot(page, 'map-markers-light');

    // The tabs by keyboard: the markers tab, then the arrow to the density.
    await page.getByRole('tab', { name: 'Markers' }).focus();
    await page.keyboard.press('ArrowRight');
    const chart = drawing(page, 'Marker density per chromosome of Example map');
    await chart.locator('svg .mark-rect path').first().waitFor(POLL);
    // Chromosome 11 holds 2 of the 1,000 markers: under 1%, left out and named.
    await page.getByTestId('density-left-out').getByText('11 (2 markers)', { exact: false }).waitFor(POLL);
    await page.getByRole('button', { name: 'Show data table' }).click();
    const table = page.getByRole('table', { name: 'Marker density per chromosome of Example map: data' });
    await table.waitFor(POLL);
    const cells = await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.children, (cell) => cell.textContent ?? '')));
    const drawn = new Map<string, number>();
    for (const cell of cells) drawn.set(cell[0], (drawn.get(cell[0]) ?? 0) + Number(cell[cell.length - 1].replace(/[^\d]/g, '')));
    const expected = new Map<string, number>();
    for (const chromosome of map.chromosomes) {
      const count = await definitionsOn(server, map.id, chromosome);
      if (count >= 10) expected.set(chromosome, count);
    }
    expect(expected.size).toBe(10);
    expect(Object.fromEntries(drawn)).toEqual(Object.fromEntries(expected));
    // Every chromosome in the same number of bins (√98 → 10), one bar each.
    expect(cells.length).toBe(100);
    expect(await chart.locator('svg g.mark-rect.role-mark path').count()).toBe(100);
    await expectAxeClean(page);
    await shoot(page, 'map-density-light');

    // e (from anywhere in the pane but a field): the export, with the keyboard on its format.
    await page.getByRole('heading', { name: 'Example map', level: 2 }).click();
    await page.keyboard.press('e');
    const format = page.getByLabel('File format');
    await expect.poll(() => format.evaluate((element) => element === document.activeElement), POLL).toBe(true);
    await format.selectOption('mapchart');
    await page.getByRole('radio', { name: 'Chromosomes', exact: true }).check();
    await page.getByRole('status').filter({ hasText: 'Choose at least one chromosome.' }).waitFor(POLL);
    await page.getByRole('checkbox', { name: '3', exact: true }).check();
    await page.getByRole('checkbox', { name: '2', exact: true }).check();
    await expectAxeClean(page);
    await shoot(page, 'map-export-light');
    const event = page.waitForEvent('download', POLL);
    await page.getByRole('button', { name: 'Download the map export' }).click();
    const download = await event;
    expect(download.suggestedFilename()).toBe(`map-${map.id}.txt`);
    const lines = fs.readFileSync((await download.path()) ?? '', 'utf8').split('\n');
    // MapChart: the map's name, an empty line, then each chromosome in the map's order with its markers by position.
    const firstOf2 = await post<{ data: Row[] }>(server, 'map/mapdefinition/table', { page: 0, limit: 1, orderBy: 'position', ascending: 1, filter: [equals('mapId', map.id), equals('chromosome', '2')] });
    const first = firstOf2.data[0];
    expect(lines.slice(0, 4)).toEqual(['; Example map', '', 'group 2', `${String(first.markerName)}\t${Number(first.position).toFixed(1)}`]);
    expect(lines.filter((line) => line.startsWith('group '))).toEqual(['group 2', 'group 3']);
    expect(lines.filter((line) => line.includes('\t'))).toHaveLength((await definitionsOn(server, map.id, '2')) + (await definitionsOn(server, map.id, '3')));
  });

  it('opens a marker from the map\'s table with its dataset and its place on the map, and marks markers', async () => {
    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    const map = await exampleMap(server);
    await page.goto(`${server.url}/data/genotypes/maps/${map.id}`);
    await expect.poll(() => cursorText(page, 'mapDefinitions'), POLL).toMatch(/^Row 1: m1 /);
    await idle(page, 'mapDefinitions');
    await page.keyboard.press('j');
    await expect.poll(() => cursorText(page, 'mapDefinitions'), POLL).toMatch(/^Row 2: m2 /);
    await page.keyboard.press('Enter');
    const marker = await post<{ data: Row[] }>(server, 'marker/table', { filter: [equals('markerName', 'm2')] });
    const markerId = Number(marker.data[0].markerId);
    await expect.poll(() => pathOf(page), POLL).toBe(`/data/genotypes/marker/${markerId}`);
    await page.getByRole('heading', { name: 'm2 SNP', level: 2 }).waitFor(POLL);
    const datasets = page.getByRole('region', { name: 'Datasets' });
    await datasets.getByRole('button', { name: 'Test genotypic dataset' }).waitFor(POLL);
    const maps = page.getByRole('region', { name: 'Maps' });
    await maps.getByRole('button', { name: 'Example map' }).waitFor(POLL);
    await page.getByRole('region', { name: 'Groups' }).getByText('This marker is in no group open to you.').waitFor(POLL);
    await expectAxeClean(page);
    await shoot(page, 'marker-light');

    // x marks the marker shown; the button says so.
    const mark = page.getByRole('button', { name: 'Mark this marker' });
    expect(await mark.getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('heading', { name: 'm2 SNP', level: 2 }).click();
    await page.keyboard.press('x');
    await expect.poll(() => mark.getAttribute('aria-pressed'), POLL).toBe('true');

    // The dataset opens beside.
    await datasets.getByRole('button', { name: 'Test genotypic dataset' }).click();
    await page.locator('.datasets-details').waitFor(POLL);

    // In the marker table: x, j, x marks two more.
    await page.goto(`${server.url}/data/genotypes/markers`);
    await expect.poll(() => rowCount(page, 'markers'), POLL).toBe('1000 rows');
    await page.getByText('1 marked').waitFor(POLL);
    await expect.poll(() => cursorText(page, 'markers'), POLL).toMatch(/^Row 1: m1$/);
    await idle(page, 'markers');
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect.poll(() => cursorText(page, 'markers'), POLL).toMatch(/^Row 3: /);
    await page.keyboard.press('x');
    await page.getByText('3 marked').waitFor(POLL);
    const markedMarkers = async () => ((await storedClientState(page))?.markedIds as { markers?: number[] } | undefined)?.markers?.length;
    await expect.poll(markedMarkers, POLL).toBe(3);
    await expectAxeClean(page);
    await shoot(page, 'markers-light');

    // An id that names no marker: Germinate's message.
    await page.goto(`${server.url}/data/genotypes/marker/999999`);
    await page.getByText('No marker found with id: 999999').waitFor(POLL);
    await expectAxeClean(page);
  });

  it('lets a signed-in user make a group of two marked markers by the palette and filter the marker table by it', async () => {
    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    const user = await server.login(page, 'regular');
    await page.goto(`${server.url}/data/genotypes/markers`);
    await expect.poll(() => rowCount(page, 'markers'), POLL).toBe('1000 rows');
    await expect.poll(() => cursorText(page, 'markers'), POLL).toMatch(/^Row 1: /);
    // No marker group yet: no filter to choose from.
    const filter = page.getByLabel('Marker group', { exact: true });
    expect(await filter.count()).toBe(0);

    // x, j, j, x: the first and the third row.
    await idle(page, 'markers');
    const first = (await cursorText(page, 'markers'))?.replace(/^Row 1: /, '');
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect.poll(() => cursorText(page, 'markers'), POLL).toMatch(/^Row 3: /);
    const third = (await cursorText(page, 'markers'))?.replace(/^Row 3: /, '');
    await page.keyboard.press('x');
    await page.getByText('2 marked').waitFor(POLL);
    expect(await page.getByRole('button', { name: 'Create group from marked markers' }).getAttribute('aria-keyshortcuts')).toBe('c');

    // The palette's command (scoped to the marker table) opens the dialog.
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').waitFor(POLL);
    await page.keyboard.type('group from marked markers');
    await page.getByRole('option', { name: /Create group from marked markers/ }).waitFor(POLL);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create group from marked markers' });
    await dialog.getByText('2 marked markers go into the new group.').waitFor(POLL);
    await dialog.getByLabel('Name').fill('Two markers');
    await expectAxeClean(page);
    await shoot(page, 'marker-group-create-light');
    await dialog.getByLabel('Name').press('Enter');
    await page.getByText('Group created. Number of items added: 2.', { exact: true }).waitFor(POLL);
    await expect.poll(() => dialog.count(), POLL).toBe(0);

    // The server holds a private marker group of the user's with the two markers.
    const groups = await post<{ data: Row[] }>(server, 'group/table', { filter: [equals('groupName', 'Two markers')] }, user.token);
    expect(groups.data).toHaveLength(1);
    expect([groups.data[0].groupType, Boolean(groups.data[0].groupVisibility), Number(groups.data[0].userId)]).toEqual(['markers', false, user.id]);
    const members = await post<{ data: Row[] }>(server, `group/${String(groups.data[0].groupId)}/marker`, { orderBy: 'markerName', ascending: 1 }, user.token);
    expect(members.data.map((row) => row.markerName).sort()).toEqual([first, third].sort());

    // The filter shows the group's two markers only.
    await filter.selectOption({ label: 'Two markers (2 markers)' });
    await expect.poll(() => rowCount(page, 'markers'), POLL).toBe('2 rows');
    const shown = async () => (await page.getByTestId('markers-table').locator('.table-print tbody tr td:nth-child(2)').allTextContents()).sort();
    await expect.poll(shown, POLL).toEqual([first, third].sort());
    await expectAxeClean(page);
    await shoot(page, 'marker-group-filtered-light');
    await filter.selectOption({ label: 'All markers' });
    await expect.poll(() => rowCount(page, 'markers'), POLL).toBe('1000 rows');
  });

  it('finds a marker from the palette and a marker of the map for a radius export, in the dark theme', async () => {
    const page = await browser.page({ colorScheme: 'dark', viewport: { width: 1280, height: 900 } });
    const map = await exampleMap(server);
    await page.goto(`${server.url}/home`);
    await page.getByRole('heading').first().waitFor(POLL);
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').waitFor(POLL);
    await page.keyboard.type('m999');
    await page.getByRole('option', { name: /m999 \(SNP\)/ }).waitFor(POLL);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'm999 SNP', level: 2 }).waitFor(POLL);
    await expectAxeClean(page);
    await shoot(page, 'marker-dark');

    await page.goto(`${server.url}/data/genotypes/maps/${map.id}`);
    await page.getByRole('heading', { name: 'Example map', level: 2 }).waitFor(POLL);
    await page.getByRole('button', { name: 'Export map' }).click();
    await page.getByRole('radio', { name: 'Around a marker' }).check();
    const picker = page.getByRole('combobox', { name: 'Marker' });
    await picker.fill('m50');
    // m50 and m500…m509: the first 10 by name.
    await page.getByText('10 markers found', { exact: false }).waitFor(POLL);
    await picker.fill('m505');
    await page.getByText('1 marker found', { exact: false }).waitFor(POLL);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Change Marker (m505)' }).waitFor(POLL);
    await page.getByLabel('Distance to the left').fill('0');
    await page.getByLabel('Distance to the right').fill('100');
    await expectAxeClean(page);
    await shoot(page, 'map-export-dark');
    const event = page.waitForEvent('download', POLL);
    await page.keyboard.press('Control+Enter');
    const text = fs.readFileSync((await (await event).path()) ?? '', 'utf8');
    expect(text.split('\r\n')[0]).toBe('# fjFile = MAP');
    expect(text.split('\r\n').filter((line) => line.includes('\t')).length).toBeGreaterThan(0);

    await page.getByRole('tab', { name: 'Marker density' }).click();
    await drawing(page, 'Marker density per chromosome of Example map', 'dark').locator('svg .mark-rect path').first().waitFor(POLL);
    await expectAxeClean(page);
    await shoot(page, 'map-density-dark');
  });

  it('speaks German on the maps, a map and an unknown marker', async () => {
    const page = await browser.page({ locale: 'de-DE' });
    const map = await exampleMap(server);
    await page.goto(`${server.url}/data/genotypes/maps`);
    await page.locator('.shell-sidebar').getByRole('button', { name: 'Karten', exact: true }).waitFor(POLL);
    await expect.poll(() => cursorText(page, 'maps'), POLL).toMatch(/Example map/);
    await page.goto(`${server.url}/data/genotypes/maps/${map.id}`);
    await page.getByRole('tab', { name: 'Markerdichte' }).click();
    await drawing(page, 'Markerdichte je Chromosom von Example map').locator('svg .mark-rect path').first().waitFor(POLL);
    await page.getByTestId('density-left-out').getByText('Als sehr klein weggelassen', { exact: false }).waitFor(POLL);
    await page.getByRole('tab', { name: 'Export' }).click();
    await page.getByRole('radio', { name: 'Zwischen zwei Markern' }).check();
    await page.getByText('Beide Marker müssen auf demselben Chromosom liegen, sonst ist der Export leer.').waitFor(POLL);
    await page.getByRole('status').filter({ hasText: 'Wählen Sie beide Marker.' }).waitFor(POLL);
    await expectAxeClean(page);
    // Incomplete: the download sends nothing and says what is missing.
    const exports: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/api/map/${map.id}/export`)) exports.push(request.url());
    });
    await page.getByRole('button', { name: 'Kartenexport herunterladen' }).click();
    await page.locator('.toast').filter({ hasText: 'Wählen Sie beide Marker.' }).waitFor(POLL);
    expect(exports).toEqual([]);
    await shoot(page, 'map-export-de');
    await page.goto(`${server.url}/data/genotypes/marker/424242`);
    await page.getByText('Kein Marker mit der ID 424242 gefunden').waitFor(POLL);
  });

  it('lets a curator upload a genotype text file through the uploader and import it', async () => {
    const page = await browser.page();
    await server.login(page, 'curator');
    const file = path.join(scratch, 'two-lines.txt');
    fs.writeFileSync(file, 'Lines/Markers\tm1\tm2\nCACTUAR-1\tA\tG/T\nCACTUAR-2\tT\tG\n');
    await page.goto(`${server.url}/import/data-upload/genotype`);
    await page.getByRole('radio', { name: /^Genotypes/, checked: true }).waitFor(POLL);
    // The orientation, for workbooks: germplasm × marker unless chosen otherwise.
    await page.getByRole('radio', { name: /^Germplasm × marker/, checked: true }).waitFor(POLL);
    await page.getByRole('radio', { name: /^Marker × germplasm/ }).waitFor(POLL);
    await expectAxeClean(page);
    await page.getByLabel(/^Choose a file \(\.xlsx, \.txt/).setInputFiles(file);
    await page.getByRole('cell', { name: 'two-lines.txt', exact: true }).waitFor(POLL);
    const sent = page.waitForRequest((request) => request.url().includes('/api/import/template/file'), POLL);
    await page.getByRole('button', { name: 'Upload and check' }).click();
    const query = new URL((await sent).url()).searchParams;
    expect([query.get('type'), query.get('dataOrientation'), query.get('datasetStateId')]).toEqual(['genotype', 'GENOTYPE_GERMPLASM_BY_MARKER', '1']);
    await expect.poll(() => page.getByTestId('import-report-summary').textContent(), POLL).toMatch(/^No errors/);
    await page.locator('.import-pane').getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('The data was imported.').waitFor(POLL);
    // What was written: two germplasm's calls at two markers.
    await page.locator('.import-stats div', { hasText: 'Markers' }).getByText('2', { exact: true }).waitFor(POLL);
    await page.locator('.import-stats div', { hasText: 'Germplasm' }).getByText('2', { exact: true }).waitFor(POLL);
    await shoot(page, 'upload-light');

    // The file's dataset, holding the two markers it named.
    const { token } = await server.token('curator', passwordOf('curator'));
    const datasets = await post<{ data: Row[] }>(server, 'dataset/table', { filter: [equals('datasetName', 'two-lines')] }, token);
    expect(datasets.data).toHaveLength(1);
    expect(datasets.data[0].datasetType).toBe('genotype');
    const m1 = await post<{ data: Row[] }>(server, 'marker/table', { filter: [equals('markerName', 'm1')] });
    const holding = await post<{ data: Row[] }>(server, `marker/${String(m1.data[0].markerId)}/dataset`, {}, token);
    expect(holding.data.map((row) => row.datasetName)).toContain('two-lines');
  });
});
