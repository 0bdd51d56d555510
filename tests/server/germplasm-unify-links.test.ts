import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { seedTrials, type TrialsSeed } from '../support/trials-seed.js';

/**
 * A merge keeps what other domains hold of the merged germplasm: their plots of trials (and so their trait
 * values), comments and group memberships move to the preferred germplasm, a group holding both keeps it once.
 */
describe.each(testDialects())('germplasm unify keeps the data of other domains on %s', (dialect) => {
  let server: TestServer;
  let seed: TrialsSeed;
  let curator: string;
  const db = () => server.db.database.db as unknown as Kysely<unknown>;
  const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    seed = await seedTrials(server);
    curator = await server.login('curator', passwordOf('curator'));
    await sql`INSERT INTO comments (commenttype_id, visibility, description, reference_id) VALUES (1, 1, 'Lodges early', 2), (3, 1, 'A place', 2)`.execute(db());
  });
  afterAll(async () => server?.close());

  it('moves plots, comments and group memberships of the others to the preferred germplasm', async () => {
    const plotsOf = async (germplasm: number) =>
      Number((await rows(sql<{ n: number }>`SELECT COUNT(*) AS n FROM trialsetup WHERE germinatebase_id = ${germplasm}`))[0].n);
    const [plots1, plots2, values] = [await plotsOf(1), await plotsOf(2), (await rows(sql<{ n: number }>`SELECT COUNT(*) AS n FROM phenotypedata`))[0].n];
    expect(plots2).toBeGreaterThan(0);

    const response = await server.api('POST', 'germplasm/unify', { token: curator, body: { preferredGermplasmId: 1, otherGermplasmIds: [2, 3] } });
    expect(response.status).toBe(200);

    expect(await plotsOf(2)).toBe(0);
    expect(await plotsOf(1)).toBeGreaterThan(plots1 + plots2 - 1);
    // No trait value went with the deleted germplasm.
    expect((await rows(sql<{ n: number }>`SELECT COUNT(*) AS n FROM phenotypedata`))[0].n).toBe(values);
    const comments = await rows(sql<{ commenttype_id: number; reference_id: number }>`SELECT commenttype_id, reference_id FROM comments ORDER BY commenttype_id`);
    // A germplasm comment follows; a location comment that happens to carry the same number stays.
    expect(comments.map((c) => [Number(c.commenttype_id), Number(c.reference_id)])).toEqual([[1, 1], [3, 2]]);
    const members = await rows(sql<{ group_id: number; foreign_id: number }>`SELECT group_id, foreign_id FROM groupmembers ORDER BY group_id, foreign_id`);
    // Elite held 1 and 2: it holds 1 once; Mine held 3: it now holds 1.
    expect(members.map((m) => [Number(m.group_id), Number(m.foreign_id)])).toEqual([[seed.groups.elite, 1], [seed.groups.mine, 1]]);
  });
});
