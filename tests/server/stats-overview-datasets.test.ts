import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';

/**
 * The dataset-dependent counts of `GET stats/overview` per caller: `datasets` = the
 * datasets the caller sees (no licence gate), the per-type keys = the visible non-external ones of each
 * type, `fileresources` = those linked to no dataset or to a dataset the caller sees, `experiments` = the
 * whole table. Anonymous, a user with a permission on the private dataset, one without, an administrator.
 */
type Caller = 'anonymous' | 'permitted' | 'plain' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'permitted', 'plain', 'admin'];
const KEYS = ['datasets', 'datasetsGenotype', 'datasetsTrials', 'datasetsAllelefreq', 'datasetsClimate', 'datasetsPedigree', 'fileresources', 'experiments'] as const;
type Counts = Record<(typeof KEYS)[number], number>;

describe.each(testDialects())('stats/overview datasets and file resources on %s', (dialect) => {
  let server: TestServer;
  const tokens: Partial<Record<Caller, string>> = {};
  const ds = { trials: 0, privatePedigree: 0, hiddenGenotype: 0, externalClimate: 0, licensedGenotype: 0 };
  const db = () => server.db.database.db as unknown as Kysely<unknown>;
  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows[0];

  const overview = async (caller: Caller): Promise<Counts> => {
    const response = await server.api('GET', 'stats/overview', { token: tokens[caller] ?? null });
    expect(response.status).toBe(200);
    const all = (await response.json()) as Record<string, number>;
    return Object.fromEntries(KEYS.map((k) => [k, all[k]])) as Counts;
  };

  beforeAll(async () => {
    server = await startServer(dialect);
    for (const [caller, username] of [['permitted', 'regular'], ['plain', 'curator'], ['admin', 'admin']] as const) {
      tokens[caller] = await server.login(username, passwordOf(username));
    }
    const experiment = async (name: string) => Number((await one(sql<{ id: number }>`INSERT INTO experiments (experiment_name) VALUES (${name}) RETURNING id`)).id);
    const used = await experiment('With datasets');
    // An experiment without datasets counts too: experiments are the whole table.
    await experiment('Empty');
    const licence = Number((await one(sql<{ id: number }>`INSERT INTO licenses (name) VALUES ('Ask first') RETURNING id`)).id);
    const dataset = async (name: string, type: number, state: number, options: { external?: boolean; licence?: number } = {}) =>
      Number((await one(sql<{ id: number }>`INSERT INTO datasets (experiment_id, datasettype_id, name, dataset_state_id, is_external, license_id)
        VALUES (${used}, ${type}, ${name}, ${state}, ${options.external ? 1 : 0}, ${options.licence ?? null}) RETURNING id`)).id);
    ds.trials = await dataset('Public trials', 3, 1);
    ds.privatePedigree = await dataset('Private pedigree', 7, 2);
    ds.hiddenGenotype = await dataset('Hidden genotypes', 1, 3);
    ds.externalClimate = await dataset('External climate', 5, 1, { external: true });
    ds.licensedGenotype = await dataset('Licensed genotypes', 1, 1, { licence });
    const users = (await sql<{ id: number; username: string }>`SELECT id, username FROM users`.execute(db())).rows;
    const regular = Number(users.find((u) => u.username === 'regular')!.id);
    await sql`INSERT INTO datasetpermissions (dataset_id, user_id) VALUES (${ds.privatePedigree}, ${regular})`.execute(db());
    // File resources: linked to nothing, to the public dataset, only to the private one, only to the
    // hidden one, and to the private and the public one (counted once).
    const links: number[][] = [[], [ds.trials], [ds.privatePedigree], [ds.hiddenGenotype], [ds.privatePedigree, ds.trials]];
    for (const [index, datasets] of links.entries()) {
      const id = Number((await one(sql<{ id: number }>`INSERT INTO fileresources (name, path, fileresourcetype_id) VALUES (${`file-${index}`}, ${`f${index}.txt`}, 1) RETURNING id`)).id);
      for (const datasetId of datasets) await sql`INSERT INTO datasetfileresources (dataset_id, fileresource_id) VALUES (${datasetId}, ${id})`.execute(db());
    }
  });
  afterAll(async () => server?.close());

  const EXPECTED: Record<Caller, Counts> = {
    // Public: trials, external climate (no per-type count: it holds no data here), licensed genotypes (no licence gate).
    anonymous: { datasets: 3, datasetsGenotype: 1, datasetsTrials: 1, datasetsAllelefreq: 0, datasetsClimate: 0, datasetsPedigree: 0, fileresources: 3, experiments: 2 },
    permitted: { datasets: 4, datasetsGenotype: 1, datasetsTrials: 1, datasetsAllelefreq: 0, datasetsClimate: 0, datasetsPedigree: 1, fileresources: 4, experiments: 2 },
    plain: { datasets: 3, datasetsGenotype: 1, datasetsTrials: 1, datasetsAllelefreq: 0, datasetsClimate: 0, datasetsPedigree: 0, fileresources: 3, experiments: 2 },
    admin: { datasets: 5, datasetsGenotype: 2, datasetsTrials: 1, datasetsAllelefreq: 0, datasetsClimate: 0, datasetsPedigree: 1, fileresources: 5, experiments: 2 },
  };

  it.each(CALLERS)('counts what %s may see', async (caller) => {
    expect(await overview(caller)).toEqual(EXPECTED[caller]);
  });

  it('follows a state change on the next request', async () => {
    await sql`UPDATE datasets SET dataset_state_id = 1 WHERE id = ${ds.hiddenGenotype}`.execute(db());
    try {
      expect(await overview('anonymous')).toEqual({ ...EXPECTED.anonymous, datasets: 4, datasetsGenotype: 2, fileresources: 4 });
    } finally {
      await sql`UPDATE datasets SET dataset_state_id = 3 WHERE id = ${ds.hiddenGenotype}`.execute(db());
    }
    expect(await overview('anonymous')).toEqual(EXPECTED.anonymous);
  });

  it('counts a resource whose only dataset is deleted as linked to none', async () => {
    const hidden = await sql`SELECT fileresource_id FROM datasetfileresources WHERE dataset_id = ${ds.hiddenGenotype}`.execute(db());
    expect(hidden.rows).toHaveLength(1);
    await sql`DELETE FROM datasetfileresources WHERE dataset_id = ${ds.hiddenGenotype}`.execute(db());
    expect((await overview('plain')).fileresources).toBe(EXPECTED.plain.fileresources + 1);
  });
});
