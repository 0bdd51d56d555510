import type { Page } from 'playwright-core';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, useBrowser, useServer, type E2EServer } from './support/index.js';

/**
 * Datasets against the real server and the demo data: a visitor opens the datasets table and a dataset,
 * opens the pedigree selector, is stopped with the spec's first message when nothing is ticked and with the
 * second when the ticked dataset's licence is not accepted, reads and accepts the licence, continues and
 * downloads the Helium file; the messages in English and German; axe clean throughout.
 */

const POLL = { timeout: 30_000 };
const SELECT_ONE = 'Please select at least one dataset using the checkboxes.';
const ACCEPT = 'Please accept the licenses in the table. Click on a license to read and accept it.';

/** Axe over the page: no violations. */
async function checkAxe(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, formatViolations(violations)).toEqual([]);
}

/** The demo pedigree dataset, given a licence the visitor has not accepted. */
async function licencePedigree(server: E2EServer): Promise<{ id: number; name: string }> {
  const db = server.database.db as unknown as Kysely<unknown>;
  const dataset = (await sql<{ id: number; name: string }>`SELECT id, name FROM datasets WHERE datasettype_id = 7 ORDER BY id LIMIT 1`.execute(db)).rows[0];
  const existing = (await sql<{ id: number }>`SELECT id FROM licenses WHERE name = 'Demo pedigree licence'`.execute(db)).rows[0];
  const licence = existing ?? (await sql<{ id: number }>`INSERT INTO licenses (name, description) VALUES ('Demo pedigree licence', 'Use with care') RETURNING id`.execute(db)).rows[0];
  await sql`UPDATE datasets SET license_id = ${licence.id} WHERE id = ${dataset.id}`.execute(db);
  return { id: Number(dataset.id), name: dataset.name };
}

async function continueFromKeyboard(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Continue|Weiter)$/ }).focus();
  await page.keyboard.press('Enter');
}

describe('datasets, the dataset selector and the pedigree export', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('lets a visitor find a dataset, accept its licence and export it by keyboard', async () => {
    const pedigree = await licencePedigree(server);
    const page = await browser.page();
    await page.goto(`${server.url}/data/datasets`);
    await page.getByTestId('datasets-table').waitFor(POLL);
    await page.locator(`[data-cursor-id]`).waitFor({ state: 'attached', ...POLL });
    await checkAxe(page);
    // A row action from the table itself: e opens the export page of the row under the cursor, beside it.
    const cursorId = await page.locator('[data-cursor-id]').getAttribute('data-cursor-id');
    await page.keyboard.press('e');
    await page.locator('.datasets-export h2').waitFor(POLL);
    expect(page.url()).toContain(`/${cursorId}`);

    // A dataset's details: its name, collaborators and attributes.
    await page.goto(`${server.url}/data/datasets/${pedigree.id}`);
    await page.getByRole('heading', { name: pedigree.name }).waitFor(POLL);
    await page.getByRole('table', { name: 'Collaborators' }).waitFor(POLL);
    await checkAxe(page);
    // o opens its experiment beside it (the experiments plugin's pane, by its type id).
    await page.keyboard.press('o');
    await page.locator('.experiments-details').waitFor(POLL);

    // The selector: nothing ticked → the first message.
    await page.goto(`${server.url}/data/export/pedigree`);
    const checkbox = page.getByRole('checkbox', { name: `Select ${pedigree.name}` });
    await checkbox.waitFor(POLL);
    await checkAxe(page);
    await continueFromKeyboard(page);
    await page.getByText(SELECT_ONE).waitFor(POLL);

    // Ticked, but its licence is not accepted → the second message.
    await checkbox.focus();
    await page.keyboard.press('Space');
    expect(await checkbox.isChecked()).toBe(true);
    await continueFromKeyboard(page);
    await page.getByText(ACCEPT).waitFor(POLL);

    // Read and accept the licence from its button in the table.
    await page.getByRole('button', { name: /Demo pedigree licence/ }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor(POLL);
    await checkAxe(page);
    await dialog.getByRole('button', { name: /^Accept/ }).click();
    await page.getByRole('button', { name: /Demo pedigree licence — accepted/ }).waitFor(POLL);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', ...POLL });

    // Continue → the export page of the ticked dataset → the Helium file.
    await continueFromKeyboard(page);
    await page.waitForURL(`**/data/export/pedigree/${pedigree.id}`, POLL);
    await page.getByRole('heading', { name: 'Pedigree export' }).waitFor(POLL);
    await checkAxe(page);
    const download = page.waitForEvent('download', POLL);
    await page.getByRole('button', { name: 'Download for Helium' }).focus();
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^pedigree-[0-9a-f-]{36}\.helium$/);
    const text = await (await file.createReadStream()).toArray();
    expect(Buffer.concat(text).toString('utf8').split('\r\n').slice(0, 2)).toEqual(['# heliumInput = PEDIGREE', 'LineName\tParent\tParentType']);

    // Or as an export job per dataset, listed here with its download once completed.
    await page.getByRole('button', { name: 'Export as a job per dataset' }).click();
    const jobs = page.getByRole('list', { name: 'Export jobs' });
    await jobs.getByText(`Dataset ${pedigree.id}: completed`).waitFor(POLL);
    const zip = page.waitForEvent('download', POLL);
    await jobs.getByRole('link', { name: 'Download' }).click();
    expect((await zip).suggestedFilename()).toMatch(new RegExp(`^dataset-${pedigree.id}-[\\d-]+\\.zip$`));
  });

  it('says the selector’s messages in German', async () => {
    const pedigree = await licencePedigree(server);
    const page = await browser.page({ locale: 'de-DE' });
    await page.goto(`${server.url}/data/export/pedigree`);
    const checkbox = page.getByRole('checkbox', { name: `${pedigree.name} auswählen` });
    await checkbox.waitFor(POLL);
    await continueFromKeyboard(page);
    await page.getByText('Bitte wählen Sie mindestens einen Datensatz über die Kontrollkästchen aus.').waitFor(POLL);
    await checkbox.check();
    await continueFromKeyboard(page);
    await page.getByText('Bitte akzeptieren Sie die Lizenzen in der Tabelle. Klicken Sie auf eine Lizenz, um sie zu lesen und zu akzeptieren.').waitFor(POLL);
    await checkAxe(page);
  });

  it('says clearly what is wrong with an export address, and offers no export then', async () => {
    const page = await browser.page();
    await page.goto(`${server.url}/data/export/pedigree/abc`);
    await page.getByText('“abc” is not a list of dataset ids (numbers separated by commas).').waitFor(POLL);
    await page.goto(`${server.url}/data/export/pedigree/987654`);
    await page.getByText('Datasets 987654 do not exist or are not available to you.').waitFor(POLL);
    expect(await page.getByRole('button', { name: 'Download for Helium' }).count()).toBe(0);
    // A type whose export page is not built yet says so (after the same dataset check).
    await page.goto(`${server.url}/data/export/trials/1`);
    await page.locator('.datasets-export h2', { hasText: 'Trials data export' }).waitFor(POLL);
    await page.getByText(/is not available on this server yet|are not trials datasets/).waitFor(POLL);
    await checkAxe(page);
  });

  it('lets an administrator hide a dataset from the edit form and delete it after the confirmation', async () => {
    const db = server.database.db as unknown as Kysely<unknown>;
    const experiment = (await sql<{ id: number }>`SELECT id FROM experiments ORDER BY id LIMIT 1`.execute(db)).rows[0].id;
    const id = (await sql<{ id: number }>`INSERT INTO datasets (experiment_id, datasettype_id, name, dataset_state_id) VALUES (${experiment}, 7, 'Short-lived pedigree', 1) RETURNING id`.execute(db)).rows[0].id;
    await sql`INSERT INTO datasetlocations (dataset_id, location_id) SELECT ${id}, id FROM locations ORDER BY id LIMIT 2`.execute(db);
    const visibleToVisitors = async () => {
      const response = await fetch(`${server.url}/api/dataset/table`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ filter: [{ column: 'datasetId', comparator: 'equals', values: [String(id)] }] }),
      });
      return ((await response.json()) as { count: number }).count === 1;
    };
    expect(await visibleToVisitors()).toBe(true);

    const page = await browser.page();
    await server.login(page, 'admin');
    await page.goto(`${server.url}/data/datasets/${id}`);
    await page.getByRole('heading', { name: 'Short-lived pedigree' }).waitFor(POLL);
    await page.locator('.datasets-details').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Shift+E');
    const form = page.getByRole('dialog', { name: 'Edit dataset' });
    await form.waitFor(POLL);
    await checkAxe(page);
    await form.getByLabel('State').selectOption({ label: 'Hidden' });
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The dataset “Short-lived pedigree” was saved.').waitFor(POLL);
    await form.waitFor({ state: 'hidden', ...POLL });
    // Hidden from the next request on.
    expect(await visibleToVisitors()).toBe(false);

    await page.locator('.datasets-details').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Shift+Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete dataset?' });
    await confirm.waitFor(POLL);
    await confirm.getByText(/Delete “Short-lived pedigree” with all its data/).waitFor(POLL);
    await checkAxe(page);
    // Cancel has the focus: Enter by habit keeps the dataset.
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'hidden', ...POLL });
    expect(Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM datasets WHERE id = ${id}`.execute(db)).rows[0].n)).toBe(1);
    await page.locator('.datasets-details').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Shift+Delete');
    await confirm.getByRole('button', { name: 'Delete dataset' }).click();
    await page.getByText('The dataset “Short-lived pedigree” was deleted. Removed: 2 location links.').waitFor(POLL);
    await page.getByTestId('datasets-table').waitFor(POLL);
    expect(Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM datasets WHERE id = ${id}`.execute(db)).rows[0].n)).toBe(0);
  });
});
