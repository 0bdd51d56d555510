import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { seedTrials, type TrialsSeed } from '../support/trials-seed.js';

/**
 * `trait/{traitId}/dataset` (trait details): the datasets with data of the trait, as the dataset table
 * shows them to the caller (visible datasets; licences shown, not applied), paged and filtered like it.
 */
describe.each(testDialects())('trait datasets on %s', (dialect) => {
  let server: TestServer;
  let seed: TrialsSeed;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    seed = await seedTrials(server);
    admin = await server.login('admin', passwordOf('admin'));
  });
  afterAll(async () => server?.close());

  const ids = async (traitId: number | string, token: string | null, body: unknown = { page: 0, limit: 10, orderBy: 'datasetId', ascending: 1 }) => {
    const response = await server.api('POST', `trait/${traitId}/dataset`, { token, body });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { data: { datasetId: number }[]; count: number };
    return { ids: page.data.map((row) => row.datasetId), count: page.count };
  };

  it('lists the datasets holding values of the trait that the caller may see', async () => {
    expect(await ids(seed.traits.height, null)).toEqual({ ids: [seed.openSet, seed.licensedSet], count: 2 });
    expect(await ids(seed.traits.height, admin)).toEqual({ ids: [seed.openSet, seed.licensedSet, seed.privateSet], count: 3 });
    expect(await ids(seed.traits.colour, admin)).toEqual({ ids: [seed.openSet], count: 1 });
    expect(await ids(seed.traits.unused, admin)).toEqual({ ids: [], count: 0 });
  });

  it('filters like the dataset table and refuses what is not a trait id', async () => {
    const body = { page: 0, limit: 10, filter: [{ column: 'datasetName', comparator: 'contains', values: ['licensed'] }] };
    expect(await ids(seed.traits.height, null, body)).toEqual({ ids: [seed.licensedSet], count: 1 });
    expect(await ids(999_999, null)).toEqual({ ids: [], count: 0 });
    expect((await server.api('POST', 'trait/abc/dataset', { body: {} })).status).toBe(404);
  });
});
