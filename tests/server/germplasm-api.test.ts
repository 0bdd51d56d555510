import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { f, leaks, seedGermplasm, tablePage } from '../support/seed.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The passport calls, settings, locales and what the server answers outside the table engine. */
describe.each(testDialects())('germplasm API on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
    await seedGermplasm(server);
  });
  afterAll(async () => server?.close());

  describe('GET germplasm/{id}', () => {
    it('answers the table row, keys in ViewTableGermplasm order, nulls omitted', async () => {
      const response = await server.api('GET', 'germplasm/28');
      expect(response.status).toBe(200);
      const row = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(row)).toEqual([
        'germplasmName', 'germplasmDisplayName', 'germplasmId', 'germplasmGid', 'entityTypeId', 'entityTypeName',
        'entityParentId', 'entityParentName', 'entityParentGeneralIdentifier', 'genus', 'species', 'locationId', 'location',
        'latitude', 'longitude', 'elevation', 'countryName', 'countryCode', 'imageCount',
      ]);
      expect(row).toMatchObject({
        germplasmName: 'Barke plant 1',
        germplasmId: 28,
        entityTypeId: 2,
        entityTypeName: 'Plant/Plot',
        entityParentId: 1,
        entityParentName: 'Barke',
        entityParentGeneralIdentifier: 'ACC-001',
        latitude: 51.82,
        countryCode: 'DE',
      });
    });

    it('parses json columns into arrays of strings and objects', async () => {
      const row = (await (await server.api('GET', 'germplasm/10')).json()) as Record<string, unknown>;
      expect(row.synonyms).toEqual(['GP', 'Golden P']);
      expect(row.institutions).toEqual([{ id: 2, name: 'James Hutton Institute', code: 'GBR165', type: 'breeding' }]);
      expect(row.germplasmDisplayName).toBe('GP');
      expect(row.biologicalStatusName).toBe("Breeder's line");
    });

    it.each(['999', 'abc', '-1', '1.5', '0x1', '1e2'])('answers germplasm/%s with 404 JSON', async (id) => {
      const response = await server.api('GET', `germplasm/${id}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    });
  });

  describe('GET germplasm/{id}/mcpd', () => {
    it('answers the MCPD row in ViewMcpd key order with nulls omitted', async () => {
      const response = await server.api('GET', 'germplasm/1/mcpd');
      expect(response.status).toBe(200);
      const mcpd = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(mcpd)).toEqual(['id', 'puid', 'accenumb', 'collnumb', 'declatitude', 'coorduncert', 'colldate', 'sampstat', 'remarks']);
      expect(mcpd).toEqual({
        id: 1,
        puid: 'doi:10.1/barke',
        accenumb: 'ACC-001',
        collnumb: 'C-1',
        declatitude: 51.82,
        coorduncert: 100,
        colldate: '19960512',
        sampstat: 500,
        remarks: 'Malting barley',
      });
    });

    it('answers 204 without a body when the germplasm has no MCPD row', async () => {
      for (const id of ['2', '999']) {
        const response = await server.api('GET', `germplasm/${id}/mcpd`);
        expect(response.status).toBe(204);
        expect(await response.text()).toBe('');
      }
      expect((await server.api('GET', 'germplasm/x/mcpd')).status).toBe(404);
    });
  });

  describe('POST germplasm/{id}/institution/table', () => {
    it('lists the institutions of one germplasm with institutionType', async () => {
      const page = await tablePage(server, 'germplasm/1/institution/table', {});
      expect(page.count).toBe(2);
      const de = await server.db.database.db.withTables<{ countries: { id: number; country_code3: string } }>()
        .selectFrom('countries').select('id').where('country_code3', '=', 'DEU').executeTakeFirstOrThrow();
      expect(page.data[0]).toEqual({
        institutionId: 1,
        institutionName: 'IPK Gatersleben',
        institutionCode: 'DEU146',
        institutionAcronym: 'IPK',
        countryId: de.id,
        countryName: 'Germany',
        countryCode: 'DE',
        institutionType: 'maintenance',
      });
      expect(page.data[1]).toMatchObject({ institutionId: 2, institutionType: 'donor', countryCode: 'GB' });
      expect(await tablePage(server, 'germplasm/4/institution/table', {})).toEqual({
        data: [expect.objectContaining({ institutionId: 3, institutionType: 'collection' })],
        count: 1,
      });
      expect(await tablePage(server, 'germplasm/3/institution/table', {})).toEqual({ data: [], count: 0 });
    });

    it('filters, sorts and pages within the germplasm only', async () => {
      const donors = await tablePage(server, 'germplasm/1/institution/table', { filter: [f('institutionType', 'equals', ['DONOR'])] });
      expect(donors.data.map((r) => r.institutionId)).toEqual([2]);
      const second = await tablePage(server, 'germplasm/1/institution/table', { page: 1, limit: 1 });
      expect(second).toEqual({ data: [expect.objectContaining({ institutionId: 2 })], count: 2 });
      const sorted = await tablePage(server, 'germplasm/1/institution/table', { orderBy: 'institutionName', ascending: 0 });
      expect(sorted.data.map((r) => r.institutionName)).toEqual(['James Hutton Institute', 'IPK Gatersleben']);
      // Institution 1 also belongs to germplasm 2, which must not leak into germplasm 10's table.
      const other = await tablePage(server, 'germplasm/10/institution/table', { filter: [f('institutionCode', 'contains', ['deu'])] });
      expect(other).toEqual({ data: [], count: 0 });
    });
  });

  it('answers germplasm/attribute filtered by germplasm', async () => {
    const page = await tablePage(server, 'germplasm/attribute', { filter: [f('germplasmId', 'equals', ['10'])] });
    expect(page.data.map((r) => [r.attributeName, r.attributeValue])).toEqual([
      ['Colour', 'Grün'],
      ['Height', '101'],
    ]);
    expect(page.count).toBe(2);
  });

  it('lists the germplasm table columns in snake_case, export order', async () => {
    const response = await server.api('GET', 'germplasm/table/columns');
    const columns = (await response.json()) as string[];
    expect(columns[0]).toBe('germplasm_id');
    expect(columns).toContain('entity_parent_general_identifier');
    expect(columns).toContain('country_code');
    expect(columns).toHaveLength(34);
    // Every listed column can be filtered on.
    for (const column of columns) {
      const filtered = await server.api('POST', 'germplasm/table', { body: { filter: [f(column, 'isNotNull')], limit: 0 } });
      expect(filtered.status, column).toBe(200);
    }
  });

  describe('GET germplasm (raw rows)', () => {
    it('pages raw germinatebase rows with nulls omitted and ISO timestamps', async () => {
      const page = (await (await server.api('GET', 'germplasm?page=0&limit=5')).json()) as { data: Record<string, unknown>[]; count: number };
      expect(page.count).toBe(30);
      expect(page.data.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
      expect(Object.keys(page.data[0])).toEqual([
        'id', 'generalIdentifier', 'number', 'name', 'displayName', 'taxonomyId', 'locationId', 'entitytypeId', 'pdci', 'createdOn', 'updatedOn',
      ]);
      expect(page.data[0].createdOn).toMatch(ISO);
      expect(page.data[1].number).toBeUndefined();
      const last = (await (await server.api('GET', 'germplasm?page=5&limit=5&prevCount=7')).json()) as { data: { id: number }[]; count: number };
      expect(last.data.map((r) => r.id)).toEqual([26, 27, 28, 29, 30]);
      expect(last.count).toBe(7);
      expect(((await (await server.api('GET', 'germplasm')).json()) as { data: unknown[] }).data).toHaveLength(30);
    });
  });

  describe('settings and locales', () => {
    it('answers GET settings with the public configuration', async () => {
      const settings = (await (await server.api('GET', 'settings')).json()) as Record<string, unknown>;
      expect(settings.authMode).toBe('SELECTIVE');
      expect(settings.hiddenColumns).toMatchObject({ germplasm: expect.arrayContaining(['latitude']) });
      for (const value of Object.values(settings)) expect(value).not.toBeNull();
      // Nothing about the user-access tool but whether registrations wait for approval.
      expect(JSON.stringify(settings)).not.toMatch(/password|gatekeeper(Url|Username)/i);
    });

    it('lists the client locales', async () => {
      const locales = (await (await server.api('GET', 'clientlocale')).json()) as { locale: string }[];
      expect(locales.map((l) => l.locale)).toEqual(['en_GB', 'de_DE']);
    });

    it('answers a locale as text/plain JSON, with DATA_DIR/template overrides', async () => {
      const response = await server.api('GET', 'clientlocale/en_GB');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      const texts = JSON.parse(await response.text()) as Record<string, string>;
      expect(texts['app.name']).toBe('Germinate Workspace');
      // Every built-in text is in the answer, which the header vouches for (the client then loads no copy).
      expect(response.headers.get('x-locale-complete')).toBe('true');
      const german = JSON.parse(await (await server.api('GET', 'clientlocale/de_DE')).text()) as Record<string, string>;
      expect(Object.keys(german).sort()).toEqual(Object.keys(texts).sort());
      const template = path.join(server.app.config.dataDir, 'template');
      fs.mkdirSync(template, { recursive: true });
      fs.writeFileSync(
        path.join(template, 'en_GB.json'),
        JSON.stringify({ 'app.name': 'Our Genebank', 'extra.key': 'x', 'about.germinate.title': 'Hacked', pageAboutGerminateTitle: 'Hacked' }),
      );
      try {
        const overridden = JSON.parse(await (await server.api('GET', 'clientlocale/en_GB')).text()) as Record<string, string>;
        expect(overridden['app.name']).toBe('Our Genebank');
        expect(overridden['extra.key']).toBe('x');
        // The About Germinate texts cannot be overridden by an installation.
        expect(overridden.pageAboutGerminateTitle).toBeUndefined();
        expect(overridden['about.germinate.title']).toBe(texts['about.germinate.title']);
        expect(Object.keys(overridden).length).toBe(Object.keys(texts).length + 1);
      } finally {
        fs.rmSync(template, { recursive: true, force: true });
      }
    });

    it.each(['xx_XX', 'en_gb', '..%2F..%2Fpackage', '%2e%2e'])('answers clientlocale/%s with 404', async (locale) => {
      const response = await server.api('GET', `clientlocale/${locale}`);
      expect(response.status).toBe(404);
      expect(leaks(await response.text())).toEqual([]);
    });
  });

  describe('HTTP surroundings', () => {
    it('sends security headers on data, errors and not-found answers', async () => {
      const answers = [
        await server.api('GET', 'settings'),
        await server.api('POST', 'germplasm/table', { body: { filter: 'x' } }),
        await server.api('GET', 'no/such/route'),
        await fetch(`${server.url}/data/germplasm/12`),
      ];
      for (const response of answers) {
        const csp = response.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("frame-ancestors 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
        await response.arrayBuffer();
      }
    });

    it('answers unknown /api paths with 404 JSON, whatever the method', async () => {
      for (const method of ['GET', 'POST', 'DELETE', 'PATCH']) {
        const response = await server.api(method, 'no/such/thing', method === 'GET' || method === 'DELETE' ? {} : { body: {} });
        expect(response.status).toBe(404);
        expect(await response.json()).toMatchObject({ statusCode: 404 });
      }
      const bare = await fetch(`${server.url}/api`);
      expect(bare.status).toBe(404);
      expect(bare.headers.get('content-type')).toMatch(/^application\/json/);
    });

    it('answers other paths with the "client is not built" text and 404 when there is no client', async () => {
      const response = await fetch(`${server.url}/data/germplasm/12`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await response.text()).toMatch(/client is not built/);
      const post = await fetch(`${server.url}/data/germplasm/12`, { method: 'POST' });
      expect(post.status).toBe(404);
      expect(post.headers.get('content-type')).toMatch(/^application\/json/);
    });
  });
});

describe.each(testDialects())('with a built client on %s', (dialect) => {
  let server: TestServer;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>client</title>');
    fs.writeFileSync(path.join(clientDir, 'app.js'), 'console.log(1)');
    server = await startServer(dialect, { clientDir });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('answers every client route with index.html and serves its files', async () => {
    for (const route of ['/data/germplasm/12', '/home', '/']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toBe('<!doctype html><title>client</title>');
    }
    const script = await fetch(`${server.url}/app.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toBe('console.log(1)');
    const api = await fetch(`${server.url}/api/nothing/here`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
