import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countDatasetData, deleteDataset, REMOVAL_TABLES } from '../../src/plugins/datasets/dataset-delete.js';
import { presentTables } from '../../src/server/table/optional-tables.js';
import { testDialects } from '../support/databases.js';
import { seedGermplasm } from '../support/seed.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';

type Role = 'anonymous' | 'regular' | 'curator' | 'admin';

/**
 * Dataset administration on both databases: who may create, edit and delete datasets; Germinate's PATCH
 * overwrite; state changes seen by the next request; a deletion that removes a dataset's data and files in
 * one transaction, says what it removed, and removes nothing when it fails.
 */
describe.each(testDialects())('dataset administration on %s', (dialect) => {
  let server: TestServer;
  let tokens: Record<Role, string | null>;
  let experimentId: number;
  let licenseId: number;
  const raw = () => server.db.database.db as unknown as Kysely<unknown>;
  const count = async (query: ReturnType<typeof sql<{ n: number | string }>>) => Number((await query.execute(raw())).rows[0]?.n ?? 0);

  beforeAll(async () => {
    server = await startServer(dialect);
    await seedGermplasm(server);
    tokens = { anonymous: null, regular: null, curator: null, admin: null };
    for (const role of ['regular', 'curator', 'admin'] as const) tokens[role] = await server.login(role, passwordOf(role));
    const db = server.db.database.db;
    experimentId = (await db.insertInto('experiments').values({ experiment_name: 'Barley 2025', description: null }).returning('id').executeTakeFirstOrThrow()).id;
    licenseId = (await db.insertInto('licenses').values({ name: 'CC BY', description: 'Attribution' }).returning('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => server?.close());

  const create = (role: Role, body: unknown) => server.api('POST', 'dataset', { token: tokens[role], body });
  const valid = () => ({ name: 'Pedigree 2025', experimentId, datasettypeId: 7, datasetStateId: 2, description: 'Crosses', licenseId, dateStart: '2025-03-01T00:00:00.000Z' });
  const visibleTo = async (role: Role, id: number) => {
    const response = await server.api('POST', 'dataset/table', { token: tokens[role], body: { filter: [{ column: 'datasetId', comparator: 'equals', values: [String(id)] }] } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { count: number }).count === 1;
  };

  it('lets curators and administrators create datasets, answering the new ViewTableDatasets row', async () => {
    expect((await create('anonymous', valid())).status).toBe(401);
    expect((await create('regular', valid())).status).toBe(403);
    const response = await create('curator', valid());
    expect(response.status).toBe(200);
    const row = (await response.json()) as Record<string, unknown>;
    expect(row).toMatchObject({ datasetName: 'Pedigree 2025', datasetType: 'pedigree', datasetState: 'private', experimentId, licenseName: 'CC BY', datasetDescription: 'Crosses' });
    expect(String(row.startDate)).toMatch(/^2025-03-01/);
    // The creator accepted the licence they chose.
    const curator = await server.db.database.db.selectFrom('users').select('id').where('username', '=', 'curator').executeTakeFirstOrThrow();
    expect(await count(sql`SELECT COUNT(*) AS n FROM licenselogs WHERE user_id = ${curator.id} AND license_id = ${licenseId}`)).toBe(1);
    // A private dataset is its creator's to see (and fill), nobody else's but the administrators'.
    const id = Number(row.datasetId);
    expect(await visibleTo('curator', id)).toBe(true);
    expect(await visibleTo('regular', id)).toBe(false);
    expect(await visibleTo('anonymous', id)).toBe(false);
    expect((await create('admin', { ...valid(), name: 'By the admin' })).status).toBe(200);
  });

  it('refuses bad input with a 400 that says what is wrong', async () => {
    const missing = await create('curator', { experimentId, datasettypeId: 7 });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ reasonPhrase: 'BAD_REQUEST_MISSING_FIELDS', message: 'Required: name, datasetStateId.' });
    const cases: [unknown, RegExp][] = [
      [{ ...valid(), experimentId: 999_999 }, /experimentId 999999 does not exist/],
      [{ ...valid(), licenseId: 424_242 }, /licenseId 424242 does not exist/],
      [{ ...valid(), datasetStateId: 9 }, /datasetStateId 9 does not exist/],
      [{ ...valid(), dateStart: '2025-02-30' }, /dateStart is not a date/],
      [{ ...valid(), dateEnd: '2024-01-01' }, /dateEnd lies before dateStart/],
      [{ ...valid(), name: 42 }, /name/],
      ['not an object', /.+/],
    ];
    for (const [body, message] of cases) {
      const response = await create('curator', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
  });

  it('lets only administrators edit, with Germinate’s overwrite: an absent nullable field is cleared', async () => {
    const id = Number(((await (await create('curator', valid())).json()) as { datasetId: number }).datasetId);
    const edit = { name: 'Renamed', experimentId, datasetStateId: 1, hyperlink: 'https://example.org/d' };
    expect((await server.api('PATCH', `dataset/${id}`, { token: tokens.curator, body: edit })).status).toBe(403);
    expect((await server.api('PATCH', `dataset/${id}`, { token: null, body: edit })).status).toBe(401);
    const response = await server.api('PATCH', `dataset/${id}`, { token: tokens.admin, body: edit });
    expect(response.status).toBe(200);
    const row = (await response.json()) as Record<string, unknown>;
    expect(row).toMatchObject({ datasetId: id, datasetName: 'Renamed', datasetState: 'public', hyperlink: 'https://example.org/d' });
    // description, licence and start date were absent: cleared.
    expect(row).not.toHaveProperty('datasetDescription');
    expect(row).not.toHaveProperty('licenseName');
    expect(row).not.toHaveProperty('startDate');
    const noState = await server.api('PATCH', `dataset/${id}`, { token: tokens.admin, body: { name: 'x', experimentId } });
    expect(noState.status).toBe(400);
    expect(((await noState.json()) as { message: string }).message).toBe('Required: datasetStateId.');
    expect((await server.api('PATCH', `dataset/${id}`, { token: tokens.admin, body: { experimentId, datasetStateId: 1 } })).status).toBe(400);
    expect((await server.api('PATCH', 'dataset/987654', { token: tokens.admin, body: edit })).status).toBe(404);
    expect((await server.api('PATCH', 'dataset/abc', { token: tokens.admin, body: edit })).status).toBe(404);
  });

  it('applies a state change from the very next request', async () => {
    const id = Number(((await (await create('admin', { ...valid(), datasetStateId: 1, licenseId: null })).json()) as { datasetId: number }).datasetId);
    expect(await visibleTo('anonymous', id)).toBe(true);
    expect(await visibleTo('regular', id)).toBe(true);
    const edit = (state: number) => server.api('PATCH', `dataset/${id}`, { token: tokens.admin, body: { name: 'Stateful', experimentId, datasetStateId: state } });
    expect((await edit(3)).status).toBe(200);
    expect(await visibleTo('anonymous', id)).toBe(false);
    expect(await visibleTo('regular', id)).toBe(false);
    expect(await visibleTo('admin', id)).toBe(true);
    expect((await edit(1)).status).toBe(200);
    expect(await visibleTo('anonymous', id)).toBe(true);
  });

  /** A pedigree dataset with a bit of everything: edges, a location, an attribute, a collaborator, a permission, files. */
  async function seedFull(): Promise<{ id: number; files: string[]; sharedResource: number }> {
    const id = Number(((await (await create('admin', { ...valid(), name: 'Doomed', licenseId: null })).json()) as { datasetId: number }).datasetId);
    const other = Number(((await (await create('admin', { ...valid(), name: 'Neighbour', licenseId: null })).json()) as { datasetId: number }).datasetId);
    const db = raw();
    const description = (await sql<{ id: number }>`INSERT INTO pedigreedescriptions (name) VALUES ('Crosses') RETURNING id`.execute(db)).rows[0].id;
    await sql`INSERT INTO pedigrees (dataset_id, germinatebase_id, parent_id, relationship_type, pedigreedescription_id)
      VALUES (${id}, 2, 1, 'M', ${description}), (${id}, 3, 2, 'F', ${description}), (${other}, 4, 5, 'M', ${description})`.execute(db);
    await sql`INSERT INTO datasetlocations (dataset_id, location_id) VALUES (${id}, 1), (${id}, 2)`.execute(db);
    const attribute = (await sql<{ id: number }>`INSERT INTO attributes (name, datatype, target_table) VALUES ('Funder', 'text', 'datasets') RETURNING id`.execute(db)).rows[0].id;
    await sql`INSERT INTO attributedata (attribute_id, foreign_id, value) VALUES (${attribute}, ${id}, 'BBSRC'), (${attribute}, ${other}, 'EU')`.execute(db);
    const collaborator = (await sql<{ id: number }>`INSERT INTO collaborators (first_name, last_name) VALUES ('Ada', 'Lovelace') RETURNING id`.execute(db)).rows[0].id;
    await sql`INSERT INTO datasetcollaborators (dataset_id, collaborator_id) VALUES (${id}, ${collaborator})`.execute(db);
    const regular = await server.db.database.db.selectFrom('users').select('id').where('username', '=', 'regular').executeTakeFirstOrThrow();
    await sql`INSERT INTO datasetpermissions (dataset_id, user_id) VALUES (${id}, ${regular.id})`.execute(db);
    const dataDir = server.app.config.dataDir;
    const overlay = (await sql<{ id: number }>`INSERT INTO mapoverlays (name, dataset_id) VALUES ('doomed-overlay.png', ${id}) RETURNING id`.execute(db)).rows[0].id;
    const overlayFile = path.join(dataDir, 'images', 'mapoverlay', 'doomed-overlay.png');
    const resource = async (name: string, datasets: number[]) => {
      const rid = (await sql<{ id: number }>`INSERT INTO fileresources (name, path, fileresourcetype_id) VALUES (${name}, ${name}, 1) RETURNING id`.execute(db)).rows[0].id;
      for (const d of datasets) await sql`INSERT INTO datasetfileresources (dataset_id, fileresource_id) VALUES (${d}, ${rid})`.execute(db);
      const file = path.join(dataDir, 'data', 'download', '1', name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, name);
      return { rid, file };
    };
    const own = await resource('doomed-shapes.zip', [id]);
    const shared = await resource('shared-shapes.zip', [id, other]);
    fs.mkdirSync(path.dirname(overlayFile), { recursive: true });
    fs.writeFileSync(overlayFile, 'png');
    expect(overlay).toBeGreaterThan(0);
    return { id, files: [overlayFile, own.file, shared.file], sharedResource: shared.rid };
  }

  it('lets only administrators delete, removing the data and files in one transaction and saying what went', async () => {
    const { id, files, sharedResource } = await seedFull();
    expect((await server.api('DELETE', `dataset/${id}`, { token: tokens.curator })).status).toBe(403);
    expect((await server.api('DELETE', `dataset/${id}`, { token: null })).status).toBe(401);
    const response = await server.api('DELETE', `dataset/${id}?summary=true`, { token: tokens.admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      datasetId: id,
      datasetName: 'Doomed',
      removed: { pedigreeEdges: 2, locations: 2, collaborators: 1, attributes: 1, permissions: 1, mapOverlays: 1, fileResources: 1 },
      files: 2,
    });
    const db = raw();
    expect(await count(sql`SELECT COUNT(*) AS n FROM datasets WHERE id = ${id}`)).toBe(0);
    expect(await count(sql`SELECT COUNT(*) AS n FROM pedigrees WHERE dataset_id = ${id}`)).toBe(0);
    expect(await count(sql`SELECT COUNT(*) AS n FROM pedigrees`)).toBe(1);
    expect(await count(sql`SELECT COUNT(*) AS n FROM attributedata WHERE value = 'BBSRC'`)).toBe(0);
    expect(await count(sql`SELECT COUNT(*) AS n FROM attributedata WHERE value = 'EU'`)).toBe(1);
    expect(await count(sql`SELECT COUNT(*) AS n FROM fileresources WHERE name = 'doomed-shapes.zip'`)).toBe(0);
    expect(await count(sql`SELECT COUNT(*) AS n FROM fileresources WHERE id = ${sharedResource}`)).toBe(1);
    expect(await count(sql`SELECT COUNT(*) AS n FROM datasetpermissions WHERE dataset_id = ${id}`)).toBe(0);
    expect(files.map((f) => fs.existsSync(f))).toEqual([false, false, true]);
    expect(db).toBeDefined();
    // The audit log says who deleted what.
    expect(await count(sql`SELECT COUNT(*) AS n FROM audit_log WHERE action = 'dataset.delete' AND target = ${`dataset ${id}`}`)).toBe(1);
    expect((await server.api('DELETE', `dataset/${id}`, { token: tokens.admin })).status).toBe(404);
    expect((await server.api('DELETE', 'dataset/x1', { token: tokens.admin })).status).toBe(404);
  });

  it('answers Germinate’s plain true without ?summary', async () => {
    const id = Number(((await (await create('admin', { ...valid(), name: 'Short-lived', licenseId: null })).json()) as { datasetId: number }).datasetId);
    const response = await server.api('DELETE', `dataset/${id}`, { token: tokens.admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(true);
  });

  it('removes an allele frequency dataset’s source file with it', async () => {
    const id = Number(((await (await create('admin', { ...valid(), name: 'Frequencies', datasettypeId: 4, licenseId: null })).json()) as { datasetId: number }).datasetId);
    await sql`UPDATE datasets SET source_file = 'freq-source.txt' WHERE id = ${id}`.execute(raw());
    const file = path.join(server.app.config.dataDir, 'data', 'allelefreq', 'freq-source.txt');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'Line\tm1\r\n');
    const response = await server.api('DELETE', `dataset/${id}?summary=true`, { token: tokens.admin });
    expect(await response.json()).toMatchObject({ datasetId: id, removed: {}, files: 1 });
    expect(fs.existsSync(file)).toBe(false);
  });

  it('removes nothing, data or files, when the deletion fails before it commits', async () => {
    const { id, files } = await seedFull();
    const present = await presentTables(raw(), dialect, REMOVAL_TABLES);
    const before = await countDatasetData(raw(), present, id);
    expect(before.pedigreeEdges).toBe(2);
    await expect(
      deleteDataset(raw(), present, server.app.config.dataDir, id, () => {
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(await count(sql`SELECT COUNT(*) AS n FROM datasets WHERE id = ${id}`)).toBe(1);
    expect(await countDatasetData(raw(), present, id)).toEqual(before);
    expect(files.map((f) => fs.existsSync(f))).toEqual([true, true, true]);
  });
});
