import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPassports } from '../tests/support/genotype-files.js';
import { axeViolations, formatViolations, storedClientState, useBrowser, useServer, type E2EServer } from './support/index.js';

/**
 * A curator's genotype upload that names a germplasm the database lacks: the option "create germplasm that
 * do not exist yet" ticked by keyboard, the check's warning for the name, the import completed with the new
 * germplasm counted and stored; the option's German label and hint; axe throughout.
 */

const POLL = { timeout: 30_000 };
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-e2e-genotype-upload-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

async function expectAxeClean(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page, { include: '.import-pane' }))).toBe('');
}

const summary = (page: Page) => page.getByTestId('import-report-summary');
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.closest('label')?.textContent?.trim() ?? null);

describe('genotype upload creating unknown germplasm', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started), { demo: false });
  beforeAll(async () => {
    await seedPassports(server.database, server.database.dialect, ['KNOWN-E2E']);
  });

  it('ticks the option by keyboard, shows the warning for the unknown name and completes the import', async () => {
    const page = await browser.page();
    await server.login(page, 'curator');
    const file = path.join(scratch, 'one-new-line.txt');
    fs.writeFileSync(file, 'Lines/Markers\tm1\tm2\nKNOWN-E2E\tA\tG\nNEW-E2E\tT\tG/T\n');
    await page.goto(`${server.url}/import/data-upload/genotype`);
    await page.getByRole('radio', { name: /^Genotypes/, checked: true }).waitFor(POLL);
    const option = page.getByRole('checkbox', { name: 'Create germplasm that do not exist yet' });
    expect(await option.isChecked()).toBe(false);
    // Its hint is its description: screen readers read it with the checkbox.
    expect(await option.getAttribute('aria-describedby')).toBeTruthy();
    await page.getByText('New accessions get only their name (as accession number): complete them afterwards with an MCPD update.').waitFor(POLL);

    // From the dataset state, Tab reaches the option and Space ticks it; the focus shows.
    await page.getByLabel('State of the new dataset').focus();
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('Create germplasm that do not exist yet');
    expect(await option.evaluate((element) => element.matches(':focus-visible'))).toBe(true);
    await page.keyboard.press('Space');
    expect(await option.isChecked()).toBe(true);
    await expectAxeClean(page);

    await page.getByLabel(/^Choose a file \(\.xlsx, \.txt/).setInputFiles(file);
    await page.getByRole('cell', { name: 'one-new-line.txt', exact: true }).waitFor(POLL);
    const sent = page.waitForRequest((request) => request.url().includes('/api/import/template/file'), POLL);
    await page.getByRole('button', { name: 'Upload and check' }).click();
    expect(new URL((await sent).url()).searchParams.get('createGermplasm')).toBe('true');
    await expect.poll(() => summary(page).textContent(), POLL).toBe('No errors, 1 warning.');
    const row = page.locator('.import-issues tbody tr');
    expect(await row.count()).toBe(1);
    const cells = await row.first().locator('td').allTextContents();
    expect(cells[0]).toBe('Warning');
    expect(cells).toContain('The germplasm does not exist yet: it will be created with only its name.');
    expect(cells).toContain('NEW-E2E');
    await expectAxeClean(page);

    const importButton = page.getByRole('button', { name: 'Import despite 1 warning', exact: true });
    await importButton.focus();
    await page.keyboard.press('Enter');
    await page.getByText('The data was imported.').waitFor(POLL);
    await page.locator('.import-stats div', { hasText: 'New germplasm' }).getByText('1', { exact: true }).waitFor(POLL);
    await expectAxeClean(page);

    const created = await server.database.db
      .withTables<{ germinatebase: { id: number; name: string; general_identifier: string; display_name: string } }>()
      .selectFrom('germinatebase')
      .select(['name', 'general_identifier', 'display_name'])
      .where('name', '=', 'NEW-E2E')
      .execute();
    expect(created).toEqual([{ name: 'NEW-E2E', general_identifier: 'NEW-E2E', display_name: 'NEW-E2E' }]);
  });

  it('shows the option in German, axe clean', async () => {
    const page = await browser.page();
    const curator = await server.login(page, 'curator');
    await page.goto(`${server.url}/home`);
    await page.getByLabel('Language').selectOption('de_DE');
    await page.getByText('Willkommen bei Germinate').waitFor(POLL);
    await expect.poll(() => storedClientState(page, curator.id), POLL).toMatchObject({ locale: 'de_DE' });
    await page.goto(`${server.url}/import/data-upload/genotype`);
    const option = page.getByRole('checkbox', { name: 'Noch nicht vorhandenes Keimplasma anlegen' });
    await option.waitFor(POLL);
    await page.getByText('Neue Akzessionen erhalten nur ihren Namen (als Akzessionsnummer): Ergänzen Sie sie danach mit einer MCPD-Aktualisierung.').waitFor(POLL);
    await option.focus();
    await page.keyboard.press('Space');
    expect(await option.isChecked()).toBe(true);
    await expectAxeClean(page);
  });
});
