import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, useBrowser, useServer, type E2EServer } from './support/index.js';

/** Issue 5 feedback modal: the server's captcha image, all fields required, wrong and right answers, a screenshot. */

const POLL = { timeout: 15_000 };

async function openFeedback(page: Page, server: E2EServer): Promise<Locator> {
  await page.goto(`${server.url}/home`);
  await page.locator('[data-stat="germplasm"]').filter({ hasText: /\d/ }).waitFor(POLL);
  await page.getByRole('button', { name: 'Send feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send feedback' });
  await dialog.waitFor();
  return dialog;
}

/** The uuid of the captcha image shown now, once the browser has loaded it (the server stores its text then). */
async function captchaUuid(dialog: Locator): Promise<string> {
  const image = dialog.locator('.captcha img');
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0), POLL).toBe(true);
  const src = (await image.getAttribute('src')) ?? '';
  const uuid = /^api\/feedback\/([0-9a-f-]{36})$/.exec(src)?.[1];
  expect(uuid, src).toBeDefined();
  return uuid as string;
}

async function captchaText(server: E2EServer, uuid: string): Promise<string> {
  const row = await server.database.db.selectFrom('captchas').select('text').where('uuid', '=', uuid).executeTakeFirstOrThrow();
  return row.text;
}

async function fillForm(dialog: Locator, content: string): Promise<void> {
  await dialog.getByLabel('Type').selectOption('bug');
  await dialog.getByLabel('Severity').selectOption('medium');
  await dialog.getByLabel('Contact email').fill('someone@example.org');
  await dialog.getByLabel('Your feedback').fill(content);
}

describe('feedback modal', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('requires every field, rejects a wrong captcha with a new image, and sends with the right one', async () => {
    const page = await browser.page();
    const dialog = await openFeedback(page, server);
    await expectNoViolations(page);

    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.getByText('All fields have to be completed to submit the feedback form...').waitFor();

    await fillForm(dialog, 'The passport map is empty.');
    const first = await captchaUuid(dialog);
    await dialog.getByLabel('Text in the image').fill('WRONG99');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.getByText('The text you entered does not match the image...').waitFor(POLL);
    // The wrong answer used that captcha up: a new image, and the answer field is empty again.
    const second = await captchaUuid(dialog);
    expect(second).not.toBe(first);
    expect(await dialog.getByLabel('Text in the image').inputValue()).toBe('');

    // "New image" asks for another one without sending anything.
    await dialog.getByRole('button', { name: 'New image' }).click();
    const third = await captchaUuid(dialog);
    expect(third).not.toBe(second);

    // A screenshot goes along (PNG made here).
    const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#00acef' } }).png().toBuffer();
    await dialog.getByLabel(/^Screenshot/).setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: png });
    await dialog.getByLabel('Text in the image').fill((await captchaText(server, third)).toLowerCase());
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Your feedback has been submitted successfully.').waitFor(POLL);
    await dialog.waitFor({ state: 'hidden' });

    const stored = await server.database.db.selectFrom('userfeedback').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ content: 'The passport map is empty.', contact_email: 'someone@example.org', feedback_type: 'bug', severity: 'medium' });
    expect(String(stored[0].page_url)).toBe(`${server.url}/home`);
    expect(stored[0].image?.length ?? 0).toBeGreaterThan(0);
  });

  it('refuses a screenshot that is not PNG or JPEG before sending', async () => {
    const page = await browser.page();
    const dialog = await openFeedback(page, server);
    await dialog.getByLabel(/^Screenshot/).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await dialog.getByText('The screenshot must be a PNG or JPEG image.').waitFor();
  });

  it('opens with Alt+Shift+F and renders in German, axe-clean', async () => {
    const page = await browser.page();
    await page.goto(`${server.url}/home`);
    await page.getByLabel('Language').selectOption('de_DE');
    await page.getByText('Willkommen bei Germinate').waitFor(POLL);
    await page.keyboard.press('Alt+Shift+KeyF');
    const dialog = page.getByRole('dialog', { name: 'Rückmeldung senden' });
    await dialog.getByLabel('Text im Bild').waitFor();
    await dialog.getByRole('option', { name: 'Funktionswunsch' }).waitFor({ state: 'attached' });
    await dialog.getByRole('button', { name: 'Senden', exact: true }).click();
    await dialog.getByText('Alle Felder müssen ausgefüllt werden, um das Rückmeldeformular abzusenden...').waitFor();
    await expectNoViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});

async function expectNoViolations(page: Page): Promise<void> {
  const violations = await axeViolations(page, { include: 'dialog' });
  expect(violations, formatViolations(violations)).toEqual([]);
}
