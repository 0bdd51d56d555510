import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { leaks } from '../support/seed.js';
import { bigMcpd } from './import-jobs-support.js';

const NUL = '\u0000';

/** A form as the browser sends it: the bytes and the content type with its boundary. */
async function encoded(form: FormData): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { bytes: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

/**
 * Multipart bodies cut short or malformed (a probe sent them; so does a browser whose upload is cut at a
 * proxy): 400 with Germinate's reason phrase, and nothing of them kept: no job, no folder, no feedback.
 */
describe.each(testDialects())('truncated and malformed multipart bodies on %s', (dialect) => {
  let server: TestServer;
  let curator: string;
  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    curator = await server.login('curator', passwordOf('curator'));
  });
  afterAll(async () => server?.close());

  const db = () => server.db.database.db;
  const asyncDir = () => path.join(server.app.config.dataDir, 'async');
  const folders = () => (fs.existsSync(asyncDir()) ? fs.readdirSync(asyncDir()).sort() : []);
  const jobCount = async () => Number((await db().selectFrom('async_jobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const feedbackCount = async () => Number((await db().selectFrom('userfeedback').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  async function post(apiPath: string, body: Uint8Array<ArrayBuffer> | string, contentType: string, token?: string): Promise<Response> {
    const headers: Record<string, string> = { 'content-type': contentType };
    if (token) headers.authorization = `Bearer ${token}`;
    return fetch(`${server.url}/api/${apiPath}`, { method: 'POST', headers, body });
  }

  async function expectBadRequest(response: Response): Promise<void> {
    const text = await response.text();
    expect(response.status, text).toBe(400);
    expect(leaks(text)).toEqual([]);
    expect((JSON.parse(text) as { reasonPhrase?: string }).reasonPhrase).toBe('BAD_REQUEST_INVALID_PAYLOAD');
  }

  /** The ways a probe broke a form: cut in the file, cut in a part's headers, no boundary, no parts at all. */
  async function brokenForms(form: FormData): Promise<[string, Uint8Array<ArrayBuffer> | string, string][]> {
    const { bytes, contentType } = await encoded(form);
    const headerEnd = new TextDecoder().decode(bytes).indexOf('\r\n\r\n');
    return [
      ['cut in the middle', bytes.slice(0, Math.floor(bytes.length / 2)), contentType],
      ['cut before the closing boundary', bytes.slice(0, bytes.length - 10), contentType],
      ['cut in the part headers', bytes.slice(0, headerEnd - 5), contentType],
      ['without a boundary parameter', bytes, 'multipart/form-data'],
      ['of garbage', 'this is not a form at all', contentType],
    ];
  }

  it('answers a cut or malformed upload with 400 and keeps no job and no file', async () => {
    const form = new FormData();
    form.append('fileToUpload', new Blob([bigMcpd(2000)]), 'big.txt');
    const [jobsBefore, foldersBefore] = [await jobCount(), folders()];
    for (const [label, body, contentType] of await brokenForms(form)) {
      const response = await post('import/template/file?type=mcpd', body, contentType, curator);
      await expectBadRequest(response).catch((error: Error) => {
        throw new Error(`${label}: ${error.message}`);
      });
    }
    expect(await jobCount()).toBe(jobsBefore);
    expect(folders()).toEqual(foldersBefore);
    // The same upload in one piece is taken.
    const whole = await encoded(form);
    expect((await post('import/template/file?type=mcpd', whole.bytes, whole.contentType, curator)).status).toBe(200);
    expect(folders()).toHaveLength(foldersBefore.length + 1);
  });

  it('refuses NUL in an upload name before anything is stored', async () => {
    const form = new FormData();
    form.append('fileToUpload', new Blob([bigMcpd(3)]), `mcpd${NUL}.txt`);
    const [jobsBefore, foldersBefore] = [await jobCount(), folders()];
    const { bytes, contentType } = await encoded(form);
    await expectBadRequest(await post('import/template/file?type=mcpd', bytes, contentType, curator));
    expect(await jobCount()).toBe(jobsBefore);
    expect(folders()).toEqual(foldersBefore);
  });

  it('answers a cut or malformed feedback form with 400 and stores nothing; the captcha stays usable', async () => {
    const uuid = randomUUID();
    const image = await server.api('GET', `feedback/${uuid}`);
    expect(image.status).toBe(200);
    await image.arrayBuffer();
    const { text } = await db().selectFrom('captchas').select('text').where('uuid', '=', uuid).executeTakeFirstOrThrow();
    const fields: Record<string, string> = {
      captcha: text,
      content: 'The map is empty. '.repeat(200),
      pageUrl: 'http://localhost/data/germplasm/1',
      contactEmail: 'someone@example.org',
      feedbackType: 'bug',
      severity: 'medium',
    };
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('image', new Blob([new Uint8Array(64 * 1024)], { type: 'image/png' }), 'shot.png');
    const before = await feedbackCount();
    for (const [label, body, contentType] of await brokenForms(form)) {
      await expectBadRequest(await post(`feedback/${uuid}`, body, contentType)).catch((error: Error) => {
        throw new Error(`${label}: ${error.message}`);
      });
    }
    const withNul = new FormData();
    for (const [key, value] of Object.entries(fields)) withNul.append(key, key === 'content' ? `a${NUL}b` : value);
    const nul = await encoded(withNul);
    await expectBadRequest(await post(`feedback/${uuid}`, nul.bytes, nul.contentType));
    expect(await feedbackCount()).toBe(before);

    const complete = new FormData();
    for (const [key, value] of Object.entries(fields)) complete.append(key, value);
    const whole = await encoded(complete);
    expect((await post(`feedback/${uuid}`, whole.bytes, whole.contentType)).status).toBe(200);
    expect(await feedbackCount()).toBe(before + 1);
  });
});
