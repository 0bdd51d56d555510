import type { Page } from 'playwright-core';
import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, useBrowser, useServer, type E2EServer } from './support/index.js';

/**
 * Datasets where they appear beside the datasets table: a passport's "Datasets" section lists the datasets
 * holding the germplasm's data (the visitor's, a permitted user's, an administrator's), a dataset opens from
 * it by keyboard; a dataset the visitor may not open says it does not exist or is private (the same for
 * both) and offers "Ask for access", the feedback form pre-filled with a request naming it. English and
 * German, axe clean.
 */

const POLL = { timeout: 30_000 };

async function checkAxe(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, formatViolations(violations)).toEqual([]);
}

interface Seeded {
  germplasm: { id: number; name: string };
  open: { id: number; name: string };
  closed: { id: number; name: string };
}

/**
 * A demo germplasm with pedigree rows, its (public) pedigree dataset, and a private dataset holding trials
 * data of the same germplasm, given to nobody: the visitor sees the first only.
 */
async function seed(server: E2EServer): Promise<Seeded> {
  const db = server.database.db as unknown as Kysely<unknown>;
  const child = (await sql<{ id: number; name: string; dataset_id: number; dataset_name: string }>`
    SELECT g.id, g.name, d.id AS dataset_id, d.name AS dataset_name FROM pedigrees p
      JOIN germinatebase g ON g.id = p.germinatebase_id JOIN datasets d ON d.id = p.dataset_id
    WHERE d.dataset_state_id = 1 ORDER BY g.id LIMIT 1`.execute(db)).rows[0];
  const experiment = (await sql<{ id: number }>`SELECT experiment_id AS id FROM datasets WHERE id = ${child.dataset_id}`.execute(db)).rows[0];
  const closed = (await sql<{ id: number }>`INSERT INTO datasets (experiment_id, datasettype_id, name, dataset_state_id)
    VALUES (${experiment.id}, 3, 'Closed field trial', 2) RETURNING id`.execute(db)).rows[0];
  await sql`INSERT INTO trialsetup (germinatebase_id, dataset_id) VALUES (${child.id}, ${closed.id})`.execute(db);
  return {
    germplasm: { id: Number(child.id), name: child.name },
    open: { id: Number(child.dataset_id), name: child.dataset_name },
    closed: { id: Number(closed.id), name: 'Closed field trial' },
  };
}

describe('datasets in the passport and asking for access', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  let seeded!: Seeded;
  useServer((started) => (server = started));
  // After the server's beforeAll (hooks run in the order they are declared).
  beforeAll(async () => {
    seeded = await seed(server);
  });

  const datasetsTable = (page: Page, caption = 'Datasets containing this germplasm') => page.getByRole('table', { name: caption });

  it("lists the germplasm's datasets in its passport and opens one by keyboard", async () => {
    const page = await browser.page();
    await page.goto(`${server.url}/data/germplasm/${seeded.germplasm.id}`);
    const table = datasetsTable(page);
    const open = table.getByRole('button', { name: seeded.open.name });
    await open.waitFor(POLL);
    // The visitor sees the public dataset only, not the private one.
    expect(await table.getByText(seeded.closed.name).count()).toBe(0);
    expect(await table.getByRole('cell', { name: 'Pedigree' }).count()).toBeGreaterThan(0);
    await checkAxe(page);
    await open.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: seeded.open.name, level: 2 }).waitFor(POLL);
  });

  it("lists a germplasm's genotype dataset, which opens by keyboard", async () => {
    // The demo genotype workbook's accessions (CACTUAR-31…) are members of its dataset only.
    const db = server.database.db as unknown as Kysely<unknown>;
    const member = (await sql<{ id: number; dataset: string }>`SELECT g.id, d.name AS dataset FROM datasetmembers dm
      JOIN germinatebase g ON g.id = dm.foreign_id JOIN datasets d ON d.id = dm.dataset_id
      WHERE dm.datasetmembertype_id = 2 AND d.datasettype_id = 1 ORDER BY g.id LIMIT 1`.execute(db)).rows[0];
    const page = await browser.page();
    await page.goto(`${server.url}/data/germplasm/${member.id}`);
    const table = datasetsTable(page);
    const open = table.getByRole('button', { name: member.dataset });
    await open.waitFor(POLL);
    expect(await table.getByRole('cell', { name: 'Genotype', exact: true }).count()).toBe(1);
    await checkAxe(page);
    await open.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: member.dataset, level: 2 }).waitFor(POLL);
  });

  it('lists the private dataset to an administrator, who opens it', async () => {
    const page = await browser.page();
    await server.login(page, 'admin');
    await page.goto(`${server.url}/data/germplasm/${seeded.germplasm.id}`);
    const closed = datasetsTable(page).getByRole('button', { name: seeded.closed.name });
    await closed.waitFor(POLL);
    expect(await datasetsTable(page).getByRole('cell', { name: 'Private' }).count()).toBe(1);
    await closed.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: seeded.closed.name, level: 2 }).waitFor(POLL);
  });

  it('says the same for a private and a missing dataset and asks for access through the pre-filled feedback form', async () => {
    const page = await browser.page();
    await server.login(page, 'regular');
    const message = (id: number) => `Dataset ${id} does not exist, or it is private and not available to you.`;
    await page.goto(`${server.url}/data/datasets/987654`);
    await page.getByText(message(987654)).waitFor(POLL);
    await page.goto(`${server.url}/data/datasets/${seeded.closed.id}`);
    await page.getByText(message(seeded.closed.id)).waitFor(POLL);
    // Logged in already: no "log in" offer; nothing of the dataset shown.
    expect(await page.getByRole('button', { name: 'Log in' }).count()).toBe(0);
    expect(await page.getByText(seeded.closed.name).count()).toBe(0);
    await checkAxe(page);

    const ask = page.getByRole('button', { name: 'Ask for access' });
    await ask.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Send feedback' });
    await dialog.waitFor(POLL);
    const content = await dialog.getByLabel('Your feedback').inputValue();
    expect(content).toContain(`Please give me access to dataset ${seeded.closed.id} (`);
    expect(content).toContain(`/data/datasets/${seeded.closed.id})`);
    expect(await dialog.getByLabel('Type').inputValue()).toBe('question');
    await checkAxe(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', ...POLL });
  });

  it('explains it in German to a visitor and offers to log in', async () => {
    const page = await browser.page({ locale: 'de-DE' });
    await page.goto(`${server.url}/data/datasets/${seeded.closed.id}`);
    await page.getByText(`Den Datensatz ${seeded.closed.id} gibt es nicht, oder er ist privat und für Sie nicht freigegeben.`).waitFor(POLL);
    const logIn = page.getByRole('main').getByRole('button', { name: 'Anmelden' });
    await logIn.waitFor(POLL);
    await page.getByRole('button', { name: 'Zugriff anfragen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor(POLL);
    expect(await dialog.locator('textarea').inputValue()).toContain(`Bitte geben Sie mir Zugriff auf den Datensatz ${seeded.closed.id} (`);
    await checkAxe(page);
    // The passport section in German, with the private dataset left out for a visitor.
    await page.goto(`${server.url}/data/germplasm/${seeded.germplasm.id}`);
    await datasetsTable(page, 'Datensätze mit diesem Keimplasma').getByRole('button', { name: seeded.open.name }).waitFor(POLL);
    await checkAxe(page);
    // The log-in offer leads to the login pane.
    await page.goto(`${server.url}/data/datasets/${seeded.closed.id}`);
    await logIn.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login', POLL);
  });
});
