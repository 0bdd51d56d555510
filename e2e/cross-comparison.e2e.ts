import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, useBrowser, useServer, watchOf, type E2EServer } from './support/index.js';

/**
 * The cross data-type comparison in Chromium against the demo trials data: a trait against a germplasm
 * column drawn as a scatter plot (a point per germplasm, the table alternative equal to the endpoint's
 * file), the comparison file downloaded, the choices kept in the pane's address, Ctrl+Enter, axe in both
 * themes, German. Screenshots go to /tmp for people to look at.
 */

const POLL = { timeout: 20_000 };
const SHOTS = process.env.CROSS_SCREENSHOTS ?? '/tmp';

async function expectAxeClean(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page))).toBe('');
}

const points = (page: Page, theme: 'light' | 'dark') => page.locator(`.chart-drawing[data-drawn="${theme}"] svg .mark-symbol path`);

/** The endpoint's rows for Plant height against PDCI, as the chart should show them. */
async function endpointRows(server: E2EServer, traitId: number): Promise<string[][]> {
  const response = await fetch(`${server.url}/api/dataset/crosscomparison`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ first: { type: 'TRAIT', id: traitId, datasetIds: [] }, second: { type: 'GERMPLASM_COLUMN', columnName: 'pdci' } }),
  });
  expect(response.status).toBe(200);
  return (await response.text()).trim().split(/\r?\n/).slice(2).map((line) => line.split('\t'));
}

async function chooseHeightAgainstPdci(page: Page, trait = 'Plant height [cm]', column = 'PDCI'): Promise<void> {
  const first = page.getByRole('group', { name: /^First value|^Erster Wert/ });
  await first.getByRole('combobox').nth(1).locator('option', { hasText: trait }).waitFor({ state: 'attached', ...POLL });
  await first.getByRole('combobox').nth(1).selectOption({ label: trait });
  const second = page.getByRole('group', { name: /^Second value|^Zweiter Wert/ });
  await second.getByRole('combobox').nth(1).selectOption({ label: column });
}

describe('cross data-type comparison', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('draws a trait against a germplasm column, with its table and the file, and keeps the choices', async () => {
    const page = await browser.page({ viewport: { width: 1280, height: 1300 } });
    await page.goto(`${server.url}/data/export/cross`);
    await page.locator('[data-pane="trials:cross"]').getByRole('heading', { level: 2, name: 'Cross data-type comparison' }).waitFor(POLL);
    await page.getByRole('checkbox', { name: 'Trials dataset', exact: true }).waitFor(POLL);
    await expectAxeClean(page);

    // Asking too early says what is missing.
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await page.getByText('Choose the first value (a trait or a germplasm column).').waitFor(POLL);

    await chooseHeightAgainstPdci(page);
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await page.getByRole('heading', { name: 'PDCI against Plant height [cm]' }).waitFor(POLL);
    await points(page, 'light').first().waitFor(POLL);

    const traitId = Number(new URL(page.url()).searchParams.toString().match(/traitId%22%3A(\d+)/)?.[1] ?? 4);
    const expected = await endpointRows(server, traitId);
    expect(expected.length).toBeGreaterThan(10);
    expect(await points(page, 'light').count()).toBe(expected.length);
    await page.getByText(`A point per germplasm (${expected.length} germplasm): Plant height [cm] across, PDCI up.`).waitFor(POLL);

    // The table alternative holds the file's rows.
    await page.getByRole('button', { name: 'Show data table' }).click();
    const table = page.getByRole('table', { name: /PDCI against Plant height \[cm\]/ });
    await table.waitFor(POLL);
    const bodyRows = table.locator('tbody tr');
    expect(await bodyRows.count()).toBe(expected.length);
    expect(await bodyRows.first().locator('th').textContent()).toBe(expected[0][0]);
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Hide data table' }).click();
    await page.screenshot({ path: `${SHOTS}/c3-cross-light.png`, fullPage: true });

    // The comparison file as the server wrote it.
    const event = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the comparison file' }).click();
    const download = await event;
    expect(download.suggestedFilename()).toMatch(/^comparison-.*\.txt$/);
    const text = fs.readFileSync((await download.path()) ?? '', 'utf8');
    expect(text.split(/\r?\n/)[0]).toBe('#input=PHENOTYPE');
    expect(text.split(/\r?\n/)[1]).toBe('name\tdbId\tgeneral_identifier\tPlant height [cm]\tPDCI');

    // The choices are the pane's address: a reload shows them again, and Ctrl+Enter compares.
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Cross data-type comparison' }).last().waitFor(POLL);
    const first = page.getByRole('group', { name: /^First value/ });
    await expect.poll(() => first.getByRole('combobox').nth(1).inputValue(), POLL).toBe(String(traitId));
    const compared = () => page.waitForRequest((request) => request.url().endsWith('/api/dataset/crosscomparison'), POLL);
    await first.getByRole('combobox').nth(1).focus();
    let asked = compared();
    await page.keyboard.press('Control+Enter');
    await asked;
    await points(page, 'light').first().waitFor(POLL);
    // From a focused button as well.
    await page.getByRole('button', { name: 'Show data table' }).focus();
    asked = compared();
    await page.keyboard.press('Control+Enter');
    await asked;
    await points(page, 'light').first().waitFor(POLL);
    expect(watchOf(page).externalRequests).toEqual([]);
  });

  it('is accessible in the dark theme', async () => {
    const page = await browser.page({ colorScheme: 'dark', viewport: { width: 1280, height: 1300 } });
    await server.login(page, 'regular');
    await page.goto(`${server.url}/data/export/cross`);
    await chooseHeightAgainstPdci(page);
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await points(page, 'dark').first().waitFor(POLL);
    await expectAxeClean(page);
    await page.screenshot({ path: `${SHOTS}/c3-cross-dark.png`, fullPage: true });
  });

  it('speaks German', async () => {
    const page = await browser.page({ locale: 'de-DE', viewport: { width: 1280, height: 1000 } });
    await page.goto(`${server.url}/data/export/cross`);
    await page.locator('[data-pane="trials:cross"]').getByRole('heading', { level: 2, name: 'Datentypübergreifender Vergleich' }).waitFor(POLL);
    await chooseHeightAgainstPdci(page, 'Plant height [cm]', 'PDCI');
    await page.getByRole('button', { name: 'Vergleichen', exact: true }).click();
    await page.getByRole('heading', { name: 'PDCI gegen Plant height [cm]' }).waitFor(POLL);
    await points(page, 'light').first().waitFor(POLL);
    await page.getByRole('checkbox', { name: /Nur markiertes Keimplasma/ }).waitFor(POLL);
    await expectAxeClean(page);
    await page.screenshot({ path: `${SHOTS}/c3-cross-de.png`, fullPage: true });
  });
});
