import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { axeViolations, formatViolations, useBrowser, useServer, type E2EServer } from './support/index.js';

/**
 * The look: theme and language before the user chooses, home cards, tile toolbars with three panes,
 * coded passport values, and every pane this part of the client draws, axe-checked in both themes.
 * Screenshots go to LOOK_SCREENSHOTS (a folder) when it is set, for people to look at.
 */

const POLL = { timeout: 15_000 };
const SHOTS = process.env.LOOK_SCREENSHOTS ?? '';
const THEMES = ['light', 'dark'] as const;

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function expectAxeClean(page: Page, include?: string): Promise<void> {
  expect(formatViolations(await axeViolations(page, { include }))).toBe('');
}

/** A germplasm of the demo data with SAMPSTAT and STORAGE codes and a date in its MCPD record. */
async function codedGermplasm(server: E2EServer): Promise<{ id: number; sampstat: number; storage: string }> {
  const { rows } = await sql<{ id: number; sampstat: number; storage: string }>`
    SELECT germinatebase_id AS id, sampstat, storage FROM mcpd
    WHERE sampstat IS NOT NULL AND storage IS NOT NULL AND (acqdate IS NOT NULL OR colldate IS NOT NULL) ORDER BY germinatebase_id LIMIT 1`.execute(server.database.db);
  return rows[0];
}

/** The demo genotype dataset's id. */
async function genotypeDataset(server: E2EServer): Promise<number> {
  const { rows } = await sql<{ id: number }>`SELECT id FROM datasets WHERE datasettype_id = 1 ORDER BY id LIMIT 1`.execute(server.database.db);
  return Number(rows[0].id);
}

describe('the look (authMode SELECTIVE)', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('follows the system colour scheme until the user chooses, then keeps the choice', async () => {
    const page = await browser.page({ colorScheme: 'dark' });
    await page.goto(`${server.url}/home`);
    await page.getByRole('heading', { name: 'Welcome to Germinate' }).waitFor(POLL);
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    expect(await theme()).toBe('dark');
    const toggle = page.getByRole('button', { name: 'Dark mode' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    // The grid, panes and controls all draw on the theme's surface, not on white.
    const surface = await page.locator('.tile').first().evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(surface).not.toBe('rgb(255, 255, 255)');

    await toggle.click();
    expect(await theme()).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to Germinate' }).waitFor(POLL);
    expect(await theme()).toBe('light');
  });

  it('shows a first visit in the browser’s language (German here)', async () => {
    const page = await browser.page({ locale: 'de-DE' });
    await page.goto(`${server.url}/home`);
    await page.getByRole('heading', { name: 'Willkommen bei Germinate' }).waitFor(POLL);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    expect(await page.getByLabel('Sprache (Language)').inputValue()).toBe('de_DE');
  });

  it('makes every home card a link to a pane that exists, with a visible focus', async () => {
    const page = await browser.page();
    await page.goto(`${server.url}/home`);
    const cards = page.locator('.home-card');
    await page.locator('[data-stat="germplasm"]').filter({ hasText: /\d/ }).waitFor(POLL);
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(await page.locator('.home-card a[href]').count()).toBe(count);
    const link = page.getByRole('link', { name: /Germplasm/ });
    await link.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const outline = await link.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/data/germplasm', POLL);
    expect(await page.locator('section[data-pane-type="germplasm:table"]').count()).toBe(1);
  });

  it('keeps whole pane titles with three panes side by side, and labels every tile button', async () => {
    const page = await browser.page({ viewport: { width: 1280, height: 800 } });
    const { id } = await codedGermplasm(server);
    await page.goto(`${server.url}/data/germplasm/${id}`);
    await page.locator('.germplasm-passport').waitFor(POLL);
    await page.keyboard.press('Alt+Backslash');
    await page.keyboard.press('Alt+Backslash');
    await page.waitForFunction(() => document.querySelectorAll('.tile-title').length === 3, null, POLL);
    const cut = await page.locator('.tile-title').evaluateAll((titles) =>
      titles.filter((title) => title.scrollWidth > title.clientWidth).map((title) => title.textContent),
    );
    expect(cut).toEqual([]);
    // Narrow tiles show icons; each button keeps its label as its name and in its tooltip.
    const move = page.getByRole('button', { name: 'Move' }).first();
    await move.click();
    await page.getByRole('button', { name: 'Swap with pane on the right' }).first().waitFor(POLL);
    await shot(page, 'three-panes-light');
    await page.keyboard.press('Escape');
    await expectAxeClean(page);
  });

  it('shows what coded MCPD values mean on the passport, and dates as DD/MM/YYYY', async () => {
    const page = await browser.page();
    const germplasm = await codedGermplasm(server);
    await page.goto(`${server.url}/data/germplasm/${germplasm.id}`);
    const passport = page.locator('.germplasm-passport');
    await passport.waitFor(POLL);
    const sampstat = passport.locator('tr', { has: page.locator('code', { hasText: 'SAMPSTAT' }) });
    await sampstat.waitFor(POLL);
    expect(await sampstat.locator('td').textContent()).toMatch(new RegExp(`^${germplasm.sampstat} \\S`));
    // Every storage code with its meaning; a date as DD/MM/YYYY (MM/YYYY or YYYY when the day or month is unknown).
    const storage = passport.locator('tr', { has: page.locator('code', { hasText: 'STORAGE' }) }).locator('td');
    expect(await storage.locator('.passport-code').count()).toBe(germplasm.storage.split(';').length);
    expect(await storage.textContent()).toMatch(/^\d+ [A-Z]/);
    const date = passport.locator('tr', { has: page.locator('code', { hasText: /^(ACQDATE|COLLDATE)$/ }) }).locator('td').first();
    expect(await date.textContent()).toMatch(/^(\d\d\/)?(\d\d\/)?\d{4}$/);
    // The institutions' country, named from their WIEWS code where the record has none.
    const countries = await passport.getByRole('region', { name: 'Institutions' }).locator('tbody tr td:nth-child(4)').allTextContents();
    expect(countries.length).toBeGreaterThan(0);
    expect(countries.every((country) => country.trim() !== '')).toBe(true);
  });

  /** Each pane this part of the client draws: where it lives, who sees it, what shows it is ready. */
  const PANES: readonly { name: string; route: (germplasmId: number, genotypeDatasetId: number) => string; user?: 'admin'; ready: string }[] = [
    { name: 'home', route: () => '/home', ready: '.home-cards[aria-busy="false"]' },
    { name: 'passport', route: (id) => `/data/germplasm/${id}`, ready: '.germplasm-passport .ui-table-kv' },
    { name: 'compare', route: (id) => `/data/germplasm/compare/${id},${id + 1},${id + 2}`, ready: '.germplasm-compare table' },
    { name: 'login', route: () => '/login', ready: '.login form' },
    { name: 'help', route: () => '/help/keyboard', ready: '.help-table' },
    { name: 'settings', route: () => '/admin/germinate-settings', user: 'admin', ready: '.admin-pane form' },
    { name: 'permissions', route: () => '/admin/user-permissions', user: 'admin', ready: '.admin-pane .ui-table tbody tr' },
    { name: 'feedback', route: () => '/admin/user-feedback', user: 'admin', ready: '.admin-pane .ui-table' },
    { name: 'audit', route: () => '/admin/audit-log', user: 'admin', ready: '.admin-pane .ui-table' },
    { name: 'upload', route: () => '/import/data-upload/mcpd', user: 'admin', ready: '.import-pane .ui-filedrop' },
    { name: 'datasets', route: () => '/data/datasets', ready: '[data-testid="datasets-table"][aria-busy="false"]' },
    { name: 'dataset', route: () => '/data/datasets/1', user: 'admin', ready: '.datasets-details' },
    { name: 'dataset-selector', route: () => '/data/export/trials', ready: '.datasets-selector' },
    { name: 'experiments', route: () => '/data/experiments', ready: '[data-testid="experiments-table"][aria-busy="false"]' },
    { name: 'experiment', route: () => '/data/experiments/1', user: 'admin', ready: '.experiments-details' },
    { name: 'data-resources', route: () => '/data/data-resources', ready: '[data-testid="fileresources-table"][aria-busy="false"]' },
    { name: 'licences', route: () => '/data/licenses', ready: 'section.ui-pane .ui-table' },
    { name: 'licence-admin', route: () => '/admin/licenses', user: 'admin', ready: '.admin-pane .ui-table' },
    { name: 'traits', route: () => '/data/trials/traits', ready: '[data-testid="traits-table"][aria-busy="false"]' },
    { name: 'trait', route: () => '/data/trials/traits/1', ready: 'section.ui-pane[aria-labelledby] .ui-pane-header h2' },
    { name: 'cross-comparison', route: () => '/data/export/cross', ready: '.ui-filters' },
    { name: 'trial-creation', route: () => '/data/trials/create', user: 'admin', ready: '.trial-steps' },
    { name: 'markers', route: () => '/data/genotypes/markers', ready: '[data-testid="markers-table"][aria-busy="false"]' },
    { name: 'marker', route: () => '/data/genotypes/marker/1', ready: '.genotypes-marker .ui-pane-header h2' },
    { name: 'maps', route: () => '/data/genotypes/maps', ready: '[data-testid="maps-table"][aria-busy="false"]' },
    { name: 'map', route: () => '/data/genotypes/maps/1', ready: '[data-testid="mapDefinitions-table"][aria-busy="false"]' },
    { name: 'genotype-export', route: (_, dataset) => `/data/export/genotype/${dataset}`, ready: '.genotype-export-choices fieldset' },
    { name: 'genotype-grid', route: (_, dataset) => `/data/genotypes/grid/${dataset}`, ready: '.genotypes-grid canvas' },
  ];

  for (const theme of THEMES) {
    for (const pane of PANES) {
      it(`draws the ${pane.name} pane axe-clean in the ${theme} theme`, async () => {
        // One page per theme and user for all panes (client state forgotten before each): a fresh
        // context per pane only added a context and a cold cache to every one of these tests.
        const user = pane.user;
        const page = await browser.sharedPage(`${theme}:${user ?? 'visitor'}`, { colorScheme: theme, viewport: { width: 1280, height: 800 } }, async (opened) => {
          if (user) await server.login(opened, user);
        });
        const germplasm = await codedGermplasm(server);
        await page.goto(`${server.url}${pane.route(germplasm.id, await genotypeDataset(server))}`);
        await page.locator(pane.ready).first().waitFor(POLL);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        await shot(page, `${pane.name}-${theme}`);
        await expectAxeClean(page);
      });
    }
  }
});
