import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { germplasmDb, seedGermplasm } from '../support/seed.js';

/** POST germplasm/unify: validation, roles, and what a merge re-points and deletes. */
describe.each(testDialects())('germplasm unify on %s', (dialect) => {
  let server: TestServer;
  let curator: string;
  beforeAll(async () => {
    server = await startServer(dialect);
    await seedGermplasm(server);
    curator = await server.login('curator', passwordOf('curator'));
  });
  afterAll(async () => server?.close());

  const snapshot = async () => {
    const db = germplasmDb(server);
    return {
      germplasm: await db.selectFrom('germinatebase').select(['id', 'entityparent_id']).orderBy('id').execute(),
      synonyms: await db.selectFrom('synonyms').select(['foreign_id', 'synonyms']).orderBy('id').execute(),
      institutions: await db.selectFrom('germplasminstitutions').select(['germinatebase_id', 'institution_id', 'type']).orderBy('germinatebase_id').orderBy('institution_id').orderBy('type').execute(),
      attributes: await db.selectFrom('attributedata').select(['id', 'foreign_id']).orderBy('id').execute(),
    };
  };
  const synonymsOf = async (id: number) => {
    const row = await germplasmDb(server).selectFrom('synonyms').select('synonyms').where('foreign_id', '=', id).where('synonymtype_id', '=', 1).executeTakeFirst();
    const value: unknown = row?.synonyms;
    return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  };

  it.each([
    ['preferred among the others', { preferredGermplasmId: 1, otherGermplasmIds: [2, 1] }],
    ['an unknown id', { preferredGermplasmId: 1, otherGermplasmIds: [2, 999] }],
    ['an unknown preferred id', { preferredGermplasmId: 999, otherGermplasmIds: [2] }],
    ['an empty list', { preferredGermplasmId: 1, otherGermplasmIds: [] }],
    ['strings', { preferredGermplasmId: '1', otherGermplasmIds: ['2'] }],
    ['missing ids', { explanation: 'x' }],
    ['too many ids', { preferredGermplasmId: 1, otherGermplasmIds: Array.from({ length: 1001 }, (_, i) => i + 2) }],
  ])('answers 400 for %s and changes nothing', async (_, body) => {
    const before = await snapshot();
    const response = await server.api('POST', 'germplasm/unify', { token: curator, body });
    expect(response.status).toBe(400);
    const error = (await response.json()) as { reasonPhrase?: string; message?: string };
    expect(error.reasonPhrase).toBe('BAD_REQUEST_INVALID_PAYLOAD');
    expect(error.message).toBeTruthy();
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a regular user (403) and an anonymous caller (401)', async () => {
    const before = await snapshot();
    const body = { preferredGermplasmId: 1, otherGermplasmIds: [2] };
    const regular = await server.login('regular', passwordOf('regular'));
    expect((await server.api('POST', 'germplasm/unify', { token: regular, body })).status).toBe(403);
    expect((await server.api('POST', 'germplasm/unify', { body })).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('merges three germplasm into one', async () => {
    const db = germplasmDb(server);
    // A child of one of the others, to see it re-pointed.
    await db.updateTable('germinatebase').set({ entityparent_id: 10 }).where('id', '=', 29).execute();
    const response = await server.api('POST', 'germplasm/unify', {
      token: curator,
      body: { preferredGermplasmId: 1, otherGermplasmIds: [2, 4, 10], explanation: 'duplicates' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(true);

    const ids = (await db.selectFrom('germinatebase').select('id').where('id', 'in', [1, 2, 4, 10]).execute()).map((r) => r.id);
    expect(ids).toEqual([1]);
    expect(await db.selectFrom('mcpd').select('germinatebase_id').where('germinatebase_id', 'in', [2, 4, 10]).execute()).toEqual([]);
    expect(await db.selectFrom('synonyms').select('id').where('foreign_id', 'in', [2, 4, 10]).execute()).toEqual([]);
    expect(await synonymsOf(1)).toEqual([
      'Barke-syn', 'BK', 'barke selection', 'Müller', 'ACC-004', 'Mueller', 'Muller', 'Golden Promise', 'ACC-010', 'GP', 'Golden P',
    ]);
    const links = await db.selectFrom('germplasminstitutions').select(['germinatebase_id', 'institution_id', 'type']).execute();
    expect(links.filter((l) => [2, 4, 10].includes(l.germinatebase_id))).toEqual([]);
    expect(links.filter((l) => l.germinatebase_id === 1).map((l) => `${l.institution_id}:${l.type}`).sort()).toEqual([
      '1:maintenance', '2:breeding', '2:donor', '3:collection',
    ]);
    const attributes = await db.selectFrom('attributedata').select(['id', 'foreign_id']).orderBy('id').execute();
    expect(attributes).toEqual([1, 2, 3, 4, 5].map((id) => ({ id, foreign_id: 1 })));
    const children = await db.selectFrom('germinatebase').select(['id', 'entityparent_id']).where('id', 'in', [28, 29]).orderBy('id').execute();
    expect(children).toEqual([{ id: 28, entityparent_id: 1 }, { id: 29, entityparent_id: 1 }]);
    const pdci = (await db.selectFrom('germinatebase').select('pdci').where('id', '=', 1).executeTakeFirstOrThrow()).pdci;
    expect(typeof pdci).toBe('number');
  });

  it('creates the synonyms row when the preferred has none', async () => {
    const response = await server.api('POST', 'germplasm/unify', { token: curator, body: { preferredGermplasmId: 17, otherGermplasmIds: [18] } });
    expect(response.status).toBe(200);
    expect(await synonymsOf(17)).toEqual(['Line 18']);
  });
});
