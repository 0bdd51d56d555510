import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth/tokens.js';
import { coreTasks } from '../../src/server/core-tasks.js';
import { CAPTCHA_TTL_MS } from '../../src/server/feedback/captcha.js';
import { FEEDBACK_KEEP_AFTER_READ_MS } from '../../src/server/feedback/feedback.js';
import type { TaskContext } from '../../src/server/tasks.js';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

interface FeedbackRow {
  id: number;
  content: string;
  pageUrl: string;
  userId?: number;
  contactEmail: string;
  feedbackType: string;
  severity: string;
  isNew: boolean;
  hasImage: boolean;
  readOn?: string;
  createdOn: string;
  updatedOn: string;
}

describe.each(testDialects())('feedback on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  let regular: string;
  let adminImageToken: string;
  let regularImageToken: string;
  const db = () => server.db.database.db;

  beforeAll(async () => {
    server = await startServer(dialect);
    admin = await server.login('admin', passwordOf('admin'));
    regular = await server.login('regular', passwordOf('regular'));
    const tokens = async (username: string) => {
      const response = await server.api('POST', 'token', { body: { username, password: passwordOf(username) } });
      return ((await response.json()) as { imageToken: string }).imageToken;
    };
    adminImageToken = await tokens('admin');
    regularImageToken = await tokens('regular');
  });
  afterAll(async () => server?.close());

  /** Asks for a captcha image and reads its answer where any server process would: the captchas table. */
  async function captcha(uuid = randomUUID()): Promise<{ uuid: string; text: string }> {
    const response = await server.api('GET', `feedback/${uuid}`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const row = await db().selectFrom('captchas').select('text').where('uuid', '=', uuid).executeTakeFirstOrThrow();
    return { uuid, text: row.text };
  }

  const form = (fields: Record<string, string>, image?: { bytes: Buffer; type: string; name: string }) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.append(key, value);
    if (image) data.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
    return data;
  };
  const fields = (captchaText: string, extra: Record<string, string> = {}) => ({
    captcha: captchaText,
    content: 'The passport page shows no map.',
    pageUrl: 'http://localhost/data/germplasm/1',
    contactEmail: 'someone@example.org',
    feedbackType: 'bug',
    severity: 'medium',
    ...extra,
  });
  const submit = (uuid: string, body: FormData, token?: string) =>
    fetch(`${server.url}/api/feedback/${uuid}`, { method: 'POST', body, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const table = async (token: string) => {
    const response = await server.api('POST', 'feedback/table', { token, body: { page: 0, limit: 100, orderBy: 'id', ascending: 1 } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: FeedbackRow[]; count: number }).data;
  };
  const feedbackCount = async () => Number((await db().selectFrom('userfeedback').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('draws the captcha as a 200×50 PNG of 7 unambiguous characters and keeps the answer in the database', async () => {
    const uuid = randomUUID();
    const response = await server.api('GET', `feedback/${uuid}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 200, 50]);
    const row = await db().selectFrom('captchas').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect(row.text).toMatch(/^[A-Z0-9]{7}$/);
    expect(row.text).not.toMatch(/[0O1IL2Z5S8B6G]/);
    expect(bytes.includes(Buffer.from(row.text))).toBe(false);
  });

  it('refuses a captcha id that is not a UUID', async () => {
    const response = await server.api('GET', 'feedback/not-a-uuid');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { reasonPhrase: string }).reasonPhrase).toBe('BAD_REQUEST_INVALID_PAYLOAD');
  });

  it('answers a wrong captcha with 404 NOT_FOUND_CAPTCHA and uses it up, so the right answer fails afterwards', async () => {
    const { uuid, text } = await captcha();
    const before = await feedbackCount();
    const wrong = await submit(uuid, form(fields('WRONG77')));
    expect(wrong.status).toBe(404);
    expect(((await wrong.json()) as { reasonPhrase: string }).reasonPhrase).toBe('NOT_FOUND_CAPTCHA');
    expect(await db().selectFrom('captchas').select('uuid').where('uuid', '=', uuid).executeTakeFirst()).toBeUndefined();
    const late = await submit(uuid, form(fields(text)));
    expect(late.status).toBe(404);
    expect(await feedbackCount()).toBe(before);
    const unknown = await submit(randomUUID(), form(fields(text)));
    expect(unknown.status).toBe(404);
  });

  it('stores feedback with the right captcha (any case), once: the captcha cannot be reused', async () => {
    const { uuid, text } = await captcha();
    const before = await feedbackCount();
    const ok = await submit(uuid, form(fields(` ${text.toLowerCase()} `)), regular);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('');
    expect(await feedbackCount()).toBe(before + 1);
    const again = await submit(uuid, form(fields(text)));
    expect(again.status).toBe(404);
    const rows = await table(admin);
    const row = rows[rows.length - 1];
    const regularId = (await db().selectFrom('users').select('id').where('username', '=', 'regular').executeTakeFirstOrThrow()).id;
    expect(row).toMatchObject({
      content: 'The passport page shows no map.', pageUrl: 'http://localhost/data/germplasm/1', contactEmail: 'someone@example.org',
      feedbackType: 'bug', severity: 'medium', isNew: true, hasImage: false, userId: regularId,
    });
    expect(row.readOn).toBeUndefined();
    expect(Date.parse(row.createdOn)).toBeGreaterThan(0);
  });

  it('needs every field: 400 BAD_REQUEST_MISSING_FIELDS, and the captcha stays usable', async () => {
    const { uuid, text } = await captcha();
    for (const name of ['captcha', 'content', 'pageUrl', 'contactEmail', 'feedbackType', 'severity']) {
      const incomplete = fields(text);
      delete (incomplete as Record<string, string>)[name];
      const missing = await submit(uuid, form(incomplete));
      expect(missing.status, name).toBe(400);
      expect(((await missing.json()) as { reasonPhrase: string }).reasonPhrase).toBe('BAD_REQUEST_MISSING_FIELDS');
      const blank = await submit(uuid, form({ ...fields(text), [name]: '   ' }));
      expect(blank.status, name).toBe(400);
      expect(((await blank.json()) as { reasonPhrase: string }).reasonPhrase).toBe('BAD_REQUEST_MISSING_FIELDS');
    }
    const email = await submit(uuid, form(fields(text, { contactEmail: 'not an email' })));
    expect(email.status).toBe(400);
    expect(((await email.json()) as { reasonPhrase: string }).reasonPhrase).toBe('BAD_REQUEST_INVALID_EMAIL');
    for (const pageUrl of ['javascript:alert(1)', 'data:text/html,x', 'not a url']) {
      const page = await submit(uuid, form(fields(text, { pageUrl })));
      expect(page.status, pageUrl).toBe(400);
      expect(((await page.json()) as { reasonPhrase: string }).reasonPhrase).toBe('BAD_REQUEST_INVALID_PAYLOAD');
    }
    const kind = await submit(uuid, form(fields(text, { feedbackType: 'praise' })));
    expect(kind.status).toBe(400);
    expect(((await kind.json()) as { reasonPhrase: string }).reasonPhrase).toBe('BAD_REQUEST_INVALID_PAYLOAD');
    const json = await server.api('POST', `feedback/${uuid}`, { body: fields(text) });
    expect(json.status).toBe(400);
    expect((await submit(uuid, form(fields(text)))).status).toBe(200);
  });

  it('takes a PNG or JPEG screenshot (checked by its bytes), shows it to administrators only, full or small', async () => {
    const big = await sharp({ create: { width: 400, height: 1000, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc6633' } }).jpeg().toBuffer();

    const fake = await captcha();
    const notImage = await submit(fake.uuid, form(fields(fake.text), { bytes: Buffer.from('GIF89a not really'), type: 'image/png', name: 'x.png' }));
    expect(notImage.status).toBe(415);
    expect(((await notImage.json()) as { reasonPhrase: string }).reasonPhrase).toBe('UNSUPPORTED_MEDIA_TYPE');

    const huge = await captcha();
    const tooBig = await submit(huge.uuid, form(fields(huge.text), { bytes: Buffer.concat([big, Buffer.alloc(5 * 1024 * 1024)]), type: 'image/png', name: 'x.png' }));
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { reasonPhrase: string }).reasonPhrase).toBe('PAYLOAD_TOO_LARGE');

    const first = await captcha();
    expect((await submit(first.uuid, form(fields(first.text), { bytes: big, type: 'image/png', name: 'shot.png' }))).status).toBe(200);
    const second = await captcha();
    expect((await submit(second.uuid, form(fields(second.text), { bytes: jpeg, type: 'application/octet-stream', name: 'shot' }))).status).toBe(200);
    const rows = await table(admin);
    const [pngRow, jpegRow] = rows.slice(-2);
    expect(pngRow.hasImage && jpegRow.hasImage).toBe(true);

    const img = (id: number, query: string) => fetch(`${server.url}/api/feedback/${id}/img${query}`);
    const full = await img(pngRow.id, `?token=${adminImageToken}`);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await full.arrayBuffer()).equals(big)).toBe(true);
    const small = await img(pngRow.id, `?size=small&token=${adminImageToken}`);
    expect(small.status).toBe(200);
    const smallMeta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect([smallMeta.format, smallMeta.width, smallMeta.height]).toEqual(['png', 200, 500]);
    const jpegFull = await img(jpegRow.id, `?token=${adminImageToken}`);
    expect(jpegFull.headers.get('content-type')).toBe('image/jpeg');
    const jpegSmall = await img(jpegRow.id, `?size=small&token=${adminImageToken}`);
    const jpegSmallMeta = await sharp(Buffer.from(await jpegSmall.arrayBuffer())).metadata();
    expect([jpegSmallMeta.format, jpegSmallMeta.width, jpegSmallMeta.height]).toEqual(['png', 40, 30]); // never enlarged

    expect((await img(pngRow.id, '')).status).toBe(400);
    expect((await img(pngRow.id, `?token=${regularImageToken}`)).status).toBe(403);
    expect((await img(pngRow.id, `?token=${randomUUID()}`)).status).toBe(403);
    // The bearer token is not the image token.
    expect((await img(pngRow.id, `?token=${admin}`)).status).toBe(403);
    const noImage = rows.find((r) => !r.hasImage);
    expect((await img(noImage!.id, `?token=${adminImageToken}`)).status).toBe(404);
    expect((await img(999_999, `?token=${adminImageToken}`)).status).toBe(404);
  });

  it('stops accepting an image token once its session has expired', async () => {
    const response = await server.api('POST', 'token', { body: { username: 'admin', password: passwordOf('admin') } });
    const imageToken = ((await response.json()) as { imageToken: string }).imageToken;
    const row = (await table(admin)).find((r) => r.hasImage)!;
    expect((await fetch(`${server.url}/api/feedback/${row.id}/img?token=${imageToken}`)).status).toBe(200);
    // Unused for longer than its lifetime: the session is over, and with it the image token.
    await db().updateTable('tokens').set({ last_used: 0 }).where('image_token_hash', '=', hashToken(imageToken)).execute();
    expect((await fetch(`${server.url}/api/feedback/${row.id}/img?token=${imageToken}`)).status).toBe(403);
  });

  it('lets only administrators list, mark and delete (401 anonymous, 403 others), and records their changes', async () => {
    const curator = await server.login('curator', passwordOf('curator'));
    for (const [token, status] of [[null, 401], [regular, 403], [curator, 403]] as const) {
      expect((await server.api('POST', 'feedback/table', { token, body: {} })).status).toBe(status);
      expect((await server.api('POST', 'feedback/table/ids', { token, body: {} })).status).toBe(status);
      expect((await server.api('GET', 'feedback/1/mark', { token })).status).toBe(status);
      expect((await server.api('DELETE', 'feedback/1', { token })).status).toBe(status);
    }
    const rows = await table(admin);
    const target = rows[0];
    const ids = await server.api('POST', 'feedback/table/ids', { token: admin, body: { filter: [{ column: 'isNew', comparator: 'equals', values: [true] }] } });
    expect(((await ids.json()) as { data: number[] }).data).toContain(target.id);

    const mark = await server.api('GET', `feedback/${target.id}/mark`, { token: admin });
    expect(mark.status).toBe(200);
    expect(await mark.text()).toBe('');
    const marked = (await table(admin)).find((r) => r.id === target.id)!;
    expect(marked.isNew).toBe(false);
    expect(Date.parse(marked.readOn!)).toBeGreaterThan(0);
    expect((await server.api('GET', `feedback/${target.id}/mark`, { token: admin })).status).toBe(404);
    expect((await server.api('GET', 'feedback/999999/mark', { token: admin })).status).toBe(404);
    const unread = await server.api('POST', 'feedback/table/ids', { token: admin, body: { filter: [{ column: 'isNew', comparator: 'equals', values: [true] }] } });
    expect(((await unread.json()) as { data: number[] }).data).not.toContain(target.id);

    const deleted = await server.api('DELETE', `feedback/${target.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toBe(true);
    expect((await server.api('DELETE', `feedback/${target.id}`, { token: admin })).status).toBe(404);
    expect((await table(admin)).some((r) => r.id === target.id)).toBe(false);

    const audit = await db().selectFrom('audit_log').select(['action', 'target', 'username']).where('target', '=', `feedback ${target.id}`).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'feedback.read', target: `feedback ${target.id}`, username: 'admin' },
      { action: 'feedback.delete', target: `feedback ${target.id}`, username: 'admin' },
    ]);
  });

  describe('scheduled purge', () => {
    const context = (): TaskContext => ({ database: server.db.database, settings: server.app.settings, clock: server.clock, dataDir: server.db.dataDir });
    const task = (name: string) => coreTasks.find((t) => t.name === name)!;

    it('deletes feedback read more than 30 days ago, and nothing else', async () => {
      const { uuid, text } = await captcha();
      expect((await submit(uuid, form(fields(text, { content: 'to be purged' })))).status).toBe(200);
      const unread = await captcha();
      expect((await submit(unread.uuid, form(fields(unread.text, { content: 'never read' })))).status).toBe(200);
      const rows = await table(admin);
      const target = rows.find((r) => r.content === 'to be purged')!;
      const never = rows.find((r) => r.content === 'never read')!;
      expect((await server.api('GET', `feedback/${target.id}/mark`, { token: admin })).status).toBe(200);
      const readOn = (await db().selectFrom('userfeedback').select('read_on').where('id', '=', target.id).executeTakeFirstOrThrow()).read_on!;
      const readAt = Date.parse(readOn);
      const exists = async (id: number) => (await db().selectFrom('userfeedback').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

      const purge = task('purge-read-feedback');
      await purge.run(context(), readAt + FEEDBACK_KEEP_AFTER_READ_MS - 1);
      expect(await exists(target.id)).toBe(true);
      await purge.run(context(), readAt + FEEDBACK_KEEP_AFTER_READ_MS);
      expect(await exists(target.id)).toBe(true);
      await purge.run(context(), readAt + FEEDBACK_KEEP_AFTER_READ_MS + 1);
      expect(await exists(target.id)).toBe(false);
      // Unread feedback waits for its review however old it is.
      await purge.run(context(), readAt + 10 * FEEDBACK_KEEP_AFTER_READ_MS);
      expect(await exists(never.id)).toBe(true);
    });

    it('drops captchas older than 10 minutes; an expired one is refused', async () => {
      const old = await captcha();
      const createdOn = Number((await db().selectFrom('captchas').select('created_on').where('uuid', '=', old.uuid).executeTakeFirstOrThrow()).created_on);
      const purge = task('purge-expired-captchas');
      await purge.run(context(), createdOn + CAPTCHA_TTL_MS);
      expect(await db().selectFrom('captchas').select('uuid').where('uuid', '=', old.uuid).executeTakeFirst()).toBeDefined();
      await purge.run(context(), createdOn + CAPTCHA_TTL_MS + 1);
      expect(await db().selectFrom('captchas').select('uuid').where('uuid', '=', old.uuid).executeTakeFirst()).toBeUndefined();

      const expired = await captcha();
      server.clock.advance(CAPTCHA_TTL_MS + 1000);
      try {
        const late = await submit(expired.uuid, form(fields(expired.text)));
        expect(late.status).toBe(404);
        expect(((await late.json()) as { reasonPhrase: string }).reasonPhrase).toBe('NOT_FOUND_CAPTCHA');
      } finally {
        server.clock.advance(-(CAPTCHA_TTL_MS + 1000));
      }
    });
  });
});
