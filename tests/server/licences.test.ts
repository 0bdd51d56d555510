import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';

/**
 * Germinate's licence endpoints on both databases: Germinate's shapes
 * (ViewTableLicenseDefinitions, ViewTableLicenses), roles (curators create and edit, administrators delete,
 * everyone reads and accepts), bad input as 400/404/409 and never data, and NONE mode's cookie acceptance.
 */
describe.each(testDialects())('licences on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const db = () => server.db.database.db as unknown as Kysely<unknown>;
  const as = (user: string | null, method: string, path: string, body?: unknown) => server.api(method, path, { token: user ? tokens[user] : null, body });

  const definition = {
    licenseName: 'Breeders only',
    licenseDescription: 'Use within the consortium',
    licenseData: { en_GB: '<p>Use it <strong>kindly</strong>.</p><script>alert(1)</script>', de_DE: '<p>Freundlich nutzen.</p>' },
  };

  beforeAll(async () => {
    server = await startServer(dialect);
    for (const user of ['regular', 'curator', 'admin']) tokens[user] = await server.login(user, passwordOf(user));
  });
  afterAll(async () => server?.close());

  async function create(body: unknown = definition): Promise<number> {
    const response = await as('curator', 'PUT', 'license', body);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as number;
  }

  it('offers Germinate\'s seven licences in a new database, with a text in English and German and ids after them for new ones', async () => {
    const list = (await (await as(null, 'GET', 'license')).json()) as { licenseId: number; licenseName: string; licenseData: Record<string, string> }[];
    const seeded = list.filter((l) => l.licenseId <= 7).sort((a, b) => a.licenseId - b.licenseId);
    expect(seeded.map((l) => l.licenseName)).toEqual(['CC BY', 'CC BY-SA', 'CC BY-ND', 'CC BY-NC', 'CC BY-NC-SA', 'CC BY-NC-ND', 'ODC-By']);
    for (const licence of seeded) {
      expect(Object.keys(licence.licenseData).sort()).toEqual(['de_DE', 'en_GB']);
      expect(licence.licenseData.en_GB).toMatch(/<a href="https:\/\/(creativecommons|opendatacommons)\.org\//);
    }
    expect(await create()).toBeGreaterThan(7);
  });

  it('lets curators create licences with a text per locale, and everyone read them in Germinate\'s shape', async () => {
    const id = await create();
    expect(Number.isInteger(id)).toBe(true);
    const list = (await (await as(null, 'GET', 'license')).json()) as Record<string, unknown>[];
    const mine = list.find((l) => l.licenseId === id);
    expect(mine).toEqual({
      licenseId: id,
      licenseName: 'Breeders only',
      licenseDescription: 'Use within the consortium',
      createdOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      // Stored as written: the client sanitises when it renders (the e2e test shows the script never runs).
      licenseData: definition.licenseData,
    });
    const page = (await (await as(null, 'POST', 'license/table', { filter: [{ column: 'licenseId', comparator: 'equals', values: [id] }] })).json()) as {
      data: Record<string, unknown>[];
      count: number;
    };
    expect(page.count).toBe(1);
    expect(page.data[0]).toMatchObject({ licenseId: id, licenseName: 'Breeders only', licenseContent: definition.licenseData, acceptedBy: [] });
    // No dataset uses it yet: null keys are left out, as Gson writes them.
    expect(page.data[0].datasetId ?? null).toBeNull();
  });

  it('keeps creating and editing to curators and deleting to administrators', async () => {
    expect((await as(null, 'PUT', 'license', definition)).status).toBe(401);
    expect((await as('regular', 'PUT', 'license', definition)).status).toBe(403);
    const id = await create();
    const patch = { ...definition, licenseId: id };
    expect((await as('regular', 'PATCH', `license/${id}`, patch)).status).toBe(403);
    expect((await as('curator', 'DELETE', `license/${id}`)).status).toBe(403);
    expect((await as('admin', 'PUT', 'license', definition)).status).toBe(200);
  });

  it('edits name, description and the given locales, keeping the others', async () => {
    const id = await create();
    const response = await as('curator', 'PATCH', `license/${id}`, { licenseId: id, licenseName: 'Renamed', licenseDescription: null, licenseData: { en_GB: '<p>New</p>', fr_FR: '<p>Nouveau</p>' } });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toBe(true);
    const mine = ((await (await as(null, 'GET', 'license')).json()) as Record<string, unknown>[]).find((l) => l.licenseId === id);
    expect(mine).toMatchObject({ licenseName: 'Renamed', licenseDescription: null, licenseData: { en_GB: '<p>New</p>', de_DE: '<p>Freundlich nutzen.</p>', fr_FR: '<p>Nouveau</p>' } });
  });

  it('deletes a licence with its texts and acceptances; its datasets lose it and keep their data', async () => {
    const id = await create();
    const stamp = new Date().toISOString();
    const experiment = (await sql<{ id: number }>`INSERT INTO experiments (experiment_name, created_on, updated_on) VALUES ('E', ${stamp}, ${stamp}) RETURNING id`.execute(db())).rows[0].id;
    const dataset = (await sql<{ id: number }>`INSERT INTO datasets (experiment_id, name, license_id, created_on, updated_on) VALUES (${experiment}, 'D', ${id}, ${stamp}, ${stamp}) RETURNING id`.execute(db())).rows[0].id;
    expect((await as('regular', 'GET', `license/${id}/accept`)).status).toBe(200);
    const response = await as('admin', 'DELETE', `license/${id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(true);
    expect((await sql`SELECT id FROM licensedata WHERE license_id = ${id}`.execute(db())).rows).toHaveLength(0);
    expect((await sql`SELECT id FROM licenselogs WHERE license_id = ${id}`.execute(db())).rows).toHaveLength(0);
    const left = (await sql<{ license_id: number | null }>`SELECT license_id FROM datasets WHERE id = ${dataset}`.execute(db())).rows[0];
    expect(left.license_id).toBeNull();
    expect((await as('admin', 'DELETE', `license/${id}`)).status).toBe(404);
  });

  it('lists a licence on two datasets twice in the table and once among the ids', async () => {
    const id = await create();
    const stamp = new Date().toISOString();
    const experiment = (await sql<{ id: number }>`INSERT INTO experiments (experiment_name, created_on, updated_on) VALUES ('Two', ${stamp}, ${stamp}) RETURNING id`.execute(db())).rows[0].id;
    for (const name of ['D1', 'D2']) {
      await sql`INSERT INTO datasets (experiment_id, name, license_id, dataset_state_id, created_on, updated_on) VALUES (${experiment}, ${name}, ${id}, 1, ${stamp}, ${stamp})`.execute(db());
    }
    const filter = [{ column: 'licenseId', comparator: 'equals', values: [String(id)] }];
    const page = (await (await as(null, 'POST', 'license/table', { filter })).json()) as { count: number };
    expect(page.count).toBe(2);
    const ids = (await (await as(null, 'POST', 'license/table/ids', { filter })).json()) as { data: number[] };
    expect(ids.data).toEqual([id]);
  });

  it('answers bad input with Germinate\'s messages and never a 500', async () => {
    const conflict = await as('curator', 'PUT', 'license', { ...definition, licenseId: 5 });
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as { message: string }).message).toBe('License ID provided on a creation call.');
    for (const body of [{ ...definition, licenseName: '' }, { ...definition, licenseData: null }, { licenseName: 'x' }, { ...definition, licenseData: { 'en GB<': 'x' } }, { ...definition, licenseName: 5 }, null]) {
      const response = await as('curator', 'PUT', 'license', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const invalid = await as('curator', 'PUT', 'license', { ...definition, licenseName: '   ' });
    expect(((await invalid.json()) as { message: string }).message).toBe('Invalid payload parameters');
    const id = await create();
    // The body's id must be the path's.
    expect((await as('curator', 'PATCH', `license/${id}`, { ...definition, licenseId: id + 1 })).status).toBe(400);
    expect((await as('curator', 'PATCH', `license/${id + 1000}`, { ...definition, licenseId: id + 1000 })).status).toBe(404);
    expect((await as('curator', 'PATCH', 'license/abc', definition)).status).toBe(404);
    expect((await as('admin', 'DELETE', 'license/99999999999')).status).toBe(404);
    const unknownColumn = await as(null, 'POST', 'license/table', { filter: [{ column: 'password', comparator: 'equals', values: ['x'] }] });
    expect(unknownColumn.status).toBe(400);
  });

  it('records a logged-in acceptance with its time, once', async () => {
    const id = await create();
    const first = await as('regular', 'GET', `license/${id}/accept`);
    expect(first.status).toBe(200);
    expect(await first.json()).toBe(true);
    expect(first.headers.get('set-cookie')).toBeNull();
    expect((await as('regular', 'GET', `license/${id}/accept`)).status).toBe(204);
    const rows = await sql<{ user_id: number; accepted_on: string }>`SELECT l.user_id, l.accepted_on FROM licenselogs l WHERE l.license_id = ${id}`.execute(db());
    expect(rows.rows).toHaveLength(1);
    expect(new Date(rows.rows[0].accepted_on).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe.each(testDialects())('licences in NONE mode on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { authMode: 'NONE' });
  });
  afterAll(async () => server?.close());

  it('accepts by cookie, as nobody logs in, and keeps licence administration closed', async () => {
    const stamp = new Date().toISOString();
    const id = (await sql<{ id: number }>`INSERT INTO licenses (name, created_on, updated_on) VALUES ('L', ${stamp}, ${stamp}) RETURNING id`.execute(server.db.database.db as unknown as Kysely<unknown>)).rows[0].id;
    const response = await server.api('GET', `license/${id}/accept`);
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(new RegExp(`^accepted-licenses=${id}; Max-Age=\\d+; Path=/; HttpOnly`));
    const body = { filter: [{ column: 'licenseId', comparator: 'equals', values: [String(id)] }] };
    const page = (await (await server.api('POST', 'license/table', { body, headers: { cookie: `accepted-licenses=${id}` } })).json()) as { data: { acceptedBy: number[] }[] };
    expect(page.data[0].acceptedBy).toEqual([-1000]);
    expect((await server.api('PUT', 'license', { body: { licenseName: 'x', licenseData: {} } })).status).toBe(403);
  });
});
