import { sql, type Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, useBrowser, useServer, type E2EServer } from './support/index.js';

/**
 * Licences in the browser against the real server: a visitor opens the licences from the palette, reads
 * a licence whose text carries a script (which never runs and is not in the page), accepts it from the
 * keyboard and sees it accepted (and the server's dataset table says so through the cookie); an
 * administrator creates, edits and deletes a licence in German; axe clean in both themes.
 */
const POLL = { timeout: 30_000 };
const NAME = 'Breeders’ licence';
const CONTENT = '<h3>Terms</h3><p>Use the data <strong>kindly</strong>.</p><script>window.licenceXss = 1</script><img src="x" alt="" onerror="window.licenceXss = 2">';

async function checkAxe(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, formatViolations(violations)).toEqual([]);
}

async function runCommand(page: Page, title: string, palette: string): Promise<void> {
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog', { name: palette }).waitFor(POLL);
  await page.keyboard.type(title);
  await page.getByRole('option', { name: new RegExp(`^${title}`, 'i') }).first().waitFor(POLL);
  await page.keyboard.press('Enter');
}

describe('licences', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  let licenseId: number;
  let datasetId: number;
  useServer((started) => (server = started));

  beforeAll(async () => {
    const admin = await server.token('admin', 'admin-password-1');
    const response = await fetch(`${server.url}/api/license`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ licenseName: NAME, licenseDescription: 'For the consortium', licenseData: { en_GB: CONTENT, de_DE: '<p>Bitte freundlich nutzen.</p>' } }),
    });
    expect(response.status).toBe(200);
    licenseId = (await response.json()) as number;
    const db = server.database.db as unknown as Kysely<unknown>;
    datasetId = Number((await sql<{ id: number }>`SELECT MIN(id) AS id FROM datasets`.execute(db)).rows[0].id);
    await sql`UPDATE datasets SET license_id = ${licenseId} WHERE id = ${datasetId}`.execute(db);
  });

  it('lets a visitor read a licence from the palette, sanitised, and accept it by keyboard', async () => {
    const page = await browser.page();
    await page.goto(`${server.url}/home`);
    // The shell takes its keys once it has started: the home counts show it has (the first test of a cold server).
    await page.locator('[data-stat="germplasm"]').filter({ hasText: /\d/ }).waitFor(POLL);
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await runCommand(page, 'Open the licences', 'Command palette');
    const table = page.getByRole('table', { name: 'Licences and the datasets that use them' });
    await table.waitFor(POLL);
    const row = table.locator('tbody tr', { hasText: NAME });
    await row.getByRole('cell', { name: 'Not accepted' }).waitFor(POLL);

    const read = row.getByRole('button', { name: `Read licence ${NAME}` });
    await read.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Licence: ${NAME}` });
    await dialog.waitFor(POLL);
    await dialog.getByRole('heading', { name: 'Terms' }).waitFor(POLL);
    await dialog.getByText('kindly').waitFor(POLL);
    // The script and the handler were removed before the text reached the page.
    expect(await dialog.locator('script').count()).toBe(0);
    expect(await dialog.locator('[onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { licenceXss?: number }).licenceXss)).toBeUndefined();
    await dialog.getByText('You have not accepted this licence yet.', { exact: false }).waitFor(POLL);
    await checkAxe(page);

    // Accept has the focus: Enter accepts; the focus moves to Close.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Accept licence');
    const accepted = page.waitForResponse((r) => r.url().endsWith(`/api/license/${licenseId}/accept`), POLL);
    await page.keyboard.press('Enter');
    expect((await accepted).status()).toBe(200);
    await dialog.getByText('You have accepted this licence.').waitFor(POLL);
    await page.getByText(`You accepted the licence “${NAME}”. Its datasets are now open to you.`).waitFor(POLL);
    expect(await dialog.getByRole('button', { name: 'Accept licence' }).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Close');

    // Escape closes it and hands the focus back to Read; the row says accepted.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', ...POLL });
    await row.getByRole('cell', { name: 'Accepted', exact: true }).waitFor(POLL);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Read licence ${NAME}`);

    // The server knows through the HttpOnly cookie, which the page's script cannot read.
    expect(await page.evaluate(() => document.cookie)).not.toContain('accepted-licenses');
    const acceptedBy = await page.evaluate(async (id) => {
      const response = await fetch('/api/dataset/table', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ filter: [{ column: 'datasetId', comparator: 'equals', values: [id] }] }),
      });
      return ((await response.json()) as { data: { acceptedBy: number[] }[] }).data[0].acceptedBy;
    }, datasetId);
    expect(acceptedBy).toEqual([-1000]);
  });

  it('shows the licence in German, in its German text, in the dark theme, and prints it alone', async () => {
    const page = await browser.page({ locale: 'de-DE', colorScheme: 'dark' });
    await page.goto(`${server.url}/data/licenses`);
    const row = page.getByRole('table', { name: 'Lizenzen und die Datensätze, die sie verwenden' }).locator('tbody tr', { hasText: NAME });
    await row.getByRole('cell', { name: 'Nicht akzeptiert' }).waitFor(POLL);
    await row.getByRole('button', { name: `Lizenz lesen ${NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `Lizenz: ${NAME}` });
    await dialog.getByText('Bitte freundlich nutzen.').waitFor(POLL);
    await dialog.getByRole('button', { name: 'Lizenz akzeptieren' }).waitFor(POLL);
    await checkAxe(page);
    // Print puts the licence alone (sanitised) into a frame of its own and prints that.
    await dialog.getByRole('button', { name: 'Lizenz drucken' }).click();
    await expect
      .poll(async () => {
        for (const frame of page.frames()) {
          if (frame === page.mainFrame()) continue;
          const text = await frame.locator('h1').textContent({ timeout: 1000 }).catch(() => null);
          if (text) return [text, await frame.locator('script').count(), await frame.locator('body').textContent()];
        }
        return null;
      }, POLL)
      .toEqual([NAME, 0, `${NAME}Bitte freundlich nutzen.`]);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`lets an administrator create, edit and delete a licence in German (${colorScheme})`, async () => {
      const page = await browser.page({ locale: 'de-DE', colorScheme });
      await server.login(page, 'admin');
      await page.goto(`${server.url}/admin/licenses`);
      await page.locator('.admin-pane h2', { hasText: 'Lizenzverwaltung' }).waitFor(POLL);
      // Listed with the other administration panes, after them, not under Datasets.
      const administration = page.getByRole('navigation').getByRole('region', { name: 'Verwaltung' });
      expect(await administration.getByRole('button').allTextContents()).toContain('Lizenzverwaltung');
      expect((await administration.getByRole('button').allTextContents()).at(-1)).toBe('Lizenzverwaltung');
      const table = page.getByRole('table', { name: 'Lizenzen' });
      await table.locator('tbody tr', { hasText: NAME }).waitFor(POLL);
      await checkAxe(page);

      const name = `Nur Forschung ${colorScheme}`;
      await page.getByRole('button', { name: 'Neue Lizenz' }).click();
      const form = page.getByRole('dialog', { name: 'Neue Lizenz' });
      await form.waitFor(POLL);
      // Saving without a name says what is missing.
      await form.getByRole('button', { name: 'Speichern' }).click();
      await form.getByText('Bitte geben Sie einen Namen ein.').waitFor(POLL);
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Beschreibung').fill('Für die Forschung');
      await form.getByLabel(/^Lizenztext \(Deutsch/).fill('<p>Nur für die Forschung.</p>');
      await checkAxe(page);
      await form.getByRole('button', { name: 'Speichern' }).click();
      await page.getByText(`Die Lizenz „${name}“ wurde angelegt.`).waitFor(POLL);
      const row = table.locator('tbody tr', { hasText: name });
      await row.getByRole('cell', { name: 'de_DE' }).waitFor(POLL);

      await row.getByRole('button', { name: `Bearbeiten ${name}` }).click();
      const edit = page.getByRole('dialog', { name: 'Lizenz bearbeiten' });
      await edit.getByLabel('Name').fill(`${name} 2`);
      await edit.getByRole('button', { name: 'Speichern' }).click();
      await page.getByText(`Die Lizenz „${name} 2“ wurde gespeichert.`).waitFor(POLL);
      const renamed = table.locator('tbody tr', { hasText: `${name} 2` });
      await renamed.waitFor(POLL);

      // Delete asks first; Cancel has the focus, so Enter keeps the licence.
      await renamed.getByRole('button', { name: `Löschen ${name} 2` }).click();
      const confirm = page.getByRole('dialog', { name: 'Lizenz löschen?' });
      await confirm.waitFor(POLL);
      await checkAxe(page);
      await page.keyboard.press('Enter');
      await confirm.waitFor({ state: 'hidden', ...POLL });
      await renamed.waitFor(POLL);
      await renamed.getByRole('button', { name: `Löschen ${name} 2` }).click();
      await confirm.getByRole('button', { name: 'Löschen' }).click();
      await page.getByText(`Die Lizenz „${name} 2“ wurde gelöscht.`).waitFor(POLL);
      await renamed.waitFor({ state: 'detached', ...POLL });
    });
  }

  it('keeps the licence administration to administrators', async () => {
    const page = await browser.page();
    await server.login(page, 'regular');
    await page.goto(`${server.url}/admin/licenses`);
    await page.getByText(/403|not allowed|permission/i).first().waitFor(POLL);
    expect(await page.locator('.admin-pane').count()).toBe(0);
  });
});
