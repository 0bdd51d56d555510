import { sql, type Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, useBrowser, useServer, type E2EServer } from './support/index.js';

/**
 * Trait groups in Chromium on the demo trials data (one trials dataset, six traits) plus one trait without
 * data: a breeder marks two traits, creates a private group from them (the spec's toast), filters the
 * traits table by it, adds a third trait by the "add to a group" dialog, then picks the group on the trials
 * export page and sees its traits with data ticked and the other listed. Another user sees a public group,
 * in German and the dark theme. Axe in both themes; screenshots go to /tmp/t1-*.png.
 */

const POLL = { timeout: 20_000 };
const CREATED = 'Group created. Number of items added: 2.';
const SPARE = 'Spare trait without data';

const db = (server: E2EServer) => server.database.db as unknown as Kysely<unknown>;
const cursorText = (page: Page) => page.getByTestId('traits-table').getByTestId('row-cursor').textContent();
const rowCount = (page: Page) => page.getByTestId('traits-table').getByText(/^\d+ rows?$/).first().textContent();
/** The names of the rows the table holds (its print copy, which the canvas grid draws). */
const shownNames = async (page: Page) => (await page.getByTestId('traits-table').locator('.table-print tbody tr td:nth-child(2)').allTextContents()).sort();
const exportTrait = (page: Page, name: string) =>
  page.getByRole('group', { name: /^(Traits|Merkmale)$/ }).getByRole('checkbox', { name: new RegExp(`^${name.replace(/[[\]]/g, '\\$&')}`) });

async function expectAxeClean(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page))).toBe('');
}

async function trialsDatasetId(server: E2EServer): Promise<number> {
  const row = (await sql<{ id: number }>`SELECT id FROM datasets WHERE datasettype_id = 3 ORDER BY id LIMIT 1`.execute(db(server))).rows[0];
  return Number(row.id);
}

async function traitIds(server: E2EServer, names: string[]): Promise<number[]> {
  const rows = await sql<{ id: number }>`SELECT id FROM phenotypes WHERE name IN (${sql.join(names)}) ORDER BY id`.execute(db(server));
  expect(rows.rows.length, names.join(', ')).toBe(names.length);
  return rows.rows.map((row) => Number(row.id));
}

/** Searches the traits table and marks the one row found with x. */
async function markBySearch(page: Page, text: string, name: RegExp): Promise<void> {
  const search = page.getByRole('searchbox', { name: 'Search traits' });
  await search.fill(text);
  await search.press('Enter');
  await expect.poll(() => rowCount(page), POLL).toMatch(/^1 rows?$/);
  await expect.poll(() => cursorText(page), POLL).toMatch(name);
  await page.keyboard.press('x');
}

describe('trait groups', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('lets a breeder group marked traits, filter the traits table by the group and tick it on the trials export page', async () => {
    await sql`INSERT INTO phenotypes (name, short_name, datatype) VALUES (${SPARE}, 'spare', 'numeric')`.execute(db(server));
    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    const regular = await server.login(page, 'regular');
    await page.goto(`${server.url}/data/trials/traits`);
    await expect.poll(() => rowCount(page), POLL).toBe('7 rows');

    await markBySearch(page, 'height', /^Row 1: Plant height/);
    await markBySearch(page, 'heading', /^Row 1: Heading/);
    await page.getByText('2 marked').waitFor(POLL);
    const search = page.getByRole('searchbox', { name: 'Search traits' });
    await search.fill('');
    await search.press('Enter');
    await expect.poll(() => rowCount(page), POLL).toBe('7 rows');

    // c opens the dialog (its button says so); the name is required.
    expect(await page.getByRole('button', { name: 'Create group from marked traits' }).getAttribute('aria-keyshortcuts')).toBe('c');
    await page.keyboard.press('c');
    const dialog = page.getByRole('dialog', { name: 'Create group from marked traits' });
    await dialog.getByText('2 marked traits go into the new group.').waitFor(POLL);
    expect(await dialog.getByRole('radio', { name: 'Private: only you' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await dialog.getByText('Give the group a name.').waitFor(POLL);
    await dialog.getByLabel('Name').fill('Yield components');
    await dialog.getByLabel('Description (optional)').fill('Traits read at harvest');
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/t1-create-light.png' });
    await dialog.getByLabel('Name').press('Enter');
    await page.getByText(CREATED, { exact: true }).waitFor(POLL);
    await expect.poll(() => dialog.count(), POLL).toBe(0);

    const [plantHeight, heading] = await traitIds(server, ['Plant height', 'Heading']);
    const group = (await sql<{ id: number; visibility: number; created_by: number; grouptype_id: number }>`SELECT id, visibility, created_by, grouptype_id FROM groups WHERE name = 'Yield components'`.execute(db(server))).rows;
    expect(group).toHaveLength(1);
    expect([Number(group[0].visibility), Number(group[0].created_by)]).toEqual([0, regular.id]);
    const type = (await sql<{ target_table: string }>`SELECT target_table FROM grouptypes WHERE id = ${group[0].grouptype_id}`.execute(db(server))).rows[0];
    expect(type.target_table).toBe('phenotypes');
    const members = async () => (await sql<{ foreign_id: number }>`SELECT foreign_id FROM groupmembers WHERE group_id = ${group[0].id} ORDER BY foreign_id`.execute(db(server))).rows.map((row) => Number(row.foreign_id));
    expect(await members()).toEqual([plantHeight, heading].sort((a, b) => a - b));

    // The table shows the group's members only.
    const filter = page.getByLabel('Trait group', { exact: true });
    await filter.selectOption({ label: 'Yield components (2 traits)' });
    await expect.poll(() => rowCount(page), POLL).toBe('2 rows');
    expect(await shownNames(page)).toEqual(['Heading', 'Plant height']);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/t1-filtered-light.png' });

    // A third trait by the add dialog: the two members stay once, one is added.
    await filter.selectOption({ label: 'All traits' });
    await expect.poll(() => rowCount(page), POLL).toBe('7 rows');
    await markBySearch(page, 'spare', /^Row 1: Spare trait/);
    await page.getByText('3 marked').waitFor(POLL);
    await page.keyboard.press('a');
    const add = page.getByRole('dialog', { name: 'Add marked traits to a group' });
    await add.getByLabel('Trait group').selectOption({ label: 'Yield components (2 traits)' });
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/t1-add-light.png' });
    await add.getByRole('button', { name: 'Add to group' }).click();
    await page.getByText('Number of traits added to Yield components: 1.', { exact: true }).waitFor(POLL);
    expect(await members()).toHaveLength(3);
    await page.getByRole('searchbox', { name: 'Search traits' }).fill('');
    await page.getByRole('searchbox', { name: 'Search traits' }).press('Enter');
    // Shift+G brings the keyboard to the group select.
    await page.keyboard.press('Shift+G');
    await expect.poll(() => filter.evaluate((select) => select === document.activeElement), POLL).toBe(true);
    await filter.selectOption({ label: 'Yield components (3 traits)' });
    await expect.poll(() => rowCount(page), POLL).toBe('3 rows');

    // The trials export page: the group ticks its traits with data; the spare one is listed as not there.
    const id = await trialsDatasetId(server);
    await page.goto(`${server.url}/data/export/trials/${id}`);
    await exportTrait(page, 'Plant height [cm]').waitFor(POLL);
    await page.getByLabel('Trait group').selectOption({ label: 'Yield components (3 traits)' });
    await page.getByText('2 traits of the group ticked.').waitFor(POLL);
    await expect.poll(() => exportTrait(page, 'Plant height [cm]').isChecked(), POLL).toBe(true);
    expect(await exportTrait(page, 'Heading [d]').isChecked()).toBe(true);
    expect(await exportTrait(page, 'Maturity [d]').isChecked()).toBe(false);
    await page.getByText('2 of 6 chosen').waitFor(POLL);
    await page.getByText('1 trait of the group is not in these datasets:').waitFor(POLL);
    await page.getByRole('listitem').filter({ hasText: SPARE }).waitFor(POLL);
    await page.getByRole('tabpanel').getByRole('heading', { name: 'Plant height [cm]' }).waitFor(POLL);
    await expectAxeClean(page);
    await page.locator('.trials-export-choices').evaluate((choices) => choices.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: '/tmp/t1-export-light.png' });
  });

  it('shows another user a public group, in German and the dark theme, and offers them to create their own', async () => {
    const [heading, maturity] = await traitIds(server, ['Heading', 'Maturity']);
    const admin = (await sql<{ id: number }>`SELECT id FROM users WHERE username = 'admin'`.execute(db(server))).rows[0];
    const type = (await sql<{ id: number }>`SELECT id FROM grouptypes WHERE target_table = 'phenotypes'`.execute(db(server))).rows[0];
    const group = (
      await sql<{ id: number }>`INSERT INTO groups (grouptype_id, name, visibility, created_by) VALUES (${type.id}, 'Phänologie', 1, ${admin.id}) RETURNING id`.execute(db(server))
    ).rows[0];
    await sql`INSERT INTO groupmembers (group_id, foreign_id) VALUES (${group.id}, ${heading}), (${group.id}, ${maturity})`.execute(db(server));

    const page = await browser.page({ locale: 'de-DE', colorScheme: 'dark', viewport: { width: 1280, height: 900 } });
    await server.login(page, 'curator');
    await page.goto(`${server.url}/data/trials/traits`);
    await expect.poll(() => shownNames(page), POLL).toContain('Plant height');
    const filter = page.getByLabel('Merkmalsgruppe', { exact: true });
    // The breeder's private group is not among another user's.
    expect(await filter.locator('option').allTextContents()).toEqual(['Alle Merkmale', 'Phänologie (2 Merkmale)']);
    await filter.selectOption({ label: 'Phänologie (2 Merkmale)' });
    await expect.poll(() => shownNames(page), POLL).toEqual(['Heading', 'Maturity']);
    await page.getByTestId('traits-table').getByText('2 Zeilen', { exact: true }).waitFor(POLL);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/t1-filtered-dark-de.png' });

    // Nothing marked and no group of their own: the add dialog says so and leads to the create dialog.
    await page.getByRole('button', { name: 'Markierte Merkmale zu einer Gruppe hinzufügen' }).click();
    const add = page.getByRole('dialog', { name: 'Markierte Merkmale zu einer Gruppe hinzufügen' });
    await add.getByText('Sie haben noch keine Merkmalsgruppe: Erstellen Sie eine aus den markierten Merkmalen.').waitFor(POLL);
    await add.getByText(/^Es sind keine Merkmale markiert\./).waitFor(POLL);
    await expectAxeClean(page);
    await add.getByRole('button', { name: 'Gruppe aus markierten Merkmalen erstellen' }).click();
    const create = page.getByRole('dialog', { name: 'Gruppe aus markierten Merkmalen erstellen' });
    await create.getByRole('radio', { name: 'Öffentlich: alle' }).waitFor(POLL);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/t1-create-dark-de.png' });
    await create.getByRole('button', { name: 'Abbrechen', exact: true }).first().click();
    await expect.poll(() => create.count(), POLL).toBe(0);

    const id = await trialsDatasetId(server);
    await page.goto(`${server.url}/data/export/trials/${id}`);
    await exportTrait(page, 'Heading [d]').waitFor(POLL);
    await page.getByLabel('Merkmalsgruppe').selectOption({ label: 'Phänologie (2 Merkmale)' });
    await page.getByText('2 Merkmale der Gruppe angehakt.').waitFor(POLL);
    await expect.poll(() => exportTrait(page, 'Maturity [d]').isChecked(), POLL).toBe(true);
    expect(await exportTrait(page, 'Heading [d]').isChecked()).toBe(true);
    expect(await exportTrait(page, 'Plant height [cm]').isChecked()).toBe(false);
    await expectAxeClean(page);
    await page.locator('.trials-export-choices').evaluate((choices) => choices.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: '/tmp/t1-export-dark-de.png' });
  });
});
