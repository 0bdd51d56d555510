import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';

const DATASET_KEYS = ['datasets', 'datasetsGenotype', 'datasetsTrials', 'datasetsAllelefreq', 'datasetsClimate', 'datasetsPedigree'] as const;
type Counts = Record<(typeof DATASET_KEYS)[number], number>;

/** datasettypes ids → overview key, as Germinate numbers them. */
const TYPES: [number, (typeof DATASET_KEYS)[number]][] = [[1, 'datasetsGenotype'], [3, 'datasetsTrials'], [4, 'datasetsAllelefreq'], [5, 'datasetsClimate'], [7, 'datasetsPedigree']];

/** stats/overview counts the datasets its caller may see: private and hidden ones only through permissions. */
describe.each(testDialects())('stats/overview dataset counts on %s', (dialect) => {
  let server: TestServer;
  let regular: string;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    const db = server.db.database.db as unknown as Kysely<unknown>;
    const regularId = (await server.db.database.db.selectFrom('users').select('id').where('username', '=', 'regular').executeTakeFirstOrThrow()).id;
    // Every type in every state, plus an external public one per type; the regular user may see one private
    // and one hidden dataset of the trials type.
    const experiment = (await sql<{ id: number }>`INSERT INTO experiments (experiment_name) VALUES ('Everything') RETURNING id`.execute(db)).rows[0].id;
    for (const [typeId] of TYPES) {
      for (const state of [1, 2, 3]) {
        await sql`INSERT INTO datasets (experiment_id, name, dataset_state_id, datasettype_id, is_external) VALUES (${experiment}, ${`t${typeId} s${state}`}, ${state}, ${typeId}, 0)`.execute(db);
      }
      await sql`INSERT INTO datasets (experiment_id, name, dataset_state_id, datasettype_id, is_external) VALUES (${experiment}, ${`t${typeId} external`}, 1, ${typeId}, 1)`.execute(db);
    }
    const granted = await sql<{ id: number }>`SELECT id FROM datasets WHERE datasettype_id = 3 AND dataset_state_id IN (2, 3)`.execute(db);
    for (const { id } of granted.rows) await sql`INSERT INTO datasetpermissions (dataset_id, user_id) VALUES (${id}, ${regularId})`.execute(db);
    regular = await server.login('regular', passwordOf('regular'));
    admin = await server.login('admin', passwordOf('admin'));
  });
  afterAll(async () => server?.close());

  async function counts(token: string | null): Promise<Counts> {
    const response = await server.api('GET', 'stats/overview', { token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, number>;
    return Object.fromEntries(DATASET_KEYS.map((key) => [key, body[key]])) as Counts;
  }

  it('counts only public datasets for an anonymous caller', async () => {
    // 5 types × (public + external public); per type the non-external public one.
    expect(await counts(null)).toEqual({ datasets: 10, datasetsGenotype: 1, datasetsTrials: 1, datasetsAllelefreq: 1, datasetsClimate: 1, datasetsPedigree: 1 });
  });

  it('adds the datasets a user has permissions for, and every dataset for an administrator', async () => {
    expect(await counts(regular)).toEqual({ datasets: 12, datasetsGenotype: 1, datasetsTrials: 3, datasetsAllelefreq: 1, datasetsClimate: 1, datasetsPedigree: 1 });
    expect(await counts(admin)).toEqual({ datasets: 20, datasetsGenotype: 3, datasetsTrials: 3, datasetsAllelefreq: 3, datasetsClimate: 3, datasetsPedigree: 3 });
  });
});
