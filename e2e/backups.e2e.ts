import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, useBrowser, useServer, watchOf, type E2EServer } from './support/index.js';

/**
 * The Backups pane (/backup) against the real server: an administrator takes a backup with the
 * keyboard and sees its row, downloads it through the link (a zip, with the session token in the
 * link only), deletes it after the confirmation, and edits the schedule in the settings pane that
 * the Backups pane opens beside itself; a regular user gets the 403 pane; axe in both themes.
 */

// Two cores run this next to other suites: a backup of the demo database takes a few seconds there.
const POLL = { timeout: 30_000 };
const SCREENSHOTS = process.env.BACKUPS_SCREENSHOTS ?? '';
const EMPTY = 'No backups yet. “Back up now” takes one.';

async function checkAxe(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, formatViolations(violations)).toEqual([]);
}

const backupFiles = (server: E2EServer): string[] => {
  const dir = path.join(server.dataDir, 'backups');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.zip')) : [];
};

async function openBackups(page: Page, server: E2EServer): Promise<void> {
  await page.goto(`${server.url}/backup`);
  await page.locator('.admin-pane h2', { hasText: 'Backups' }).waitFor(POLL);
  // The list, or the line saying there is none yet.
  await page.locator('.admin-pane').getByRole('button', { name: 'Refresh' }).waitFor(POLL);
  await page.getByRole('table', { name: 'Database backups, newest first' }).or(page.getByText(EMPTY)).waitFor(POLL);
}

/** Takes a backup through the API (for the tests that need one row, not the button). */
async function backupThroughApi(server: E2EServer, token: string): Promise<void> {
  const response = await fetch(`${server.url}/api/backup`, { method: 'PUT', headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
}

describe('backups pane', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('takes a backup from the keyboard, downloads it as a zip and deletes it after the confirmation', async () => {
    const page = await browser.page();
    const admin = await server.login(page, 'admin');
    await openBackups(page, server);
    await page.getByText(EMPTY).waitFor(POLL);
    expect(backupFiles(server)).toEqual([]);

    // Back up now, from the keyboard: busy while the PUT runs, then the toast and the new row.
    const now = page.getByRole('button', { name: 'Back up now' });
    await now.focus();
    const put = page.waitForResponse((response) => response.url().endsWith('/api/backup') && response.request().method() === 'PUT', POLL);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Backing up…' }).waitFor(POLL);
    expect((await put).status()).toBe(200);
    await page.getByText('The backup has been taken.').first().waitFor(POLL);
    const rows = page.locator('.ui-table tbody tr');
    await expect.poll(() => rows.count(), POLL).toBe(1);
    const [filename] = backupFiles(server);
    expect(filename).toMatch(/^\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}_MANUAL_.+\.zip$/);
    await rows.first().getByRole('cell', { name: 'Manual', exact: true }).waitFor(POLL);
    // The date as the spec writes it (DD/MM/YYYY hh:mm a), a size in binary units.
    expect(await rows.first().locator('td').first().textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (am|pm)$/);
    expect(await rows.first().locator('td').nth(3).textContent()).toMatch(/^[\d.,]+ (B|KiB|MiB|GiB)$/);
    // The button is back, with the focus where the keyboard left it.
    await page.getByRole('button', { name: 'Back up now' }).waitFor(POLL);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Back up now');

    // The download link: the session's main token in its address, the answer a zip of that name.
    const link = page.getByRole('link', { name: `Download ${filename}` });
    const href = (await link.getAttribute('href')) ?? '';
    const address = new URL(href, page.url());
    expect(address.pathname).toBe('/api/backup/download');
    expect(address.searchParams.get('filename')).toBe(filename);
    expect(address.searchParams.get('token')).toBe(admin.token);
    const answer = await fetch(address);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(Buffer.from(await answer.arrayBuffer()).subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    // Followed in the browser, it saves the file under the backup's name.
    const download = page.waitForEvent('download', POLL);
    await link.click();
    expect((await download).suggestedFilename()).toBe(filename);
    // The token is in the link only: nothing the page wrote to its console carries it.
    expect(watchOf(page).consoleErrors.filter((line) => line.includes(admin.token))).toEqual([]);

    // Delete asks first; Cancel has the focus, so Enter by habit keeps the backup.
    await page.getByRole('button', { name: `Delete ${filename}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete backup' });
    await dialog.waitFor(POLL);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', ...POLL });
    expect(backupFiles(server)).toEqual([filename]);
    await page.getByRole('button', { name: `Delete ${filename}` }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText(`The backup “${filename}” has been deleted.`).first().waitFor(POLL);
    await page.getByText(EMPTY).waitFor(POLL);
    expect(backupFiles(server)).toEqual([]);
  });

  it('shows the schedule and edits it in the settings pane it opens beside itself', async () => {
    const page = await browser.page();
    await server.login(page, 'admin');
    await openBackups(page, server);
    const schedule = page.getByRole('region', { name: 'Schedule' });
    await schedule.getByText('Never', { exact: true }).waitFor(POLL);
    await schedule.getByText('1 GB (the oldest backups are deleted beyond it)').waitFor(POLL);

    await schedule.getByRole('button', { name: 'Change the schedule in Germinate settings' }).click();
    const days = page.getByLabel('Periodic backup every (days)');
    await days.waitFor(POLL);
    if (SCREENSHOTS) await page.getByRole('group', { name: 'Database backups', exact: true }).screenshot({ path: path.join(SCREENSHOTS, 'settings-backups.png') });
    // Checked as the server checks it: whole days only.
    await days.fill('2.5');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Enter a whole number of days from 0 to 3650, or leave it empty.').waitFor(POLL);
    expect(await days.getAttribute('aria-invalid')).toBe('true');
    await days.fill('7');
    await page.getByLabel('Size limit of all backups (GB)').fill('');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The settings have been saved and apply now.').first().waitFor(POLL);
    // The Backups pane, still open beside the settings, shows the saved schedule.
    await schedule.getByText('Every 7 days').waitFor(POLL);
    await schedule.getByText('No limit', { exact: true }).waitFor(POLL);
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'backups-with-settings.png') });
    const stored = await fetch(`${server.url}/api/settings/admin`, { headers: { authorization: `Bearer ${(await server.token('admin', 'admin-password-1')).token}` } });
    expect(await stored.json()).toMatchObject({ databaseBackupEveryDays: 7, databaseBackupMaxSizeGB: null });
  });

  it('shows a regular user the 403 pane and refuses the list', async () => {
    const page = await browser.page();
    const regular = await server.login(page, 'regular');
    await page.goto(`${server.url}/backup`);
    await page.getByRole('region', { name: 'Access denied (403)' }).getByText('You do not have the permissions needed for this page.').waitFor(POLL);
    expect(await page.getByRole('button', { name: 'Back up now' }).count()).toBe(0);
    const list = await fetch(`${server.url}/api/backup`, { headers: { authorization: `Bearer ${regular.token}` } });
    expect(list.status).toBe(403);
    await checkAxe(page);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious axe violations in the ${theme} theme, with a backup listed and the delete dialog open`, async () => {
      const page = await browser.page({ colorScheme: theme, viewport: { width: 1280, height: 800 } });
      const admin = await server.login(page, 'admin');
      if (backupFiles(server).length === 0) await backupThroughApi(server, admin.token);
      await openBackups(page, server);
      await page.locator('.ui-table tbody tr').first().waitFor(POLL);
      await page.getByRole('region', { name: 'Schedule' }).locator('dl').waitFor(POLL);
      await checkAxe(page);
      if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `backups-${theme}.png`), fullPage: true });
      await page.getByRole('button', { name: /^Delete / }).first().click();
      await page.getByRole('dialog', { name: 'Delete backup' }).waitFor(POLL);
      await checkAxe(page);
      if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `backups-${theme}-confirm.png`) });
    });
  }

  it('is the same pane in German', async () => {
    const page = await browser.page({ locale: 'de-DE' });
    await server.login(page, 'admin');
    await page.goto(`${server.url}/backup`);
    await page.locator('.admin-pane h2', { hasText: 'Sicherungen' }).waitFor(POLL);
    await page.getByRole('button', { name: 'Jetzt sichern' }).waitFor(POLL);
    await page.getByRole('table', { name: 'Datenbanksicherungen, neueste zuerst' }).or(page.getByText('Noch keine Sicherungen. „Jetzt sichern“ erstellt eine.')).waitFor(POLL);
    await checkAxe(page);
  });
});
