import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, useBrowser, useServer, waitForNoNetwork, type E2EServer } from './support/index.js';

/** The germplasm panes in Chromium against the real server and its demo data. */

const regions = (page: Page) => page.locator('section[role="region"][data-pane-key]');
const rowCount = (page: Page) => page.getByText(/^[\d,]+ rows?$/).first();
const cursor = (page: Page) => page.getByTestId('row-cursor').first();
/** The table shows the rows of the page it says (the row keys do nothing while they are on their way). */
const loaded = (page: Page) => page.locator('[data-testid="germplasm-table"][aria-busy="false"]').first().waitFor();

async function openTable(page: Page, server: E2EServer): Promise<void> {
  await page.goto(`${server.url}/data/germplasm`);
  await page.getByText(/Page 1 of \d+/).first().waitFor();
  await cursor(page).filter({ hasText: /Row 1: / }).waitFor({ state: 'attached' });
  await loaded(page);
}

async function apiRows(server: E2EServer, filter: unknown[]): Promise<{ germplasmId: number; germplasmName: string }[]> {
  const response = await fetch(`${server.url}/api/germplasm/table`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: 0, limit: 2, filter }),
  });
  return ((await response.json()) as { data: { germplasmId: number; germplasmName: string }[] }).data;
}

/** The client state the app has written to localStorage (it writes after a short debounce). */
async function storedState(page: Page): Promise<string> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('germinate-workspace.state'))
      .map((key) => localStorage.getItem(key) ?? '')
      .join('\n'),
  );
}

/** The number of germplasm the stored client state has marked. */
async function storedMarks(page: Page): Promise<number> {
  const text = await page.evaluate(() => localStorage.getItem('germinate-workspace.state.anonymous') ?? '{}');
  const state = JSON.parse(text) as { markedIds?: { germplasm?: number[] } };
  return state.markedIds?.germplasm?.length ?? 0;
}

function serious(violations: Awaited<ReturnType<typeof axeViolations>>) {
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

describe('germplasm panes', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('shows the demo rows in the table, and a filter narrows them', async () => {
    const page = await browser.page();
    await openTable(page, server);
    const all = Number((await rowCount(page).textContent())?.replace(/\D/g, ''));
    expect(all).toBeGreaterThan(100);
    const first = (await cursor(page).textContent())?.replace(/^Row 1: /, '').split(' / ')[0] ?? '';
    expect(first).not.toBe('');

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter' });
    await dialog.getByLabel('Column').selectOption('germplasmName');
    await dialog.getByLabel('Comparison').selectOption('equals');
    await dialog.getByLabel('Value').fill(first);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(async () => rowCount(page).textContent()).toBe('1 row');
    // The filter lives in the URL: a reload restores it.
    await page.reload();
    await expect.poll(async () => rowCount(page).textContent()).toBe('1 row');
  });

  it('opens a passport beside the table by keyboard only (j, j, Shift+Enter)', async () => {
    const page = await browser.page();
    await openTable(page, server);
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await cursor(page).filter({ hasText: /^Row 3: / }).waitFor({ state: 'attached' });
    const third = ((await cursor(page).textContent()) ?? '').replace(/^Row 3: /, '');
    await page.keyboard.press('Shift+Enter');
    await expect.poll(() => regions(page).count()).toBe(2);
    await page.getByRole('heading', { level: 2, name: new RegExp(third.split(' / ')[0]) }).waitFor();
    expect(await page.getByRole('heading', { name: 'Multi-crop passport descriptors (MCPD)' }).count()).toBe(1);
  });

  it('keeps the row keys working after a click into the grid', async () => {
    const page = await browser.page();
    await openTable(page, server);
    const box = await page.locator('.table-grid canvas').first().boundingBox();
    if (!box) throw new Error('grid canvas has no box');
    // Second data row (header ≈ 36 px, rows ≈ 34 px).
    await page.mouse.click(box.x + 300, box.y + 36 + 34 + 17);
    await cursor(page).filter({ hasText: /^Row 2: / }).waitFor({ state: 'attached' });
    await page.keyboard.press('j');
    await cursor(page).filter({ hasText: /^Row 3: / }).waitFor({ state: 'attached' });
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    await cursor(page).filter({ hasText: /^Row 1: / }).waitFor({ state: 'attached' });
    // Enter on a focused toolbar button presses that button; it does not also open a passport.
    await page.getByRole('button', { name: 'Columns' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: 'Columns' }).waitFor();
    // Opening a passport would have changed the layout and the path in the same key handler.
    expect(await regions(page).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/data/germplasm');
  });

  it('compares two germplasm with the differing fields highlighted and announced', async () => {
    const page = await browser.page();
    const [a, b] = await apiRows(server, []);
    await page.goto(`${server.url}/data/germplasm/compare/${a.germplasmId},${b.germplasmId}`);
    await page.getByRole('columnheader', { name: a.germplasmName }).waitFor();
    expect(await page.getByRole('columnheader', { name: b.germplasmName }).count()).toBe(1);
    const differing = page.locator('tr[data-differs="true"]');
    expect(await differing.count()).toBeGreaterThan(0);
    expect(await differing.first().getByText('(differs)').count()).toBe(1);
  });

  it('draws the passport map with every non-local request blocked', async () => {
    const page = await browser.page();
    const blocked: string[] = [];
    await page.route(
      (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
      (route) => {
        blocked.push(route.request().url());
        return route.abort();
      },
    );
    const [located] = await apiRows(server, [{ column: 'latitude', comparator: 'isNotNull' }]);
    await page.goto(`${server.url}/data/germplasm/${located.germplasmId}`);
    const map = page.locator('.germplasm-map[data-map-loaded="true"]');
    await map.waitFor({ timeout: 20_000 });
    // Some land pixels were drawn: the offline base map needs no tile server.
    const painted = await map.locator('canvas').evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL().length);
    expect(painted).toBeGreaterThan(5000);
    expect(blocked).toEqual([]);
  });

  it('shows the table’s germplasm on a map by keyboard, following its filter, and opens a passport from the map by keyboard', async () => {
    const page = await browser.page({ viewport: { width: 1280, height: 1000 } });
    await openTable(page, server);
    const located = Number((await (await fetch(`${server.url}/api/germplasm/table`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 0, limit: 1, filter: [{ column: 'latitude', comparator: 'isNotNull' }, { column: 'longitude', comparator: 'isNotNull' }] }),
    })).json() as { count: number }).count);
    expect(located).toBeGreaterThan(1);
    // The pane's button, by keyboard (the palette has the same as "Germplasm: show or hide the map").
    await page.getByRole('button', { name: 'Show map' }).focus();
    await page.keyboard.press('Enter');
    const canvas = page.locator('.germplasm-table-map .place-map-canvas');
    await canvas.and(page.locator('[data-map-loaded="true"]')).waitFor({ timeout: 20_000 });
    await page.getByText(`Map of the ${located} germplasm with a collecting site;`, { exact: false }).waitFor({ timeout: 20_000 });
    // The map is in the pane's state, so in the URL: a reload keeps it.
    await page.reload();
    await canvas.and(page.locator('[data-map-loaded="true"]')).waitFor({ timeout: 20_000 });

    // The table's filter narrows the map: one located germplasm, which ] focuses and Enter opens.
    const [one] = await apiRows(server, [{ column: 'latitude', comparator: 'isNotNull' }]);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter' });
    await dialog.getByLabel('Column').selectOption('germplasmName');
    await dialog.getByLabel('Comparison').selectOption('equals');
    await dialog.getByLabel('Value').fill(one.germplasmName);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Map of the 1 germplasm with a collecting site;', { exact: false }).waitFor({ timeout: 20_000 });
    await canvas.locator('canvas').focus();
    await expect.poll(async () => { await page.keyboard.press(']'); return page.locator('.germplasm-table-map .place-map-said').textContent(); }, { timeout: 20_000 }).toBe(one.germplasmName);
    await page.keyboard.press('Enter');
    await expect.poll(() => regions(page).count(), { timeout: 20_000 }).toBe(2);
    await page.getByRole('heading', { name: one.germplasmName }).first().waitFor({ timeout: 20_000 });
    expect(serious(await axeViolations(page))).toEqual([]);
  });

  it('finds germplasm from a list, names the entries that matched nothing, and marks all matches', async () => {
    const page = await browser.page();
    const [a, b] = await apiRows(server, []);
    await page.goto(`${server.url}/data/germplasm/from-list`);
    await page.getByLabel('Names, accession numbers, synonyms or PUIDs, one per line').fill(`${a.germplasmName}\n${b.germplasmName.toUpperCase()}\nno-such-germplasm-xyz\n`);
    await page.getByRole('button', { name: 'Find germplasm' }).click();
    await page.getByText('2 germplasm found; 1 entries matched nothing; 0 entries matched more than one.').waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: 'no-such-germplasm-xyz' }).count()).toBe(1);
    await expect.poll(async () => rowCount(page).textContent()).toBe('2 rows');
    await page.getByRole('button', { name: 'Mark all matches' }).click();
    await page.getByText('2 marked').waitFor();
  });

  it('takes a list from a .txt file and refuses other file types', async () => {
    const page = await browser.page();
    const [a] = await apiRows(server, []);
    await page.goto(`${server.url}/data/germplasm/from-list`);
    const input = page.getByLabel('Or choose a .txt file');
    await input.setInputFiles({ name: 'list.csv', mimeType: 'text/csv', buffer: Buffer.from('x\n') });
    await page.getByText('Only .txt files are accepted.').first().waitFor();
    await input.setInputFiles({ name: 'list.txt', mimeType: 'text/plain', buffer: Buffer.from(`${a.germplasmName}\n`) });
    await expect.poll(() => page.getByLabel('Names, accession numbers, synonyms or PUIDs, one per line').inputValue()).toBe(`${a.germplasmName}\n`);
  });

  it('validates the page jump (1..max) and marks a range by keyboard, then lists the marks', async () => {
    const page = await browser.page();
    await openTable(page, server);
    const max = Number(((await page.getByText(/Page 1 of \d+/).first().textContent()) ?? '').replace(/.* of /, ''));
    await page.keyboard.press('p');
    const dialog = page.getByRole('dialog', { name: 'Jump to page' });
    const input = dialog.getByRole('spinbutton');
    await input.fill(String(max + 1));
    expect(await dialog.getByRole('alert').textContent()).toBe(`Enter a whole number from 1 to ${max}.`);
    expect(await dialog.getByRole('button', { name: 'Go' }).isDisabled()).toBe(true);
    await input.fill('2');
    await dialog.getByRole('button', { name: 'Go' }).click();
    await page.getByText(`Page 2 of ${max}`).waitFor();
    await loaded(page);

    // Earlier tests in this browser may have marked rows already; count from there.
    const before = Number(((await page.getByText(/^\d+ marked$/).first().textContent()) ?? '0').replace(/\D/g, ''));
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('Shift+x');
    await page.getByText(`${before + 3} marked`).first().waitFor();
    // Client state is written after a short debounce; once stored, the marked-items pane shows exactly those.
    await expect.poll(() => storedMarks(page)).toBe(before + 3);
    await page.goto(`${server.url}/marked-items/germplasm`);
    await expect.poll(async () => rowCount(page).textContent()).toBe(`${before + 3} rows`);
    await page.getByRole('button', { name: 'Clear marked items' }).click();
    await page.getByText('No germplasm is marked.', { exact: false }).waitFor();
  });

  it('finds germplasm by name in the palette and opens its passport', async () => {
    const page = await browser.page();
    const [row] = await apiRows(server, []);
    await openTable(page, server);
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.type(row.germplasmName);
    await page.getByRole('option', { name: new RegExp(`^${row.germplasmName}`) }).first().waitFor();
    await page.getByRole('option', { name: new RegExp(`^${row.germplasmName}`) }).first().click();
    await page.getByRole('heading', { level: 2, name: new RegExp(row.germplasmName) }).waitFor();
  });

  it('sorts by a header click on the server, keeps the sort in the URL, and exports the filtered rows', async () => {
    const page = await browser.page();
    await openTable(page, server);
    const response = await fetch(`${server.url}/api/germplasm/table`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 0, limit: 1, orderBy: 'germplasmName', ascending: 1 }),
    });
    const [firstByName] = ((await response.json()) as { data: { germplasmName: string }[] }).data;
    // Header of the third grid column (mark 44 px, id 150 px, then name).
    const canvas = page.locator('.table-grid canvas').first();
    // The grid's scroller lies over the canvas and forwards pointer events, so click by coordinates.
    const box = await canvas.boundingBox();
    if (!box) throw new Error('grid canvas has no box');
    await page.mouse.click(box.x + 44 + 150 + 60, box.y + 15);
    await cursor(page).filter({ hasText: `Row 1: ${firstByName.germplasmName}` }).waitFor({ state: 'attached' });
    await page.reload();
    await cursor(page).filter({ hasText: `Row 1: ${firstByName.germplasmName}` }).waitFor({ state: 'attached' });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    expect((await download).suggestedFilename()).toMatch(/\.zip$/);
  });

  it('has no serious or critical axe violations on the table and the passport', async () => {
    const page = await browser.page();
    await openTable(page, server);
    await waitForNoNetwork(page);
    const onTable = serious(await axeViolations(page));
    expect(onTable, formatViolations(onTable)).toEqual([]);
    const [row] = await apiRows(server, []);
    await page.goto(`${server.url}/data/germplasm/${row.germplasmId}`);
    await page.getByRole('heading', { name: 'Multi-crop passport descriptors (MCPD)' }).waitFor();
    await waitForNoNetwork(page);
    const onPassport = serious(await axeViolations(page));
    expect(onPassport, formatViolations(onPassport)).toEqual([]);
  });

  it('has no serious or critical axe violations on compare, marked items and germplasm from a list', async () => {
    const page = await browser.page();
    const [a, b] = await apiRows(server, []);
    const panes: [string, string][] = [
      [`/data/germplasm/compare/${a.germplasmId},${b.germplasmId}`, 'Field'],
      ['/marked-items/germplasm', 'Clear marked items'],
      ['/data/germplasm/from-list', 'Find germplasm'],
    ];
    for (const [path, text] of panes) {
      await page.goto(`${server.url}${path}`);
      await page.getByText(text, { exact: true }).first().waitFor();
      await waitForNoNetwork(page);
      const violations = serious(await axeViolations(page));
      expect(violations, `${path}\n${formatViolations(violations)}`).toEqual([]);
    }
  });
  it('renders the table and the passport in German', async () => {
    const page = await browser.page();
    await openTable(page, server);
    await page.getByLabel('Language').selectOption('de_DE');
    await page.getByText(/Seite 1 von \d+/).first().waitFor();
    expect(await page.getByText('Zeilen pro Seite').count()).toBe(1);
    const [located] = await apiRows(server, [{ column: 'pdci', comparator: 'isNotNull' }]);
    // The store writes after a short debounce; the next page reads the language from it.
    await expect.poll(() => storedState(page)).toContain('"locale":"de_DE"');
    await page.goto(`${server.url}/data/germplasm/${located.germplasmId}`);
    await page.getByRole('heading', { name: 'Multi-Crop-Passdeskriptoren (MCPD)' }).waitFor();
    expect(await page.getByText(/^Die Bewertung dieses Eintrags ist: \d+\.\d{2}\/10$/).count()).toBe(1);
    // Back to English for whatever runs next in this browser.
    await page.getByLabel('Sprache').selectOption('en_GB');
    await page.getByRole('heading', { name: 'Multi-crop passport descriptors (MCPD)' }).waitFor();
    await expect.poll(() => storedState(page)).toContain('"locale":"en_GB"');
  });
});
