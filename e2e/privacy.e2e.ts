import path from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { KEYS_WITHOUT_CONSENT } from '../src/core/client-state-schema.js';
import { APP_VERSION } from '../src/shell/app-version.js';
import { axeViolations, formatViolations, passwordOf, ROOT, useBrowser, useServer, watchOf, type E2EServer } from './support/index.js';

/** Issue 5 privacy and comfort: cookie consent and its consequences, /cookies, changelog, chart colours, sanitising. */

const POLL = { timeout: 15_000 };
const ANON = 'germinate-workspace.state.anonymous';

async function expectNoViolations(page: Page, include?: string): Promise<void> {
  const violations = await axeViolations(page, include ? { include } : {});
  expect(violations, formatViolations(violations)).toEqual([]);
}

async function openHome(page: Page, server: E2EServer): Promise<void> {
  await page.goto(`${server.url}/home`);
  await page.locator('[data-stat="germplasm"]').filter({ hasText: /\d/ }).waitFor(POLL);
}

/** The anonymous visitor's stored state; the store writes after a short debounce, so tests poll it. */
const storedState = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Record<string, unknown> | null, ANON);

/** Puts an anonymous client state in place before the client boots. */
async function seedState(page: Page, server: E2EServer, state: Record<string, unknown>): Promise<void> {
  await page.goto(`${server.url}/api/settings`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [ANON, JSON.stringify(state)] as const);
}

async function runCommand(page: Page, title: string, palette = 'Command palette'): Promise<void> {
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog', { name: palette }).waitFor();
  await page.keyboard.type(title);
  await page.getByRole('option', { name: new RegExp(`^${title}`, 'i') }).first().waitFor();
  await page.keyboard.press('Enter');
}

describe('privacy (GDPR notice on)', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));
  beforeAll(async () => {
    await server.app.settings.write({ showGdprNotification: true, usageLoggerUrl: 'https://logger.example.org/app-logger/log' }, new Date());
  });

  it('asks once; declining keeps only the allowed keys and disables marking and login until consent is given', async () => {
    const page = await browser.page();
    await openHome(page, server);
    const banner = page.getByRole('region', { name: 'GDPR Cookie consent' });
    await banner.waitFor();
    await expectNoViolations(page);
    await page.keyboard.press('Alt+Shift+KeyD'); // dark mode: not an essential key
    await banner.getByRole('button', { name: 'Decline' }).click();
    await banner.waitFor({ state: 'detached' });
    await expect.poll(async () => Object.keys((await storedState(page)) ?? {}).sort(), POLL).toEqual([...KEYS_WITHOUT_CONSENT].sort());
    expect((await storedState(page))?.cookiesAccepted).toBe(false);

    // After a reload the choice stands (no banner) and what was not allowed is gone.
    await openHome(page, server);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await banner.count()).toBe(0);

    // Marking is refused, and the page says why.
    await page.goto(`${server.url}/data/germplasm/1`);
    const marked = page.getByRole('checkbox', { name: 'Marked' });
    await marked.click();
    await page.getByText('Marking items is switched off because you declined cookies.', { exact: false }).waitFor(POLL);
    expect(await marked.isChecked()).toBe(false);

    // Login is switched off; the login pane explains and offers the switch.
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Login is switched off' }).waitFor();
    expect(await page.getByLabel('Username').isDisabled()).toBe(true);
    await expectNoViolations(page);
    // The notice goes once cookies are allowed, so click rather than check (which looks again).
    await page.getByRole('radio', { name: 'Allow cookies' }).click();
    await page.getByRole('heading', { name: 'Login is switched off' }).waitFor({ state: 'detached' });
    await page.getByLabel('Username').fill('regular');
    await page.getByLabel('Password').fill(passwordOf('regular'));
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('button', { name: 'Log out regular' }).waitFor(POLL);
    // A usage logger is configured and consent given, but 127.0.0.1 is never logged.
    expect(watchOf(page).requests.some((url) => url.includes('logger.example.org'))).toBe(false);
  });

  it('accepting keeps everything across a reload', async () => {
    const page = await browser.page();
    await openHome(page, server);
    await page.getByRole('region', { name: 'GDPR Cookie consent' }).getByRole('button', { name: 'Allow cookies' }).click();
    await page.keyboard.press('Alt+Shift+KeyD');
    await expect.poll(async () => (await storedState(page))?.darkMode, POLL).toBe(true);
    await openHome(page, server);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect((await storedState(page))?.darkMode).toBe(true);
    expect(await page.getByRole('region', { name: 'GDPR Cookie consent' }).count()).toBe(0);
  });

  it('explains what is stored on /cookies and changes the choice there, in English and German', async () => {
    const page = await browser.page();
    await page.goto(`${server.url}/cookies`);
    const pane = page.getByRole('region', { name: 'Cookies', exact: true });
    await pane.getByRole('heading', { name: 'What this site stores in your browser' }).waitFor(POLL);
    await pane.getByText('With your consent, each visit sends one anonymous usage record', { exact: false }).waitFor();
    await expectNoViolations(page);
    await pane.getByRole('radio', { name: 'Decline' }).check();
    await pane.getByText('You declined cookies: logging in and marking items are switched off.').waitFor();
    await page.getByLabel('Language').selectOption('de_DE');
    await pane.getByRole('heading', { name: 'Was diese Seite in Ihrem Browser speichert' }).waitFor(POLL);
    await pane.getByRole('radio', { name: 'Cookies erlauben' }).check();
    await expect.poll(async () => (await storedState(page))?.cookiesAccepted, POLL).toBe(true);
    await expectNoViolations(page);
    // The consent modal does the same from anywhere (palette), in German too.
    await runCommand(page, 'Cookie-Einwilligung', 'Befehlspalette');
    const dialog = page.getByRole('dialog', { name: 'DSGVO-Cookie-Einwilligung' });
    await dialog.getByRole('radio', { name: 'Cookies erlauben' }).waitFor();
    await expectNoViolations(page, 'dialog');
  });

  it('shows the changelog once after an update, never on a first visit, and all releases from the palette', async () => {
    const page = await browser.page();
    await seedState(page, server, { cookiesAccepted: true });
    await openHome(page, server);
    await expect.poll(async () => (await storedState(page))?.changelogVersionNumber, POLL).toBe(APP_VERSION);
    expect(await page.getByRole('dialog', { name: 'Changelog' }).count()).toBe(0);

    await seedState(page, server, { cookiesAccepted: true, changelogVersionNumber: '0.0.1' });
    await openHome(page, server);
    const dialog = page.getByRole('dialog', { name: 'Changelog' });
    await dialog.getByText('What is new since version 0.0.1:').waitFor(POLL);
    await dialog.getByText('NEW').first().waitFor();
    await dialog.getByText('Affects administrators').first().waitFor();
    await expectNoViolations(page, 'dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The version seen is stored, so the next visit does not show it again.
    await expect.poll(async () => (await storedState(page))?.changelogVersionNumber, POLL).toBe(APP_VERSION);
    await openHome(page, server);
    expect(await page.getByRole('dialog', { name: 'Changelog' }).count()).toBe(0);

    await runCommand(page, 'Changelog');
    await dialog.getByRole('heading', { name: /^Version 0\.2\.0/ }).waitFor();
    await dialog.getByRole('heading', { name: /^Version 0\.1\.0/ }).waitFor();
    expect(await dialog.getByText('What is new since', { exact: false }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByLabel('Language').selectOption('de_DE');
    await runCommand(page, 'Änderungsprotokoll', 'Befehlspalette');
    const german = page.getByRole('dialog', { name: 'Änderungsprotokoll' });
    await german.getByText('Betrifft Benutzer').first().waitFor();
    await german.getByText('Konten und Registrierung').waitFor();
    await expectNoViolations(page, 'dialog');
  });

  it('edits the chart colours: add, refuse a duplicate, remove, update, reset', async () => {
    const page = await browser.page();
    await seedState(page, server, { cookiesAccepted: true });
    await openHome(page, server);
    await runCommand(page, 'Chart colours');
    const dialog = page.getByRole('dialog', { name: 'Chart colours' });
    // The server's palette to start from.
    await dialog.getByText('#00a0f1').waitFor();
    await expectNoViolations(page, 'dialog');
    await dialog.getByLabel('Colour', { exact: true }).fill('#123456');
    await dialog.getByRole('button', { name: 'Add colour' }).click();
    await dialog.getByText('#123456').waitFor();
    await dialog.getByRole('button', { name: 'Add colour' }).click();
    await dialog.getByText('Color already added').waitFor();
    await dialog.getByRole('button', { name: 'Remove colour #00a0f1' }).click();
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const storedColours = async () => (await storedState(page))?.customChartColors as string[] | null | undefined;
    await expect.poll(storedColours, POLL).toContain('#123456');
    const colours = await storedColours();
    expect(colours).not.toContain('#00a0f1');

    await page.getByLabel('Language').selectOption('de_DE');
    await runCommand(page, 'Diagrammfarben', 'Befehlspalette');
    const german = page.getByRole('dialog', { name: 'Diagrammfarben' });
    await german.getByText('#123456').waitFor();
    await expectNoViolations(page, 'dialog');
    await german.getByRole('button', { name: 'Auf Standard zurücksetzen' }).click();
    await german.waitFor({ state: 'hidden' });
    await expect.poll(storedColours, POLL).toBeNull();
  });
});

describe('sanitising markdown and HTML in the browser', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started), { demo: false, users: false });

  it('strips scripts, event handlers and javascript: links, keeps the text and safe links', async () => {
    // The widget's own module, bundled for the page: DOMPurify needs a real DOM.
    const bundle = await build({
      entryPoints: [path.join(ROOT, 'src/shell/widgets/sanitise.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'sanitiseModule',
      platform: 'browser',
      logLevel: 'silent',
    });
    const page = await browser.page();
    await page.goto(`${server.url}/api/settings`);
    // evaluate, not a script tag: the server's CSP (kept on) refuses inline scripts.
    await page.evaluate(`${bundle.outputFiles[0].text}; window.sanitiseModule = sanitiseModule;`);
    const render = (text: string, html = false) =>
      page.evaluate(
        ([input, asHtml]) => {
          const module = (window as unknown as { sanitiseModule: { renderMarkdown(t: string): string; sanitiseHtml(t: string): string } }).sanitiseModule;
          return asHtml ? module.sanitiseHtml(input) : module.renderMarkdown(input);
        },
        [text, html] as const,
      );
    const markdown = await render('**Bold** [ok](https://example.org) [bad](javascript:alert(1))\n\n<script>alert(1)</script><img src=x onerror="alert(1)">');
    expect(markdown).toContain('<strong>Bold</strong>');
    expect(markdown).toContain('href="https://example.org"');
    expect(markdown).toContain('rel="noopener noreferrer nofollow"');
    expect(markdown).not.toMatch(/<script|onerror|javascript:/i);
    const html = await render('<p style="color:red" onclick="x()">Hi<iframe src="https://evil.example"></iframe><a href="JaVaScRiPt:alert(1)">x</a><svg><script>alert(1)</script></svg></p>', true);
    expect(html).toContain('Hi');
    expect(html).not.toMatch(/onclick|iframe|javascript:|<script|style=/i);
  });
});
