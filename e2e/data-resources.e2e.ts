import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, useBrowser, useServer, type E2EServer } from './support/index.js';

/**
 * Data resources in Chromium against the demo data (the uploads the demo import kept as resources): the
 * table, a resource opened by keyboard, its download through the authorised link, its linked dataset, a
 * resource of a private dataset refused to a visitor, axe and German texts.
 */

const POLL = { timeout: 15_000 };

const cursorText = (page: Page, id: string) => page.getByTestId(`${id}-table`).getByTestId('row-cursor').textContent();
const path = (page: Page) => new URL(page.url()).pathname;

async function expectAxeClean(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page))).toBe('');
}

describe('data resources', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('lists the resources, opens one by keyboard and downloads it with d', async () => {
    const page = await browser.page({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/data/data-resources`);
    await expect.poll(() => cursorText(page, 'fileresources'), POLL).toMatch(/^Row 1: example-trials-data\.xlsx/);
    await expect.poll(() => page.getByTestId('fileresources-table').getByText(/^\d+ rows?$/).first().textContent(), POLL).toBe('3 rows');
    await expectAxeClean(page);

    await page.keyboard.press('Enter');
    await expect.poll(() => path(page), POLL).toBe('/data/data-resources/1');
    await page.getByRole('heading', { name: 'example-trials-data.xlsx', level: 2 }).waitFor(POLL);
    await page.getByText('76.8 KiB').waitFor(POLL);
    await page.getByRole('button', { name: 'Trials dataset' }).waitFor(POLL);
    await expectAxeClean(page);

    const event = page.waitForEvent('download');
    await page.keyboard.press('d');
    const download = await event;
    expect(download.suggestedFilename()).toBe('example-trials-data.xlsx');
    const saved = fs.readFileSync((await download.path()) ?? '');
    const original = await server.database.db.selectFrom('fileresources').select(['filesize']).where('id', '=', 1).executeTakeFirstOrThrow();
    expect(saved.length).toBe(Number(original.filesize));
    // An xlsx is a zip: it starts with PK.
    expect(saved.subarray(0, 2).toString('latin1')).toBe('PK');

    // The linked dataset opens in the datasets table.
    await page.getByRole('button', { name: 'Trials dataset' }).click();
    await expect.poll(() => path(page), POLL).toBe('/data/datasets');
    await expect.poll(() => cursorText(page, 'datasets'), POLL).toMatch(/^Row 1: Trials dataset/);
  });

  it('downloads through the link in the pane, for a logged-in user too', async () => {
    const page = await browser.page({ colorScheme: 'dark' });
    await server.login(page, 'regular');
    await page.goto(`${server.url}/data/data-resources/2`);
    const link = page.getByRole('link', { name: 'Download example-environmental-data.xlsx' });
    await link.waitFor(POLL);
    expect(await link.getAttribute('href')).toMatch(/^\.\/api\/fileresource\/2\/download\?token=/);
    const event = page.waitForEvent('download');
    await link.click();
    expect((await event).suggestedFilename()).toBe('example-environmental-data.xlsx');
    await expectAxeClean(page);
  });

  it('keeps a private dataset’s resource from a visitor: not listed, not opened, not downloaded', async () => {
    await server.database.db.updateTable('datasets').set({ dataset_state_id: 2 }).where('id', '=', 2).execute();
    try {
      const page = await browser.page();
      await page.goto(`${server.url}/data/data-resources`);
      await expect.poll(() => cursorText(page, 'fileresources'), POLL).toMatch(/^Row 1: example-environmental-data\.xlsx/);
      await expect.poll(() => page.getByTestId('fileresources-table').getByText(/^\d+ rows?$/).first().textContent(), POLL).toBe('2 rows');
      await page.goto(`${server.url}/data/data-resources/1`);
      await page.getByText('There is no data resource with the ID 1, or it is not available to you', { exact: false }).waitFor(POLL);
      expect((await fetch(`${server.url}/api/fileresource/1/download`)).status).toBe(404);
      await expectAxeClean(page);
    } finally {
      await server.database.db.updateTable('datasets').set({ dataset_state_id: 1 }).where('id', '=', 2).execute();
    }
  });

  it('lets a curator add a resource linked to a dataset, then delete it after a confirmation', async () => {
    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    await server.login(page, 'curator');
    await page.goto(`${server.url}/data/data-resources`);
    await expect.poll(() => cursorText(page, 'fileresources'), POLL).toMatch(/^Row 1:/);
    await page.getByRole('button', { name: 'Add data resource' }).click();
    const form = page.getByRole('dialog', { name: 'Add data resource' });
    await form.waitFor(POLL);
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await form.getByText('Please choose a file.').waitFor(POLL);
    await form.getByLabel('File').setInputFiles({ name: 'protocol.txt', mimeType: 'text/plain', buffer: Buffer.from('Sow in rows of ten.\n') });
    expect(await form.getByLabel('Name').inputValue()).toBe('protocol.txt');
    await form.getByLabel('Name').fill('Sowing protocol');
    await form.getByLabel('Type', { exact: true }).selectOption({ label: 'Dataset resource' });
    await form.getByLabel('Trials dataset (trials)').check();
    await expectAxeClean(page);
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('heading', { name: 'Sowing protocol', level: 2 }).waitFor(POLL);
    await page.getByRole('button', { name: 'Trials dataset' }).waitFor(POLL);
    const id = Number(/\/(\d+)$/.exec(path(page))?.[1]);
    const response = await fetch(`${server.url}/api/fileresource/${id}/download`);
    expect(await response.text()).toBe('Sow in rows of ten.\n');

    await page.keyboard.press('Shift+Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete data resource' });
    await confirm.getByText('Delete the data resource “Sowing protocol” and its file? Its datasets are kept.', { exact: false }).waitFor(POLL);
    await confirm.getByRole('button', { name: 'Delete data resource' }).click();
    await expect.poll(() => path(page), POLL).toBe('/data/data-resources');
    expect((await fetch(`${server.url}/api/fileresource/${id}/download`)).status).toBe(404);
  });

  it('speaks German', async () => {
    const page = await browser.page({ locale: 'de-DE' });
    await page.goto(`${server.url}/data/data-resources/3`);
    await page.getByRole('heading', { name: 'example-images.zip', level: 2 }).waitFor(POLL);
    await page.getByRole('link', { name: 'Herunterladen example-images.zip' }).waitFor(POLL);
    await page.getByText('Diese Ressource ist mit keinem Datensatz verknüpft, den Sie sehen können.').waitFor(POLL);
    await page.getByText('195 KiB').waitFor(POLL);
    await page.goto(`${server.url}/data/data-resources/1`);
    await page.getByText('76,8 KiB').waitFor(POLL);
    await expectAxeClean(page);
  });
});
