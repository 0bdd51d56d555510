import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, useBrowser, useServer, type E2EServer } from './support/index.js';

/**
 * Experiments in Chromium against the demo data: the table, an experiment's details with its datasets
 * grouped by type, opening the datasets table filtered to a type, the administrators' edit form and
 * delete confirmation by keyboard, axe in both themes and with a dialog open, German texts.
 */

const POLL = { timeout: 15_000 };

const cursorText = (page: Page, id: string) => page.getByTestId(`${id}-table`).getByTestId('row-cursor').textContent();
const path = (page: Page) => new URL(page.url()).pathname;

async function expectAxeClean(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page))).toBe('');
}

async function api<T>(server: E2EServer, method: string, apiPath: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api/${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${apiPath}`).toBe(200);
  return (await response.json()) as T;
}

describe('experiments', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('lists the experiments, opens one with its datasets by type, and a type in the datasets table', async () => {
    const page = await browser.page({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/data/experiments`);
    await expect.poll(() => cursorText(page, 'experiments'), POLL).toMatch(/^Row 1: Generic Experiment/);
    await expectAxeClean(page);

    await page.keyboard.press('Enter');
    await expect.poll(() => path(page), POLL).toBe('/data/experiments/1');
    await page.getByRole('heading', { name: 'Generic Experiment', level: 2 }).waitFor(POLL);
    await page.getByRole('heading', { name: 'Trials (1)' }).waitFor(POLL);
    await page.getByRole('heading', { name: 'Climate (1)' }).waitFor(POLL);
    await page.getByRole('heading', { name: 'Pedigrees (1)' }).waitFor(POLL);
    expect(await page.getByRole('button', { name: 'Trials dataset', exact: true }).count()).toBe(1);
    // A reader sees no administration.
    expect(await page.getByRole('button', { name: 'Edit experiment' }).count()).toBe(0);
    await expectAxeClean(page);

    await page.getByRole('button', { name: 'Show the Trials datasets in the datasets table' }).click();
    await expect.poll(() => path(page), POLL).toBe('/data/datasets');
    await expect.poll(() => cursorText(page, 'datasets'), POLL).toMatch(/^Row 1: Trials dataset/);
    await expect.poll(() => page.getByTestId('datasets-table').getByText(/^\d+ rows?$/).first().textContent(), POLL).toMatch(/^1 row/);
    // The filters are the table's own: the filter button counts them.
    expect(await page.getByTestId('datasets-table').getByRole('button', { name: /^Filter \(2\)$/ }).count()).toBe(1);
  });

  it('lets an administrator edit and delete an experiment by keyboard, saying where its datasets go', async () => {
    const admin = (await server.token('admin', 'admin-password-1')).token;
    const id = await api<number>(server, 'PUT', 'experiment', admin, { experimentName: 'Greenhouse 2025', experimentDescription: 'Pots' });
    // One demo dataset moves into it, so deleting it has something to say.
    await server.database.db.updateTable('datasets').set({ experiment_id: id }).where('id', '=', 2).execute();

    const page = await browser.page({ colorScheme: 'dark', viewport: { width: 1280, height: 800 } });
    await server.login(page, 'admin');
    await page.goto(`${server.url}/data/experiments/${id}`);
    await page.getByRole('heading', { name: 'Greenhouse 2025', level: 2 }).waitFor(POLL);
    await page.getByRole('heading', { name: 'Trials (1)' }).waitFor(POLL);
    await expectAxeClean(page);

    await page.keyboard.press('e');
    const form = page.getByRole('dialog', { name: 'Edit experiment' });
    await form.waitFor(POLL);
    await expectAxeClean(page);
    const name = form.getByLabel('Name');
    await name.fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Please enter a name.').waitFor(POLL);
    await name.fill('Greenhouse 2026');
    await form.getByLabel('Date').fill('2026-03-04');
    await name.press('Enter');
    await page.getByRole('heading', { name: 'Greenhouse 2026', level: 2 }).waitFor(POLL);
    await expect.poll(() => form.isVisible(), POLL).toBe(false);
    await page.getByText('04/03/2026').waitFor(POLL);

    await page.keyboard.press('Shift+Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete experiment' });
    await confirm.waitFor(POLL);
    await confirm.getByText('Its 1 datasets are kept: they move to the experiment “Generic Experiment”.', { exact: false }).waitFor(POLL);
    await expectAxeClean(page);
    // Cancel has the focus: Enter by habit keeps the experiment.
    await page.keyboard.press('Enter');
    await expect.poll(() => confirm.isVisible(), POLL).toBe(false);
    await page.keyboard.press('Shift+Delete');
    await confirm.getByRole('button', { name: 'Delete experiment' }).click();
    await expect.poll(() => path(page), POLL).toBe('/data/experiments');
    expect(await server.database.db.selectFrom('experiments').select('id').where('id', '=', id).execute()).toEqual([]);
    const moved = await server.database.db.selectFrom('datasets').select('experiment_id').where('id', '=', 2).executeTakeFirstOrThrow();
    expect(moved.experiment_id).toBe(1);
  });

  it('lets a curator create an experiment from the table, which then opens', async () => {
    const page = await browser.page();
    await server.login(page, 'curator');
    await page.goto(`${server.url}/data/experiments`);
    await expect.poll(() => cursorText(page, 'experiments'), POLL).toMatch(/^Row 1:/);
    await page.getByRole('button', { name: 'New experiment' }).click();
    const form = page.getByRole('dialog', { name: 'New experiment' });
    await form.waitFor(POLL);
    await expectAxeClean(page);
    await form.getByLabel('Name').fill('Winter sowing');
    await form.getByLabel('Description').fill('Sown in November');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Winter sowing', level: 2 }).waitFor(POLL);
    await expect.poll(() => path(page), POLL).toMatch(/^\/data\/experiments\/\d+$/);
    await page.getByText('This experiment has no datasets that you can see.').waitFor(POLL);
    // Curators create; only administrators edit and delete.
    expect(await page.getByRole('button', { name: 'Edit experiment' }).count()).toBe(0);
  });

  it('finds an experiment by name in the palette and opens it', async () => {
    const page = await browser.page();
    await page.goto(`${server.url}/data/experiments`);
    await expect.poll(() => cursorText(page, 'experiments'), POLL).toMatch(/^Row 1:/);
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').waitFor(POLL);
    await page.keyboard.type('generic exp');
    const option = page.getByRole('option', { name: /Generic Experiment/ }).first();
    await option.waitFor(POLL);
    await option.click();
    await expect.poll(() => path(page), POLL).toBe('/data/experiments/1');
    await page.getByRole('heading', { name: 'Generic Experiment', level: 2 }).waitFor(POLL);
  });

  it('speaks German', async () => {
    const page = await browser.page({ locale: 'de-DE' });
    await page.goto(`${server.url}/data/experiments/1`);
    await page.getByRole('heading', { name: 'Datensätze nach Typ' }).waitFor(POLL);
    await page.getByRole('heading', { name: 'Versuche (1)' }).waitFor(POLL);
    await page.getByRole('button', { name: 'Datensätze dieses Experiments in der Datensatz-Tabelle zeigen' }).waitFor(POLL);
    await expectAxeClean(page);
  });
});
