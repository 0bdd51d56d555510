import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '../src/core/session.js';
import { axeViolations, formatViolations, passwordOf, useBrowser, useServer, waitForNoNetwork, type E2EServer } from './support/index.js';

/** Issue 5 accounts in the browser: login and logout, the API token, registration and its approval. */

const POLL = { timeout: 15_000 };
const run = promisify(execFile);

async function loginThroughPane(page: Page, server: E2EServer, username: string, password: string): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
}

async function expectNoViolations(page: Page, include?: string): Promise<void> {
  const violations = await axeViolations(page, include ? { include } : {});
  expect(violations, formatViolations(violations)).toEqual([]);
}

async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog', { name: 'Command palette' }).waitFor();
  await page.keyboard.type(title);
  await page.getByRole('option', { name: new RegExp(title, 'i') }).first().waitFor();
  await page.keyboard.press('Enter');
}

describe('accounts (SELECTIVE, registration with approval)', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));
  beforeAll(async () => {
    await server.app.settings.write({ registrationEnabled: true, gatekeeperRegistrationRequiresApproval: true }, new Date());
  });

  it('logs in through the pane, shows who is logged in, and logs out again', async () => {
    const page = await browser.page();
    await loginThroughPane(page, server, 'regular', 'wrong-password-1');
    await page.getByText('Invalid username or password').first().waitFor();
    await page.getByLabel('Password').fill(passwordOf('regular'));
    await page.getByLabel('Password').press('Enter');
    const logout = page.getByRole('button', { name: 'Log out regular' });
    await logout.waitFor(POLL);
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toContain('"username":"regular"');
    await logout.click();
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor(POLL);
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();
  });

  it('shows the API token with an example that works against the API as shown', async () => {
    const page = await browser.page();
    await server.login(page, 'regular');
    await page.goto(`${server.url}/home`);
    await page.getByRole('button', { name: 'API token' }).click();
    const dialog = page.getByRole('dialog', { name: 'API token' });
    await dialog.waitFor();
    const token = await dialog.getByLabel('Token').inputValue();
    expect(token.length).toBeGreaterThan(10);
    await expectNoViolations(page, 'dialog');

    // The token from the modal, used from Node: the API answers as the logged-in user.
    const response = await fetch(`${server.url}/api/germplasm/table`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ page: 0, limit: 5 }),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { data: unknown[]; count: number };
    expect(answer.data).toHaveLength(5);

    // The example itself, run by a shell exactly as the modal shows it.
    const example = (await dialog.getByTestId('session-token-example').textContent()) ?? '';
    expect(example).toContain(`Bearer ${token}`);
    expect(example).toContain(`${server.url}/api/germplasm/table`);
    const { stdout } = await run('sh', ['-c', `${example} --silent --show-error`]);
    expect((JSON.parse(stdout) as { data: unknown[] }).data).toHaveLength(5);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('registers a new account that waits for approval, and the new user logs in once an administrator approved it', async () => {
    const page = await browser.page();
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Register' });
    await dialog.waitFor();
    // Nothing filled in: the missing-fields message, nothing sent.
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    await dialog.getByText('Please fill in all fields').waitFor();

    await dialog.getByLabel('Username').fill('newbie');
    await dialog.getByLabel('Full name').fill('New Bie');
    await dialog.getByLabel('Email address').fill('newbie@example.org');
    await dialog.getByLabel('Password', { exact: true }).fill('a');
    await dialog.getByText('Too guessable').waitFor(POLL);
    const password = 'Quiet-Lantern-Harbour-81';
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByText(/Safely unguessable|Very unguessable/).waitFor(POLL);
    await dialog.getByLabel('Confirm password').fill(password);
    await dialog.getByLabel('Institution', { exact: true }).selectOption({ label: 'My institution is not listed' });
    await dialog.getByLabel('Institution name').fill('James Hutton Institute');
    await dialog.getByLabel('Acronym').fill('JHI');
    await dialog.getByLabel('Address', { exact: true }).fill('Invergowrie, Dundee');
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    await dialog.getByText('Please fill in all fields').waitFor(); // the terms are not accepted yet
    await dialog.getByLabel(/I accept the terms/).check();
    await expectNoViolations(page, 'dialog');
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Your registration request has been sent.', { exact: false }).waitFor(POLL);
    await dialog.waitFor({ state: 'hidden' });

    // Pending: the account does not exist yet.
    await page.getByLabel('Username').fill('newbie');
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Password').press('Enter');
    await page.getByText('Invalid username or password').first().waitFor(POLL);

    // Registering the same name again: the server's reason phrase, translated, in the form.
    await page.getByRole('button', { name: 'Request access with an existing account' }).click();
    const again = page.getByRole('dialog', { name: 'Register' });
    await again.getByRole('radio', { name: 'Register' }).check();
    await again.getByLabel('Username').fill('NEWBIE');
    await again.getByLabel('Full name').fill('Other');
    await again.getByLabel('Email address').fill('other@example.org');
    await again.getByLabel('Password', { exact: true }).fill(password);
    await again.getByLabel('Confirm password').fill(password);
    await again.getByLabel('Institution', { exact: true }).selectOption({ label: 'James Hutton Institute (JHI)' });
    await again.getByLabel(/I accept the terms/).check();
    await again.getByRole('button', { name: 'Register', exact: true }).click();
    await again.getByText('This username or email address is already in use.').waitFor(POLL);
    await page.keyboard.press('Escape');

    // An administrator approves it through the API.
    const admin = await server.token('admin', passwordOf('admin'));
    const headers = { Authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' };
    const table = await fetch(`${server.url}/api/user/request/table`, { method: 'POST', headers, body: JSON.stringify({ page: 0, limit: 10 }) });
    const rows = ((await table.json()) as { data: { requestId: number; username: string; status: string }[] }).data;
    const pending = rows.find((row) => row.username === 'newbie');
    expect(pending?.status).toBe('pending');
    const decision = await fetch(`${server.url}/api/user/request/${pending?.requestId}/decision`, { method: 'POST', headers, body: JSON.stringify({ approve: true }) });
    expect(decision.status).toBe(200);

    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('button', { name: 'Log out newbie' }).waitFor(POLL);
  });

  it('asks for access with an existing (suspended) account', async () => {
    const admin = await server.token('admin', passwordOf('admin'));
    const headers = { Authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' };
    const users = (await (await fetch(`${server.url}/api/user`, { headers })).json()) as { id: number; username: string }[];
    const curator = users.find((user) => user.username === 'curator');
    await fetch(`${server.url}/api/user/${curator?.id}`, { method: 'PATCH', headers, body: JSON.stringify({ userType: 'Suspended User' }) });

    const page = await browser.page();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username').waitFor();
    await runCommand(page, 'Register');
    const dialog = page.getByRole('dialog', { name: 'Register' });
    await dialog.getByRole('radio', { name: 'Request access with an existing account' }).check();
    await dialog.getByLabel('Username').fill('curator');
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Request access' }).click();
    await dialog.getByText('Invalid username or password').waitFor(POLL);
    await dialog.getByLabel('Password').fill(passwordOf('curator'));
    await dialog.getByRole('button', { name: 'Request access' }).click();
    await page.getByText('Your access request has been generated.', { exact: false }).waitFor(POLL);
    // A refused request must not have ended anything or left the login page.
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('renders the login links, the registration modal and the token modal in German, axe-clean', async () => {
    const page = await browser.page({ locale: 'de-DE' });
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Language').selectOption('de_DE');
    await page.getByRole('button', { name: 'Zugang mit einem bestehenden Konto beantragen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrieren' });
    await dialog.getByRole('button', { name: 'Zugang beantragen' }).waitFor();
    await dialog.getByRole('radio', { name: 'Registrieren' }).check();
    await dialog.getByText('Passwortstärke:').waitFor();
    await expectNoViolations(page, 'dialog');
    await page.keyboard.press('Escape');
    await expectNoViolations(page);

    // The language is kept per user: the logged-in user chooses German too.
    await server.login(page, 'regular');
    await page.goto(`${server.url}/home`);
    await page.getByLabel('Language').selectOption('de_DE');
    await page.getByRole('button', { name: 'API-Token' }).click();
    await page.getByRole('dialog', { name: 'API-Token' }).getByText('Beispiel: die ersten fünf Keimplasma-Zeilen').waitFor();
    await expectNoViolations(page, 'dialog');
  });
});

describe('accounts (FULL)', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started), { authMode: 'FULL' });

  it('returns to the remembered target after login, and logging out goes back to the login page', async () => {
    const page = await browser.page();
    await page.goto(`${server.url}/data/germplasm`);
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe('/login');
    // No registration unless the administrator enables it.
    expect(await page.getByRole('button', { name: 'Register', exact: true }).count()).toBe(0);
    await page.getByLabel('Username').fill('regular');
    await page.getByLabel('Password').fill(passwordOf('regular'));
    await page.getByLabel('Password').press('Enter');
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe('/data/germplasm');
    await page.getByRole('button', { name: 'Log out regular' }).click();
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe('/login');
  });

  it('sends an expired session to the login page on its next call', async () => {
    const page = await browser.page();
    await server.login(page, 'regular');
    await page.goto(`${server.url}/home`);
    await page.getByRole('button', { name: 'Log out regular' }).waitFor(POLL);
    await waitForNoNetwork(page);
    // The server forgets the token (as when it expires there): the next call answers 401.
    await server.database.db.deleteFrom('tokens').execute();
    await page.getByRole('button', { name: 'Germplasm', exact: true }).first().click();
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe('/login');
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();
  });
});
