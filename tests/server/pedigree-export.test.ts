import { strFromU8, unzipSync } from 'fflate';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { seedGermplasm } from '../support/seed.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';

/**
 * The pedigree exports on both databases: the Helium file of every edge, the walk around selected germplasm
 * with Germinate's default and clamped levels, groups as a selection, attributes in a zip, the async job and
 * its download, access logs, and bad input (no body, datasets the caller may not see, nothing to export).
 *
 * Seed (germplasm of tests/support/seed.ts): in the public dataset Barke (1) has parents Golden Promise (10,
 * F) and Golden Melon (11, M); barke selection (2) descends from Barke (M); BARKE-2 (3) from barke selection
 * (F); Gold (12) from BARKE-2 (OTHER). The private dataset holds Müller (4) from MÜLLER Gold (5).
 */
describe.each(testDialects())('pedigree export on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  let publicId: number;
  let privateId: number;
  let trialsId: number;
  let groupId: number;
  const raw = () => server.db.database.db as unknown as Kysely<unknown>;
  const exportPedigree = (body: unknown, token: string | null = null) => server.api('POST', 'dataset/export/pedigree', { token, body });
  const lines = async (response: Response) => (await response.text()).split('\r\n');
  const logs = async (datasetId: number) => Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM datasetaccesslogs WHERE dataset_id = ${datasetId}`.execute(raw())).rows[0].n);

  beforeAll(async () => {
    server = await startServer(dialect);
    await seedGermplasm(server);
    admin = await server.login('admin', passwordOf('admin'));
    const db = raw();
    const experiment = (await sql<{ id: number }>`INSERT INTO experiments (experiment_name) VALUES ('Crosses') RETURNING id`.execute(db)).rows[0].id;
    const dataset = async (name: string, type: number, state: number) =>
      (await sql<{ id: number }>`INSERT INTO datasets (experiment_id, datasettype_id, name, dataset_state_id) VALUES (${experiment}, ${type}, ${name}, ${state}) RETURNING id`.execute(db)).rows[0].id;
    publicId = await dataset('Barley pedigree', 7, 1);
    privateId = await dataset('Secret pedigree', 7, 2);
    trialsId = await dataset('A trial', 3, 1);
    const description = (await sql<{ id: number }>`INSERT INTO pedigreedescriptions (name) VALUES ('Crosses') RETURNING id`.execute(db)).rows[0].id;
    const edge = (dataset: number, child: number, parent: number, type: string) =>
      sql`INSERT INTO pedigrees (dataset_id, germinatebase_id, parent_id, relationship_type, pedigreedescription_id) VALUES (${dataset}, ${child}, ${parent}, ${type}, ${description})`.execute(db);
    await edge(publicId, 1, 10, 'F');
    await edge(publicId, 1, 11, 'M');
    await edge(publicId, 2, 1, 'M');
    await edge(publicId, 3, 2, 'F');
    await edge(publicId, 12, 3, 'OTHER');
    await edge(privateId, 4, 5, 'M');
    groupId = (await sql<{ id: number }>`INSERT INTO groups (grouptype_id, name, visibility) VALUES (3, 'Barkes', 1) RETURNING id`.execute(db)).rows[0].id;
    await sql`INSERT INTO groupmembers (group_id, foreign_id) VALUES (${groupId}, 3), (${groupId}, 4)`.execute(db);
  });
  afterAll(async () => server?.close());

  it('writes every edge of the pedigree datasets the caller may use as a Helium file', async () => {
    const response = await exportPedigree({});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;filename= "pedigree-[0-9a-f-]{36}\.helium"$/);
    expect(await lines(response)).toEqual([
      '# heliumInput = PEDIGREE',
      'LineName\tParent\tParentType',
      'Barke\tGolden Promise\tF',
      'Barke\tGolden Melon\tM',
      'barke selection\tBarke\tM',
      'BARKE-2\tbarke selection\tF',
      'Gold\tBARKE-2\tOTHER',
      '',
    ]);
    // The administrator also sees the private dataset's edge.
    expect(await lines(await exportPedigree({}, admin))).toContain('Müller\tMÜLLER Gold\tM');
  });

  it('walks around one selected germplasm two generations up and one down by default', async () => {
    expect((await lines(await exportPedigree({ yIds: [2] }))).slice(2, -1)).toEqual([
      'barke selection\tBarke\tM',
      'Barke\tGolden Promise\tF',
      'Barke\tGolden Melon\tM',
      'BARKE-2\tbarke selection\tF',
    ]);
  });

  it('takes requested levels, clamped to 1…5, and several germplasm three up and three down', async () => {
    expect((await lines(await exportPedigree({ yIds: [2], levelsUp: 0, levelsDown: 1 }))).slice(2, -1)).toEqual(['barke selection\tBarke\tM', 'BARKE-2\tbarke selection\tF']);
    const several = (await lines(await exportPedigree({ yIds: [12, 11] }))).slice(2, -1);
    // Starts by name: Gold, then Golden Melon; each edge once.
    expect(several).toEqual(['Gold\tBARKE-2\tOTHER', 'BARKE-2\tbarke selection\tF', 'barke selection\tBarke\tM', 'Barke\tGolden Melon\tM']);
  });

  it('selects the members of germplasm groups, and both yIds and groups when both are given', async () => {
    expect((await lines(await exportPedigree({ yGroupIds: [groupId], levelsUp: 1, levelsDown: 1 }))).slice(2, -1)).toEqual(['BARKE-2\tbarke selection\tF', 'Gold\tBARKE-2\tOTHER']);
    expect((await exportPedigree({ yIds: [1], yGroupIds: [groupId] })).status).toBe(404);
  });

  it('zips the pedigree with the passport attributes on request', async () => {
    const response = await exportPedigree({ yIds: [1], levelsUp: 1, levelsDown: 1, includeAttributes: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const names = Object.keys(files);
    expect(names).toHaveLength(2);
    const attributes = names.find((name) => /^pedigree-attributes-[0-9a-f-]{36}\.helium$/.test(name)) ?? '';
    const pedigree = names.find((name) => /^pedigree-[0-9a-f-]{36}\.helium$/.test(name)) ?? '';
    expect(strFromU8(files[attributes]).split('\r\n')).toEqual([
      '#heliumInput = PHENOTYPE',
      'Name\tColour\tHeight',
      'Barke\tred\t120',
      'barke selection\t\t95',
      'Golden Melon\t\t',
      'Golden Promise\tGrün\t101',
      '',
    ]);
    expect(strFromU8(files[pedigree])).toContain('barke selection\tBarke\tM');
  });

  it('logs one access per exported dataset', async () => {
    const [publicBefore, privateBefore] = [await logs(publicId), await logs(privateId)];
    expect((await exportPedigree({ datasetIds: [publicId] })).status).toBe(200);
    expect(await logs(publicId)).toBe(publicBefore + 1);
    // Anonymous callers export no private edge, so no access to that dataset is logged either.
    expect((await exportPedigree({})).status).toBe(200);
    expect(await logs(privateId)).toBe(privateBefore);
    expect((await exportPedigree({}, admin)).status).toBe(200);
    expect(await logs(privateId)).toBe(privateBefore + 1);
    const row = (await sql<{ user_name: string | null }>`SELECT user_name FROM datasetaccesslogs WHERE dataset_id = ${privateId} ORDER BY id DESC`.execute(raw())).rows[0];
    expect(row.user_name).toBe('admin');
  });

  it('exports a licensed dataset only to callers who accepted its licence (the cookie for anonymous callers)', async () => {
    const db = raw();
    const licence = (await sql<{ id: number }>`INSERT INTO licenses (name) VALUES ('CC BY-NC') RETURNING id`.execute(db)).rows[0].id;
    const experiment = (await sql<{ id: number }>`SELECT experiment_id AS id FROM datasets WHERE id = ${publicId}`.execute(db)).rows[0].id;
    const licensed = (await sql<{ id: number }>`INSERT INTO datasets (experiment_id, datasettype_id, name, dataset_state_id, license_id) VALUES (${experiment}, 7, 'Licensed pedigree', 1, ${licence}) RETURNING id`.execute(db)).rows[0].id;
    const description = (await sql<{ id: number }>`SELECT id FROM pedigreedescriptions`.execute(db)).rows[0].id;
    await sql`INSERT INTO pedigrees (dataset_id, germinatebase_id, parent_id, relationship_type, pedigreedescription_id) VALUES (${licensed}, 16, 15, 'F', ${description})`.execute(db);
    const ask = (headers: Record<string, string> = {}, token: string | null = null) =>
      server.api('POST', 'dataset/export/pedigree', { token, headers, body: { datasetIds: [licensed] } });
    expect((await ask()).status).toBe(404);
    expect((await exportPedigree({})).status).toBe(200);
    expect(await (await exportPedigree({})).text()).not.toContain("O'Brien");
    const withCookie = await ask({ cookie: `accepted-licenses=${licence}` });
    expect(withCookie.status).toBe(200);
    expect(await withCookie.text()).toContain("O'Brien\tÅland\tF");
    const regular = await server.login('regular', passwordOf('regular'));
    expect((await ask({}, regular)).status).toBe(404);
    expect((await server.api('GET', `license/${licence}/accept`, { token: regular })).status).toBe(200);
    expect((await ask({}, regular)).status).toBe(200);
  });

  it('refuses bad input cleanly, never with data', async () => {
    expect((await server.api('POST', 'dataset/export/pedigree', {})).status).toBe(400);
    expect((await exportPedigree({ yIds: 'x' })).status).toBe(400);
    expect((await exportPedigree({ levelsUp: 1.5 })).status).toBe(400);
    // A dataset the caller may not see, one of another type, one that does not exist: nothing to export.
    for (const datasetIds of [[privateId], [trialsId], [987_654]]) {
      const response = await exportPedigree({ datasetIds });
      expect(response.status, JSON.stringify(datasetIds)).toBe(404);
      expect(await response.text()).not.toContain('Müller');
    }
    // Germplasm in no pedigree.
    expect((await exportPedigree({ yIds: [14] })).status).toBe(404);
  });
});
