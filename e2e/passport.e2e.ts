import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, useBrowser, useServer, type E2EServer } from './support/index.js';

/**
 * The complete passport in Chromium on the demo data: an accession of the demo pedigree with parents and
 * children; its sections reached one by one with Tab (each heading a stop, in the passport's order), the
 * pedigree chart with its table and the Helium file of the pedigree shown, a node opening its passport by
 * keyboard, the barcode and its label sheet; axe in light and dark (screenshots /tmp/passport-*.png) and in
 * German. Germplasm match under Germinate's route for curators, by synonym and PUID.
 */

const POLL = { timeout: 30_000 };
const SHOTS = process.env.PASSPORT_SCREENSHOTS ?? '/tmp';
/** The sections every demo passport has, in their order (others appear with data). */
const ALWAYS = ['Attributes', 'Comments', 'Datasets', 'Entity hierarchy', 'Groups', 'Institutions', 'External links', 'Multi-crop passport descriptors (MCPD)', 'Pedigree', 'Barcode'];

async function expectAxeClean(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page))).toBe('');
}

/** A demo accession that has pedigree parents and children, with its name. */
async function pedigreeAccession(server: E2EServer): Promise<{ id: number; name: string }> {
  const db = server.database.db as unknown as Kysely<unknown>;
  const row = (await sql<{ id: number; name: string }>`SELECT g.id, g.name FROM germinatebase g
    WHERE EXISTS (SELECT 1 FROM pedigrees p WHERE p.germinatebase_id = g.id) AND EXISTS (SELECT 1 FROM pedigrees c WHERE c.parent_id = g.id)
    ORDER BY g.id LIMIT 1`.execute(db)).rows[0];
  expect(row, 'a demo accession with parents and children').toBeTruthy();
  return { id: Number(row.id), name: row.name };
}

describe('the passport', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  let accession!: { id: number; name: string };
  useServer((started) => (server = started));
  beforeAll(async () => {
    accession = await pedigreeAccession(server);
  });

  it('reaches every section by keyboard, draws the pedigree with its table and prints barcode labels', async () => {
    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/data/germplasm/${accession.id}`);
    const pane = page.locator('article.germplasm-passport');
    await pane.getByRole('heading', { level: 2 }).first().waitFor(POLL);
    const chart = pane.getByRole('group', { name: /^Pedigree chart/ });
    await chart.waitFor(POLL);

    // Tab from the jump list through the page: every section heading is a stop, in the page's order.
    const headings = await pane.locator('section.passport-section > h3').allTextContents();
    expect(headings.filter((h) => ALWAYS.includes(h))).toEqual(ALWAYS);
    await pane.getByRole('navigation', { name: 'Sections of this passport' }).getByRole('button').last().focus();
    const reached: string[] = [];
    for (let i = 0; i < 400 && reached.length < headings.length; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => (document.activeElement?.matches('section.passport-section > h3') ? document.activeElement.textContent : null));
      if (focused) reached.push(focused);
    }
    expect(reached).toEqual(headings);

    // The jump list moves the focus to a section's heading.
    await pane.getByRole('navigation').getByRole('button', { name: 'Pedigree', exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent), POLL).toBe('Pedigree');

    // The chart: the accession, its parents above and children below; the same edges as a table.
    expect(await chart.getByRole('img', { name: new RegExp(`^${accession.name}.*this germplasm$`) }).count()).toBe(1);
    const links = chart.getByRole('link');
    expect(await links.count()).toBeGreaterThanOrEqual(2);
    expect(await chart.getByRole('link', { name: /parent generation$/ }).count()).toBeGreaterThan(0);
    expect(await chart.getByRole('link', { name: /child generation$/ }).count()).toBeGreaterThan(0);
    const table = pane.getByRole('table', { name: 'The pedigree chart as a table' });
    expect(await table.locator('tbody tr').count()).toBe(await chart.locator('line').count());
    expect(await table.getByRole('cell', { name: accession.name, exact: true }).count()).toBeGreaterThan(0);

    // The Helium file of the pedigree shown.
    const event = page.waitForEvent('download');
    await pane.getByRole('button', { name: 'Download the pedigree shown for Helium' }).click();
    const download: Download = await event;
    expect(download.suggestedFilename()).toBe(`pedigree-${accession.id}.helium`);
    const helium = fs.readFileSync((await download.path()) ?? '', 'utf8');
    expect(helium.split('\r\n').slice(0, 2)).toEqual(['# heliumInput = PEDIGREE', 'LineName\tParent\tParentType']);
    expect(helium).toContain(accession.name);

    // The barcode of the accession number, and a sheet of labels that prints on its own.
    const barcode = pane.locator('section[data-section="barcode"]');
    const svg = barcode.getByRole('img', { name: /^Barcode \(Code 128\) of / });
    await svg.waitFor(POLL);
    expect(await svg.locator('rect').count()).toBeGreaterThan(20);
    await barcode.getByRole('spinbutton', { name: 'Labels' }).fill('3');
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', document.body.className);
    });
    await barcode.getByRole('button', { name: 'Print labels' }).click();
    expect(await page.locator('body').getAttribute('data-printed')).toContain('passport-printing-labels');
    expect(await barcode.locator('.passport-label').count()).toBe(3);

    await expectAxeClean(page);
    await pane.locator('section[data-section="pedigree"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/passport-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAxeClean(page);
    await page.screenshot({ path: `${SHOTS}/passport-dark.png` });
    await barcode.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/passport-barcode-dark.png` });

    // A parent's node opens its passport beside this one by keyboard.
    const parent = chart.getByRole('link', { name: /parent generation$/ }).first();
    const parentName = ((await parent.getAttribute('aria-label')) ?? '').split(', ')[0];
    await parent.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: new RegExp(`^${parentName}`) }).waitFor(POLL);
  });

  it('reads in German', async () => {
    const page = await browser.page({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/data/germplasm/${accession.id}`);
    const pane = page.locator('article.germplasm-passport');
    await pane.getByRole('group', { name: /^Stammbaum mit bis zu 3 Generationen/ }).waitFor(POLL);
    for (const name of ['Stammbaum', 'Strichcode', 'Entitätshierarchie', 'Gruppen', 'Externe Links']) {
      expect(await pane.getByRole('heading', { level: 3, name, exact: true }).count(), name).toBe(1);
    }
    await pane.getByRole('table', { name: 'Der Stammbaum als Tabelle' }).waitFor(POLL);
    await pane.getByRole('button', { name: 'Etiketten drucken' }).waitFor(POLL);
    await expectAxeClean(page);
    await page.screenshot({ path: `${SHOTS}/passport-german.png` });

    // A plant of the demo's entity hierarchy: its accession above it, in the table of pairs.
    const db = server.database.db as unknown as Kysely<unknown>;
    const plant = (await sql<{ id: number; parent: string }>`SELECT c.id, p.name AS parent FROM germinatebase c JOIN germinatebase p ON p.id = c.entityparent_id
      ORDER BY c.id LIMIT 1`.execute(db)).rows[0];
    await page.goto(`${server.url}/data/germplasm/${plant.id}`);
    const entity = page.locator('section[data-section="entity"]');
    await entity.getByRole('button', { name: plant.parent, exact: true }).waitFor(POLL);
    expect(await entity.getByRole('cell', { name: 'Akzession', exact: true }).count()).toBe(1);
    expect(await entity.getByRole('cell', { name: 'Pflanze/Parzelle', exact: true }).count()).toBeGreaterThan(0);
    await expectAxeClean(page);
  });

  it('matches a list against the germplasm under Germinate’s route, for curators', async () => {
    const db = server.database.db as unknown as Kysely<unknown>;
    // A synonym and a PUID of two demo accessions (written here: the demo may have neither).
    await sql`DELETE FROM synonyms WHERE foreign_id = ${accession.id} AND synonymtype_id = 1`.execute(db);
    await sql`INSERT INTO synonyms (foreign_id, synonymtype_id, synonyms) VALUES (${accession.id}, 1, '["PI 999 001"]')`.execute(db);
    const other = (await sql<{ id: number; name: string }>`SELECT id, name FROM germinatebase WHERE id <> ${accession.id} ORDER BY id LIMIT 1`.execute(db)).rows[0];
    await sql`UPDATE mcpd SET puid = 'doi:10.99999/E2E' WHERE germinatebase_id = ${other.id}`.execute(db);

    const visitor = await browser.page();
    await visitor.goto(`${server.url}/data/germplasm-match`);
    await expect.poll(() => new URL(visitor.url()).pathname, POLL).not.toBe('/data/germplasm-match');

    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    await server.login(page, 'curator');
    await page.goto(`${server.url}/data/germplasm-match`);
    const list = page.getByRole('textbox', { name: 'Names, accession numbers, synonyms or PUIDs, one per line' });
    await list.fill('pi 999 001\nDOI:10.99999/e2e\nno such accession');
    await page.getByRole('button', { name: 'Find germplasm', exact: true }).click();
    await page.getByText('no such accession', { exact: true }).waitFor(POLL);
    await page.getByText(/^2 germplasm found; 1 entries matched nothing/).waitFor(POLL);
    await expectAxeClean(page);
  });
});
