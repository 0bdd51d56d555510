import { strFromU8, unzipSync } from 'fflate';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { seedTrials, type TrialsSeed } from '../support/trials-seed.js';

type Row = Record<string, unknown>;
type Caller = 'anonymous' | 'regular' | 'curator' | 'admin';
type Page = { data: Row[]; count: number };

const MINIMAL = ['germplasmId', 'germplasmName', 'germplasmDisplayName', 'datasetId', 'datasetName', 'traitId', 'traitName', 'treatment', 'recordingDate', 'traitValue', 'groups'];

/**
 * The trials data table (`dataset/data/trial/table`, its ids and export), the trial germplasm lookup, the
 * plot position count and the timepoints, on the trials seed: the licence gate and dataset visibility per
 * caller, the request's selection (traits, germplasm, groups), minimal rows, groups per row, filters and
 * sorting, and bad input.
 */
describe.each(testDialects())('trials data on %s', (dialect) => {
  let server: TestServer;
  let seed: TrialsSeed;
  const tokens: Record<Caller, string | null> = { anonymous: null, regular: null, curator: null, admin: null };
  const db = () => server.db.database.db as unknown as Kysely<unknown>;

  const call = (caller: Caller, path: string, body?: unknown) => server.api('POST', path, { token: tokens[caller], body });
  const json = async <T = Page>(response: Response): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as T;
  };
  const table = async (caller: Caller, body: Row = {}) => json(await call(caller, 'dataset/data/trial/table', body));

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    seed = await seedTrials(server);
    for (const role of ['regular', 'curator', 'admin'] as const) tokens[role] = await server.login(role, passwordOf(role));
    // The regular user accepts the trial licence through the endpoint (seeing the open set alone before);
    // the curator and the administrator do not.
    const before = await table('regular', { datasetIds: [seed.openSet, seed.licensedSet] });
    expect(new Set(before.data.map((r) => r.datasetId))).toEqual(new Set([seed.openSet]));
    expect((await server.api('GET', `license/${seed.licence}/accept`, { token: tokens.regular })).status).toBe(200);
  });
  afterAll(async () => server?.close());

  it('gives each caller the data points of the trials datasets they may use: seen and licence accepted', async () => {
    const datasets = (page: Page) => [...new Set(page.data.map((r) => r.datasetId))].sort();
    const anonymous = await table('anonymous');
    expect(anonymous.count).toBe(34);
    expect(anonymous.data).toHaveLength(34);
    expect(datasets(anonymous)).toEqual([seed.openSet]);
    // Not accepted: only the open set, as for anonymous callers.
    expect(datasets(await table('curator'))).toEqual([seed.openSet]);
    // An anonymous caller who accepted the licence carries it in the accepted-licenses cookie.
    const cookie = await server.api('POST', 'dataset/data/trial/table', { body: {}, headers: { cookie: `accepted-licenses=${seed.licence}` } });
    expect(datasets(await json(cookie))).toEqual([seed.openSet, seed.licensedSet].sort());
    const regular = await table('regular');
    expect(regular.count).toBe(40);
    expect(datasets(regular)).toEqual([seed.openSet, seed.licensedSet].sort());
    // Administrators see the private set, and accept licences like everyone else.
    const admin = await table('admin');
    expect(admin.count).toBe(36);
    expect(datasets(admin)).toEqual([seed.openSet, seed.privateSet].sort());
    // Naming datasets narrows; a dataset the caller may not use, or one of another type, gives nothing.
    expect((await table('regular', { datasetIds: [seed.licensedSet] })).count).toBe(6);
    expect(await table('anonymous', { datasetIds: [seed.licensedSet, seed.privateSet] })).toEqual({ data: [], count: 0 });
    expect(await table('admin', { datasetIds: [seed.genotypeSet] })).toEqual({ data: [], count: 0 });
  });

  it('returns the full row of a data point, nulls left out, with the visible groups of its germplasm', async () => {
    const page = await table('anonymous', {
      filter: [
        { column: 'germplasmId', comparator: 'equals', values: [1] },
        { column: 'traitId', comparator: 'equals', values: [seed.traits.height] },
        { column: 'rep', comparator: 'equals', values: ['1'] },
        { column: 'recordingDate', comparator: 'lessThan', values: ['2024-06-15'] },
      ],
    });
    expect(page.count).toBe(1);
    const row = page.data[0];
    expect(row).toEqual({
      germplasmId: 1, germplasmGid: 'ACC-001', germplasmName: 'Barke', germplasmDisplayName: 'Barke', germplasmSynonyms: ['Barke-syn', 'BK'],
      entityType: expect.any(String), datasetId: seed.openSet, datasetName: 'Open trial', datasetDescription: 'Open trial description',
      locationName: 'Gatersleben', countryName: expect.any(String), countryCode2: 'DE', traitId: seed.traits.height, traitName: 'Height',
      traitNameShort: 'HT', traitRestrictions: { min: 0, max: 2000 }, traitDataType: 'numeric', unitName: 'Centimetres', treatment: 'Sprayed',
      trialsetupId: expect.any(Number), rep: '1', block: '1', trialRow: 1, trialColumn: 1, latitude: 50.01, longitude: 10.01,
      recordingDate: '2024-06-01T00:00:00.000Z', traitValue: '11', groups: [{ id: seed.groups.elite, name: 'Elite' }],
    });
  });

  it('answers only the minimal keys (and groups) for minimal requests', async () => {
    const page = await table('anonymous', { minimal: true, xIds: [seed.traits.colour] });
    expect(page.count).toBe(8);
    for (const row of page.data) expect(Object.keys(row).sort()).toEqual([...MINIMAL].filter((k) => k !== 'recordingDate').sort());
    expect(page.data.find((r) => r.germplasmId === 2)).toMatchObject({ traitName: 'Colour', traitValue: 'white', datasetName: 'Open trial' });
  });

  it('restricts to the selected traits (xIds) and germplasm (yIds or members of yGroupIds)', async () => {
    const germplasm = (page: Page) => [...new Set(page.data.map((r) => Number(r.germplasmId)))].sort();
    const yields = await table('anonymous', { xIds: [seed.traits.yield] });
    expect(yields.count).toBe(8);
    expect(new Set(yields.data.map((r) => r.traitId))).toEqual(new Set([seed.traits.yield]));
    expect(germplasm(await table('anonymous', { yIds: [2] }))).toEqual([2]);
    expect(germplasm(await table('anonymous', { yGroupIds: [seed.groups.elite] }))).toEqual([1, 2]);
    // Either list selects: marked germplasm or group members.
    expect(germplasm(await table('anonymous', { yIds: [4], yGroupIds: [seed.groups.elite] }))).toEqual([1, 2, 4]);
    // A private group selects its members for its owner only.
    expect((await table('anonymous', { yGroupIds: [seed.groups.mine] })).count).toBe(0);
    expect(germplasm(await table('regular', { yGroupIds: [seed.groups.mine] }))).toEqual([3]);
    const both = await table('anonymous', { xIds: [seed.traits.note, seed.traits.yield], yIds: [1] });
    expect(both.data.map((r) => [r.traitName, r.traitValue]).sort()).toEqual([['Note', 'ok'], ['Note', 'ok'], ['Yield', '1.1'], ['Yield', '1.2']]);
  });

  it('adds the groups each caller sees: the private group only for its owner', async () => {
    const groupsOf = async (caller: Caller) => {
      const page = await table(caller, { yIds: [1, 3], xIds: [seed.traits.colour], orderBy: 'germplasmId', ascending: 1 });
      return Object.fromEntries(page.data.map((r) => [Number(r.germplasmId), r.groups]));
    };
    expect(await groupsOf('anonymous')).toEqual({ 1: [{ id: seed.groups.elite, name: 'Elite' }], 3: [] });
    expect(await groupsOf('curator')).toEqual({ 1: [{ id: seed.groups.elite, name: 'Elite' }], 3: [] });
    expect(await groupsOf('regular')).toEqual({ 1: [{ id: seed.groups.elite, name: 'Elite' }], 3: [{ id: seed.groups.mine, name: 'Mine' }] });
  });

  it('filters and sorts on its columns through the table engine', async () => {
    const page = await table('regular', {
      filter: [
        { column: 'traitName', comparator: 'equals', values: ['height'] },
        { column: 'germplasmName', comparator: 'contains', values: ['barke'] },
        { column: 'recording_date', comparator: 'isNull', values: [] },
      ],
      orderBy: 'germplasmName',
      ascending: 0,
    });
    // Only the licensed set has undated heights; its germplasm 1-3 are all "Barke" names.
    expect(page.data.map((r) => [r.germplasmName, r.traitValue])).toEqual([['BARKE-2', '103'], ['barke selection', '102'], ['Barke', '101']]);
    const june = await table('anonymous', { filter: [{ column: 'recordingDate', comparator: 'between', values: ['2024-06-01', '2024-06-30'] }] });
    expect(june.count).toBe(8);
    expect(new Set(june.data.map((r) => r.traitName))).toEqual(new Set(['Height']));
    const byDataset = await table('regular', { filter: [{ column: 'datasetId', comparator: 'equals', values: [seed.licensedSet] }], orderBy: 'traitValue', ascending: 1, limit: 2, page: 1 });
    expect(byDataset.count).toBe(6);
    expect(byDataset.data.map((r) => r.traitValue)).toEqual(['103', '5']);
    const treatment = await table('anonymous', { filter: [{ column: 'treatment', comparator: 'equals', values: ['Unsprayed'] }] });
    expect(new Set(treatment.data.map((r) => r.rep))).toEqual(new Set(['2']));
  });

  it('lists the distinct germplasm of the matching rows as its ids', async () => {
    const ids = async (caller: Caller, body: Row) => json<{ data: number[]; count: number }>(await call(caller, 'dataset/data/trial/table/ids', body));
    expect(await ids('anonymous', {})).toEqual({ data: [1, 2, 3, 4], count: 4 });
    expect(await ids('anonymous', { xIds: [seed.traits.note] })).toEqual({ data: [1], count: 1 });
    expect(await ids('admin', { datasetIds: [seed.privateSet] })).toEqual({ data: [1, 2], count: 2 });
    expect(await ids('anonymous', { filter: [{ column: 'traitValue', comparator: 'equals', values: ['white'] }] })).toEqual({ data: [2, 4], count: 2 });
    expect(await ids('anonymous', { datasetIds: [seed.privateSet] })).toEqual({ data: [], count: 0 });
  });

  it('exports the table as a zipped tab file of the full columns and logs the access', async () => {
    const before = Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM datasetaccesslogs`.execute(db())).rows[0].n);
    const response = await call('regular', 'dataset/data/trial/table/export', { datasetIds: [seed.licensedSet], filter: [{ column: 'traitName', comparator: 'equals', values: ['Yield'] }] });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/filename= "trials-data-table--[\d-]+-[0-9a-f-]{36}\.zip"/);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const [name] = Object.keys(files);
    expect(name).toMatch(/^trials-data-table-[\d-]+\.txt$/);
    const lines = strFromU8(files[name]).trimEnd().split('\r\n');
    expect(lines[0].split('\t')).toEqual([
      'germplasm_id', 'germplasm_gid', 'germplasm_name', 'germplasm_display_name', 'germplasm_synonyms', 'entity_parent_name',
      'entity_parent_general_identifier', 'entity_type', 'dataset_id', 'dataset_name', 'dataset_description', 'location_name', 'country_name',
      'country_code2', 'trait_id', 'trait_name', 'trait_name_short', 'trait_restrictions', 'trait_data_type', 'unit_name', 'treatment',
      'trialsetup_id', 'rep', 'block', 'trial_row', 'trial_column', 'latitude', 'longitude', 'elevation', 'recording_date', 'trait_value',
    ]);
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).map((line) => line.split('\t')[30])).toEqual(['5', '5', '5']);
    const logs = await sql<{ dataset_id: number; user_name: string }>`SELECT dataset_id, user_name FROM datasetaccesslogs ORDER BY id`.execute(db());
    expect(logs.rows.length).toBe(before + 1);
    expect(logs.rows[logs.rows.length - 1]).toMatchObject({ dataset_id: seed.licensedSet, user_name: 'regular' });
    // No dataset the caller may use: 404.
    expect((await call('anonymous', 'dataset/data/trial/table/export', { datasetIds: [seed.licensedSet] })).status).toBe(404);
  });

  it('looks up trial plots or germplasm per dataset', async () => {
    const plots = await json(await call('anonymous', 'dataset/data/trial/germplasm?isGermplasm=false', { orderBy: 'trialsetupId', ascending: 1 }));
    expect(plots.count).toBe(8);
    expect(Object.keys(plots.data[0]).sort()).toEqual(['block', 'datasetId', 'germplasmDisplayName', 'germplasmGid', 'germplasmId', 'germplasmName', 'rep', 'treatment', 'trialColumn', 'trialRow', 'trialsetupId']);
    expect(plots.data[0]).toMatchObject({ germplasmId: 1, datasetId: seed.openSet, rep: '1', trialRow: 1, trialColumn: 1, treatment: 'Sprayed' });
    const germplasm = await json(await call('regular', 'dataset/data/trial/germplasm?isGermplasm=true', { orderBy: 'germplasmName', ascending: 1 }));
    expect(germplasm.count).toBe(7);
    for (const row of germplasm.data) expect(Object.keys(row).sort()).toEqual(['datasetId', 'germplasmDisplayName', 'germplasmGid', 'germplasmId', 'germplasmName']);
    expect(germplasm.data.filter((r) => r.datasetId === seed.licensedSet).map((r) => r.germplasmId).sort()).toEqual([1, 2, 3]);
    const filtered = await json(await call('regular', 'dataset/data/trial/germplasm?isGermplasm=true', { datasetIds: [seed.licensedSet], filter: [{ column: 'germplasmName', comparator: 'contains', values: ['sel'] }] }));
    expect(filtered.data).toEqual([{ germplasmId: 2, germplasmGid: 'ACC-002', germplasmName: 'barke selection', germplasmDisplayName: 'barke selection', datasetId: seed.licensedSet }]);
    expect(await json(await call('anonymous', 'dataset/data/trial/germplasm', { datasetIds: [seed.privateSet] }))).toEqual({ data: [], count: 0 });
  });

  it('counts the distinct plot positions of the allowed datasets', async () => {
    const count = async (caller: Caller, body: unknown) => json<number>(await call(caller, 'dataset/data/trial/location/count', body));
    // Latitude follows the germplasm (1-4), longitude the rep (1-2).
    expect(await count('anonymous', { datasetIds: [seed.openSet] })).toBe(8);
    expect(await count('regular', { datasetIds: [seed.licensedSet] })).toBe(3);
    expect(await count('anonymous', { datasetIds: [seed.licensedSet] })).toBe(0);
    // The licensed set's positions are among the open set's.
    expect(await count('regular', {})).toBe(8);
    const response = await server.api('POST', 'dataset/data/trial/location/count', {});
    expect(response.status).toBe(400);
  });

  it('lists the recording dates of the selection', async () => {
    const days = async (caller: Caller, body: unknown) => json<string[]>(await call(caller, 'dataset/data/trial/timepoint', body));
    expect(await days('anonymous', { datasetIds: [seed.openSet] })).toEqual(['2024-06-01', '2024-07-01', '2024-08-01']);
    expect(await days('anonymous', { datasetIds: [seed.openSet], traitIds: [seed.traits.yield] })).toEqual(['2024-08-01']);
    expect(await days('anonymous', { datasetIds: [seed.openSet], traitIds: [seed.traits.height], markedIds: [1] })).toEqual(['2024-06-01', '2024-07-01']);
    expect(await days('anonymous', { datasetIds: [seed.openSet], groupIds: [seed.groups.mine] })).toEqual([]);
    expect(await days('regular', { datasetIds: [seed.openSet], groupIds: [seed.groups.mine], traitIds: [seed.traits.yield] })).toEqual(['2024-08-01']);
    expect(await days('regular', { datasetIds: [seed.licensedSet] })).toEqual([]);
    expect(await days('anonymous', { datasetIds: [seed.privateSet] })).toEqual([]);
    for (const body of [{ datasetIds: [] }, {}]) expect((await call('anonymous', 'dataset/data/trial/timepoint', body)).status).toBe(400);
    expect((await server.api('POST', 'dataset/data/trial/timepoint', {})).status).toBe(400);
  });

  it('answers bad input with clear 400s', async () => {
    const status = async (path: string, body: unknown, raw?: string) => {
      const response = raw === undefined ? await call('anonymous', path, body) : await server.api('POST', path, { raw });
      const text = await response.text();
      expect(text).not.toMatch(/stack|at .*\.ts/);
      return response.status;
    };
    expect(await status('dataset/data/trial/table', undefined)).toBe(400);
    expect(await status('dataset/data/trial/table', { xIds: ['height'] })).toBe(400);
    expect(await status('dataset/data/trial/table', { page: -1 })).toBe(400);
    expect(await status('dataset/data/trial/table', { filter: [{ column: 'password', comparator: 'equals', values: ['x'] }] })).toBe(400);
    expect(await status('dataset/data/trial/table/ids', { yIds: [1.5] })).toBe(400);
    expect(await status('dataset/data/trial/table/export', { filter: [{ column: 'nope', comparator: 'equals', values: ['x'] }] })).toBe(400);
    expect(await status('dataset/data/trial/germplasm', { datasetIds: 'all' })).toBe(400);
    expect(await status('dataset/data/trial/location/count', { datasetIds: [0] })).toBe(400);
    expect(await status('dataset/data/trial/timepoint', { datasetIds: [1], traitIds: {} })).toBe(400);
    expect(await status('dataset/data/trial/table', undefined, '{"datasetIds": [')).toBe(400);
  });
});
