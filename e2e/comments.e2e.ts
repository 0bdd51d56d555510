import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, useBrowser, useServer, type E2EServer } from './support/index.js';

/** Comments on a germplasm passport in Chromium against the real server and its demo data. */

const POLL = { timeout: 10_000 };

/** The id of the n-th demo germplasm: each test comments on its own passport. */
async function germplasmId(server: E2EServer, n: number): Promise<number> {
  const response = await fetch(`${server.url}/api/germplasm/table`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: 0, limit: n + 1 }),
  });
  return ((await response.json()) as { data: { germplasmId: number }[] }).data[n].germplasmId;
}

/** The passport's comments section, found by its heading. */
const section = (page: Page, name = 'Comments') => page.getByRole('region', { name, exact: true });

async function openPassport(page: Page, server: E2EServer, id: number, heading = 'Comments'): Promise<void> {
  await page.goto(`${server.url}/data/germplasm/${id}`);
  await page.getByRole('heading', { level: 3, name: heading, exact: true }).waitFor();
  // The list has loaded once the loading text is gone.
  await expect.poll(() => section(page, heading).getByRole('status').count(), POLL).toBe(0);
}

/** Today as the client writes dates (DD/MM/YYYY), in the browser's zone. */
const today = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
  });

describe('passport comments', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));
  beforeAll(async () => {
    // Comments show the author's full name.
    await server.database.db.updateTable('users').set({ full_name: 'Regina Regular' }).where('username', '=', 'regular').execute();
  });

  it('lets a user add a comment that shows with their name, that others cannot delete, and that its author deletes', async () => {
    const id = await germplasmId(server, 0);
    const text = `Seed lot re-counted <b>not bold</b> ${Date.now()}`;

    const page = await browser.page();
    await server.login(page, 'regular');
    await openPassport(page, server, id);
    const comments = section(page);
    await comments.getByText('No comments yet.').waitFor();
    const violations = await axeViolations(page, { include: '.germplasm-passport' });
    expect(violations, formatViolations(violations)).toEqual([]);

    await comments.getByLabel('Your comment').fill(text);
    await comments.getByRole('button', { name: 'Add comment' }).click();
    const row = comments.getByRole('row').filter({ hasText: 'Seed lot re-counted' });
    await row.waitFor();
    const date = await today(page);
    expect(await row.getByRole('cell').allTextContents()).toEqual(['Regina Regular', date, text, 'Delete']);
    // User text is text: the markup in it is shown, not rendered.
    expect(await comments.locator('b').count()).toBe(0);
    expect(await comments.getByLabel('Your comment').inputValue()).toBe('');
    const withComment = await axeViolations(page, { include: '.germplasm-passport' });
    expect(withComment, formatViolations(withComment)).toEqual([]);

    // Another user sees it, with no way to delete it; the server refuses too.
    const other = await browser.page();
    const curator = await server.login(other, 'curator');
    await openPassport(other, server, id);
    const seen = section(other).getByRole('row').filter({ hasText: 'Seed lot re-counted' });
    await seen.waitFor();
    expect(await seen.getByRole('button').count()).toBe(0);
    const [stored] = (
      (await (
        await fetch(`${server.url}/api/comment/table`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ filter: [{ column: 'commentForeignId', comparator: 'equals', values: [id] }] }),
        })
      ).json()) as { data: { commentId: number }[] }
    ).data;
    const refused = await fetch(`${server.url}/api/comment/${stored.commentId}`, { method: 'DELETE', headers: { authorization: `Bearer ${curator.token}` } });
    expect(refused.status).toBe(404);

    // An anonymous visitor reads it and is asked to log in to write.
    const anonymous = await browser.page();
    await openPassport(anonymous, server, id);
    await section(anonymous).getByRole('row').filter({ hasText: 'Seed lot re-counted' }).waitFor();
    await section(anonymous).getByText('Log in to add a comment.').waitFor();
    expect(await section(anonymous).getByRole('textbox').count()).toBe(0);

    // The author deletes it, by keyboard.
    const remove = row.getByRole('button', { name: `Delete the comment by Regina Regular of ${date}` });
    await remove.focus();
    await page.keyboard.press('Enter');
    await comments.getByText('No comments yet.').waitFor();
    await page.getByText('The comment has been deleted.').first().waitFor();
  });

  it('lets an administrator delete anyone’s comment', async () => {
    const id = await germplasmId(server, 1);
    const page = await browser.page();
    await server.login(page, 'regular');
    await openPassport(page, server, id);
    await section(page).getByLabel('Your comment').fill('Moderate me');
    await section(page).getByRole('button', { name: 'Add comment' }).click();
    await section(page).getByRole('row').filter({ hasText: 'Moderate me' }).waitFor();

    const admin = await browser.page();
    await server.login(admin, 'admin');
    await openPassport(admin, server, id);
    const row = section(admin).getByRole('row').filter({ hasText: 'Moderate me' });
    await row.getByRole('button', { name: /^Delete the comment by Regina Regular/ }).click();
    await section(admin).getByText('No comments yet.').waitFor();
  });

  it('renders the section in German', async () => {
    const id = await germplasmId(server, 2);
    const page = await browser.page();
    await server.login(page, 'regular');
    await openPassport(page, server, id);
    await page.getByLabel('Language').selectOption('de_DE');
    // The open passport re-renders in the new language.
    await page.getByRole('heading', { level: 3, name: 'Kommentare', exact: true }).waitFor();
    const comments = section(page, 'Kommentare');
    await comments.getByText('Noch keine Kommentare.').waitFor();
    await comments.getByLabel('Ihr Kommentar').fill('Saatgut neu gezählt');
    await comments.getByRole('button', { name: 'Kommentar hinzufügen' }).click();
    const row = comments.getByRole('row').filter({ hasText: 'Saatgut neu gezählt' });
    await row.getByRole('button', { name: /^Löschen: Kommentar von Regina Regular vom \d\d\/\d\d\/\d{4}$/ }).waitFor();
    expect(await comments.getByRole('columnheader').allTextContents()).toEqual(['Verfasser', 'Datum', 'Kommentar', 'Aktionen']);
    const violations = await axeViolations(page, { include: '.germplasm-passport' });
    expect(violations, formatViolations(violations)).toEqual([]);
    await row.getByRole('button').click();
    await comments.getByText('Noch keine Kommentare.').waitFor();
  });

  it('hides the section while comments are switched off', async () => {
    const id = await germplasmId(server, 3);
    await server.app.settings.write({ commentsEnabled: false }, new Date());
    try {
      const page = await browser.page();
      await server.login(page, 'regular');
      await page.goto(`${server.url}/data/germplasm/${id}`);
      await page.getByRole('heading', { level: 3, name: 'Multi-crop passport descriptors (MCPD)' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Comments' }).count()).toBe(0);
      expect(await page.getByLabel('Your comment').count()).toBe(0);
    } finally {
      await server.app.settings.write({ commentsEnabled: true }, new Date());
    }
  });
});
