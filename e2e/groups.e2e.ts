import { sql, type Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, storedClientState, useBrowser, useServer, type E2EServer } from './support/index.js';

/**
 * Groups in Chromium on the demo data: a user marks five germplasm by keyboard, creates a group of them on the
 * groups page (the spec's toast), opens it and sees its five members; the drop-file box refuses a .csv, takes a
 * .txt of five names of which two match nothing, lists those two, and the three matches become a second
 * group. The upload page and the group again in German and the dark theme. Axe in both themes; screenshots
 * go to /tmp/groups-*.png.
 */

const POLL = { timeout: 20_000 };
const MISSES = ['NO-SUCH-ACCESSION-1', 'NO-SUCH-ACCESSION-2'];

const db = (server: E2EServer) => server.database.db as unknown as Kysely<unknown>;
const rowCount = (page: Page, table: string) => page.getByTestId(`${table}-table`).getByText(/^\d+ rows?$/).first().textContent();
const loaded = (page: Page, table: string) => page.locator(`[data-testid="${table}-table"][aria-busy="false"]`).first().waitFor(POLL);

async function expectAxeClean(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page))).toBe('');
}

describe('groups', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('makes a group of five marked germplasm, and one of an uploaded list whose misses it lists, in both themes', async () => {
    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    const regular = await server.login(page, 'regular');
    await page.goto(`${server.url}/data/germplasm`);
    await loaded(page, 'germplasm');
    await page.getByTestId('germplasm-table').locator('[tabindex="0"]').first().focus();
    await page.keyboard.press('x');
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('j');
    await page.keyboard.press('Shift+x');
    await page.getByText('5 marked').first().waitFor(POLL);
    const markedIds = async () => ((await storedClientState(page, regular.id))?.markedIds as { germplasm?: number[] } | undefined)?.germplasm ?? [];
    await expect.poll(async () => (await markedIds()).length, POLL).toBe(5);
    const marked = await markedIds();

    // The groups page: create a group of the marked germplasm (the type the dialog starts with).
    await page.goto(`${server.url}/groups`);
    await loaded(page, 'groups');
    await page.getByRole('button', { name: 'Create group', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Create group from marked items' });
    await create.getByText('5 marked items go into the new group.').waitFor(POLL);
    expect(await create.getByLabel('Type of group').inputValue()).toBe('germinatebase');
    await create.getByLabel('Name').fill('Five accessions');
    await create.getByLabel('Name').press('Enter');
    await page.getByText('Group created. Number of items added: 5.', { exact: true }).waitFor(POLL);
    await page.getByRole('heading', { name: 'Five accessions' }).waitFor(POLL);
    await loaded(page, 'groupMembers-germplasm');
    await expect.poll(() => rowCount(page, 'groupMembers-germplasm'), POLL).toBe('5 rows');
    const stored = (await sql<{ id: number; visibility: number; created_by: number }>`SELECT id, visibility, created_by FROM groups WHERE name = 'Five accessions'`.execute(db(server))).rows;
    expect(stored.map((g) => [Number(g.visibility), Number(g.created_by)])).toEqual([[0, regular.id]]);
    const members = (await sql<{ id: number }>`SELECT foreign_id AS id FROM groupmembers WHERE group_id = ${stored[0].id} ORDER BY foreign_id`.execute(db(server))).rows.map((r) => Number(r.id));
    expect(members).toEqual([...marked].sort((a, b) => a - b));
    expect(await page.getByRole('button', { name: 'Make public' }).getAttribute('aria-keyshortcuts')).toBe('v');
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/groups-details-light.png' });

    // Group upload: the drop-file box refuses a .csv, then matches a .txt of three names and two misses.
    const names = (await sql<{ name: string }>`SELECT name FROM germinatebase ORDER BY id DESC LIMIT 3`.execute(db(server))).rows.map((r) => r.name);
    await page.goto(`${server.url}/groups`);
    await loaded(page, 'groups');
    await page.getByRole('button', { name: 'Upload a list' }).click();
    const box = page.getByRole('dialog', { name: 'Upload a list of names' });
    const input = box.getByTestId('groups-upload-file');
    await input.setInputFiles({ name: 'names.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n') });
    expect(await box.getByRole('alert').textContent()).toBe('Only .txt files are accepted.');
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/groups-upload-box-light.png' });
    await input.setInputFiles({ name: 'names.txt', mimeType: 'text/plain', buffer: Buffer.from([names[0], MISSES[0], names[1], names[2], MISSES[1]].join('\n')) });
    await page.waitForURL(/\/groups\/upload\/[0-9a-f-]{36}$/, POLL);
    const missing = page.getByTestId('groups-upload-missing');
    await missing.waitFor(POLL);
    expect(await missing.getByRole('listitem').allTextContents()).toEqual(MISSES);
    await page.getByText('2 names matched nothing').waitFor(POLL);
    await page.getByText('5 names read (Germplasm): 3 items found; 2 matched nothing; 0 matched more than one.').waitFor(POLL);
    await loaded(page, 'groupUpload-germplasm');
    await expect.poll(() => rowCount(page, 'groupUpload-germplasm'), POLL).toBe('3 rows');
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/groups-upload-light.png' });
    const uploadUrl = page.url();

    await page.getByRole('button', { name: 'Create group from 3 matches' }).click();
    const fromList = page.getByRole('dialog', { name: 'Create group from marked items' });
    await fromList.getByText('3 matched items go into the new group.').waitFor(POLL);
    await fromList.getByLabel('Name').fill('From my list');
    await fromList.getByRole('radio', { name: 'Public: everyone' }).check();
    await fromList.getByLabel('Name').press('Enter');
    await page.getByText('Group created. Number of items added: 3.', { exact: true }).waitFor(POLL);
    await page.getByRole('heading', { name: 'From my list' }).waitFor(POLL);
    await expect.poll(() => rowCount(page, 'groupMembers-germplasm'), POLL).toBe('3 rows');

    // Dark and German: the upload page and the group's page, as another user (the public group only).
    const dark = await browser.page({ locale: 'de-DE', colorScheme: 'dark', viewport: { width: 1280, height: 900 } });
    await server.login(dark, 'curator');
    await dark.goto(uploadUrl);
    await dark.getByTestId('groups-upload-missing').waitFor(POLL);
    await dark.getByText('2 Namen ohne Treffer').waitFor(POLL);
    await expectAxeClean(dark);
    await dark.screenshot({ path: '/tmp/groups-upload-dark.png' });
    await dark.goto(`${server.url}/groups`);
    await loaded(dark, 'groups');
    await expect.poll(async () => (await dark.getByTestId('groups-table').locator('.table-print tbody').textContent()) ?? '', POLL).toContain('From my list');
    expect(await dark.getByTestId('groups-table').locator('.table-print tbody').textContent()).not.toContain('Five accessions');
    await dark.goto(`${server.url}/groups/${stored[0].id}`);
    await dark.getByText(`Keine Gruppe mit der ID ${stored[0].id} gefunden.`, { exact: false }).waitFor(POLL);
    await expectAxeClean(dark);
    await dark.screenshot({ path: '/tmp/groups-hidden-dark.png' });
  });
});
