import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { startServer, type TestServer } from '../support/server.js';
import { seedGermplasm } from '../support/seed.js';

describe.each(testDialects())('statistics on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(async () => server?.close());

  it('answers every overview key, zero before any data', async () => {
    const response = await server.api('GET', 'stats/overview');
    expect(response.status).toBe(200);
    const stats = (await response.json()) as Record<string, number>;
    expect(Object.keys(stats)).toHaveLength(19);
    expect(Object.values(stats).every((v) => v === 0)).toBe(true);
  });

  it('counts germplasm overall and per entity type', async () => {
    await seedGermplasm(server);
    const db = server.db.database.db.withTables<{ germinatebase: { entitytype_id: number | null }; locations: { id: number } }>();
    const total = (await db.selectFrom('germinatebase').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const plants = (await db.selectFrom('germinatebase').select((eb) => eb.fn.countAll<number>().as('n')).where('entitytype_id', '=', 2).executeTakeFirstOrThrow()).n;
    const sites = (await db.selectFrom('locations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(Number(total)).toBeGreaterThan(0);

    const overview = (await (await server.api('GET', 'stats/overview')).json()) as Record<string, number>;
    expect(overview.germplasm).toBe(Number(total));
    expect(overview.locations).toBe(Number(sites));
    expect(overview.markers).toBe(0);

    const types = (await (await server.api('GET', 'stats/entitytype')).json()) as { entityTypeId: number; entityTypeName: string; count: number }[];
    expect(types.map((t) => t.entityTypeName)).toEqual(['Accession', 'Plant/Plot', 'Sample']);
    expect(types.reduce((sum, t) => sum + t.count, 0)).toBe(Number(total));
    expect(types[1].count).toBe(Number(plants));
  });
});
