import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { seedGermplasm } from '../support/seed.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';

/**
 * The passport's pedigree and entity calls on both databases: pedigree/table and pedigreedefinition/table
 * (Germinate's row keys, the passport's "parent or child" filters, private and licensed datasets hidden from
 * those who may not read them), entity/table in both directions, germplasm/entity?direction, bad input.
 *
 * Seed (tests/support/seed.ts): Barke (1) has the plants 28 and 29; plant 28 the sample 30.
 */
describe.each(testDialects())('passport tables on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  let publicId: number;
  const raw = () => server.db.database.db as unknown as Kysely<unknown>;
  const post = async (path: string, body: unknown, token: string | null = null) => server.api('POST', path, { token, body });
  const rows = async (path: string, body: unknown, token: string | null = null) => {
    const response = await post(path, body, token);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: Record<string, unknown>[]; count: number });
  };
  const parentOrChild = (id: number) => ({
    page: 0,
    limit: 100,
    filter: [
      { column: 'parentId', comparator: 'equals', operator: 'or', values: [id] },
      { column: 'childId', comparator: 'equals', operator: 'or', values: [id] },
    ],
  });

  beforeAll(async () => {
    server = await startServer(dialect);
    await seedGermplasm(server);
    admin = await server.login('admin', passwordOf('admin'));
    const db = raw();
    const experiment = (await sql<{ id: number }>`INSERT INTO experiments (experiment_name) VALUES ('Crosses') RETURNING id`.execute(db)).rows[0].id;
    const dataset = async (name: string, type: number, state: number) =>
      (await sql<{ id: number }>`INSERT INTO datasets (experiment_id, datasettype_id, name, dataset_state_id) VALUES (${experiment}, ${type}, ${name}, ${state}) RETURNING id`.execute(db)).rows[0].id;
    publicId = await dataset('Barley pedigree', 7, 1);
    const privateId = await dataset('Secret pedigree', 7, 2);
    const description = (await sql<{ id: number }>`INSERT INTO pedigreedescriptions (name, author) VALUES ('Crosses', 'JHI') RETURNING id`.execute(db)).rows[0].id;
    const edge = (set: number, child: number, parent: number, kind: string) =>
      sql`INSERT INTO pedigrees (dataset_id, germinatebase_id, parent_id, relationship_type, pedigreedescription_id) VALUES (${set}, ${child}, ${parent}, ${kind}, ${description})`.execute(db);
    await edge(publicId, 1, 10, 'F');
    await edge(publicId, 1, 11, 'M');
    await edge(publicId, 2, 1, 'M');
    await edge(privateId, 4, 1, 'OTHER');
    const notation = (await sql<{ id: number }>`INSERT INTO pedigreenotations (name, description) VALUES ('Purdy', 'Purdy notation') RETURNING id`.execute(db)).rows[0].id;
    await sql`INSERT INTO pedigreedefinitions (dataset_id, germinatebase_id, pedigreenotation_id, pedigreedescription_id, definition)
      VALUES (${publicId}, 1, ${notation}, ${description}, 'Golden Promise/Golden Melon'), (${privateId}, 4, ${notation}, ${description}, 'Barke/?')`.execute(db);
  });
  afterAll(async () => server?.close());

  it('answers the edges of a germplasm as parent or child with the keys of ViewTablePedigrees', async () => {
    const page = await rows('pedigree/table', parentOrChild(1));
    expect(page.count).toBe(3);
    const barke = page.data.find((r) => r.parentId === 10);
    expect(barke).toMatchObject({
      parentName: 'Golden Promise', parentDisplayName: 'GP', parentGid: 'ACC-010', parentNumber: '10',
      childId: 1, childName: 'Barke', childNumber: 'B1', datasetId: publicId, datasetName: 'Barley pedigree',
      experimentName: 'Crosses', relationshipType: 'F', pedigreeDescription: 'Crosses', pedigreeAuthor: 'JHI',
    });
    // The private dataset's edge (Müller from Barke) only for those who may see it.
    expect(page.data.map((r) => r.childId)).not.toContain(4);
    expect((await rows('pedigree/table', parentOrChild(1), admin)).data.map((r) => r.childId)).toContain(4);
    // By name, as Germinate's pedigree chart asks.
    const byName = await rows('pedigree/table', { page: 0, limit: 10, filter: [{ column: 'parentName', comparator: 'equals', values: ['Barke'] }] });
    expect(byName.data.map((r) => r.childName)).toEqual(['barke selection']);
    const ids = (await (await post('pedigree/table/ids', parentOrChild(1))).json()) as { data: number[] };
    expect(ids.data).toHaveLength(3);
    const file = await post('pedigree/table/export', parentOrChild(1));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/zip');
  });

  it('answers pedigree definitions of the readable datasets', async () => {
    const filter = (id: number) => ({ page: 0, limit: 10, filter: [{ column: 'germplasmId', comparator: 'equals', values: [id] }] });
    const page = await rows('pedigreedefinition/table', filter(1));
    expect(page.data).toEqual([
      expect.objectContaining({ germplasmId: 1, germplasmName: 'Barke', definition: 'Golden Promise/Golden Melon', pedigreeNotationName: 'Purdy', datasetName: 'Barley pedigree', pedigreeDescriptionAuthor: 'JHI' }),
    ]);
    expect((await rows('pedigreedefinition/table', filter(4))).count).toBe(0);
    expect((await rows('pedigreedefinition/table', filter(4), admin)).count).toBe(1);
  });

  it('answers the entity hierarchy up and down', async () => {
    const pairs = (id: number) => ({
      page: 0,
      limit: 10,
      filter: [
        { column: 'entityParentId', comparator: 'equals', operator: 'or', values: [id] },
        { column: 'entityChildId', comparator: 'equals', operator: 'or', values: [id] },
      ],
    });
    const plant = await rows('entity/table', pairs(28));
    expect(plant.count).toBe(2);
    expect(plant.data).toContainEqual(expect.objectContaining({ entityParentId: 1, entityParentName: 'Barke', entityParentType: 'Accession', entityChildId: 28, entityChildType: 'Plant/Plot' }));
    expect(plant.data).toContainEqual(expect.objectContaining({ entityParentId: 28, entityChildId: 30, entityChildName: 'Barke sample', entityChildType: 'Sample' }));
    expect((await rows('entity/table', pairs(1))).data.map((r) => r.entityChildId).sort()).toEqual([28, 29]);
    expect((await rows('entity/table', pairs(5))).count).toBe(0);

    const entity = async (direction: string, body: unknown) => post(`germplasm/entity?direction=${direction}`, body);
    expect(await (await entity('down', [1, 28])).json()).toEqual([28, 29, 30]);
    expect(await (await entity('up', [30, 29, 1])).json()).toEqual([1, 28]);
    expect((await entity('sideways', [1])).status).toBe(400);
    expect((await entity('up', ['x'])).status).toBe(400);
    expect((await server.api('POST', 'germplasm/entity?direction=up', {})).status).toBe(400);
  });

  it('refuses bad table requests', async () => {
    expect((await post('pedigree/table', { page: -1 })).status).toBe(400);
    expect((await post('entity/table', { filter: [{ column: 'nope', comparator: 'equals', values: [1] }] })).status).toBe(400);
  });
});
