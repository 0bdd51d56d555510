import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { SESSION_STORAGE_KEY } from '../src/core/session.js';
import { axeViolations, formatViolations, ROOT, useBrowser } from './support/index.js';

/**
 * The first-run wizard against the built server as an administrator starts it (`node dist/server/main.mjs
 * --setup`, nothing configured): the browser lands on /setup, checks an SQLite file, leaves the user-access
 * tool off, creates the first administrator and completes; the same server then runs Germinate.
 */

const POLL = { timeout: 30_000 };
const SERVER = path.join(ROOT, 'dist/server/main.mjs');
const ALREADY = 'Germinate has already been configured successfully.';
const PASSWORD = 'Quiet-Harbour-Lantern-47';

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Waits (outside a test, so vi.waitFor rather than expect.poll) until `target` answers `status`, or fails
 * as soon as `stopped` rejects (the server process exited).
 */
async function waitForStatus(target: string, status: number, stopped: Promise<never>): Promise<void> {
  const answered = vi.waitFor(
    async () => {
      const actual = await fetch(target).then((r) => r.status, () => 0);
      if (actual !== status) throw new Error(`${target} answered ${actual || 'nothing'}, not ${status}, within ${POLL.timeout} ms`);
    },
    { timeout: POLL.timeout, interval: 100 },
  );
  await Promise.race([answered, stopped]);
}

async function expectAxeClean(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, formatViolations(violations)).toEqual([]);
}

describe('first-run setup (npm start -- --setup)', () => {
  const browser = useBrowser();
  let child: ChildProcess;
  let dataDir: string;
  let url: string;
  let output = '';

  beforeAll(async () => {
    if (!fs.existsSync(SERVER)) throw new Error(`${SERVER} is missing: build first (node build.mjs)`);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-e2e-setup-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' };
    // Setup mode is only for a server that nothing configured.
    delete env.DATABASE_URL;
    delete env.DATABASE_SCHEMA;
    child = spawn(process.execPath, [SERVER, '--setup'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const stopped = new Promise<never>((_resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the server stopped (${code}):\n${output}`)));
    });
    // Only this wait listens for the exit; the normal stop in afterAll must not become an unhandled rejection.
    stopped.catch(() => undefined);
    await waitForStatus(`${url}/api/settings`, 503, stopped);
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lands on /setup, checks an SQLite file, creates the administrator, and then Germinate runs', async () => {
    const page = await browser.page();
    await page.goto(`${url}/`);
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe('/setup');
    await page.getByRole('heading', { name: 'Set up Germinate' }).waitFor(POLL);
    const complete = page.getByRole('button', { name: 'Complete setup' });
    expect(await complete.isDisabled()).toBe(true);
    await expectAxeClean(page);

    // Database: a path below a file is refused with the server's text; a real path passes (Enter checks).
    const database = page.getByRole('region', { name: 'Database' });
    expect(await database.getByLabel('SQLite file on this server').isChecked()).toBe(true);
    const blocker = path.join(dataDir, 'not-a-folder');
    fs.writeFileSync(blocker, 'a file, not a directory');
    const file = database.getByLabel('SQLite file', { exact: true });
    await file.fill(path.join(blocker, 'germinate.sqlite'));
    await database.getByRole('button', { name: 'Check' }).click();
    await database.getByText('Invalid database details provided.').waitFor(POLL);
    const chosen = path.join(dataDir, 'wizard', 'germinate.sqlite');
    await file.fill(chosen);
    await file.press('Enter');
    await database.getByText('The database can be used.').waitFor(POLL);

    // The user-access tool stays off: Germinate's own accounts.
    const access = page.getByRole('region', { name: 'User-access tool' });
    expect(await access.getByLabel('Use an external user-access tool').isChecked()).toBe(false);
    await access.getByText('Germinate manages the accounts itself.').waitFor();

    // The first administrator: a weak password is shown as such and keeps Complete disabled.
    const admin = page.getByRole('region', { name: 'First administrator' });
    await admin.getByLabel('Username').fill('chief');
    await admin.getByLabel('Full name').fill('Chief Curator');
    await admin.getByLabel('Email address').fill('chief@example.org');
    await admin.getByLabel('Password', { exact: true }).fill('password');
    await admin.getByLabel('Confirm the password').fill('password');
    await admin.getByText('Too guessable').waitFor(POLL);
    expect(await complete.isDisabled()).toBe(true);
    await admin.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await admin.getByText('The passwords do not match.').waitFor(POLL);
    await admin.getByLabel('Confirm the password').fill(PASSWORD);
    await admin.getByText(/Safely unguessable|Very unguessable/).waitFor(POLL);
    await admin.getByText("The administrator's details are complete.").waitFor(POLL);
    await expect.poll(() => complete.isEnabled(), POLL).toBe(true);
    await expectAxeClean(page);

    // A confirmation first: Escape backs out, the second time it goes through.
    await complete.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Complete the setup?' });
    await dialog.waitFor(POLL);
    await expectAxeClean(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', ...POLL });
    expect(fs.existsSync(path.join(dataDir, 'config.json'))).toBe(false);
    await complete.click();
    await dialog.getByRole('button', { name: 'Complete setup' }).click();

    // The server switches to Germinate on the same port (loading the demo data first), and the wizard goes home.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 60_000 }).toBe('/home');
    await page.getByRole('region', { name: 'Home' }).waitFor(POLL);
    await page.locator('[data-stat="germplasm"]').filter({ hasText: /\d/ }).waitFor(POLL);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'config.json'), 'utf8'))).toEqual({ database: { type: 'sqlite', file: chosen } });
    expect(fs.existsSync(chosen)).toBe(true);

    // The administrator logs in.
    await page.goto(`${url}/login`);
    await page.getByLabel('Username').fill('chief');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('button', { name: 'Log out chief' }).waitFor(POLL);
    await page.getByRole('region', { name: 'Home' }).waitFor(POLL);
    const session = await page.evaluate((key) => window.localStorage.getItem(key), SESSION_STORAGE_KEY);
    expect(JSON.parse(session ?? '{}')).toMatchObject({ username: 'chief', userType: 'Administrator' });
  });

  it('refuses the setup calls once configured, and /setup says so', async () => {
    const store = await fetch(`${url}/api/setup/store`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(store.status).toBe(503);
    expect(((await store.json()) as { message: string }).message).toBe(ALREADY);
    expect((await fetch(`${url}/api/setup/check`)).status).toBe(503);
    expect((await fetch(`${url}/api/settings`)).status).toBe(200);

    const page = await browser.page();
    await page.goto(`${url}/setup`);
    await page.getByText(ALREADY).waitFor(POLL);
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Go to the home page' }).click();
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe('/home');
  });
});
