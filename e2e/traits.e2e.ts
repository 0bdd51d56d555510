import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, useBrowser, useServer, type E2EServer } from './support/index.js';

/**
 * Traits in Chromium against the demo trials data (one trials dataset, six traits): the traits table
 * searched and opened by keyboard, a trait's box plots with their table against the endpoint, the
 * timeline's date slider, the trial layout map, the passport's trait performance, an administrator's edit
 * and unification (the values move), German texts, axe in both themes. Screenshots go to /tmp.
 */

const POLL = { timeout: 20_000 };
const SHOTS = process.env.TRAITS_SCREENSHOTS ?? '/tmp';

const path = (page: Page) => new URL(page.url()).pathname;
const cursorText = (page: Page, id: string) => page.getByTestId(`${id}-table`).getByTestId('row-cursor').textContent();
const rowCount = (page: Page, id: string) => page.getByTestId(`${id}-table`).getByText(/^\d+ rows?$/).first().textContent();

async function expectAxeClean(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page))).toBe('');
}

/** The chart drawing titled `title` once vega has drawn it in `theme`. */
function drawing(page: Page, title: string, theme: 'light' | 'dark' = 'light') {
  return page.locator('figure.chart', { has: page.getByRole('heading', { name: title, exact: true }) }).locator(`.chart-drawing[data-drawn="${theme}"]`);
}

async function shoot(page: Page, name: string, scrollTo?: string): Promise<void> {
  if (scrollTo) await page.locator(scrollTo).last().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/c1-traits-${name}.png` });
}

async function post<T>(server: E2EServer, apiPath: string, body: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api/${apiPath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status, apiPath).toBe(200);
  return (await response.json()) as T;
}

/** The id of a row found by its name (the traits and germplasm tables are other domains' than the core's). */
async function idOf(server: E2EServer, table: 'phenotypes' | 'germinatebase', name: string): Promise<number> {
  const rows = await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE name LIKE ${name} ORDER BY id`.execute(server.database.db);
  expect(rows.rows.length, `${table} ${name}`).toBeGreaterThan(0);
  return Number(rows.rows[0].id);
}

const traitId = (server: E2EServer, name: string) => idOf(server, 'phenotypes', name);

async function valueCount(server: E2EServer, id: number): Promise<number> {
  const rows = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM phenotypedata WHERE phenotype_id = ${id}`.execute(server.database.db);
  return Number(rows.rows[0]?.n ?? 0);
}

async function traitExists(server: E2EServer, id: number): Promise<boolean> {
  const rows = await sql<{ id: number }>`SELECT id FROM phenotypes WHERE id = ${id}`.execute(server.database.db);
  return rows.rows.length > 0;
}

describe('traits', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('lets a breeder find a trait, open it by keyboard, read its box plots and switch to the layout map', async () => {
    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    await server.login(page, 'regular');
    await page.goto(`${server.url}/data/datasets`);
    await page.locator('.shell-sidebar').getByRole('button', { name: 'Traits', exact: true }).click();
    await expect.poll(() => path(page), POLL).toBe('/data/trials/traits');
    await expect.poll(() => rowCount(page, 'traits'), POLL).toBe('6 rows');
    await expect.poll(() => cursorText(page, 'traits'), POLL).toMatch(/^Row 1: Awn tipping/);
    await expectAxeClean(page);
    await shoot(page, 'table-light');

    // The search box looks in names, short names, synonyms and descriptions; Enter searches, Enter opens.
    const search = page.getByRole('searchbox', { name: 'Search traits' });
    await search.fill('height');
    await search.press('Enter');
    await expect.poll(() => rowCount(page, 'traits'), POLL).toMatch(/^1 rows?$/);
    await expect.poll(() => cursorText(page, 'traits'), POLL).toMatch(/^Row 1: Plant height/);
    await page.keyboard.press('Enter');
    const id = await traitId(server, 'Plant height');
    await expect.poll(() => path(page), POLL).toBe(`/data/trials/traits/${id}`);
    await page.getByRole('heading', { name: 'Plant height [cm]', level: 2 }).waitFor(POLL);
    await page.getByRole('definition').filter({ hasText: 'Centimeters (cm)' }).waitFor(POLL);
    // A reader sees no administration.
    expect(await page.getByRole('button', { name: 'Edit trait' }).count()).toBe(0);
    // Its values, the trials data table restricted to it.
    await expect.poll(() => rowCount(page, 'trialsData'), POLL).toBe('222 rows');
    await expectAxeClean(page);

    await page.getByRole('tab', { name: 'Statistics per dataset' }).click();
    const boxes = drawing(page, 'Plant height [cm] per dataset');
    await boxes.locator('svg .mark-rect path').first().waitFor(POLL);
    // One box per dataset and treatment, from the quantiles the server computed.
    const stats = await post<{ stats: { q1: number; q3: number; median: number; treatmentId: number | null }[] }>(server, 'dataset/stats/trial', { datasetIds: [], xIds: [id] });
    // A whisker per box.
    expect(await boxes.locator('svg g.mark-rule.role-mark line').count()).toBe(stats.stats.length);
    await page.getByRole('button', { name: 'Show data table' }).click();
    const table = page.getByRole('table', { name: 'Plant height [cm] per dataset: data' });
    await table.waitFor(POLL);
    expect(await table.getByRole('row').count()).toBe(stats.stats.length + 1);
    for (const box of stats.stats) {
      const format = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 3 });
      await table.getByRole('row').filter({ hasText: format(box.q1) }).filter({ hasText: format(box.q3) }).filter({ hasText: format(box.median) }).first().waitFor(POLL);
    }
    await table.getByRole('rowheader', { name: 'Trials dataset' }).first().waitFor(POLL);
    await expectAxeClean(page);
    await shoot(page, 'boxes-light', 'figure.chart');

    await page.getByRole('tab', { name: 'Trial layout map' }).click();
    const map = drawing(page, 'Plant height [cm] in the layout of Trials dataset');
    await map.locator('svg .mark-rect path').first().waitFor(POLL);
    await page.getByText('222 plots in 9 rows and 25 columns', { exact: false }).waitFor(POLL);
    expect(await map.locator('svg g.mark-rect.role-mark path').count()).toBe(222);
    await expectAxeClean(page);
    await shoot(page, 'map-light', 'figure.chart');
  });

  it('plays a time series along its recording dates with the slider', async () => {
    // Tall enough that the slider, the line chart and the day's bars show in one screenshot.
    const page = await browser.page({ viewport: { width: 1280, height: 1500 } });
    const id = await traitId(server, 'Plant height');
    await page.goto(`${server.url}/data/trials/traits/${id}`);
    await page.getByRole('tab', { name: 'Timeline' }).click();
    const chart = drawing(page, 'Plant height [cm] over time');
    await chart.locator('svg .mark-line path').first().waitFor(POLL);
    // A line per germplasm, then the median's halo and the median itself; one rule at the slider's date.
    const germplasm = await page.getByRole('table', { name: 'Plant height [cm] over time: data', includeHidden: true }).locator('tbody tr').count();
    expect(await chart.locator('svg g.mark-line.role-mark path').count()).toBe(germplasm - 1 + 2);
    expect(await chart.locator('svg g.mark-rule.role-mark line').count()).toBe(1);
    // The time axis is labelled with the recording dates.
    await chart.locator('svg .role-axis-label text', { hasText: '20/08/2020' }).first().waitFor(POLL);
    const slider = page.getByRole('slider', { name: 'Recording date shown' });
    expect(await slider.getAttribute('aria-valuetext')).toBe('20/08/2020');
    const shown = page.locator('.trials-time-slider output');
    expect(await shown.textContent()).toMatch(/^20\/08\/2020 \(date 1 of \d+\)$/);
    await drawing(page, 'Plant height [cm] on 20/08/2020').waitFor(POLL);
    const ruleAt = () => chart.locator('svg g.mark-rule.role-mark line').getAttribute('transform');
    const before = await ruleAt();
    // One step by keyboard: the shown date, the rule on the chart and the day's bars follow.
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => slider.getAttribute('aria-valuetext'), POLL).toBe('21/08/2020');
    await expect.poll(() => shown.textContent(), POLL).toMatch(/^21\/08\/2020 \(date 2 of \d+\)$/);
    await expect.poll(ruleAt, POLL).not.toBe(before);
    await drawing(page, 'Plant height [cm] on 21/08/2020').locator('svg .mark-rect path').first().waitFor(POLL);
    await expectAxeClean(page);
    await shoot(page, 'timeline-light');

    // The page follows the system's dark scheme (no theme chosen): the chart is drawn again in it.
    await page.emulateMedia({ colorScheme: 'dark' });
    await drawing(page, 'Plant height [cm] over time', 'dark').locator('svg .mark-line path').first().waitFor(POLL);
    await expectAxeClean(page);
    await shoot(page, 'timeline-dark');

    // A few marked germplasm: theirs are the lines, each full strength and named in a legend.
    const marked = [await idOf(server, 'germinatebase', 'Heris'), await idOf(server, 'germinatebase', 'Zenit'), await idOf(server, 'germinatebase', 'Frisia')];
    await page.goto(`${server.url}/api/settings`);
    await page.evaluate((ids) => localStorage.setItem('germinate-workspace.state.anonymous', JSON.stringify({ markedIds: { germplasm: ids } })), marked);
    await page.goto(`${server.url}/data/trials/traits/${id}`);
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await page.getByText('Showing the marked germplasm (the first 20).').waitFor(POLL);
    const few = drawing(page, 'Plant height [cm] over time', 'dark');
    await few.locator('svg .mark-line path').first().waitFor(POLL);
    expect((await few.locator('svg .role-legend-label text').allTextContents()).sort()).toEqual(['Frisia', 'Heris', 'Zenit']);
    await shoot(page, 'timeline-marked-dark');
  });

  it("shows a germplasm's trait performance in its passport, and says so when there is none", async () => {
    const page = await browser.page({ colorScheme: 'dark', viewport: { width: 1280, height: 900 } });
    const heris = await idOf(server, 'germinatebase', 'Heris');
    await page.goto(`${server.url}/data/germplasm/${heris}`);
    const section = page.getByRole('region', { name: 'Trait performance' });
    await section.locator('.chart-drawing[data-drawn="dark"] svg .mark-symbol path').first().waitFor(POLL);
    await section.getByRole('button', { name: 'Show data table' }).click();
    await section.getByRole('rowheader', { name: 'Plant height' }).waitFor(POLL);
    await expectAxeClean(page);
    await shoot(page, 'performance-dark', '[data-section="trials-performance"]');

    const other = await idOf(server, 'germinatebase', 'CACTUAR%');
    await page.goto(`${server.url}/data/germplasm/${other}`);
    await page.getByRole('region', { name: 'Trait performance' }).getByText('This germplasm has no numeric trait values in the trials datasets open to you.').waitFor(POLL);
  });

  it('opens the traits table from the palette and by its keys, in German', async () => {
    const page = await browser.page({ locale: 'de-DE' });
    await page.goto(`${server.url}/home`);
    await page.getByRole('heading').first().waitFor(POLL);
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').waitFor(POLL);
    await page.keyboard.type('Merkmalstabelle');
    await page.keyboard.press('Enter');
    await expect.poll(() => path(page), POLL).toBe('/data/trials/traits');
    await page.getByRole('searchbox', { name: 'Merkmale suchen' }).waitFor(POLL);
    await expect.poll(() => cursorText(page, 'traits'), POLL).toMatch(/Awn tipping/);
    await page.keyboard.press('Alt+KeyH');
    await expect.poll(() => path(page), POLL).toBe('/home');
    await page.keyboard.press('g');
    await page.keyboard.press('t');
    await expect.poll(() => path(page), POLL).toBe('/data/trials/traits');

    const id = await traitId(server, 'Growth class');
    await page.goto(`${server.url}/data/trials/traits/${id}`);
    await page.getByRole('tab', { name: 'Statistik je Datensatz' }).click();
    await drawing(page, 'Growth class: Werte je Kategorie').locator('svg .mark-rect path').first().waitFor(POLL);
    await page.getByRole('definition').filter({ hasText: 'Spring, Winter' }).waitFor(POLL);
    await page.getByRole('term').filter({ hasText: 'Einschränkungen' }).waitFor(POLL);
    await expectAxeClean(page);
    await shoot(page, 'categories-de', 'figure.chart');
  });

  it('leaves out the data of datasets whose licence the reader has not accepted, and leads to them', async () => {
    const db = server.database.db;
    const dataset = await db.selectFrom('datasets').select('id').where('name', '=', 'Trials dataset').executeTakeFirstOrThrow();
    const licence = await db.selectFrom('licenses').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db.updateTable('datasets').set({ license_id: licence.id }).where('id', '=', dataset.id).execute();
    try {
      const page = await browser.page();
      await server.login(page, 'regular');
      const id = await traitId(server, 'Plant height');
      await page.goto(`${server.url}/data/trials/traits/${id}`);
      const note = page.getByRole('note');
      await note.getByText('The data of 1 dataset is not shown until you accept its licence.').waitFor(POLL);
      await expect.poll(() => rowCount(page, 'trialsData'), POLL).toMatch(/^0 rows?$/);
      await page.getByRole('tab', { name: 'Statistics per dataset' }).click();
      await page.getByText('No dataset with values of this trait is open to you.').waitFor(POLL);
      await expectAxeClean(page);
      await note.getByRole('button', { name: 'Show these datasets in the datasets table' }).click();
      await expect.poll(() => path(page), POLL).toBe('/data/datasets');
      await expect.poll(() => cursorText(page, 'datasets'), POLL).toMatch(/^Row 1: Trials dataset/);
      await expect.poll(() => rowCount(page, 'datasets'), POLL).toMatch(/^1 rows?$/);
    } finally {
      await db.updateTable('datasets').set({ license_id: null }).where('id', '=', dataset.id).execute();
    }
  });

  it('lets an administrator edit a trait and unify two traits, whose values then count for the one kept', async () => {
    const page = await browser.page({ colorScheme: 'dark', viewport: { width: 1280, height: 900 } });
    await server.login(page, 'admin');
    const rowType = await traitId(server, 'Row type');
    await page.goto(`${server.url}/data/trials/traits/${rowType}`);
    await page.getByRole('heading', { name: 'Row type', level: 2 }).waitFor(POLL);
    await page.keyboard.press('e');
    const form = page.getByRole('dialog', { name: 'Edit trait' });
    await form.waitFor(POLL);
    expect(await form.getByLabel('Categories').inputValue()).toBe('2, 6');
    // The units traits have are offered, by name.
    await expect.poll(() => form.getByLabel('Unit').locator('option').allTextContents(), POLL).toEqual(['No unit', 'Centimeters (cm)', 'Date (d)']);
    await form.getByLabel('Short name').fill('RowTypeLong');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('The short name may have at most 10 characters.').waitFor(POLL);
    await expectAxeClean(page);
    await form.getByLabel('Short name').fill('RT');
    await form.getByLabel('Categories').fill('2, 6\ntwo-row, six-row');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.isVisible(), POLL).toBe(false);
    await page.getByRole('definition').filter({ hasText: '2, 6 / two-row, six-row' }).waitFor(POLL);
    await page.getByRole('definition').filter({ hasText: /^RT$/ }).waitFor(POLL);

    const awn = await traitId(server, 'Awn tipping');
    const heading = await traitId(server, 'Heading');
    const before = { awn: await valueCount(server, awn), heading: await valueCount(server, heading) };
    expect(before.awn).toBeGreaterThan(0);
    await page.goto(`${server.url}/data/trials/traits`);
    await expect.poll(() => rowCount(page, 'traits'), POLL).toBe('6 rows');
    await page.keyboard.press('Shift+U');
    const dialog = page.getByRole('dialog', { name: 'Unify traits' });
    await dialog.waitFor(POLL);
    await dialog.getByText('Choose at least 2 traits to unify', { exact: false }).waitFor(POLL);
    const find = dialog.getByRole('searchbox', { name: 'Find traits to add' });
    await find.fill('awn');
    await dialog.getByRole('button', { name: 'Add Awn tipping' }).click();
    await find.fill('heading');
    await dialog.getByRole('button', { name: 'Add Heading' }).click();
    await dialog.getByRole('radio', { name: /^Heading/ }).check();
    await expectAxeClean(page);
    await shoot(page, 'unify-dark');
    await dialog.getByRole('button', { name: 'Unify traits' }).click();
    await dialog.getByText('Merge 1 trait (Awn tipping) into Heading?', { exact: false }).waitFor(POLL);
    await dialog.getByRole('button', { name: 'Unify', exact: true }).click();
    await page.getByText(`1 trait merged into Heading; ${before.awn} values moved to it.`).waitFor(POLL);
    await expect.poll(() => rowCount(page, 'traits'), POLL).toBe('5 rows');
    expect(await valueCount(server, heading)).toBe(before.heading + before.awn);
    expect(await traitExists(server, awn)).toBe(false);

    // The kept trait's details count the moved values and name the other as a synonym.
    await page.goto(`${server.url}/data/trials/traits/${heading}`);
    await page.getByRole('definition').filter({ hasText: 'Awn tipping' }).waitFor(POLL);
    await page.getByRole('definition').filter({ hasText: String(before.heading + before.awn) }).waitFor(POLL);
    await expectAxeClean(page);
  });
});
