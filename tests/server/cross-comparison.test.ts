import { sql, type Kysely, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { seedTrials, type TrialsSeed } from '../support/trials-seed.js';

type Caller = 'anonymous' | 'accepted';
type Config = Record<string, unknown>;

const HEADER = (first: string, second: string) => `name\tdbId\tgeneral_identifier\t${first}\t${second}`;

/**
 * `dataset/crosscomparison` on the real server, both databases: trait × trait, germplasm column × trait,
 * trait × climate and column × column rows exactly (values per germplasm: averages of the numeric values
 * in the datasets the caller may read), selections of either side, the licence gate, the access log,
 * an empty file for compounds and clear 400s and 404s.
 */
describe.each(testDialects())('cross comparison on %s', (dialect) => {
  let server: TestServer;
  let seed: TrialsSeed;
  let regularId: number;
  let climateSet: number;
  let temperature: number;
  const tokens: Record<Caller, string | null> = { anonymous: null, accepted: null };
  const db = () => server.db.database.db as unknown as Kysely<unknown>;
  const id = async (query: RawBuilder<{ id: number }>) => Number((await query.execute(db())).rows[0].id);

  const compare = (caller: Caller, first: Config, second: Config) => server.api('POST', 'dataset/crosscomparison', { token: tokens[caller], body: { first, second } });
  const lines = async (caller: Caller, first: Config, second: Config) => {
    const response = await compare(caller, first, second);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    return (await response.text()).split('\r\n').filter((l) => l !== '');
  };
  const height = (datasetIds: number[] = [], extra: Config = {}) => ({ type: 'TRAIT', id: seed.traits.height, datasetIds, ...extra });

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    seed = await seedTrials(server);
    tokens.accepted = await server.login('regular', passwordOf('regular'));
    regularId = Number((await sql<{ id: number }>`SELECT id FROM users WHERE username = 'regular'`.execute(db())).rows[0].id);
    expect((await server.api('GET', `license/${seed.licence}/accept`, { token: tokens.accepted })).status).toBe(200);
    // Temperature at the collecting sites: Gatersleben (germplasm 1, 2) 10 and 14, Dundee (3) 20, München (4) not a number.
    const experiment = Number((await sql<{ id: number }>`SELECT MIN(id) AS id FROM experiments`.execute(db())).rows[0].id);
    climateSet = await id(sql`INSERT INTO datasets (experiment_id, name, description, dataset_state_id, datasettype_id, is_external)
      VALUES (${experiment}, 'Weather', 'Weather stations', 1, 5, 0) RETURNING id`);
    const celsius = await id(sql`INSERT INTO units (unit_name, unit_abbreviation) VALUES ('Degrees Celsius', '°C') RETURNING id`);
    temperature = await id(sql`INSERT INTO climates (name, datatype, unit_id) VALUES ('Temperature', 'numeric', ${celsius}) RETURNING id`);
    for (const [location, value] of [[1, '10'], [1, '14'], [2, '20'], [5, 'n/a']] as const) {
      await sql`INSERT INTO climatedata (climate_id, location_id, climate_value, dataset_id) VALUES (${temperature}, ${location}, ${value}, ${climateSet})`.execute(db());
    }
  });
  afterAll(async () => server?.close());

  it('compares a trait with itself in two datasets: averages per germplasm, logged as access to both datasets', async () => {
    const response = await compare('accepted', height([seed.openSet]), height([seed.licensedSet]));
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;filename= "comparison-\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d-[0-9a-f-]{36}\.txt"$/);
    // Height in the open trial averages 11 × germplasm + 1.5 over its four plots' values.
    expect((await response.text()).split('\r\n')).toEqual([
      '#input=PHENOTYPE',
      HEADER('Height [cm]', 'Height [cm]'),
      'Barke\t1\tACC-001\t12.5\t101',
      'barke selection\t2\tACC-002\t23.5\t102',
      'BARKE-2\t3\tACC-003\t34.5\t103',
      '',
    ]);
    const logged = await sql<{ dataset_id: number; user_id: number }>`SELECT dataset_id, user_id FROM datasetaccesslogs ORDER BY dataset_id`.execute(db());
    expect(logged.rows.map((r) => [Number(r.dataset_id), Number(r.user_id)])).toEqual([[seed.openSet, regularId], [seed.licensedSet, regularId]]);
  });

  it('reads only the datasets the caller may: the licensed trial is closed to anonymous callers', async () => {
    expect(await lines('anonymous', height([seed.openSet]), height([seed.licensedSet]))).toEqual(['#input=PHENOTYPE', HEADER('Height [cm]', 'Height [cm]')]);
    // None named: every dataset the caller may read (anonymous: the open trial only).
    const yields = await lines('anonymous', height(), { type: 'TRAIT', id: seed.traits.yield });
    expect(yields.slice(2).map((l) => l.split('\t').slice(1, 4))).toEqual([['1', 'ACC-001', '12.5'], ['2', 'ACC-002', '23.5'], ['3', 'ACC-003', '34.5'], ['4', 'ACC-004', '45.5']]);
    expect(yields.slice(2).map((l) => Number(l.split('\t')[4]))).toEqual([1.15, 2.15, 3.15, 4.15].map((v) => expect.closeTo(v, 12) as unknown as number));
    expect(yields[1]).toBe(HEADER('Height [cm]', 'Yield [t/ha]'));
  });

  it('compares a germplasm column (snake or camel case) with a trait', async () => {
    expect(await lines('anonymous', { type: 'GERMPLASM_COLUMN', columnName: 'pdci', id: null }, height())).toEqual([
      '#input=PHENOTYPE',
      HEADER('PDCI', 'Height [cm]'),
      'Barke\t1\tACC-001\t5.5\t12.5',
      'barke selection\t2\tACC-002\t3.25\t23.5',
      'Müller\t4\tACC-004\t7\t45.5',
    ]);
    expect(await lines('anonymous', height(), { type: 'GERMPLASM_COLUMN', columnName: 'collDate' })).toEqual([
      '#input=PHENOTYPE',
      HEADER('Height [cm]', 'Collection date'),
      'Barke\t1\tACC-001\t12.5\t19960512',
      'Müller\t4\tACC-004\t45.5\t2001----',
    ]);
  });

  it('compares traits with climate at the collecting site and columns with columns, within each side’s selection', async () => {
    const climate = { type: 'CLIMATE', id: temperature, datasetIds: [] };
    expect(await lines('anonymous', height(), climate)).toEqual([
      '#input=PHENOTYPE',
      HEADER('Height [cm]', 'Temperature [°C]'),
      'Barke\t1\tACC-001\t12.5\t12',
      'barke selection\t2\tACC-002\t23.5\t12',
      'BARKE-2\t3\tACC-003\t34.5\t20',
    ]);
    // A climate side's marked items are locations; a trait side's groups are germplasm groups.
    expect((await lines('anonymous', height(), { ...climate, markedIds: [2] })).slice(2)).toEqual(['BARKE-2\t3\tACC-003\t34.5\t20']);
    expect((await lines('anonymous', height([], { groupIds: [seed.groups.elite] }), climate)).slice(2).map((l) => l.split('\t')[1])).toEqual(['1', '2']);
    // Climate × climate: every germplasm collected at Gatersleben (8 in the seed) or Dundee (5).
    const sites = (await lines('anonymous', climate, { ...climate, groupIds: [] })).slice(2).map((l) => l.split('\t').slice(3).join(' '));
    expect(sites.sort()).toEqual([...Array<string>(8).fill('12 12'), ...Array<string>(5).fill('20 20')]);
    expect(await lines('anonymous', { type: 'GERMPLASM_COLUMN', columnName: 'elevation', markedIds: [1, 3, 7] }, { type: 'GERMPLASM_COLUMN', columnName: 'latitude', markedIds: [3, 1] })).toEqual([
      '#input=PHENOTYPE',
      HEADER('Elevation', 'Latitude'),
      'Barke\t1\tACC-001\t112\t51.82',
      'BARKE-2\t3\tACC-003\t30\t56.46',
    ]);
  });

  it('answers an empty file for compounds', async () => {
    for (const [first, second] of [[{ type: 'COMPOUND', id: 1 }, height()], [height(), { type: 'COMPOUND' }]]) {
      const response = await compare('anonymous', first, second);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('');
    }
  });

  it('answers 400 for a missing type, id, column or body, an unknown column, and 404 for an unknown trait', async () => {
    const status = async (first: Config, second: Config) => (await compare('anonymous', first, second)).status;
    expect((await server.api('POST', 'dataset/crosscomparison')).status).toBe(400);
    expect((await server.api('POST', 'dataset/crosscomparison', { body: { first: height() } })).status).toBe(400);
    expect(await status({ id: seed.traits.height }, height())).toBe(400);
    expect(await status({ type: 'MARKER', id: 1 }, height())).toBe(400);
    expect(await status(height(), { type: 'TRAIT' })).toBe(400);
    expect(await status(height(), { type: 'CLIMATE', id: null })).toBe(400);
    expect(await status({ type: 'GERMPLASM_COLUMN', id: null }, height())).toBe(400);
    expect(await status({ type: 'GERMPLASM_COLUMN', columnName: '  ' }, height())).toBe(400);
    const unknown = await compare('anonymous', { type: 'GERMPLASM_COLUMN', columnName: 'password' }, height());
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toBe('Unknown germplasm column: password');
    expect(await status(height(), { type: 'TRAIT', id: 999999 })).toBe(404);
  });
});
