import { sql, type Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, useBrowser, useServer, type E2EServer } from './support/index.js';

/**
 * The images pane in Chromium on the demo images: the gallery by keyboard, the full-size viewer (arrow keys,
 * Escape), a curator's tag edit and the tag filter, the table view, both themes, German, axe. Screenshots
 * go to /tmp/images-*.png.
 */

const POLL = { timeout: 20_000 };

async function expectAxeClean(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page))).toBe('');
}

describe('images', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('browses the gallery and the full-size viewer by keyboard, edits tags and filters by them', async () => {
    const count = Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM images`.execute(server.database.db as unknown as Kysely<unknown>)).rows[0].n);
    expect(count).toBeGreaterThan(2);
    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    await server.login(page, 'curator');
    await page.goto(`${server.url}/images`);
    const pane = page.getByRole('region', { name: 'Images', exact: true });
    const gallery = pane.getByRole('list', { name: /^Image gallery/ });
    await gallery.waitFor(POLL);
    const thumbs = gallery.getByRole('button');
    await expect.poll(() => thumbs.count(), POLL).toBe(Math.min(count, 24));
    // Thumbnails are served small (made on first request), and every one has loaded.
    await expect.poll(() => page.evaluate(() => Array.from(document.querySelectorAll<HTMLImageElement>('.images-thumb img')).every((img) => img.complete && img.naturalWidth > 0 && img.naturalWidth <= 400)), POLL).toBe(true);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/images-gallery-light.png' });

    // The arrow keys move the one tab stop; Enter shows the image full size.
    await thumbs.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-index')), POLL).toBe('1');
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog');
    await viewer.getByText(`Image 2 of ${count}`).waitFor(POLL);
    await viewer.getByRole('heading', { name: 'Camera data (EXIF)' }).waitFor(POLL);
    await expect.poll(() => viewer.locator('.images-viewer-figure img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), POLL).toBe(true);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/images-viewer-light.png' });
    await page.keyboard.press('ArrowRight');
    await viewer.getByText(`Image 3 of ${count}`).waitFor(POLL);
    await page.keyboard.press('ArrowLeft');
    await viewer.getByText(`Image 2 of ${count}`).waitFor(POLL);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached', ...POLL });
    expect(new URL(page.url()).pathname).toBe('/images');

    // A curator tags the image under the cursor from the palette; its chip then filters the gallery.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Edit tags');
    await page.keyboard.press('Enter');
    const tags = page.getByRole('dialog').getByRole('textbox', { name: 'Tags' });
    await tags.waitFor(POLL);
    await tags.fill('Browser Test, close-up');
    await tags.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached', ...POLL });
    const chip = pane.getByRole('button', { name: 'browser test', exact: true });
    await chip.click();
    await expect.poll(() => chip.getAttribute('aria-pressed'), POLL).toBe('true');
    await expect.poll(() => thumbs.count(), POLL).toBe(1);

    // Dark theme and German; the table view by its key.
    await page.keyboard.press('Alt+Shift+KeyD');
    await page.keyboard.press('Alt+Shift+KeyL');
    const bilder = page.getByRole('region', { name: 'Bilder', exact: true });
    const galerie = bilder.getByRole('list', { name: /^Bildergalerie/ }).getByRole('button');
    await galerie.first().waitFor(POLL);
    await galerie.first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('heading', { name: 'Kameradaten (EXIF)' }).waitFor(POLL);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/images-viewer-dark-de.png' });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached', ...POLL });
    await bilder.getByRole('button', { name: 'browser test', exact: true }).click();
    await expect.poll(() => galerie.count(), POLL).toBe(Math.min(count, 24));
    await page.screenshot({ path: '/tmp/images-gallery-dark.png' });
    await page.keyboard.press('Alt+KeyV');
    await bilder.getByText(`${count} Zeilen`).waitFor(POLL);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/images-table-dark-de.png' });
  });
});
