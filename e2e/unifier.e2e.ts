import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, storedClientState, useBrowser, useServer, type E2EServer } from './support/index.js';

/** The germplasm unifier, the first curator-only pane: refused to others, a real merge for curators. */

// A pane loads its chunk and asks the server first: polls wait as long as the other browser tests do.
const POLL = { timeout: 20_000 };
const rowCount = (page: Page) => page.getByText(/^[\d,]+ rows?$/).first();
const cursor = (page: Page) => page.getByTestId('row-cursor').first();
const forbidden = (page: Page) =>
  page.getByRole('region', { name: 'Access denied (403)' }).getByText('You do not have the permissions needed for this page.');

async function openTable(page: Page, server: E2EServer): Promise<number> {
  await page.goto(`${server.url}/data/germplasm`);
  await page.getByText(/Page 1 of \d+/).first().waitFor();
  await cursor(page).filter({ hasText: /Row 1: / }).waitFor({ state: 'attached' });
  return Number(((await rowCount(page).textContent()) ?? '').replace(/\D/g, ''));
}

describe('germplasm unifier pane', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('shows a regular user the 403 pane', async () => {
    const page = await browser.page();
    await server.login(page, 'regular');
    await page.goto(`${server.url}/data/germplasm-unifier`);
    await forbidden(page).waitFor();
    expect(await page.getByRole('button', { name: 'Merge', exact: true }).count()).toBe(0);
    const violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
  });

  it('shows an anonymous visitor the 403 pane under SELECTIVE (only the role check applies)', async () => {
    const page = await browser.page();
    await page.goto(`${server.url}/data/germplasm-unifier`);
    await forbidden(page).waitFor();
  });

  it('lets a curator merge two marked germplasm: the table loses one row', async () => {
    const page = await browser.page();
    const curator = await server.login(page, 'curator');
    const before = await openTable(page, server);
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.getByText('2 marked').first().waitFor();
    // The unifier is loaded afresh and reads the marks from storage, written after a short debounce.
    const markedGermplasm = async () => ((await storedClientState(page, curator.id))?.markedIds as { germplasm?: unknown[] } | undefined)?.germplasm;
    await expect.poll(markedGermplasm, POLL).toHaveLength(2);

    await page.goto(`${server.url}/data/germplasm-unifier`);
    const radios = page.getByRole('radio');
    await expect.poll(() => radios.count(), POLL).toBe(2);
    const violations = await axeViolations(page, { include: '.germplasm-unifier' });
    expect(violations, formatViolations(violations)).toEqual([]);

    await radios.first().check();
    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, merge' }).click();
    await page.getByText('Germplasm merged').first().waitFor();
    // The merged-away id is unmarked, so fewer than two remain to merge.
    await page.getByText('Mark at least two germplasm to merge them.').waitFor();

    expect(await openTable(page, server)).toBe(before - 1);
  });
});
