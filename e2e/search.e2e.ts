import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, useBrowser, useServer, type E2EServer } from './support/index.js';

/**
 * Search in Chromium against the demo data: the palette's live hits and "search everywhere" to the search
 * page, its sections with their counts, a genebank number found in either spelling, a result's passport by
 * keyboard, the term rules' messages without a request, German, axe in both themes. Screenshots go to
 * /tmp/search-*.png.
 */

const POLL = { timeout: 20_000 };
const NUMBER = 'PI 557821';

const path = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);
const cursorText = (page: Page) => page.getByTestId('searchGermplasm-table').getByTestId('row-cursor').textContent();
const sectionButton = (page: Page, id: string) => page.locator(`[data-section="${id}"] h3 button`);

async function expectAxeClean(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page))).toBe('');
}

/** The demo germplasm given the genebank number (stored with its space) for this file, with its old number. */
async function numbered(server: E2EServer): Promise<{ id: number; name: string; before: string | null }> {
  const rows = await sql<{ id: number; name: string; number: string | null }>`SELECT id, name, number FROM germinatebase ORDER BY id LIMIT 1`.execute(server.database.db);
  const row = rows.rows[0];
  await sql`UPDATE germinatebase SET number = ${NUMBER} WHERE id = ${row.id}`.execute(server.database.db);
  return { id: Number(row.id), name: row.name, before: row.number };
}

describe('search', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('finds a genebank number typed without its space from the palette, lists the sections and opens the passport', async () => {
    const accession = await numbered(server);
    try {
      const page = await browser.page({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${server.url}/home`);
      await page.getByRole('heading').first().waitFor(POLL);
      await page.keyboard.press('Control+k');
      await page.getByRole('dialog').waitFor(POLL);
      await page.keyboard.type('PI557821');
      // The germplasm section's hit arrives live and comes first; the entry that searches everywhere is last.
      const hit = page.getByRole('option', { name: new RegExp(`^${accession.name} / .*${NUMBER}\\s*Germplasm$`) });
      await hit.first().waitFor(POLL);
      await expect.poll(() => page.getByRole('option', { selected: true }).first().textContent(), POLL).not.toMatch(/Search everywhere/);
      const everywhere = page.getByRole('option', { name: /Search everywhere for “PI557821”/ });
      await everywhere.waitFor(POLL);
      await page.keyboard.press('End');
      await expect.poll(() => everywhere.getAttribute('aria-selected'), POLL).toBe('true');
      await page.screenshot({ path: '/tmp/search-palette-light.png' });
      await page.keyboard.press('Enter');

      await expect.poll(() => path(page), POLL).toBe('/search/PI557821');
      await page.getByRole('heading', { name: 'Results for “PI557821”' }).waitFor(POLL);
      await expect.poll(() => sectionButton(page, 'germplasm').textContent(), POLL).toBe('Germplasm1');
      // Every section is listed with its count; those without results stay closed.
      for (const id of ['germplasmAttributes', 'trials', 'mapDefinitions', 'datasets', 'datasetAttributes', 'locations']) {
        await expect.poll(() => sectionButton(page, id).textContent(), POLL).toMatch(/0$/);
        expect(await sectionButton(page, id).isDisabled()).toBe(true);
      }
      await expect.poll(() => sectionButton(page, 'pedigree').textContent(), POLL).toMatch(/(\d+|not available)$/);
      expect(await sectionButton(page, 'germplasm').getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => cursorText(page), POLL).toMatch(new RegExp(`^Row 1: ${accession.name}`));
      await expectAxeClean(page);
      await page.screenshot({ path: '/tmp/search-results-light.png' });
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectAxeClean(page);
      await page.screenshot({ path: '/tmp/search-results-dark.png' });
      await page.emulateMedia({ colorScheme: 'light' });

      // x marks the row, Enter opens its passport.
      await page.keyboard.press('x');
      await page.getByText('1 marked').first().waitFor(POLL);
      await page.keyboard.press('Enter');
      await expect.poll(() => path(page), POLL).toBe(`/data/germplasm/${accession.id}`);
      await page.getByRole('heading', { level: 2, name: new RegExp(accession.name) }).waitFor(POLL);

      // The spelling as stored finds the same accession.
      await page.goto(`${server.url}/search/${encodeURIComponent(NUMBER)}`);
      await expect.poll(() => sectionButton(page, 'germplasm').textContent(), POLL).toBe('Germplasm1');
      await expect.poll(() => cursorText(page), POLL).toMatch(new RegExp(`^Row 1: ${accession.name}`));

      // Terms that would search everything, or nothing sensible, get a message and no request.
      let tableCalls = 0;
      page.on('request', (request) => {
        if (/\/api\/.*(table|attribute)/.test(request.url())) tableCalls++;
      });
      const box = page.getByRole('searchbox', { name: 'Search term' });
      await box.fill('%');
      await box.press('Enter');
      await page.getByText('A search for only the % wildcard would list everything. Please add at least two characters.').waitFor(POLL);
      await box.fill('a');
      await box.press('Enter');
      await page.getByText('Please enter at least two characters besides the % wildcard.').waitFor(POLL);
      await box.fill('x'.repeat(10_000));
      await box.press('Enter');
      await page.getByText('The search term is too long: at most 100 characters.').waitFor(POLL);
      expect(await box.getAttribute('aria-invalid')).toBe('true');
      await expectAxeClean(page);
      expect(tableCalls).toBe(0);
      expect(path(page)).toBe(`/search/${NUMBER}`);
    } finally {
      await sql`UPDATE germinatebase SET number = ${accession.before} WHERE id = ${accession.id}`.execute(server.database.db);
    }
  });

  it('searches with the wildcard in German, in one section type', async () => {
    const page = await browser.page({ locale: 'de-DE', colorScheme: 'dark', viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/search`);
    const box = page.getByRole('searchbox', { name: 'Suchbegriff' });
    await box.waitFor(POLL);
    await page.getByText('Verwenden Sie % als Platzhalter, z. B. PI%821.').waitFor(POLL);
    await page.getByLabel('Suchen in').selectOption('germplasm');
    await box.fill('%ar%');
    await box.press('Enter');
    await expect.poll(() => path(page), POLL).toBe('/search/%ar%');
    await page.getByRole('heading', { name: 'Ergebnisse für „%ar%“' }).waitFor(POLL);
    // Only the chosen type's section is asked and shown.
    await expect.poll(() => sectionButton(page, 'germplasm').textContent(), POLL).toMatch(/^Keimplasma\d/);
    expect(await page.locator('[data-section]').count()).toBe(1);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/search-de-dark.png' });
  });
});
