import { sql, type Kysely, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { seedTrials, type TrialsSeed } from '../support/trials-seed.js';

/**
 * `POST trait/unify` on the real server (seedTrials, plus a trait image, attribute value, map overlay and
 * trait groups): administrators only; a bad request is a 400 that names what is wrong and writes nothing;
 * a good one moves values, images, attribute values, overlays and group members to the preferred trait,
 * appends the others' names and synonyms to its synonyms once each, deletes the others, and audits it all.
 */
describe.each(testDialects())('trait unification on %s', (dialect) => {
  let server: TestServer;
  let seed: TrialsSeed;
  let db: Kysely<unknown>;
  const tokens: Record<string, string> = {};
  const groups: Record<string, number> = {};

  const id = async (query: RawBuilder<{ id: number }>) => Number((await query.execute(db)).rows[0].id);
  const rows = async <T,>(query: RawBuilder<T>) => (await query.execute(db)).rows;

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    seed = await seedTrials(server);
    db = server.db.database.db as unknown as Kysely<unknown>;
    for (const role of ['regular', 'curator', 'admin']) tokens[role] = await server.login(role, passwordOf(role));
    const { height, yield: yieldId, note } = seed.traits;
    await sql`INSERT INTO synonyms (foreign_id, synonymtype_id, synonyms) VALUES (${yieldId}, 4, ${JSON.stringify(['Grain yield', 'PH', 'Height'])})`.execute(db);
    await sql`INSERT INTO images (imagetype_id, description, foreign_id, path) VALUES (3, 'Yield plot', ${yieldId}, 'upload/yield.jpg'), (1, 'Germplasm', ${yieldId}, 'upload/g.jpg')`.execute(db);
    const method = await id(sql`INSERT INTO attributes (name, description, datatype, target_table) VALUES ('Method', NULL, 'text', 'phenotypes') RETURNING id`);
    const donor = await id(sql`INSERT INTO attributes (name, description, datatype, target_table) VALUES ('Donor', NULL, 'text', 'germinatebase') RETURNING id`);
    await sql`INSERT INTO attributedata (attribute_id, foreign_id, value) VALUES (${method}, ${yieldId}, 'Scale'), (${donor}, ${yieldId}, 'A germplasm value')`.execute(db);
    await sql`INSERT INTO mapoverlays (name, reference_table, foreign_id) VALUES ('Yield map', 'phenotypes', ${yieldId}), ('Rain', 'climates', ${yieldId})`.execute(db);
    // No trait group type exists yet: the test makes one, so that trait groups' members are seen to move.
    const traitGroups = await id(sql`INSERT INTO grouptypes (description, target_table) VALUES ('Traits', 'phenotypes') RETURNING id`);
    const group = (name: string) => id(sql`INSERT INTO groups (grouptype_id, name, visibility) VALUES (${traitGroups}, ${name}, 1) RETURNING id`);
    groups.both = await group('Height and yield');
    groups.others = await group('Yield and note');
    await sql`INSERT INTO groupmembers (foreign_id, group_id) VALUES (${height}, ${groups.both}), (${yieldId}, ${groups.both}), (${yieldId}, ${groups.others}), (${note}, ${groups.others})`.execute(db);
  });
  afterAll(async () => server?.close());

  /** Everything unification may touch, to compare before and after a refused request. */
  const state = async () => ({
    values: await rows(sql`SELECT phenotype_id, COUNT(*) AS n FROM phenotypedata GROUP BY phenotype_id ORDER BY phenotype_id`),
    traits: await rows(sql`SELECT id, name FROM phenotypes ORDER BY id`),
    synonyms: await rows(sql`SELECT foreign_id, synonyms FROM synonyms WHERE synonymtype_id = 4 ORDER BY id`),
    images: await rows(sql`SELECT id, foreign_id FROM images ORDER BY id`),
    attributes: await rows(sql`SELECT id, foreign_id FROM attributedata ORDER BY id`),
    overlays: await rows(sql`SELECT id, foreign_id FROM mapoverlays ORDER BY id`),
    members: await rows(sql`SELECT group_id, foreign_id FROM groupmembers ORDER BY id`),
    audit: await rows(sql`SELECT id FROM audit_log WHERE action = 'trait.unify'`),
  });
  const unify = (body: unknown, token: string | null = tokens.admin) => server.api('POST', 'trait/unify', { token, body });
  const synonymsOf = async (traitId: number) => {
    const [row] = await rows(sql<{ synonyms: unknown }>`SELECT synonyms FROM synonyms WHERE synonymtype_id = 4 AND foreign_id = ${traitId}`);
    return typeof row?.synonyms === 'string' ? JSON.parse(row.synonyms) : row?.synonyms;
  };

  it('is for administrators only', async () => {
    const before = await state();
    const body = { preferredTraitId: seed.traits.height, otherTraitIds: [seed.traits.yield] };
    expect((await unify(body, null)).status).toBe(401);
    expect((await unify(body, tokens.regular)).status).toBe(403);
    expect((await unify(body, tokens.curator)).status).toBe(403);
    expect(await state()).toEqual(before);
  });

  it('answers 400 naming what is wrong, and writes nothing', async () => {
    const { height, yield: yieldId, note } = seed.traits;
    const cases: [unknown, RegExp][] = [
      [undefined, /body is required/],
      [{ otherTraitIds: [yieldId] }, /preferredTraitId is required/],
      [{ preferredTraitId: height }, /otherTraitIds must name at least one trait/],
      [{ preferredTraitId: height, otherTraitIds: [] }, /otherTraitIds must name at least one trait/],
      [{ preferredTraitId: height, otherTraitIds: [yieldId, height] }, new RegExp(`preferredTraitId ${height} must not be among otherTraitIds`)],
      [{ preferredTraitId: height, otherTraitIds: [yieldId, note, yieldId] }, new RegExp(`more than once: ${yieldId}$`)],
      [{ preferredTraitId: height, otherTraitIds: [yieldId, 999999, note, 999998] }, /otherTraitIds name no trait: 999999, 999998$/],
      [{ preferredTraitId: 999999, otherTraitIds: [yieldId] }, /preferredTraitId 999999 names no trait/],
      [{ preferredTraitId: 'Height', otherTraitIds: [yieldId] }, /preferredTraitId/],
      [{ preferredTraitId: height, otherTraitIds: [1.5] }, /otherTraitIds/],
    ];
    const before = await state();
    for (const [body, message] of cases) {
      const response = await unify(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    expect(await state()).toEqual(before);
  });

  it('merges the other traits into the preferred one', async () => {
    const { height, yield: yieldId, note } = seed.traits;
    const count = async (traitId: number) => Number((await rows(sql<{ n: number }>`SELECT COUNT(*) AS n FROM phenotypedata WHERE phenotype_id = ${traitId}`))[0].n);
    expect([await count(height), await count(yieldId), await count(note)]).toEqual([21, 11, 2]);
    const response = await unify({ preferredTraitId: height, otherTraitIds: [yieldId, note] });
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(true);

    expect([await count(height), await count(yieldId), await count(note)]).toEqual([34, 0, 0]);
    expect((await rows(sql<{ id: number }>`SELECT id FROM phenotypes ORDER BY id`)).map((r) => Number(r.id))).not.toContain(yieldId);
    expect((await rows(sql<{ id: number }>`SELECT id FROM phenotypes WHERE id IN (${yieldId}, ${note})`))).toEqual([]);
    // Its own synonyms first, then each other's name and synonyms, once each and never its own name.
    expect(await synonymsOf(height)).toEqual(['PH', 'Plant height', 'Yield', 'Grain yield', 'Note']);
    expect(await rows(sql`SELECT id FROM synonyms WHERE synonymtype_id = 4 AND foreign_id IN (${yieldId}, ${note})`)).toEqual([]);
    // Trait images, attribute values and overlays move; those of germplasm and climates with the same id stay.
    const ids = (list: { foreign_id: number }[]) => list.map((r) => Number(r.foreign_id));
    expect(ids(await rows(sql<{ foreign_id: number }>`SELECT foreign_id FROM images ORDER BY id`))).toEqual([height, yieldId]);
    const attributeValues = sql<{ foreign_id: number }>`SELECT ad.foreign_id FROM attributedata ad JOIN attributes a ON a.id = ad.attribute_id
      WHERE a.name IN ('Method', 'Donor') ORDER BY ad.id`;
    expect(ids(await rows(attributeValues))).toEqual([height, yieldId]);
    expect(ids(await rows(sql<{ foreign_id: number }>`SELECT foreign_id FROM mapoverlays ORDER BY id`))).toEqual([height, yieldId]);
    // A trait group holds the preferred trait once; germplasm groups keep their members.
    const members = async (groupId: number) => ids(await rows(sql<{ foreign_id: number }>`SELECT foreign_id FROM groupmembers WHERE group_id = ${groupId} ORDER BY foreign_id`));
    expect(await members(groups.both)).toEqual([height]);
    expect(await members(groups.others)).toEqual([height]);
    expect(await members(seed.groups.elite)).toEqual([1, 2]);

    const audit = await rows(sql<{ username: string; target: string; details: string }>`SELECT username, target, details FROM audit_log WHERE action = 'trait.unify'`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ username: 'admin', target: `trait ${height}` });
    expect(JSON.parse(audit[0].details)).toEqual({
      preferredTraitId: height,
      preferredTraitName: 'Height',
      otherTraits: [{ id: yieldId, name: 'Yield' }, { id: note, name: 'Note' }],
      moved: { phenotypedata: 13, attributedata: 1, images: 1, mapoverlays: 1, groupmembers: 3 },
      synonymsAdded: ['Yield', 'Grain yield', 'Note'],
    });
  });

  it('shows the merged trait in the table and values, and the others no more', async () => {
    const { height, yield: yieldId } = seed.traits;
    const table = async (token: string | null) =>
      ((await (await server.api('POST', 'trait/table', { token, body: { orderBy: 'traitId', ascending: 1 } })).json()) as { data: Record<string, unknown>[]; count: number });
    const anonymous = await table(null);
    expect(anonymous.count).toBe(4);
    expect(anonymous.data[0]).toMatchObject({ traitId: height, datasetIds: [seed.openSet], count: 26, synonyms: ['PH', 'Plant height', 'Yield', 'Grain yield', 'Note'] });
    expect((await table(tokens.admin)).data[0]).toMatchObject({ datasetIds: [seed.openSet, seed.privateSet], count: 28 });
    const values = (await (await server.api('GET', `trait/${height}/values`)).json()) as string[];
    expect(values).toContain('ok');
    expect(values).toContain('1.1');
    expect((await server.api('GET', `trait/${yieldId}/values`)).status).toBe(404);
  });
});
