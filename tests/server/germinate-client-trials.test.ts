import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { seedTrials, type TrialsSeed } from '../support/trials-seed.js';

/**
 * The calls Germinate 4.9's own client makes on the traits and trials screens, with its bodies as it
 * builds them (null for every selection it does not make, 0-based pages, `minimal: false`), answered with
 * Germinate's shapes: the trait list and details, the trials export page's start-up, charts and download,
 * the cross comparison and trial creation.
 */
describe.each(testDialects())('Germinate’s client on the trials screens, %s', (dialect) => {
  let server: TestServer;
  let seed: TrialsSeed;
  let curator: string;

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    seed = await seedTrials(server);
    curator = await server.login('curator', passwordOf('curator'));
  });
  afterAll(async () => server?.close());

  const call = async (method: string, path: string, body?: unknown, token: string | null = null) => {
    const response = await server.api(method, path, { body, token });
    expect(response.status, `${method} ${path}: ${response.status}`).toBe(200);
    return response;
  };
  const json = async <T>(method: string, path: string, body?: unknown, token: string | null = null) => (await (await call(method, path, body, token)).json()) as T;
  /** The export page's request (selection "all": no y restriction), as its client builds it. */
  const subset = (xIds: number[] | null) => ({ xGroupIds: null, xIds, yGroupIds: null, yIds: null, currentItemCount: null, datasetIds: [seed.openSet] });
  const table = (extra: Record<string, unknown> = {}) => ({ page: 0, limit: 10, prevCount: -1, orderBy: null, ascending: null, filter: null, ...extra });

  it('answers the traits page and a trait’s details', async () => {
    const traits = await json<{ data: Record<string, unknown>[]; count: number }>('POST', 'trait/table', table());
    expect(traits.data.find((t) => t.traitId === seed.traits.height)).toMatchObject({
      traitName: 'Height', traitNameShort: 'HT', dataType: 'numeric', unitName: 'Centimetres', unitAbbreviation: 'cm',
      categoryName: 'Morphology', synonyms: ['PH', 'Plant height'], traitIsTimeseries: true, traitRestrictions: { min: 0, max: 2000 },
    });
    expect((await json<{ data: number[] }>('POST', 'trait/table/ids', table())).data).toContain(seed.traits.height);
    expect((await json<{ data: { datasetId: number }[] }>('POST', `trait/${seed.traits.height}/dataset`, table())).data.map((d) => d.datasetId)).toContain(seed.openSet);
    expect(await json<unknown[]>('POST', 'trait/attribute', table({ filter: [{ column: 'traitId', comparator: 'equals', operator: 'and', values: [String(seed.traits.height)] }] }))).toMatchObject({ data: [] });
    expect(await json<string[]>('GET', `trait/${seed.traits.colour}/values`)).toEqual(['red', 'white']);
    expect((await json<{ name: string }[]>('GET', 'trait/category')).map((c) => c.name)).toEqual(['Morphology']);
  });

  it('answers the trials export page’s start-up calls', async () => {
    const traits = await json<{ traitId: number; count: number }[]>('POST', 'dataset/trait', { datasetIds: [seed.openSet] });
    expect(traits.map((t) => t.traitId).sort((a, b) => a - b)).toEqual([seed.traits.height, seed.traits.yield, seed.traits.colour, seed.traits.note].sort((a, b) => a - b));
    const groups = await json<{ groupId: number }[]>('POST', 'dataset/group', { datasetIds: [seed.openSet], groupType: 'germinatebase', datasetType: 'trials' });
    expect(groups.map((g) => g.groupId)).toEqual([seed.groups.elite]);
    expect(await json<number>('POST', 'dataset/data/trial/location/count', { datasetIds: [seed.openSet] })).toBe(8);
    expect(await json<string[]>('POST', 'dataset/data/trial/timepoint', { datasetIds: [seed.openSet] })).toEqual(['2024-06-01', '2024-07-01', '2024-08-01']);
  });

  it('answers the charts, the table and the download as the page asks for them', async () => {
    const stats = await json<{ stats: { xId: number; count: number }[]; datasets: unknown[]; traits: unknown[]; treatments: unknown[] }>('POST', 'dataset/stats/trial', subset([seed.traits.height]));
    expect(stats.stats.map((s) => s.count)).toEqual([8, 8]);
    expect(stats.treatments).toHaveLength(2);
    const categorical = await call('POST', 'dataset/categorical/trial', subset([seed.traits.colour]));
    expect(await categorical.text()).toMatch(/red\t4/);
    expect((await json<{ traitId: number }[]>('POST', 'trait/stats', { datasetIds: [seed.openSet], traitIds: [seed.traits.height] })).map((s) => s.traitId)).toContain(seed.traits.height);
    const rows = await json<{ data: Record<string, unknown>[]; count: number }>('POST', 'dataset/data/trial/table', { ...table(), ...subset(null), minimal: false });
    expect(rows.count).toBe(8 * 2 + 8 + 8 + 2);
    expect(Object.keys(rows.data[0])).toEqual(expect.arrayContaining(['germplasmName', 'datasetName', 'traitName', 'traitValue', 'trialRow', 'trialColumn', 'groups']));
    const file = await call('POST', 'dataset/export/trial?format=tab', subset([seed.traits.height, seed.traits.yield]));
    expect((await file.text()).split(/\r?\n/)[0]).toBe('#input=PHENOTYPE');
  });

  it('answers the cross comparison with a germplasm column sent as the client sends it', async () => {
    const first = { id: seed.traits.height, columnName: null, datasetIds: [seed.openSet], groupIds: null, markedIds: null, type: 'TRAIT' };
    const second = { id: null, columnName: 'elevation', datasetIds: null, groupIds: null, markedIds: null, type: 'GERMPLASM_COLUMN' };
    const text = await (await call('POST', 'dataset/crosscomparison', { first, second })).text();
    expect(text.split(/\r?\n/)[0]).toBe('#input=PHENOTYPE');
  });

  it('lets a curator lay out a trial with the body the creation wizard sends', async () => {
    const plots = [{ germplasm: 'Barke', rep: '1', row: 20, column: 1 }, { germplasm: 'Zebra', rep: '1', row: 20, column: 2 }];
    await call('POST', 'dataset/data/trial', { datasetId: seed.openSet, plots }, curator);
  });
});
