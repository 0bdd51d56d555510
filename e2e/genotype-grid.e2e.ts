import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, ROOT, useBrowser, useServer, type E2EServer } from './support/index.js';

/**
 * The genotype grid in Chromium on the demo genotype dataset (Germinate's example, 500 germplasm × 1,000
 * markers): opened from the palette, moved by keyboard (arrows, End, Ctrl+End, Ctrl+Home) with each
 * announced call checked against the example workbook's cell, Enter opening the passport, rows sorted and
 * grouped by country (the two accessions with a collecting site in GBR come first) and replayed from the
 * URL, rows sorted and grouped by a trait of a trials dataset seeded here (values read live from the trials
 * data), the visible cells as a table, the map's chromosome order, German texts, axe in both themes.
 * Screenshots go to /tmp.
 */

const POLL = { timeout: 30_000 };
const SHOTS = process.env.GRID_SCREENSHOTS ?? '/tmp';
const WORKBOOK = `${ROOT}/demo/genotypes/example-allele-calls-germplasm-by-marker.xlsx`;

async function expectAxeClean(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page))).toBe('');
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/grid-${name}.png` });
}

/** The workbook's DATA sheet: row 3 names the markers, each later row a germplasm and its calls. */
async function storedCalls(): Promise<{ germplasm: string[]; markers: string[]; call(germplasm: string, marker: string): string }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(WORKBOOK);
  const sheet = workbook.getWorksheet('DATA');
  const grid: string[][] = [];
  const width = sheet?.columnCount ?? 0;
  sheet?.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c += 1) cells.push(row.getCell(c).text.trim());
    grid.push(cells);
  });
  const markers = grid[2].slice(1).filter((m) => m !== '');
  const lines = grid.slice(3);
  const germplasm = lines.map((line) => line[0]);
  return {
    germplasm,
    markers,
    call: (name, marker) => lines[germplasm.indexOf(name)][1 + markers.indexOf(marker)],
  };
}

const cursor = (page: Page) => page.getByTestId('grid-cursor');
/** The announcement of a cell: germplasm, marker (with its place under a map), call, row and column. */
const announced = async (page: Page) => {
  const text = (await cursor(page).textContent()) ?? '';
  const match = /^(.+?), (\S+)(?: \([^)]*\))?: (.*) \((?:row|Zeile) (\d+), (?:column|Spalte) (\d+)\)(?: \(.+\))?$/.exec(text);
  return match ? { germplasm: match[1], marker: match[2], call: match[3], row: Number(match[4]), column: Number(match[5]) } : null;
};
const cells = (page: Page) => page.getByRole('application');

describe('genotype grid', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));
  let stored: Awaited<ReturnType<typeof storedCalls>>;
  let dataset: { id: number; name: string };

  beforeAll(async () => {
    stored = await storedCalls();
    const response = await fetch(`${server.url}/api/dataset/table`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ filter: [{ column: 'datasetType', comparator: 'equals', operator: 'and', values: ['genotype'] }] }),
    });
    const rows = ((await response.json()) as { data: { datasetId: number; datasetName: string }[] }).data;
    expect(rows).toHaveLength(1);
    dataset = { id: rows[0].datasetId, name: rows[0].datasetName };
  });

  /** Waits until the cursor's cell is announced at (row, column), 1-based, and checks its call against the workbook. */
  async function expectCell(page: Page, row: number, column: number, germplasm?: string) {
    await expect.poll(async () => (await announced(page))?.row === row && (await announced(page))?.column === column, POLL).toBe(true);
    const cell = await announced(page);
    if (!cell) throw new Error('no cell announced');
    if (germplasm) expect(cell.germplasm).toBe(germplasm);
    const call = stored.call(cell.germplasm, cell.marker);
    expect(cell.call, `${cell.germplasm} × ${cell.marker}`).toBe(call === '' ? (/Zeile/.test((await cursor(page).textContent()) ?? '') ? 'fehlt' : 'missing') : call);
    return cell;
  }

  it('opens from the palette, moves by keyboard announcing the stored calls, and opens a passport with Enter', async () => {
    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/home`);
    await page.getByRole('heading').first().waitFor(POLL);
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').waitFor(POLL);
    await page.keyboard.type(dataset.name.slice(0, 8));
    await page.getByRole('option', { name: new RegExp(`${dataset.name.slice(0, 8)}.*Genotype grid|Genotype grid.*${dataset.name.slice(0, 8)}`) }).first().waitFor(POLL);
    await page.getByRole('option', { name: /Genotype grid/ }).first().click();
    await page.getByRole('heading', { name: `Genotype grid: ${dataset.name}`, level: 2 }).waitFor(POLL);
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe(`/data/genotypes/grid/${dataset.id}`);
    await page.getByText(`${stored.germplasm.length} germplasm × ${stored.markers.length.toLocaleString('en-GB')} markers`).waitFor(POLL);

    // c puts the keyboard on the cells; the first cell is announced.
    await page.keyboard.press('c');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')), POLL).toBe('application');
    const first = await expectCell(page, 1, 1, stored.germplasm[0]);
    expect(first.marker).toBe(stored.markers[0]);
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const moved = await expectCell(page, 3, 4, stored.germplasm[2]);
    expect(moved.marker).toBe(stored.markers[3]);
    await page.keyboard.press('End');
    expect((await expectCell(page, 3, stored.markers.length)).marker).toBe(stored.markers[stored.markers.length - 1]);
    await page.keyboard.press('PageDown');
    await expect.poll(async () => (await announced(page))?.row ?? 0, POLL).toBeGreaterThan(10);
    await page.keyboard.press('Control+End');
    const last = await expectCell(page, stored.germplasm.length, stored.markers.length, stored.germplasm[stored.germplasm.length - 1]);
    await expectAxeClean(page);
    await shoot(page, 'end-light');
    await page.keyboard.press('Control+Home');
    await expectCell(page, 1, 1, stored.germplasm[0]);
    await page.keyboard.press('Control+End');
    await expectCell(page, stored.germplasm.length, stored.markers.length);

    // Enter: the passport of the cursor's germplasm, beside the grid.
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: new RegExp(`^${last.germplasm}\\b`), level: 2 }).waitFor(POLL);
  });

  it('sorts and groups rows by country from the germplasm table, replays the view from its URL, and shows the visible cells as a table', async () => {
    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/data/genotypes/grid/${dataset.id}`);
    await cells(page).waitFor(POLL);
    await page.keyboard.press('s');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? ''), POLL).toMatch(/grid-sort$/);
    await page.getByLabel('Sort rows by').selectOption('countryName');
    await cells(page).focus();
    // CACTUAR-29 and CACTUAR-30 have their collecting sites in GBR: every other accession has no country.
    await expectCell(page, 1, 1, 'CACTUAR-29');
    await page.keyboard.press('ArrowDown');
    await expectCell(page, 2, 1, 'CACTUAR-30');
    await page.keyboard.press('ArrowDown');
    await expectCell(page, 3, 1, 'CACTUAR-1');
    const before = page.url();
    await page.keyboard.press('ArrowRight');
    await expectCell(page, 3, 2, 'CACTUAR-1');

    // The view is in the URL (once the cursor rests): a new page on it shows the same order and cursor.
    await expect.poll(() => page.url(), POLL).not.toBe(before);
    const link = page.url();
    const again = await browser.page({ viewport: { width: 1280, height: 900 } });
    await again.goto(link);
    await expectCell(again, 3, 2, 'CACTUAR-1');

    // Grouped by country: a header for GBR, then one for the rest.
    await again.getByLabel('Group rows by').selectOption('countryName');
    await cells(again).focus();
    await again.keyboard.press('Control+Home');
    await expectCell(again, 1, 1, 'CACTUAR-29');
    await again.keyboard.press('t');
    const table = again.getByRole('table', { name: 'Visible cells from the cursor on' });
    await table.waitFor(POLL);
    await expect.poll(() => table.getByRole('rowheader').first().textContent(), POLL).toBe('CACTUAR-29');
    const firstCall = stored.call('CACTUAR-29', stored.markers[0]);
    await expect.poll(() => table.getByRole('cell').first().textContent(), POLL).toBe(firstCall === '' ? 'missing' : firstCall);
    await expectAxeClean(again);
    await shoot(again, 'grouped-light');
  });

  it("sorts and groups rows by a trait's values in a trials dataset, announcing each row's value; a dataset with an unaccepted licence cannot be chosen", async () => {
    // A trials dataset with a numeric trait for four demo germplasm (CACTUAR-31 twice: its mean counts),
    // and one under a licence nobody accepted.
    const db = server.database.db as unknown as Kysely<unknown>;
    const newId = async (query: ReturnType<typeof sql<{ id: number }>>) => Number((await query.execute(db)).rows[0].id);
    const experiment = await newId(sql<{ id: number }>`INSERT INTO experiments (experiment_name) VALUES ('Grid trials') RETURNING id`);
    const licence = await newId(sql<{ id: number }>`INSERT INTO licenses (name, description) VALUES ('Grid licence', 'Accept first') RETURNING id`);
    const trials = (name: string, license: number | null) =>
      newId(sql<{ id: number }>`INSERT INTO datasets (experiment_id, datasettype_id, name, dataset_state_id, is_external, license_id) VALUES (${experiment}, 3, ${name}, 1, 0, ${license}) RETURNING id`);
    const open = await trials('Grid field trial', null);
    await trials('Grid licensed trial', licence);
    const height = await newId(sql<{ id: number }>`INSERT INTO phenotypes (name, datatype) VALUES ('Grid plant height', 'numeric') RETURNING id`);
    const values: [string, string][] = [['CACTUAR-31', '4'], ['CACTUAR-31', '6'], ['CACTUAR-32', '12'], ['CACTUAR-33', '1.5'], ['CACTUAR-35', '7']];
    for (const [name, value] of values) {
      const germplasm = await newId(sql<{ id: number }>`SELECT id FROM germinatebase WHERE name = ${name}`);
      const plot = await newId(sql<{ id: number }>`INSERT INTO trialsetup (germinatebase_id, dataset_id) VALUES (${germplasm}, ${open}) RETURNING id`);
      await sql`INSERT INTO phenotypedata (trialsetup_id, phenotype_id, phenotype_value) VALUES (${plot}, ${height}, ${value})`.execute(db);
    }

    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/data/genotypes/grid/${dataset.id}`);
    await cells(page).waitFor(POLL);
    const datasets = page.getByLabel('Trials dataset');
    await expect.poll(() => datasets.locator('option', { hasText: 'Grid licensed trial (licence not accepted)' }).isDisabled(), POLL).toBe(true);
    // The trials dataset (Shift+T) and its trait (p) are chosen from the cells by keyboard too.
    await cells(page).focus();
    await page.keyboard.press('Shift+T');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? ''), POLL).toMatch(/grid-trials$/);
    await datasets.selectOption({ label: 'Grid field trial' });
    await cells(page).focus();
    await page.keyboard.press('p');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? ''), POLL).toMatch(/grid-trait$/);
    await page.getByLabel('Trait', { exact: true }).selectOption({ label: 'Grid plant height' });
    // Choosing the trait sorts by it: ascending by mean, germplasm without a value after, in file order.
    await expect.poll(() => page.getByLabel('Sort rows by').inputValue(), POLL).toBe('trait');
    await cells(page).focus();
    await expectCell(page, 1, 1, 'CACTUAR-33');
    await expect.poll(() => cursor(page).textContent(), POLL).toMatch(/\(row 1, column 1\) \(Grid plant height: 1\.5\)$/);
    const order = ['CACTUAR-31', 'CACTUAR-35', 'CACTUAR-32', stored.germplasm[0]];
    for (const [i, name] of order.entries()) {
      await page.keyboard.press('ArrowDown');
      await expectCell(page, i + 2, 1, name);
    }
    await expect.poll(() => cursor(page).textContent(), POLL).toMatch(/\(Grid plant height: Not recorded\)$/);

    // Descending (r), then grouped by the trait's bands (Shift+G opens the group choice).
    await page.keyboard.press('r');
    await page.keyboard.press('Control+Home');
    await expectCell(page, 1, 1, 'CACTUAR-32');
    await page.keyboard.press('Shift+G');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? ''), POLL).toMatch(/grid-group$/);
    await page.getByLabel('Group rows by').selectOption('trait');
    await cells(page).focus();
    await page.keyboard.press('Control+Home');
    await expectCell(page, 1, 1, 'CACTUAR-33');
    await expectAxeClean(page);
    await shoot(page, 'trait-light');
    // The trait choice is part of the view's URL: a new page on it groups and sorts the same way.
    const again = await browser.page({ viewport: { width: 1280, height: 900 } });
    await again.goto(page.url());
    await cells(again).waitFor(POLL);
    await expect.poll(() => again.getByLabel('Group rows by').inputValue(), POLL).toBe('trait');
    await cells(again).focus();
    await again.keyboard.press('Control+End');
    await again.keyboard.press('Control+Home');
    await expectCell(again, 1, 1, 'CACTUAR-33');
  });

  it('orders markers by the demo map with chromosome bands, in the dark theme, axe clean', async () => {
    const page = await browser.page({ colorScheme: 'dark', viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/data/genotypes/grid/${dataset.id}`);
    await cells(page).waitFor(POLL);
    await page.keyboard.press('Shift+M');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? ''), POLL).toMatch(/grid-map$/);
    await page.getByLabel('Map').selectOption({ label: 'Example map' });
    await cells(page).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await cursor(page).textContent()) ?? '', POLL).toMatch(/^CACTUAR-1, \S+ \([^,]+, [\d.]+\): .* \(row 1, column 2\)$/);
    await expectCell(page, 1, 2, 'CACTUAR-1');
    await expectAxeClean(page);
    await shoot(page, 'map-dark');
  });

  it("opens from a dataset's page by its command", async () => {
    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/data/datasets/${dataset.id}`);
    await page.getByRole('heading', { name: dataset.name, level: 2 }).first().waitFor(POLL);
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').waitFor(POLL);
    await page.keyboard.type('genotype grid of this');
    await page.getByRole('option', { name: /Open the genotype grid of this dataset/ }).waitFor(POLL);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Genotype grid: ${dataset.name}`, level: 2 }).waitFor(POLL);
    // Beside the dataset's page.
    await page.getByRole('heading', { name: dataset.name, level: 2, exact: true }).waitFor(POLL);
    await cells(page).focus();
    await expectCell(page, 1, 1, stored.germplasm[0]);
  });

  it('speaks German', async () => {
    const page = await browser.page({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/data/genotypes/grid/${dataset.id}`);
    await page.getByRole('heading', { name: `Genotyp-Raster: ${dataset.name}`, level: 2 }).waitFor(POLL);
    await page.getByLabel('Zeilen sortieren nach').waitFor(POLL);
    await cells(page).focus();
    await page.keyboard.press('ArrowDown');
    await expectCell(page, 2, 1, stored.germplasm[1]);
    await expect.poll(() => cursor(page).textContent(), POLL).toMatch(/\(Zeile 2, Spalte 1\)$/);
    await expectAxeClean(page);
    await shoot(page, 'german');
  });
});
