import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';

/**
 * The dataset attribute calls on both databases: the attribute tables, the table download, and "download
 * metadata" (`dataset/attribute/export`) of chosen datasets or an experiment's, each for the datasets the
 * caller may use only, with access logs; bad input answered with 400 or 404, never with data.
 */
describe.each(testDialects())('dataset attribute exports on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  let experimentId: number;
  let publicId: number;
  let privateId: number;
  const raw = () => server.db.database.db as unknown as Kysely<unknown>;

  beforeAll(async () => {
    server = await startServer(dialect);
    admin = await server.login('admin', passwordOf('admin'));
    const db = raw();
    experimentId = (await sql<{ id: number }>`INSERT INTO experiments (experiment_name) VALUES ('Field trials') RETURNING id`.execute(db)).rows[0].id;
    const dataset = async (name: string, state: number) =>
      (await sql<{ id: number }>`INSERT INTO datasets (experiment_id, datasettype_id, name, description, dataset_state_id) VALUES (${experimentId}, 3, ${name}, 'About it', ${state}) RETURNING id`.execute(db)).rows[0].id;
    publicId = await dataset('Open trial', 1);
    privateId = await dataset('Closed trial', 2);
    const attribute = async (name: string, target: string) =>
      (await sql<{ id: number }>`INSERT INTO attributes (name, description, datatype, target_table) VALUES (${name}, 'Who paid', 'text', ${target}) RETURNING id`.execute(db)).rows[0].id;
    const funder = await attribute('Funder', 'datasets');
    const height = await attribute('Height', 'germinatebase');
    await sql`INSERT INTO attributedata (attribute_id, foreign_id, value) VALUES (${funder}, ${publicId}, 'BBSRC'), (${funder}, ${privateId}, 'Secret fund'), (${height}, ${publicId}, 'not a dataset attribute')`.execute(db);
  });
  afterAll(async () => server?.close());

  const rowsOf = async (response: Response) => {
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: Record<string, unknown>[]; count: number }).data;
  };

  it('lists the attributes of the datasets the caller may see, in Germinate’s row shape', async () => {
    const anonymous = await rowsOf(await server.api('POST', 'dataset/attribute/table', { body: {} }));
    expect(anonymous).toEqual([
      expect.objectContaining({ datasetId: publicId, datasetName: 'Open trial', attributeName: 'Funder', attributeType: 'text', targetTable: 'datasets', foreignId: publicId, attributeValue: 'BBSRC' }),
    ]);
    expect(await rowsOf(await server.api('POST', 'dataset/attribute/table', { token: admin, body: {} }))).toHaveLength(2);
    const filtered = { filter: [{ column: 'datasetId', comparator: 'inSet', values: [String(privateId)] }] };
    expect(await rowsOf(await server.api('POST', 'dataset/attribute/table', { body: filtered }))).toEqual([]);
    expect(await rowsOf(await server.api('POST', `dataset/${publicId}/attribute`, {}))).toHaveLength(1);
    expect(await rowsOf(await server.api('POST', `dataset/${privateId}/attribute`, {}))).toEqual([]);
  });

  it('downloads the attribute table as a zip, 404 when no dataset may be read', async () => {
    const response = await server.api('POST', 'dataset/attribute/table/export', { body: {} });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;filename= "dataset-attributes-table--/);
    const [file] = Object.values(unzipSync(new Uint8Array(await response.arrayBuffer())));
    const text = strFromU8(file);
    expect(text).toContain('BBSRC');
    expect(text).not.toContain('Secret fund');
    expect((await server.api('POST', `dataset/${privateId}/attribute/export`, {})).status).toBe(404);
    expect((await server.api('POST', `dataset/${publicId}/attribute/export`, {})).status).toBe(200);
  });

  it('writes "download metadata" as one tab-separated file and logs the access', async () => {
    const before = Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM datasetaccesslogs`.execute(raw())).rows[0].n);
    const response = await server.api('POST', 'dataset/attribute/export', { body: { datasetIds: [publicId, privateId] } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment;filename= "attributes-${publicId}-[0-9a-f-]{36}\\.txt"$`));
    expect((await response.text()).split('\r\n')).toEqual([
      'dataset_id\tdataset_name\tdataset_description\tattribute_name\tattribute_description\tattribute_type\tattribute_value',
      `${publicId}\tOpen trial\tAbout it\tFunder\tWho paid\ttext\tBBSRC`,
      '',
    ]);
    const logged = await sql<{ dataset_id: number; user_id: number | null }>`SELECT dataset_id, user_id FROM datasetaccesslogs ORDER BY id`.execute(raw());
    expect(logged.rows.slice(before).map((r) => [Number(r.dataset_id), r.user_id])).toEqual([[publicId, null]]);
    const byExperiment = await server.api('POST', 'dataset/attribute/export', { token: admin, body: { experimentId } });
    expect((await byExperiment.text()).split('\r\n')).toHaveLength(4);
  });

  it('keeps the attributes of a dataset under an unaccepted licence closed until it is accepted', async () => {
    const db = raw();
    const licence = (await sql<{ id: number }>`INSERT INTO licenses (name) VALUES ('CC BY') RETURNING id`.execute(db)).rows[0].id;
    const licensed = (await sql<{ id: number }>`INSERT INTO datasets (experiment_id, datasettype_id, name, dataset_state_id, license_id) VALUES (${experimentId}, 3, 'Licensed trial', 1, ${licence}) RETURNING id`.execute(db)).rows[0].id;
    const funder = (await sql<{ id: number }>`SELECT id FROM attributes WHERE name = 'Funder'`.execute(db)).rows[0].id;
    await sql`INSERT INTO attributedata (attribute_id, foreign_id, value) VALUES (${funder}, ${licensed}, 'Licensed fund')`.execute(db);
    expect(await rowsOf(await server.api('POST', `dataset/${licensed}/attribute`, {}))).toEqual([]);
    expect((await server.api('POST', 'dataset/attribute/export', { body: { datasetIds: [licensed] } })).status).toBe(404);
    const cookie = { cookie: `accepted-licenses=${licence}` };
    expect(await rowsOf(await server.api('POST', `dataset/${licensed}/attribute`, { headers: cookie }))).toHaveLength(1);
    const accepted = await server.api('POST', 'dataset/attribute/export', { headers: cookie, body: { datasetIds: [licensed] } });
    expect(await accepted.text()).toContain('Licensed fund');
    // Even an administrator accepts licences like everyone else.
    expect(await rowsOf(await server.api('POST', `dataset/${licensed}/attribute`, { token: admin }))).toEqual([]);
  });

  it('answers the selector’s dataset request (datasets of a type, and their ids) on both databases', async () => {
    const filter = [{ column: 'datasetType', comparator: 'equals', operator: 'and', values: ['trials'] }];
    const rows = await rowsOf(await server.api('POST', 'dataset/table', { body: { page: 0, limit: 10, filter } }));
    expect(rows.map((r) => r.datasetName)).toContain('Open trial');
    const ids = await server.api('POST', 'dataset/table/ids', { body: { filter } });
    expect(ids.status).toBe(200);
  });

  it('downloads a dataset’s source file for who may use it, and only for genotype and allele frequency datasets', async () => {
    const db = raw();
    const add = async (name: string, type: number, state: number, file: string | null) =>
      (await sql<{ id: number }>`INSERT INTO datasets (experiment_id, datasettype_id, name, dataset_state_id, source_file) VALUES (${experimentId}, ${type}, ${name}, ${state}, ${file}) RETURNING id`.execute(db)).rows[0].id;
    const freq = await add('Frequencies', 4, 1, '../../freq.txt');
    const hidden = await add('Hidden frequencies', 4, 3, 'freq.txt');
    const missing = await add('No file', 1, 1, 'nowhere.hdf5');
    const folder = path.join(server.app.config.dataDir, 'data', 'allelefreq');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'freq.txt'), 'Line\tm1\r\nA\t0.5\r\n');
    const response = await server.api('GET', `dataset/${freq}/download-source`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('cache-control')).toBe('no-cache, max-age=0');
    expect(await response.text()).toBe('Line\tm1\r\nA\t0.5\r\n');
    expect((await server.api('GET', `dataset/${hidden}/download-source`)).status).toBe(404);
    expect((await server.api('GET', `dataset/${hidden}/download-source`, { token: admin })).status).toBe(200);
    expect((await server.api('GET', `dataset/${missing}/download-source`)).status).toBe(404);
    expect((await server.api('GET', `dataset/${publicId}/download-source`)).status).toBe(400);
    expect((await server.api('GET', 'dataset/x/download-source')).status).toBe(404);
  });

  it('refuses bad input', async () => {
    expect((await server.api('POST', 'dataset/attribute/export', {})).status).toBe(400);
    expect((await server.api('POST', 'dataset/attribute/export', { body: { datasetIds: ['a'] } })).status).toBe(400);
    expect((await server.api('POST', 'dataset/attribute/export', { body: { datasetIds: [privateId] } })).status).toBe(404);
    expect((await server.api('POST', 'dataset/attribute/export', { body: { experimentId: 987_654 } })).status).toBe(404);
    expect((await server.api('POST', 'dataset/attribute/table', { body: { filter: [{ column: 'nope', comparator: 'equals', values: ['1'] }] } })).status).toBe(400);
    expect((await server.api('POST', 'dataset/abc/attribute', {})).status).toBe(404);
  });
});
