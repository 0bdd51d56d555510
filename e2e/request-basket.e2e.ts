import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, storedClientState, useBrowser, useServer, watchOf, type E2EServer } from './support/index.js';

/**
 * The request basket in Chromium on the demo data: three germplasm marked by keyboard, the third made to have
 * no holding institute, the basket opened from the palette shows two groups (GBR251 and none), the xlsx form
 * (cover sheet with the typed requester, one sheet per institute) and the CSV, removing an accession unmarks
 * it; axe and screenshots (/tmp/basket-light.png, /tmp/basket-dark.png) in both themes; the empty basket in German.
 */

const POLL = { timeout: 20_000 };
const db = (server: E2EServer) => server.database.db as unknown as Kysely<unknown>;

async function expectAxeClean(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page))).toBe('');
}

async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog');
  await dialog.waitFor(POLL);
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
}

async function downloadOf(page: Page, start: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const event = page.waitForEvent('download');
  await start();
  const download: Download = await event;
  return { name: download.suggestedFilename(), bytes: fs.readFileSync((await download.path()) ?? '') };
}

describe('request basket', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('groups three marked germplasm by holding institute, exports the request form, unmarks, both themes, German', async () => {
    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/data/germplasm`);
    await page.locator('[data-testid="germplasm-table"][aria-busy="false"]').first().waitFor(POLL);
    await page.getByTestId('germplasm-table').locator('[tabindex="0"]').first().focus();
    await page.keyboard.press('x');
    for (let i = 0; i < 2; i += 1) {
      await page.keyboard.press('j');
      await page.keyboard.press('x');
    }
    await page.getByText('3 marked').first().waitFor(POLL);
    const markedIds = async () => ((await storedClientState(page))?.markedIds as { germplasm?: number[] } | undefined)?.germplasm ?? [];
    await expect.poll(async () => (await markedIds()).length, POLL).toBe(3);
    const marked = await markedIds();
    // The demo's accessions are all held by GBR251 (The James Hutton Institute); the third marked loses its holder, and the first gets an availability.
    await sql`UPDATE mcpd SET instcode = NULL WHERE germinatebase_id = ${marked[2]}`.execute(db(server));
    await sql`DELETE FROM germplasminstitutions WHERE germinatebase_id = ${marked[2]} AND type = 'maintenance'`.execute(db(server));
    await sql`INSERT INTO attributes (name, datatype, target_table) VALUES ('Availability', 'text', 'germinatebase')`.execute(db(server));
    await sql`INSERT INTO attributedata (attribute_id, foreign_id, value) SELECT id, ${marked[0]}, 'Available for distribution' FROM attributes WHERE name = 'Availability'`.execute(db(server));

    await runCommand(page, 'Open the request basket');
    const held = page.getByRole('region', { name: 'The James Hutton Institute (2 accessions)' });
    const none = page.getByRole('region', { name: 'No holding institute recorded (1 accession)' });
    await held.waitFor(POLL);
    await none.waitFor(POLL);
    expect(new URL(page.url()).pathname).toBe('/request-basket');
    await held.getByText('GBR251', { exact: true }).waitFor();
    await held.getByText('0 · No (not included)').first().waitFor();
    await held.getByText('Available for distribution').waitFor();
    expect(await held.getByText('Not included in the MLS (MLSSTAT 0)').count()).toBe(2);
    await none.getByText('No holding institute recorded (INSTCODE)').waitFor();

    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.org');
    await page.getByLabel('Purpose of the request').fill('Drought screening');
    await page.screenshot({ path: '/tmp/basket-light.png', fullPage: true });
    await expectAxeClean(page);

    const xlsx = await downloadOf(page, () => page.getByRole('button', { name: 'Export request form (xlsx)' }).click());
    expect(xlsx.name).toMatch(/^request-all-\d{4}-\d\d-\d\d\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Uint8Array.from(xlsx.bytes).buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Request', 'GBR251', 'No institute']);
    const cover = workbook.getWorksheet('Request');
    expect([3, 4, 5, 7].map((row) => cover?.getRow(row).getCell(2).value)).toEqual(['Ada Lovelace', 'ada@example.org', 'Drought screening', 3]);
    const sheet = workbook.getWorksheet('GBR251');
    expect(sheet?.rowCount).toBe(3);
    const header = sheet?.getRow(1).values as unknown[];
    const first = sheet?.getRow(2).values as unknown[];
    expect(['INSTCODE', 'MLSSTAT', 'MLS status', 'Availability'].map((name) => first[header.indexOf(name)])).toEqual(['GBR251', 0, 'No (not included)', 'Available for distribution']);

    // The CSV from the palette: one file, the institute in its columns.
    const csv = await downloadOf(page, () => runCommand(page, 'Export request form (CSV)'));
    expect(csv.bytes.toString('utf8').trimEnd().split('\r\n')).toHaveLength(4);

    // Removing an accession unmarks it; its group goes.
    await none.getByRole('button', { name: /^Remove .* from the basket/ }).click();
    await none.waitFor({ state: 'detached', timeout: POLL.timeout });
    await expect.poll(async () => (await markedIds()).sort(), POLL).toEqual(marked.slice(0, 2).sort());

    await page.keyboard.press('Alt+Shift+KeyD');
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor), POLL).not.toBe('rgb(255, 255, 255)');
    await page.screenshot({ path: '/tmp/basket-dark.png', fullPage: true });
    await expectAxeClean(page);
    expect(watchOf(page).consoleErrors).toEqual([]);

    // Nothing marked, in German: the empty basket says how to fill it.
    const german = await browser.page({ locale: 'de-DE', colorScheme: 'dark' });
    await german.goto(`${server.url}/request-basket`);
    await german.getByText('Der Anfragekorb ist leer. Markieren Sie Keimplasma mit x in einer beliebigen Keimplasma-Tabelle, um es hier aufzunehmen.').waitFor(POLL);
    await german.screenshot({ path: '/tmp/basket-empty-de.png' });
    await expectAxeClean(german);
  });
});
