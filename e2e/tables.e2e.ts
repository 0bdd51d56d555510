import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { encodeLayout } from '../src/core/layout-codec.js';
import type { Layout } from '../src/core/layout.js';
import { axeViolations, formatViolations, useBrowser, useServer, waitForNoNetwork, type E2EServer } from './support/index.js';

/**
 * Two domains' tables side by side: the shared table keys work in whichever is focused and only there,
 * the datasets table lists the demo datasets, the filter line, the row cursor in the URL, the link.
 */

// Two cores run this next to other suites: give the UI time rather than fail on a busy machine.
const POLL = { timeout: 15_000 };

const SIDE_BY_SIDE: Layout = {
  root: { direction: 'row', first: 'g', second: 'd' },
  panes: { g: { type: 'germplasm:table', params: {} }, d: { type: 'datasets:table', params: {} } },
  focused: 'g',
};

const table = (page: Page, id: 'germplasm' | 'datasets') => page.getByTestId(`${id}-table`);
const cursorOf = (page: Page, id: 'germplasm' | 'datasets') => table(page, id).getByTestId('row-cursor');
const pane = (page: Page, key: string) => page.locator(`section[role="region"][data-pane-key="${key}"]`);

async function cursorRow(page: Page, id: 'germplasm' | 'datasets'): Promise<number> {
  const text = (await cursorOf(page, id).textContent()) ?? '';
  return Number(/^Row (\d+):/.exec(text)?.[1] ?? 0);
}

async function post<T>(server: E2EServer, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
}

async function openSideBySide(page: Page, server: E2EServer): Promise<void> {
  await page.goto(`${server.url}/data/germplasm?layout=${encodeLayout(SIDE_BY_SIDE)}`);
  await expect.poll(() => cursorRow(page, 'germplasm'), POLL).toBe(1);
  await expect.poll(() => cursorRow(page, 'datasets'), POLL).toBe(1);
}

/** The marked count a table's toolbar shows. */
async function markedIn(page: Page, id: 'germplasm' | 'datasets'): Promise<number> {
  return Number(((await table(page, id).getByText(/^\d+ marked$/).textContent()) ?? '').replace(/\D/g, ''));
}

describe('shared table panes', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('runs j, k and x in whichever table is focused, and only there', async () => {
    const page = await browser.page();
    await openSideBySide(page, server);
    const germplasmMarks = await markedIn(page, 'germplasm');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect.poll(() => cursorRow(page, 'germplasm'), POLL).toBe(3);
    expect(await cursorRow(page, 'datasets')).toBe(1);

    // Focus moves to the datasets table by keyboard; the same keys now move its cursor.
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe('/data/datasets');
    await page.keyboard.press('j');
    await expect.poll(() => cursorRow(page, 'datasets'), POLL).toBe(2);
    await page.keyboard.press('k');
    await expect.poll(() => cursorRow(page, 'datasets'), POLL).toBe(1);
    await page.keyboard.press('x');
    await expect.poll(() => markedIn(page, 'datasets'), POLL).toBe(1);
    expect(await cursorRow(page, 'germplasm')).toBe(3);
    expect(await markedIn(page, 'germplasm')).toBe(germplasmMarks);
    await page.keyboard.press('x');
    await expect.poll(() => markedIn(page, 'datasets'), POLL).toBe(0);
  });

  it('runs x as the passport’s own command there, and lists both x bindings in the keyboard help', async () => {
    const page = await browser.page();
    await page.goto(`${server.url}/data/germplasm`);
    await expect.poll(() => cursorRow(page, 'germplasm'), POLL).toBe(1);
    const before = await markedIn(page, 'germplasm');
    await page.keyboard.press('Shift+Enter');
    await expect.poll(() => new URL(page.url()).pathname, POLL).toMatch(/^\/data\/germplasm\/\d+$/);
    await page.keyboard.press('x');
    await page.getByText('This germplasm is marked.').waitFor();
    await expect.poll(() => markedIn(page, 'germplasm'), POLL).toBe(before + 1);
    await page.keyboard.press('x');
    await expect.poll(() => markedIn(page, 'germplasm'), POLL).toBe(before);

    await page.goto(`${server.url}/help/keyboard`);
    const help = page.getByRole('region', { name: 'Keyboard help' });
    for (const id of ['table:toggle-mark', 'germplasm:toggle-mark-shown']) {
      const row = help.getByRole('row').filter({ has: page.getByText(id, { exact: true }) });
      await row.waitFor();
      expect(await row.locator('kbd').allTextContents()).toEqual(['X']);
    }
  });

  it('lists the demo datasets in the datasets table', async () => {
    const page = await browser.page();
    const demo = await post<{ data: { datasetName: string }[]; count: number }>(server, 'dataset/table', { page: 0, limit: 100 });
    expect(demo.count).toBeGreaterThan(0);
    await page.goto(`${server.url}/data/datasets`);
    await table(page, 'datasets').getByText(`${demo.count} rows`).waitFor();
    // The grid is a canvas; the print table beside it holds the same rows as text.
    const printed = table(page, 'datasets').locator('.table-print tbody td');
    const names = [...new Set(demo.data.map((d) => d.datasetName))];
    await expect.poll(async () => {
      const cells = new Set(await printed.allTextContents());
      return names.filter((name) => cells.has(name));
    }, POLL).toEqual(names);
  });

  it('has no serious or critical axe violations with both tables side by side', async () => {
    const page = await browser.page();
    await openSideBySide(page, server);
    await waitForNoNetwork(page);
    const violations = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(violations, formatViolations(violations)).toEqual([]);
  });

  it('filters genus and name from the filter line in at most 30 key presses, like the modal would', async () => {
    const page = await browser.page();
    await page.goto(`${server.url}/data/germplasm`);
    await expect.poll(() => cursorRow(page, 'germplasm'), POLL).toBe(1);
    let presses = 0;
    const press = async (key: string) => {
      presses += 1;
      await page.keyboard.press(key);
    };
    const type = async (text: string) => {
      for (const character of text) await press(character);
    };
    const line = page.getByRole('combobox', { name: 'Filter line' });
    const option = (name: string) => page.getByRole('option', { name, exact: true });

    await press('/');
    await line.waitFor();
    await type('ge');
    await option('Genus').waitFor();
    await press('Tab');
    await type('= Ho');
    await option('Hordeum').waitFor(POLL);
    await press('Tab');
    await type('a');
    await press('Tab');
    await type('na');
    await option('Name').waitFor();
    await press('Tab');
    await type('c');
    await press('Tab');
    await type('CACTUAR-21');
    expect(await line.inputValue()).toBe('Genus = Hordeum and Name contains CACTUAR-21');
    await press('Enter');
    expect(presses).toBeLessThanOrEqual(30);

    const expected = await post<{ count: number }>(server, 'germplasm/table', {
      page: 0,
      limit: 1,
      filter: [
        { column: 'genus', comparator: 'equals', operator: 'and', values: ['Hordeum'] },
        { column: 'germplasmName', comparator: 'contains', operator: 'and', values: ['CACTUAR-21'] },
      ],
    });
    expect(expected.count).toBeGreaterThan(0);
    await table(page, 'germplasm').getByText(`${expected.count.toLocaleString('en-GB')} rows`).waitFor(POLL);
    // The modal shows the same two filters the line made.
    await table(page, 'germplasm').getByRole('button', { name: 'Filter (2)' }).waitFor();
  });

  it('shows a filter line error inline and keeps the table as it was', async () => {
    const page = await browser.page();
    await page.goto(`${server.url}/data/germplasm`);
    await expect.poll(() => cursorRow(page, 'germplasm'), POLL).toBe(1);
    await page.keyboard.press('/');
    const line = page.getByRole('combobox', { name: 'Filter line' });
    await line.waitFor();
    await page.keyboard.type('colour = red');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'No column is called “colour = red”.' }).waitFor();
    expect(await line.getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.press('Escape');
    await line.waitFor({ state: 'detached' });
  });

  it('comes back on the same row from the URL, and copies the link to the workspace', async () => {
    const page = await browser.page();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await openSideBySide(page, server);
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect.poll(() => cursorRow(page, 'germplasm'), POLL).toBe(4);
    await expect.poll(() => page.url(), POLL).toContain('layout=');
    await page.keyboard.press('Alt+Shift+KeyC');
    await page.getByText('The link to this workspace is on the clipboard.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(page.url());

    const again = await browser.page();
    await again.goto(copied);
    await expect.poll(() => cursorRow(again, 'germplasm'), POLL).toBe(4);
    expect(await cursorRow(again, 'datasets')).toBe(1);
    expect(await pane(again, 'g').count()).toBe(1);
  });
});
