import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { axeViolations, formatViolations, storedClientState, useBrowser, useServer, waitForNoNetwork, type E2EServer } from './support/index.js';

/** The shell in Chromium against the real server: home, palette, tiling by keyboard, URL, locale, login. */

// Two cores run this next to other suites: give the UI time rather than fail on a busy machine.
const POLL = { timeout: 15_000 };

const regions = (page: Page) => page.locator('section[role="region"][data-pane-key]');

async function openHome(page: Page, server: E2EServer): Promise<void> {
  await page.goto(`${server.url}/home`);
  await page.locator('[data-stat="germplasm"]').filter({ hasText: /\d/ }).waitFor();
}

/** Every demo template's germplasm: the MCPD example plus the passports the other examples name. */
async function demoGermplasmCount(server: E2EServer): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM germinatebase`.execute(server.database.db);
  return Number(rows[0].n);
}

describe('shell (authMode SELECTIVE)', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('shows the overview counts of the demo data on /home', async () => {
    const page = await browser.page();
    await openHome(page, server);
    const count = await demoGermplasmCount(server);
    expect(count).toBeGreaterThan(2010);
    expect(await page.locator('[data-stat="germplasm"]').textContent()).toBe(count.toLocaleString('en-GB'));
    expect(await page.getByRole('region', { name: 'Home' }).count()).toBe(1);
  });

  it('opens the palette with Ctrl+K and runs "Keyboard help" from it', async () => {
    const page = await browser.page();
    await openHome(page, server);
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.type('keyboard help');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const help = page.getByRole('region', { name: 'Keyboard help' });
    await help.waitFor();
    await help.getByText('workspace:split-right').waitFor();
    expect(page.url()).toContain('/help/keyboard?layout=');
    // Reopened with nothing typed, the palette offers the command just run first.
    await page.keyboard.press('Control+k');
    const recent = page.getByRole('dialog').getByRole('group', { name: 'Recently used' });
    await recent.getByText('Keyboard help').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('splits and closes panes by keyboard, keeps the layout in the URL, and restores it on reload', async () => {
    const page = await browser.page();
    await openHome(page, server);
    await page.keyboard.press('Alt+Backslash');
    await expect.poll(() => regions(page).count(), POLL).toBe(2);
    await page.keyboard.press('Alt+Minus');
    await expect.poll(() => regions(page).count(), POLL).toBe(3);
    // Growing the focused (lower) pane moves its split bar, and the URL keeps the new share.
    const before = page.url();
    await page.keyboard.press('Alt+Shift+Equal');
    await expect.poll(() => page.url(), POLL).not.toBe(before);
    const url = page.url();
    expect(url).toMatch(/\/home\?layout=1\./);
    await page.reload();
    await expect.poll(() => regions(page).count(), POLL).toBe(3);
    expect(page.url()).toBe(url);
    // Focus moves by keyboard, then the focused pane closes.
    await page.keyboard.press('Alt+ArrowUp');
    await page.keyboard.press('Alt+KeyW');
    await expect.poll(() => regions(page).count(), POLL).toBe(2);
    await page.keyboard.press('Alt+KeyW');
    await expect.poll(() => regions(page).count(), POLL).toBe(1);
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search, POLL).toBe('/home');
    // Back restores the previous layout (pushState for user navigation).
    await page.goBack();
    await expect.poll(() => regions(page).count(), POLL).toBe(2);
  });

  it('splits, maximises and closes with the tile buttons as well (the same commands)', async () => {
    const page = await browser.page();
    await openHome(page, server);
    await page.getByRole('button', { name: 'Split right' }).click();
    await expect.poll(() => regions(page).count(), POLL).toBe(2);
    await page.getByRole('button', { name: 'Maximise or restore pane' }).first().click();
    await expect.poll(() => regions(page).count(), POLL).toBe(1);
    await page.keyboard.press('Alt+KeyM');
    await expect.poll(() => regions(page).count(), POLL).toBe(2);
    await page.getByRole('button', { name: 'Close pane' }).first().click();
    await expect.poll(() => regions(page).count(), POLL).toBe(1);
  });

  it('moves a tile by mouse with its swap buttons (the same commands as Alt+Shift+arrows)', async () => {
    const page = await browser.page();
    await openHome(page, server);
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.type('keyboard help');
    await page.keyboard.press('Enter');
    await expect.poll(() => regions(page).count(), POLL).toBe(2);
    // Tiles are placed absolutely: read them left to right on screen, not in DOM order.
    const titles = () =>
      regions(page).evaluateAll((all) =>
        all
          .map((el) => ({ x: el.getBoundingClientRect().left, title: el.getAttribute('aria-label') }))
          .sort((a, b) => a.x - b.x)
          .map((tile) => tile.title),
      );
    const before = await titles();
    expect(before).toContain('Keyboard help');
    const helpToolbar = page.locator('.tile-toolbar').filter({ has: page.locator('.tile-title', { hasText: 'Keyboard help' }) });
    const direction = before[0] === 'Keyboard help' ? 'right' : 'left';
    // The four swaps sit behind the tile's Move button.
    await helpToolbar.getByRole('button', { name: 'Move' }).click();
    await helpToolbar.getByRole('button', { name: `Swap with pane on the ${direction}` }).click();
    await expect.poll(titles, POLL).toEqual([...before].reverse());
  });

  it('prints only the focused pane', async () => {
    const page = await browser.page();
    await openHome(page, server);
    await page.keyboard.press('Alt+Backslash');
    await expect.poll(() => regions(page).count(), POLL).toBe(2);
    await page.emulateMedia({ media: 'print' });
    const visible = await regions(page).evaluateAll((all) => all.filter((el) => (el as HTMLElement).offsetParent !== null).length);
    expect(visible).toBe(1);
    expect(await page.locator('.shell-sidebar').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
  });

  it('renders German texts after switching the locale, and keeps them after a reload', async () => {
    const page = await browser.page();
    await openHome(page, server);
    await page.getByLabel('Language').selectOption('de_DE');
    await page.getByText('Willkommen bei Germinate').waitFor();
    // German groups thousands with a dot.
    expect(await page.locator('[data-stat="germplasm"]').textContent()).toBe((await demoGermplasmCount(server)).toLocaleString('de-DE'));
    // The store writes after a short debounce: the reload must find the locale stored.
    await expect.poll(() => storedClientState(page), POLL).toMatchObject({ locale: 'de_DE' });
    await page.reload();
    await page.getByText('Willkommen bei Germinate').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').getByText('Tastenkürzel').first().waitFor();
    expect(await page.getByRole('dialog').getByText('Umschalt+?').count()).toBe(1);
  });

  it('has no serious or critical axe violations on home, keyboard help, login and the open palette', async () => {
    const page = await browser.page();
    await openHome(page, server);
    expect(formatViolations(await axeViolations(page))).toBe('');
    await page.keyboard.press('Shift+?');
    await page.getByRole('region', { name: 'Keyboard help' }).waitFor();
    expect(formatViolations(await axeViolations(page))).toBe('');
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').waitFor();
    expect(formatViolations(await axeViolations(page))).toBe('');
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username').waitFor();
    expect(formatViolations(await axeViolations(page))).toBe('');
  });

  it('toggles dark mode and the sidebar by keyboard', async () => {
    const page = await browser.page();
    await openHome(page, server);
    await page.keyboard.press('Alt+Shift+KeyD');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme), POLL).toBe('dark');
    await page.keyboard.press('Alt+KeyB');
    await expect.poll(() => page.locator('.shell-sidebar').count(), POLL).toBe(0);
    await page.keyboard.press('Alt+KeyB');
    await expect.poll(() => page.locator('.shell-sidebar').count(), POLL).toBe(1);
    await waitForNoNetwork(page);
  });
});

describe('shell (authMode FULL)', () => {
  const browser = useBrowser();
  let server: E2EServer;
  useServer((started) => (server = started), { authMode: 'FULL' });

  it('sends an anonymous visitor to login and back to the target after logging in', async () => {
    const page = await browser.page();
    await page.goto(`${server.url}/help/keyboard`);
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe('/login');
    await page.getByLabel('Username').fill('regular');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
    await page.getByText('Invalid username or password').first().waitFor();
    await page.getByLabel('Password').fill('regular-password-1');
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('region', { name: 'Keyboard help' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/help/keyboard');
  });
});

describe('shell: hidden pages', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('shows the 404 pane for a page the administrator hid, and never hides the home page', async () => {
    // The admin setting lives in the settings table (GET settings reads it on every call).
    await server.database.db
      .insertInto('settings')
      .values({ key: 'hiddenPages', value: JSON.stringify(['germplasm']), updated_on: new Date().toISOString() })
      .execute();
    const page = await browser.page();
    await page.goto(`${server.url}/data/germplasm`);
    await expect.poll(() => page.locator('.refused h2').textContent(), POLL).toBe('Not found (404)');
    expect(await page.locator('.refused').textContent()).toContain('Germplasm');
    const violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    await page.goto(`${server.url}/home`);
    await page.locator('[data-stat="germplasm"]').filter({ hasText: /\d/ }).waitFor(POLL);
  });
});
