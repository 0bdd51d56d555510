import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../src/server/auth/passwords.js';
import { axeViolations, formatViolations, passwordOf, storedClientState, useBrowser, useServer, type E2EServer } from './support/index.js';

/**
 * The administrators' panes against the real server: a hidden page reaches other users at once, a
 * user group opens a private dataset to its members, every pane in German is axe-clean, and the
 * settings form refuses an invalid colour with "Some fields in the form are invalid".
 */

// Two cores run this next to other suites: give the UI time rather than fail on a busy machine.
const POLL = { timeout: 15_000 };
const PRIVATE_DATASET = 'E2E private trial';

async function checkAxe(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, formatViolations(violations)).toEqual([]);
}

/** How many datasets named PRIVATE_DATASET the regular user gets from POST dataset/table. */
async function regularSeesPrivate(server: E2EServer): Promise<number> {
  const { token } = await server.token('regular', passwordOf('regular'));
  const response = await fetch(`${server.url}/api/dataset/table`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ page: 0, limit: 10, filter: [{ column: 'datasetName', comparator: 'equals', values: [PRIVATE_DATASET] }] }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { count: number }).count;
}

async function openSettings(page: Page, server: E2EServer): Promise<void> {
  await page.goto(`${server.url}/admin/germinate-settings`);
  await page.getByRole('button', { name: 'Save settings' }).waitFor(POLL);
}

describe('admin panes', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('hides a page: after the administrator saves, a regular user gets the 404 pane for it', async () => {
    const page = await browser.page();
    await server.login(page, 'admin');
    await openSettings(page, server);
    const germplasm = page.getByRole('checkbox', { name: 'Germplasm (germplasm)' });
    expect(await germplasm.isChecked()).toBe(false);
    await germplasm.check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The settings have been saved and apply now.').first().waitFor(POLL);
    // The administrator's own workspace applies it without a reload: the sidebar stops offering the page.
    await expect.poll(() => page.locator('.shell-sidebar').getByRole('button', { name: 'Germplasm', exact: true }).count(), POLL).toBe(0);

    const visitor = await browser.page();
    await server.login(visitor, 'regular');
    await visitor.goto(`${server.url}/data/germplasm`);
    await expect.poll(() => visitor.locator('.refused h2').textContent(), POLL).toBe('Not found (404)');

    // Shown again for the tests that follow.
    await germplasm.uncheck();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(async () => (await fetch(`${server.url}/api/settings`).then((r) => r.json()) as { hiddenPages: string[] }).hiddenPages, POLL).toEqual([]);
  });

  it('opens a private dataset to a regular user through a user group', async () => {
    const db = server.database.db;
    const experiment = await db.insertInto('experiments').values({ experiment_name: 'E2E experiment' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('datasets').values({ experiment_id: experiment.id, name: PRIVATE_DATASET, dataset_state_id: 2, datasettype_id: 3 }).execute();
    expect(await regularSeesPrivate(server)).toBe(0);

    const page = await browser.page();
    await server.login(page, 'admin');
    await page.goto(`${server.url}/admin/user-permissions`);
    await page.getByRole('tab', { name: 'User groups' }).click();
    await page.getByRole('button', { name: 'New user group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New user group' });
    await dialog.getByLabel('Name').fill('Breeders');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Members of Breeders' }).click();
    const members = page.getByRole('region', { name: 'Members of the user group “Breeders”' });
    const memberSelect = members.getByLabel('Add a member');
    const regular = await memberSelect.locator('option', { hasText: 'regular' }).getAttribute('value');
    await memberSelect.selectOption(regular ?? '');
    await members.getByRole('button', { name: 'Add', exact: true }).click();
    await members.getByRole('cell', { name: 'regular', exact: true }).waitFor(POLL);
    // Membership alone gives nothing yet.
    expect(await regularSeesPrivate(server)).toBe(0);

    await page.getByRole('tab', { name: 'Dataset permissions' }).click();
    await page.getByLabel('Dataset name contains').fill('E2E private');
    await page.getByRole('button', { name: `Choose ${PRIVATE_DATASET}` }).click();
    const permissions = page.getByRole('region', { name: `Permissions for the dataset “${PRIVATE_DATASET}”` });
    await permissions.getByRole('tab', { name: 'Group permissions', selected: true }).waitFor(POLL);
    await permissions.getByLabel('Give a user group access').selectOption({ label: 'Breeders' });
    await permissions.getByRole('button', { name: 'Add', exact: true }).click();
    await permissions.getByRole('cell', { name: 'Breeders', exact: true }).waitFor(POLL);
    expect(await regularSeesPrivate(server)).toBe(1);
    // The tab, dataset and group are view state (in the URL's layout): a reload comes back to them.
    await page.reload();
    await page.getByRole('region', { name: `Permissions for the dataset “${PRIVATE_DATASET}”` }).getByRole('cell', { name: 'Breeders', exact: true }).waitFor(POLL);
  });

  it('renders every admin pane in German without serious axe violations', async () => {
    const now = new Date().toISOString();
    await server.database.db
      .insertInto('userfeedback')
      .values({ content: 'Die Karte lädt nicht.', page_url: `${server.url}/data/germplasm`, contact_email: 'leser@example.org', feedback_type: 'bug', severity: 'high', created_on: now, updated_on: now })
      .execute();
    await server.database.db
      .insertInto('audit_log')
      .values({ user_id: null, username: 'admin', action: 'e2e.check', target: 'settings', details: JSON.stringify({ pdciEnabled: false }), created_on: now })
      .execute();
    const page = await browser.page();
    const admin = await server.login(page, 'admin');
    await page.goto(`${server.url}/home`);
    await page.getByLabel('Language').selectOption('de_DE');
    await page.getByText('Willkommen bei Germinate').waitFor(POLL);
    // The next pages are loaded afresh: they read the locale from storage, where the store writes it after a short debounce.
    await expect.poll(() => storedClientState(page, admin.id), POLL).toMatchObject({ locale: 'de_DE' });

    await page.goto(`${server.url}/admin/germinate-settings`);
    await page.locator('.admin-pane h2', { hasText: 'Germinate-Einstellungen' }).waitFor(POLL);
    await page.getByRole('button', { name: 'Einstellungen speichern' }).waitFor(POLL);
    await checkAxe(page);

    await page.goto(`${server.url}/admin/user-permissions`);
    await page.locator('.admin-pane h2', { hasText: 'Benutzerberechtigungen' }).waitFor(POLL);
    for (const tab of ['Datensatzberechtigungen', 'Benutzergruppen', 'Zugangsanfragen', 'Benutzer']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.getByRole('tab', { name: tab, exact: true, selected: true }).waitFor(POLL);
      await page.locator('[role="tabpanel"] caption').first().waitFor(POLL);
      await checkAxe(page);
    }
    // Arrow keys move between the tabs (APG tabs pattern).
    await page.getByRole('tab', { name: 'Benutzer', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Datensatzberechtigungen', exact: true, selected: true }).waitFor(POLL);

    await page.goto(`${server.url}/admin/user-feedback`);
    await page.locator('.admin-pane h2', { hasText: 'Nutzer-Feedback' }).waitFor(POLL);
    await page.getByText('Ungelesen').first().waitFor(POLL);
    await checkAxe(page);
    await page.getByRole('button', { name: /^Feedback \d+ lesen$/ }).first().click();
    await page.locator('.admin-detail dd', { hasText: 'Die Karte lädt nicht.' }).waitFor(POLL);
    // Opening it marks it read.
    await expect.poll(() => page.getByText('Ungelesen').count(), POLL).toBe(0);
    await checkAxe(page);

    await page.goto(`${server.url}/admin/audit-log`);
    await page.locator('.admin-pane h2', { hasText: 'Änderungsprotokoll' }).waitFor(POLL);
    await page.getByRole('cell', { name: 'e2e.check', exact: true }).waitFor(POLL);
    await checkAxe(page);
    // Filtered by action, only matching entries stay.
    await page.getByLabel('Aktion enthält').fill('e2e.');
    await page.getByLabel('Aktion enthält').press('Enter');
    await expect.poll(() => page.locator('.ui-table tbody tr').count(), POLL).toBe(1);
    await page.getByRole('cell', { name: '{"pdciEnabled":false}' }).waitFor(POLL);
  });

  it('refuses an invalid colour with the form message and marks the field', async () => {
    const page = await browser.page();
    await server.login(page, 'admin');
    await openSettings(page, server);
    const colour = page.getByRole('textbox', { name: 'Template colours: colour 1', exact: true });
    await colour.fill('#12');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Some fields in the form are invalid.').waitFor(POLL);
    expect(await colour.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Enter a colour as #rrggbb or #rgb.').waitFor(POLL);
    // Nothing was stored.
    const stored = await server.database.db.selectFrom('settings').select('value').where('key', '=', 'colorsTemplate').executeTakeFirst();
    expect(stored?.value ?? '').not.toContain('#12"');
    await checkAxe(page);
  });

  it('approves an access request, then makes the new user a data curator', async () => {
    const now = new Date().toISOString();
    await server.database.db
      .insertInto('access_requests')
      .values({
        kind: 'new', user_id: null, username: 'newcomer', username_key: 'newcomer', full_name: 'Nia Newcomer', email: 'nia@example.org',
        email_key: 'nia@example.org', password_hash: await hashPassword(passwordOf('newcomer')), institution_id: null, locale: 'en_GB',
        decided_on: null, decided_by: null, created_on: now, updated_on: now,
      })
      .execute();
    await expect(server.token('newcomer', passwordOf('newcomer'))).rejects.toThrow();

    const page = await browser.page();
    await server.login(page, 'admin');
    await page.goto(`${server.url}/admin/user-permissions`);
    await page.getByRole('tab', { name: 'Access requests' }).click();
    await page.getByRole('button', { name: 'Approve newcomer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve access request' });
    await dialog.getByRole('button', { name: 'Yes, approve' }).click();
    // Decided requests leave the pending list.
    await page.getByText('No access requests.').waitFor(POLL);
    expect((await server.token('newcomer', passwordOf('newcomer'))).userType).toBe('Regular User');

    await page.getByRole('tab', { name: 'Users', exact: true }).click();
    await page.getByRole('cell', { name: 'Administrator (you)' }).waitFor(POLL);
    await page.getByLabel('Role of Nia Newcomer (newcomer)').selectOption('Data Curator');
    await page.getByRole('button', { name: 'Apply role of Nia Newcomer (newcomer)' }).click();
    await page.getByText('Nia Newcomer (newcomer) is now: Data curator.').first().waitFor(POLL);
    expect((await server.token('newcomer', passwordOf('newcomer'))).userType).toBe('Data Curator');
  });

  it('shows the screenshot sent with feedback through the session image token', async () => {
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2f6f3e' } }).png().toBuffer();
    const now = new Date().toISOString();
    const row = await server.database.db
      .insertInto('userfeedback')
      .values({ content: 'See the screenshot.', image, page_url: `${server.url}/home`, contact_email: 'shot@example.org', feedback_type: 'general', severity: 'low', created_on: now, updated_on: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const page = await browser.page();
    await server.login(page, 'admin');
    await page.goto(`${server.url}/admin/user-feedback`);
    await page.getByRole('button', { name: `Read feedback ${row.id}` }).click();
    const screenshot = page.getByRole('img', { name: `Screenshot sent with feedback ${row.id}` });
    await screenshot.waitFor(POLL);
    await expect.poll(() => screenshot.evaluate((img) => (img as HTMLImageElement).naturalWidth), POLL).toBe(40);

    await page.getByRole('button', { name: `Delete feedback ${row.id}` }).last().click();
    await page.getByRole('dialog', { name: 'Delete feedback' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('The feedback has been deleted.').first().waitFor(POLL);
    expect(await server.database.db.selectFrom('userfeedback').select('id').where('id', '=', row.id).executeTakeFirst()).toBeUndefined();
  });
});
