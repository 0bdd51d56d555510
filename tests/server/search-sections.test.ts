import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTIONS } from '../../src/plugins/search/sections.js';
import { sectionFilters } from '../../src/plugins/search/state.js';
import { startServer, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { f, idsFor, seedGermplasm, tablePage } from '../support/seed.js';

const germplasm = SECTIONS.find((section) => section.id === 'germplasm')!;

/**
 * The search page's requests against the real server: every section's table takes the search's filters, a
 * genebank number is found in either spelling whichever is stored, and `contains` on synonyms (answered by the
 * germplasm's key on PostgreSQL, so that it joins the name columns' OR in one index scan) finds what the
 * synonyms' own text holds.
 */
describe.each(testDialects())('search sections on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
    await seedGermplasm(server);
    const db = server.db.database.db as unknown as Kysely<unknown>;
    await sql`UPDATE germinatebase SET number = ${'PI 557821'} WHERE id = 1`.execute(db);
    await sql`INSERT INTO synonyms (foreign_id, synonymtype_id, synonyms) VALUES (6, 1, ${JSON.stringify(['PI557900', 'Muller old'])})`.execute(db);
  });
  afterAll(async () => server?.close());

  it.each(SECTIONS.map((section) => [section.id, section] as const))('%s: its table takes the search filters', async (_id, section) => {
    const response = await server.api('POST', section.declaration.path, { body: { page: 0, limit: 5, filter: sectionFilters('ba', section) } });
    expect(response.status, await response.clone().text()).toBe(200);
    const page = (await response.json()) as { data: unknown[]; count: number };
    expect(page.count).toBeGreaterThanOrEqual(page.data.length);
  });

  it("finds a genebank number typed with or without its space, stored with it ('PI 557821') or without it (a synonym 'PI557900')", async () => {
    const ids = (term: string) => idsFor(server, sectionFilters(term, germplasm));
    expect(await ids('PI 557821')).toEqual([1]);
    expect(await ids('PI557821')).toEqual([1]);
    expect(await ids('pi557821')).toEqual([1]);
    expect(await ids('PI 557900')).toEqual([6]);
    expect(await ids('PI557900')).toEqual([6]);
    expect(await ids('PI%5579')).toEqual([6]);
  });

  it('finds by synonym exactly the rows whose synonyms text holds the value, alone, in an or and with and', async () => {
    const all = await tablePage(server, 'germplasm/table', { limit: 5000 });
    const rows = all.data as { germplasmId: number; germplasmName: string; synonyms?: string[] }[];
    const holding = (value: string) => rows.filter((r) => JSON.stringify(r.synonyms ?? null).toLowerCase().includes(value)).map((r) => r.germplasmId).sort((a, b) => a - b);
    for (const value of ['gp', 'golden p', 'old', 'pi55']) {
      expect(await idsFor(server, [f('synonyms', 'contains', [value])]), value).toEqual(holding(value));
    }
    const byName = rows.filter((r) => r.germplasmName.toLowerCase().includes('barke')).map((r) => r.germplasmId);
    const either = [...new Set([...byName, ...holding('old')])].sort((a, b) => a - b);
    expect(await idsFor(server, [f('germplasmName', 'contains', ['barke'], 'or'), f('synonyms', 'contains', ['old'])])).toEqual(either);
    expect(await idsFor(server, [f('synonyms', 'contains', ['old'], 'and'), f('germplasmName', 'contains', ['muller'])])).toEqual([6]);
  });
});
