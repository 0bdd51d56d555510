import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numericSql } from '../../src/server/stats/numeric-sql.js';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { seedTrials, type TrialsSeed } from '../support/trials-seed.js';

type Caller = 'anonymous' | 'cookie' | 'accepted' | 'admin';
interface Box { datasetId: number | null; treatmentId: number | null; xId: number; groupIds: string | null; min: number; q1: number; median: number; q3: number; max: number; avg: number; count: number }
interface Stats { datasets: { datasetId: number; datasetName: string }[]; traits: { traitId: number; traitName: string; unitName: string | null }[]; treatments: { id: number; name: string }[]; stats: Box[] }

/** percentile_cont by hand: the value at f·(n−1) of the sorted values, interpolated linearly. */
function expectedBox(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (f: number) => {
    const position = f * (sorted.length - 1);
    const lo = sorted[Math.floor(position)];
    const hi = sorted[Math.ceil(position)];
    return lo + (position - Math.floor(position)) * (hi - lo);
  };
  const sum = sorted.reduce((a, b) => a + b, 0);
  return { min: sorted[0], q1: at(0.25), median: at(0.5), q3: at(0.75), max: sorted[sorted.length - 1], avg: sum / sorted.length, count: sorted.length };
}

/** The seed's Height values in the open trial: 10 × germplasm + rep in June, 12 × germplasm + rep in July. */
const openHeight = (germplasm: number[], rep: number) => germplasm.flatMap((g) => [10 * g + rep, 12 * g + rep]);
const ALL = [1, 2, 3, 4];

/** What each database answered for the same request, compared across the dialects (they run one after the other). */
const answers = new Map<string, unknown>();

/**
 * Trials statistics on the real server, both databases, with the shared trials seed: box plots with exact
 * quartiles (as percentile_cont, identical on SQLite and PostgreSQL), the licence and visibility gate,
 * group and marked boxes; trait ranges with categorical indexes; categorical counts; the passport's trait
 * performance.
 */
describe.each(testDialects())('trials statistics on %s', (dialect) => {
  let server: TestServer;
  let seed: TrialsSeed;
  const tokens: Record<Caller, string | null> = { anonymous: null, cookie: null, accepted: null, admin: null };

  const call = (caller: Caller, method: string, apiPath: string, body?: unknown) =>
    server.api(method, apiPath, { token: tokens[caller], body, headers: caller === 'cookie' ? { cookie: `accepted-licenses=${seed.licence}` } : {} });
  const json = async <T>(response: Response): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as T;
  };
  const boxes = (caller: Caller, body: unknown) => call(caller, 'POST', 'dataset/stats/trial', body).then((r) => json<Stats>(r));

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    seed = await seedTrials(server);
    tokens.accepted = await server.login('regular', passwordOf('regular'));
    tokens.admin = await server.login('admin', passwordOf('admin'));
    expect((await call('accepted', 'GET', `license/${seed.licence}/accept`)).status).toBe(200);
  });
  afterAll(async () => server?.close());

  it('reads the same texts as numbers on both databases, and nothing else', async () => {
    const texts = ['12', '-3.5', '+2', '.5', '5.', '1e2', '2.5E-1', '-1e+02', '007', 'red', '', ' 5', '1-2', '1.2.3', '.', 'e5', '1e', '1e999', '1e5e5', '0x10', 'Infinity', '1'.repeat(65)];
    const db = server.db.database.db as unknown as Kysely<unknown>;
    const rows = await sql<{ i: number; n: number | null }>`SELECT x.i, ${numericSql(dialect, sql`x.t`)} AS n FROM (
        ${sql.join(texts.map((t, i) => sql`SELECT CAST(${i} AS INTEGER) AS i, CAST(${t} AS TEXT) AS t`), sql` UNION ALL `)}) x ORDER BY x.i`.execute(db);
    expect(rows.rows.map((r) => (r.n === null ? null : Number(r.n)))).toEqual([12, -3.5, 2, 0.5, 5, 100, 0.25, -100, 7, ...Array<null>(13).fill(null)]);
  });

  describe('dataset/stats/trial', () => {
    it('draws one box per dataset × treatment × numeric trait with the quartiles of percentile_cont', async () => {
      const { traits, treatments } = seed;
      const result = await boxes('anonymous', { datasetIds: [] });
      expect(result.stats).toEqual([
        { datasetId: seed.openSet, treatmentId: treatments.sprayed, xId: traits.height, groupIds: null, ...expectedBox(openHeight(ALL, 1)) },
        { datasetId: seed.openSet, treatmentId: treatments.sprayed, xId: traits.yield, groupIds: null, ...expectedBox([1.1, 2.1, 3.1, 4.1]), avg: expect.closeTo(2.6, 12) },
        { datasetId: seed.openSet, treatmentId: treatments.unsprayed, xId: traits.height, groupIds: null, ...expectedBox(openHeight(ALL, 2)) },
        { datasetId: seed.openSet, treatmentId: treatments.unsprayed, xId: traits.yield, groupIds: null, ...expectedBox([1.2, 2.2, 3.2, 4.2]), avg: expect.closeTo(2.7, 12) },
      ]);
      // Sprayed Height is 11, 13, 21, 25, 31, 37, 41, 49.
      expect(result.stats[0]).toMatchObject({ min: 11, q1: 19, median: 28, q3: 38, max: 49, avg: 28.5, count: 8 });
      expect(result.datasets.map((d) => [d.datasetId, d.datasetName])).toEqual([[seed.openSet, 'Open trial']]);
      expect(result.traits.map((t) => [t.traitName, t.unitName])).toEqual([['Height', 'Centimetres'], ['Yield', 'Tonnes per hectare']]);
      expect(result.treatments.map((t) => t.name)).toEqual(['Sprayed', 'Unsprayed']);
      const key = `open:${JSON.stringify(result.stats)}`;
      answers.set(`${dialect}`, key);
      // Both databases give the very same numbers.
      for (const other of answers.values()) expect(other).toBe(key);
    });

    it('reads the licensed trial only for callers who accepted its licence, the private one for administrators', async () => {
      const heights = async (caller: Caller) =>
        (await boxes(caller, { datasetIds: [], xIds: [seed.traits.height] })).stats.map((s) => [s.datasetId, s.treatmentId, s.count, s.median]);
      const open = [[seed.openSet, seed.treatments.sprayed, 8, 28], [seed.openSet, seed.treatments.unsprayed, 8, 29]];
      expect(await heights('anonymous')).toEqual(open);
      expect(await heights('cookie')).toEqual([...open, [seed.licensedSet, null, 3, 102]]);
      expect(await heights('accepted')).toEqual([...open, [seed.licensedSet, null, 3, 102]]);
      expect(await heights('admin')).toEqual([...open, [seed.privateSet, null, 2, 1001.5]]);
      const priv = (await boxes('admin', { datasetIds: [seed.privateSet] })).stats[0];
      expect(priv).toEqual({ datasetId: seed.privateSet, treatmentId: null, xId: seed.traits.height, groupIds: null, ...expectedBox([1001, 1002]) });
      expect(priv.q1).toBe(1001.25);
    });

    it('draws boxes per visible group and for the marked germplasm over every dataset read', async () => {
      const { traits, treatments, groups } = seed;
      const result = await boxes('anonymous', { datasetIds: [], xIds: [traits.height], yGroupIds: [groups.elite, groups.mine], yIds: [4] });
      // The private group "Mine" is the regular user's: anonymous callers get no box for it.
      expect(result.stats).toEqual([
        { datasetId: null, treatmentId: treatments.sprayed, xId: traits.height, groupIds: '["Elite"]', ...expectedBox(openHeight([1, 2], 1)) },
        { datasetId: null, treatmentId: treatments.unsprayed, xId: traits.height, groupIds: '["Elite"]', ...expectedBox(openHeight([1, 2], 2)) },
        { datasetId: null, treatmentId: treatments.sprayed, xId: traits.height, groupIds: 'Marked items', ...expectedBox([41, 49]) },
        { datasetId: null, treatmentId: treatments.unsprayed, xId: traits.height, groupIds: 'Marked items', ...expectedBox([42, 50]) },
      ]);
      expect(result.stats[0]).toMatchObject({ min: 11, q1: 12.5, median: 17, q3: 22, max: 25, count: 4 });
      expect(result.datasets.map((d) => d.datasetId)).toEqual([seed.openSet]);
      // Its creator sees "Mine" (germplasm 3), in the licensed trial too (no treatment there).
      const mine = await boxes('accepted', { datasetIds: [], xIds: [traits.height], yGroupIds: [groups.mine] });
      expect(mine.stats.map((s) => [s.groupIds, s.treatmentId, s.min, s.max, s.count])).toEqual([
        ['["Mine"]', null, 103, 103, 1],
        ['["Mine"]', treatments.sprayed, 31, 37, 2],
        ['["Mine"]', treatments.unsprayed, 32, 38, 2],
      ]);
    });

    it('answers 400 without a body, 404 without a trials dataset to read, 400 for a malformed body', async () => {
      expect((await call('anonymous', 'POST', 'dataset/stats/trial')).status).toBe(400);
      expect((await call('anonymous', 'POST', 'dataset/stats/trial', { datasetIds: [seed.privateSet] })).status).toBe(404);
      expect((await call('anonymous', 'POST', 'dataset/stats/trial', { datasetIds: [seed.licensedSet] })).status).toBe(404);
      expect((await call('admin', 'POST', 'dataset/stats/trial', { datasetIds: [seed.genotypeSet] })).status).toBe(404);
      const bad = await call('anonymous', 'POST', 'dataset/stats/trial', { datasetIds: ['one'] });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { message: string }).message).toMatch(/datasetIds/);
      // The selection's ids are row ids, as in every trials call: 0 names no row and is refused, not read as none.
      const zero = await call('anonymous', 'POST', 'dataset/stats/trial', { datasetIds: [], xIds: [0] });
      expect(zero.status).toBe(400);
      expect(((await zero.json()) as { message: string }).message).toMatch(/xIds/);
    });
  });

  describe('trait/stats', () => {
    it('gives numeric ranges from the values and categorical ones from each value’s place in its category list', async () => {
      const { traits } = seed;
      const stats = await json<Record<string, unknown>[]>(await call('anonymous', 'POST', 'trait/stats', { datasetIds: [], traitIds: [traits.height, traits.colour, traits.note] }));
      expect(stats).toEqual([
        // Colour: red (index 0) for germplasm 1 and 3, white (1) for 2 and 4, two reps each.
        { traitId: traits.colour, traitName: 'Colour', traitNameShort: null, dataType: 'categorical', min: 0, avg: 0.5, max: 1, count: 8, categories: [['red', 'white'], ['1', '2']] },
        { traitId: traits.height, traitName: 'Height', traitNameShort: 'HT', dataType: 'numeric', min: 11, avg: 29, max: 50, count: 16 },
      ]);
      // traitIds apply to categorical traits too.
      const height = await json<{ traitId: number; count: number; max: number }[]>(await call('accepted', 'POST', 'trait/stats', { datasetIds: [], traitIds: [traits.height] }));
      expect(height.map((t) => [t.traitId, t.count, t.max])).toEqual([[traits.height, 19, 103]]);
      expect(await json(await call('anonymous', 'POST', 'trait/stats', { datasetIds: [seed.privateSet], traitIds: [traits.height] }))).toEqual([]);
      expect((await call('anonymous', 'POST', 'trait/stats')).status).toBe(400);
    });
  });

  describe('dataset/categorical/trial', () => {
    const tsv = async (caller: Caller, body: unknown) => {
      const response = await call(caller, 'POST', 'dataset/categorical/trial', body);
      expect(response.status, await response.clone().text()).toBe(200);
      return { name: response.headers.get('content-disposition') ?? '', lines: (await response.text()).split('\r\n').filter((l) => l !== '') };
    };

    it('counts each value per dataset and trait, and per group or marked germplasm when selected', async () => {
      const { traits, openSet } = seed;
      const plain = await tsv('anonymous', { datasetIds: [], xIds: [traits.colour, traits.height] });
      expect(plain.name).toMatch(new RegExp(`^attachment;filename= "traits-${openSet}-[0-9a-f-]{36}\\.tsv"$`));
      expect(plain.lines).toEqual([
        'dataset_id\tdataset_name\ttrait_id\ttrait_name\tvalue\tcount',
        `${openSet}\tOpen trial\t${traits.colour}\tColour\tred\t4`,
        `${openSet}\tOpen trial\t${traits.colour}\tColour\twhite\t4`,
      ]);
      const grouped = await tsv('anonymous', { datasetIds: [openSet], xIds: [traits.colour], yGroupIds: [seed.groups.elite], yIds: [3] });
      expect(grouped.lines).toEqual([
        'dataset_id\tdataset_name\ttrait_id\ttrait_name\tgroup\tvalue\tcount',
        `${openSet}\tOpen trial\t${traits.colour}\tColour\tElite\tred\t2`,
        `${openSet}\tOpen trial\t${traits.colour}\tColour\tElite\twhite\t2`,
        `${openSet}\tOpen trial\t${traits.colour}\tColour\tMarked items\tred\t2`,
      ]);
    });

    it('answers 400 without traits and 404 without a trials dataset to read', async () => {
      expect((await call('anonymous', 'POST', 'dataset/categorical/trial', { datasetIds: [], xIds: [] })).status).toBe(400);
      expect((await call('anonymous', 'POST', 'dataset/categorical/trial')).status).toBe(400);
      expect((await call('anonymous', 'POST', 'dataset/categorical/trial', { datasetIds: [seed.privateSet], xIds: [seed.traits.colour] })).status).toBe(404);
    });
  });

  describe('germplasm/{id}/stats/trait', () => {
    interface Performance { traitId: number; traitName: string; unitName: string | null; min: number; q1: number; median: number; q3: number; max: number; avg: number; count: number; germplasmCount: number }
    const performance = (caller: Caller, id: number | string) => call(caller, 'GET', `germplasm/${id}/stats/trait`).then((r) => json<Performance[]>(r));

    it("compares the germplasm's average with every germplasm's values in the datasets it has values in", async () => {
      const rows = await performance('anonymous', 1);
      const all = expectedBox([...openHeight(ALL, 1), ...openHeight(ALL, 2)]);
      expect(rows[0]).toEqual({
        germplasmId: 1, germplasmName: 'Barke', traitId: seed.traits.height, traitName: 'Height', traitNameShort: 'HT', unitName: 'Centimetres',
        min: 11, q1: all.q1, median: all.median, q3: all.q3, max: 50, count: 16, avg: 12.5, germplasmCount: 4,
      });
      expect([all.q1, all.median, all.q3]).toEqual([19.25, 28.5, 38.75]);
      expect(rows.map((r) => [r.traitName, r.min, r.max, r.count, r.germplasmCount])).toEqual([['Height', 11, 50, 16, 4], ['Yield', 1.1, 4.2, 8, 2]]);
      expect(rows[1].avg).toBeCloseTo(1.15, 12);
    });

    it('reads only the datasets the caller may, and of those only the ones the germplasm is in', async () => {
      const height = async (caller: Caller, germplasm: number) => (await performance(caller, germplasm)).find((r) => r.traitId === seed.traits.height);
      expect(await height('accepted', 1)).toMatchObject({ min: 11, max: 103, count: 19, avg: 30.2, germplasmCount: 5 });
      // Germplasm 4 is not in the licensed trial: its comparison stays within the open one.
      expect(await height('accepted', 4)).toMatchObject({ max: 50, count: 16, avg: 45.5 });
      expect(await height('admin', 2)).toMatchObject({ max: 1002, count: 18, germplasmCount: 5 });
    });

    it('answers [] for unknown germplasm and 404 for an id that is not one', async () => {
      expect(await performance('anonymous', 999999)).toEqual([]);
      expect(await performance('anonymous', 12)).toEqual([]);
      expect((await call('anonymous', 'GET', 'germplasm/abc/stats/trait')).status).toBe(404);
      expect((await call('anonymous', 'GET', 'germplasm/1.5/stats/trait')).status).toBe(404);
    });
  });
});
