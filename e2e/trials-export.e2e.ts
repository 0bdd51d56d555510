import { sql, type Kysely } from 'kysely';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, useBrowser, useServer, type E2EServer } from './support/index.js';

/**
 * The trials export page in Chromium on the demo data: a breeder ticks the demo trials dataset in the
 * selector and continues, chooses traits, sees the scatter matrix (and the spec's message with one trait),
 * colours by dataset, reloads to the same view, moves between tabs by key, and downloads the tab file,
 * the workbook and the ISA-Tab zip; a group of more than ten members brings the comparison's warning; pasted names show the
 * ones not found; German texts; axe in both themes; a screenshot of every tab in both themes.
 */

const POLL = { timeout: 20_000 };
const AT_LEAST_2 = 'Please select at least 2 traits.';
const LARGE_GROUP =
  'You have selected a large group. Please be aware that it may take a long time to get the data and that the charts may not be well suited for this many germplasm.';

const db = (server: E2EServer) => server.database.db as unknown as Kysely<unknown>;

async function trialsDatasetId(server: E2EServer): Promise<number> {
  const row = (await sql<{ id: number }>`SELECT id FROM datasets WHERE datasettype_id = 3 ORDER BY id LIMIT 1`.execute(db(server))).rows[0];
  return Number(row.id);
}

async function expectAxeClean(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page))).toBe('');
}

const trait = (page: Page, name: string) => page.getByRole('group', { name: /^(Traits|Merkmale)$/ }).getByRole('checkbox', { name: new RegExp(`^${name.replace(/[[\]]/g, '\\$&')}`) });
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const panel = (page: Page) => page.getByRole('tabpanel');

/** The charts of the panel drawn in the page's theme (the widget marks what it drew), none of them 0 pixels wide. */
async function chartsDrawn(page: Page, theme: 'light' | 'dark', count = 1): Promise<void> {
  await expect.poll(() => panel(page).locator(`.chart-drawing[data-drawn="${theme}"]`).count(), POLL).toBeGreaterThanOrEqual(count);
  const widths = await panel(page).locator('.chart-drawing svg').evaluateAll((svgs) => svgs.map((svg) => Number(svg.getAttribute('width'))));
  expect(widths.every((width) => width > 200), `chart widths ${widths.join(', ')}`).toBe(true);
}

async function fileText(download: Download): Promise<string> {
  return Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
}

/** Each tab of the page, shown, checked with axe and photographed in this theme. */
async function everyTab(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const ready: Record<string, () => Promise<void>> = {
    Overview: () => chartsDrawn(page, theme),
    Matrix: () => chartsDrawn(page, theme),
    Comparison: () => chartsDrawn(page, theme),
    Table: () => panel(page).getByTestId('trialsData-table').locator('[data-cursor-id]').waitFor({ state: 'attached', ...POLL }),
    Locations: () => panel(page).locator('[data-map-loaded="true"]').waitFor(POLL),
    Timeline: () => chartsDrawn(page, theme),
    Export: () => panel(page).getByText(/^The file holds/).waitFor(POLL),
  };
  for (const [name, wait] of Object.entries(ready)) {
    await tab(page, name).click();
    await wait();
    await expectAxeClean(page);
    // The pane scrolls by itself: the tabs at the top of the view, then what the view shows of the panel.
    await page.getByRole('tablist').evaluate((list) => list.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `/tmp/c2-trials-${name.toLowerCase()}-${theme}.png` });
  }
}

describe('trials export', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('lets a breeder choose traits, see the scatter matrix, colour it and download the tab file and the workbook', async () => {
    const id = await trialsDatasetId(server);
    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    await server.login(page, 'regular');
    await page.goto(`${server.url}/data/export/trials`);
    const tick = page.getByRole('checkbox', { name: 'Select Trials dataset' });
    await tick.waitFor(POLL);
    await tick.check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`**/data/export/trials/${id}`, POLL);
    await trait(page, 'Plant height [cm]').waitFor(POLL);
    await expectAxeClean(page);

    // Three traits by keyboard (found by searching, then the arrow keys in the list): the scatter matrix.
    await page.getByLabel('Search traits').fill('centi');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect.poll(() => trait(page, 'Plant height [cm]').isChecked(), POLL).toBe(true);
    await page.getByLabel('Search traits').fill('');
    await trait(page, 'Plant height [cm]').focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await expect.poll(() => trait(page, 'Heading [d]').isChecked(), POLL).toBe(true);
    expect(await trait(page, 'Maturity [d]').isChecked()).toBe(true);
    await page.getByText('3 of 6 chosen').waitFor(POLL);
    await tab(page, 'Matrix').click();
    await panel(page).getByRole('heading', { name: 'Scatter matrix' }).waitFor(POLL);
    await chartsDrawn(page, 'light');
    await expectAxeClean(page);
    await panel(page).locator('.chart').evaluate((chart) => chart.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: '/tmp/c2-trials-matrix3-light.png' });

    // One trait: the spec's message, and no chart.
    await trait(page, 'Heading [d]').uncheck();
    await trait(page, 'Maturity [d]').uncheck();
    await panel(page).getByText(AT_LEAST_2, { exact: true }).waitFor(POLL);
    expect(await panel(page).locator('.chart').count()).toBe(0);

    // Two traits: one scatter; coloured by dataset, which its data table names.
    await trait(page, 'Heading [d]').check();
    await panel(page).getByRole('heading', { name: 'Plant height [cm] against Heading [d]' }).waitFor(POLL);
    await page.getByLabel('Colour by').selectOption({ label: 'Dataset' });
    await panel(page).getByRole('button', { name: 'Show data table' }).click();
    const table = panel(page).getByRole('table', { name: /data$/ });
    await table.getByRole('columnheader', { name: 'Dataset' }).waitFor(POLL);
    await table.getByRole('cell', { name: 'Trials dataset' }).first().waitFor(POLL);

    // The address replays the view: traits, colouring and tab.
    await page.reload();
    await panel(page).getByRole('heading', { name: 'Plant height [cm] against Heading [d]' }).waitFor(POLL);
    expect(await trait(page, 'Plant height [cm]').isChecked()).toBe(true);
    expect(await page.getByLabel('Colour by').inputValue()).toBe('dataset');
    expect(await tab(page, 'Matrix').getAttribute('aria-selected')).toBe('true');

    // Keys move between tabs while the pane is focused (n: next, p: previous).
    await page.locator('.datasets-export h2').click();
    await page.keyboard.press('n');
    await expect.poll(() => tab(page, 'Comparison').getAttribute('aria-selected'), POLL).toBe('true');
    await page.keyboard.press('p');
    await expect.poll(() => tab(page, 'Matrix').getAttribute('aria-selected'), POLL).toBe('true');

    // The export tab: Germinate's tab file of the chosen traits, then the workbook.
    await tab(page, 'Export').click();
    const tabFile = page.waitForEvent('download', POLL);
    await panel(page).getByRole('button', { name: `Download as text (trials-dataset-${id}.txt)` }).click();
    const text = await tabFile;
    expect(text.suggestedFilename()).toBe(`trials-dataset-${id}.txt`);
    const lines = (await fileText(text)).split(/\r?\n/);
    expect(lines[0]).toBe('#input=PHENOTYPE');
    const header = lines[1].split('\t');
    expect(header.slice(0, 3)).toEqual(['name', 'dbId', 'puid']);
    expect(header.slice(-2).sort()).toEqual(['Heading [d]', 'Plant height [cm]']);
    expect(header).not.toContain('Maturity [d]');
    expect(lines.length).toBeGreaterThan(100);

    // The workbook by its key.
    await page.locator('.datasets-export h2').click();
    const workbook = page.waitForEvent('download', POLL);
    await page.keyboard.press('Shift+X');
    const xlsx = await workbook;
    expect(xlsx.suggestedFilename()).toBe(`trials-dataset-${id}.xlsx`);
    const bytes = Buffer.concat(await (await xlsx.createReadStream()).toArray());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    // ISA-Tab: a zip of the same choice.
    const isaTab = page.waitForEvent('download', POLL);
    await panel(page).getByRole('button', { name: `Download as ISA-Tab (trials-dataset-${id}-isatab.zip)` }).click();
    expect((await isaTab).suggestedFilename()).toBe(`trials-dataset-${id}-isatab.zip`);
  });

  it('shows every tab in both themes, axe clean', async () => {
    const id = await trialsDatasetId(server);
    const light = await browser.page({ viewport: { width: 1280, height: 1400 } });
    await light.goto(`${server.url}/data/export/trials/${id}`);
    await trait(light, 'Plant height [cm]').check();
    await trait(light, 'Heading [d]').check();
    await trait(light, 'Growth class').check();
    await light.getByLabel('Colour by').selectOption({ label: 'Treatment' });
    await everyTab(light, 'light');
    // The same view by its address, in the dark theme.
    const dark = await browser.page({ colorScheme: 'dark', viewport: { width: 1280, height: 1400 } });
    await dark.goto(light.url());
    await trait(dark, 'Plant height [cm]').waitFor(POLL);
    await everyTab(dark, 'dark');
    // Two pages of eight tabs, each drawn and checked by axe: more than the default minute on a loaded machine.
  }, 150_000);

  it('warns about a large group in the comparison, and lists pasted names it cannot find', async () => {
    const id = await trialsDatasetId(server);
    // A public germplasm group (type 3) of twelve of the trial's cultivars.
    const group = (await sql<{ id: number }>`INSERT INTO groups (grouptype_id, name, visibility) VALUES (3, 'Twelve cultivars', 1) RETURNING id`.execute(db(server))).rows[0];
    await sql`INSERT INTO groupmembers (group_id, foreign_id)
      SELECT ${group.id}, g FROM (SELECT DISTINCT germinatebase_id AS g FROM trialsetup WHERE dataset_id = ${id} ORDER BY germinatebase_id LIMIT 12) x`.execute(db(server));

    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/data/export/trials/${id}`);
    await trait(page, 'Plant height [cm]').check();
    await page.getByRole('radio', { name: /^Groups/ }).check();
    await page.getByRole('checkbox', { name: 'Twelve cultivars (12 members)' }).check();
    // The box plots are the group's.
    await panel(page).getByRole('heading', { name: 'Plant height [cm]' }).waitFor(POLL);
    await chartsDrawn(page, 'light');
    await tab(page, 'Comparison').click();
    await panel(page).getByText(LARGE_GROUP, { exact: true }).waitFor(POLL);
    await chartsDrawn(page, 'light');
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/c2-trials-group-light.png' });

    await page.getByRole('radio', { name: 'A list of names' }).check();
    await page.getByLabel('Germplasm names').fill('Heris\nDialog\nNo such cultivar');
    await page.getByRole('button', { name: 'Find these germplasm' }).click();
    await page.getByText('2 germplasm found for 3 names.').waitFor(POLL);
    await page.getByRole('listitem').filter({ hasText: 'No such cultivar' }).waitFor(POLL);
    await expect.poll(() => panel(page).getByText(LARGE_GROUP).count(), POLL).toBe(0);
    await chartsDrawn(page, 'light');
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/c2-trials-list-light.png' });
  });

  it('speaks German', async () => {
    const id = await trialsDatasetId(server);
    const page = await browser.page({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/data/export/trials/${id}`);
    await trait(page, 'Plant height [cm]').check();
    await tab(page, 'Matrix').click();
    await panel(page).getByText('Bitte wählen Sie mindestens 2 Merkmale aus.', { exact: true }).waitFor(POLL);
    await tab(page, 'Übersicht').waitFor(POLL);
    await page.getByRole('radio', { name: 'Alles Keimplasma' }).waitFor(POLL);
    await page.getByLabel('Einfärben nach').waitFor(POLL);
    await expectAxeClean(page);
  });
});
