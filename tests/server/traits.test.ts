import { strFromU8, unzipSync } from 'fflate';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { seedTrials, type TrialsSeed } from '../support/trials-seed.js';

/** Who asks: anonymous with and without the licence cookie, users who accepted the licence or not, an administrator who did not. */
type Caller = 'anonymous' | 'cookie' | 'accepted' | 'notAccepted' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'cookie', 'accepted', 'notAccepted', 'admin'];
type Row = Record<string, unknown> & { traitId: number; traitName: string };
type Filter = { column: string; comparator: string; values: (string | number)[] };

/**
 * Traits on the real server (seedTrials): the trait table with datasetIds and counts for each caller (the
 * datasets they may read, licence accepted), its filters and search, ids and export; categories; a trait's
 * values; the traits of datasets; trait attributes; editing by administrators only.
 */
describe.each(testDialects())('traits on %s', (dialect) => {
  let server: TestServer;
  let seed: TrialsSeed;
  let db: Kysely<unknown>;
  const tokens: Record<string, string | null> = {};

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    seed = await seedTrials(server);
    db = server.db.database.db as unknown as Kysely<unknown>;
    tokens.accepted = await server.login('regular', passwordOf('regular'));
    tokens.notAccepted = await server.login('curator', passwordOf('curator'));
    tokens.admin = await server.login('admin', passwordOf('admin'));
    expect((await server.api('GET', `license/${seed.licence}/accept`, { token: tokens.accepted })).status).toBe(200);
  });
  afterAll(async () => server?.close());

  const call = (caller: Caller, method: string, path: string, body?: unknown) =>
    server.api(method, path, {
      token: tokens[caller] ?? null,
      body,
      headers: caller === 'cookie' ? { cookie: `accepted-licenses=${seed.licence}` } : {},
    });
  const json = async <T,>(response: Response, status = 200): Promise<T> => {
    expect(response.status).toBe(status);
    return (await response.json()) as T;
  };
  const table = (caller: Caller, body: unknown = {}) => call(caller, 'POST', 'trait/table', body).then((r) => json<{ data: Row[]; count: number }>(r));
  const names = async (caller: Caller, filter: Filter[]) => (await table(caller, { filter, orderBy: 'traitName', ascending: 1 })).data.map((r) => r.traitName);

  /** The datasets each caller may read: open always; licensed with the licence accepted; private for administrators. */
  const readable = (caller: Caller) => {
    const sets = [seed.openSet];
    if (caller === 'cookie' || caller === 'accepted') sets.push(seed.licensedSet);
    if (caller === 'admin') sets.push(seed.privateSet);
    return sets.sort((a, b) => a - b);
  };
  const heightCount = (caller: Caller) => 16 + (readable(caller).includes(seed.licensedSet) ? 3 : 0) + (caller === 'admin' ? 2 : 0);

  it('answers the ViewTableTraits row, with datasetIds and count of the datasets the caller may read', async () => {
    const page = await table('anonymous', { orderBy: 'traitId', ascending: 1 });
    expect(page.count).toBe(6);
    expect(page.data[0]).toEqual({
      traitId: seed.traits.height,
      traitName: 'Height',
      traitNameShort: 'HT',
      traitDescription: 'Height description',
      dataType: 'numeric',
      traitRestrictions: { min: 0, max: 2000 },
      traitIsTimeseries: true,
      categoryId: seed.category,
      categoryName: 'Morphology',
      categoryDescription: 'Plant form',
      unitId: seed.units.cm,
      unitName: 'Centimetres',
      unitDescription: 'Length in cm',
      unitAbbreviation: 'cm',
      synonyms: ['PH', 'Plant height'],
      datasetIds: [seed.openSet],
      count: 16,
    });
    const byId = new Map(page.data.map((r) => [r.traitId, r]));
    expect(byId.get(seed.traits.colour)).toMatchObject({ traitRestrictions: { categories: [['red', 'white'], ['1', '2']] }, traitIsTimeseries: false, count: 8 });
    expect(byId.get(seed.traits.unused)).toMatchObject({ datasetIds: [], count: 0 });
    expect(byId.get(seed.traits.heading)).not.toHaveProperty('synonyms');
  });

  it.each(CALLERS)('gives %s the datasetIds and counts of their own datasets only', async (caller) => {
    const rows = new Map((await table(caller)).data.map((r) => [r.traitId, r]));
    expect(rows.get(seed.traits.height)).toMatchObject({ datasetIds: readable(caller), count: heightCount(caller) });
    const yieldSets = readable(caller).filter((id) => id !== seed.privateSet);
    expect(rows.get(seed.traits.yield)).toMatchObject({ datasetIds: yieldSets, count: 8 + (yieldSets.includes(seed.licensedSet) ? 3 : 0) });
    expect(rows.get(seed.traits.note)).toMatchObject({ datasetIds: [seed.openSet], count: 2 });
    // Filtering and sorting read the caller's values too.
    const onlyLicensed = await names(caller, [{ column: 'datasetIds', comparator: 'arrayContains', values: [seed.licensedSet] }]);
    expect(onlyLicensed).toEqual(readable(caller).includes(seed.licensedSet) ? ['Height', 'Yield'] : []);
    const onlyPrivate = await names(caller, [{ column: 'datasetIds', comparator: 'arrayContains', values: [seed.privateSet] }]);
    expect(onlyPrivate).toEqual(caller === 'admin' ? ['Height'] : []);
    const many = await names(caller, [{ column: 'count', comparator: 'greaterThan', values: [16] }]);
    expect(many).toEqual(heightCount(caller) > 16 ? ['Height'] : []);
  });

  it('pages with the real total and sorts by the caller count', async () => {
    // Pages count from 0; equal counts come by id in the same direction (Colour, the later trait, before Yield).
    const page = await table('anonymous', { page: 0, limit: 2, orderBy: 'count', ascending: 0 });
    expect(page.count).toBe(6);
    expect(page.data.map((r) => r.traitName)).toEqual(['Height', 'Colour']);
    expect((await table('anonymous', { page: 1, limit: 2, orderBy: 'count', ascending: 0 })).data.map((r) => r.traitName)).toEqual(['Yield', 'Note']);
    expect((await table('anonymous', { page: 2, limit: 2, orderBy: 'count', ascending: 0 })).data.map((r) => r.count)).toEqual([0, 0]);
  });

  it('filters by names, synonyms, datatype, category and unit, and searches all names at once', async () => {
    expect(await names('anonymous', [{ column: 'traitName', comparator: 'contains', values: ['EAD'] }])).toEqual(['Heading']);
    expect(await names('anonymous', [{ column: 'traitNameShort', comparator: 'contains', values: ['yl'] }])).toEqual(['Yield']);
    expect(await names('anonymous', [{ column: 'traitDescription', comparator: 'contains', values: ['olour desc'] }])).toEqual(['Colour']);
    expect(await names('anonymous', [{ column: 'synonyms', comparator: 'contains', values: ['plant'] }])).toEqual(['Height']);
    expect(await names('anonymous', [{ column: 'synonyms', comparator: 'jsonSearch', values: ['PH'] }])).toEqual(['Height']);
    expect(await names('anonymous', [{ column: 'dataType', comparator: 'equals', values: ['categorical'] }])).toEqual(['Colour']);
    expect(await names('anonymous', [{ column: 'categoryName', comparator: 'equals', values: ['morphology'] }])).toEqual(['Height']);
    expect(await names('anonymous', [{ column: 'unitName', comparator: 'equals', values: ['Tonnes per hectare'] }])).toEqual(['Yield']);
    // `search`: name, short name, synonyms and description in one filter (the trait search box).
    const search = (value: string) => names('anonymous', [{ column: 'search', comparator: 'contains', values: [value] }]);
    expect(await search('PH')).toEqual(['Height']);
    expect(await search('plant hei')).toEqual(['Height']);
    expect(await search('yld')).toEqual(['Yield']);
    expect(await search('note desc')).toEqual(['Note']);
    expect(await search('e')).toEqual(['Colour', 'Heading', 'Height', 'Note', 'Unused', 'Yield']);
    expect(await search('nothing like it')).toEqual([]);
    // Rows do not carry the search text.
    expect((await table('anonymous')).data.every((r) => !('search' in r))).toBe(true);
  });

  it('answers ids and an export of the caller rows', async () => {
    const filter = [{ column: 'datasetIds', comparator: 'arrayContains', values: [seed.openSet] }];
    const ids = await json<{ data: number[]; count: number }>(await call('anonymous', 'POST', 'trait/table/ids', { filter }));
    const withData = [seed.traits.height, seed.traits.yield, seed.traits.colour, seed.traits.note].sort((a, b) => a - b);
    expect(ids).toEqual({ data: withData, count: 4 });
    const response = await call('admin', 'POST', 'trait/table/export', { filter: [{ column: 'traitName', comparator: 'equals', values: ['Height'] }] });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const [text] = Object.values(unzipSync(new Uint8Array(await response.arrayBuffer()))).map((bytes) => strFromU8(bytes));
    const [header, row, end] = text.split('\r\n');
    const columns = header.split('\t');
    expect(columns).toEqual([
      'trait_id', 'trait_name', 'trait_name_short', 'trait_description', 'data_type', 'trait_restrictions', 'trait_set_size', 'trait_is_timeseries',
      'category_id', 'category_name', 'category_description', 'unit_id', 'unit_name', 'unit_description', 'unit_abbreviation', 'synonyms',
      'dataset_ids', 'count',
    ]);
    const cells = row.split('\t');
    expect(cells[columns.indexOf('count')]).toBe('18');
    expect(JSON.parse(cells[columns.indexOf('dataset_ids')])).toEqual([seed.openSet, seed.privateSet]);
    expect(end).toBe('');
  });

  it('lists the trait categories by name', async () => {
    await sql`INSERT INTO phenotypecategories (name, description) VALUES ('Agronomy', NULL)`.execute(db);
    const categories = await json<Record<string, unknown>[]>(await call('anonymous', 'GET', 'trait/category'));
    expect(categories.map((c) => c.name)).toEqual(['Agronomy', 'Morphology']);
    expect(categories[1]).toEqual({ id: seed.category, name: 'Morphology', description: 'Plant form', createdOn: expect.any(String), updatedOn: expect.any(String) });
    expect(String(categories[1].createdOn)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(categories[0]).not.toHaveProperty('description');
  });

  it.each(CALLERS)('gives %s the distinct values of their datasets, in string order', async (caller) => {
    const open = [11, 12, 13, 14, 21, 22, 25, 26, 31, 32, 37, 38, 41, 42, 49, 50].map(String);
    const expected = [...open];
    if (readable(caller).includes(seed.licensedSet)) expected.push('101', '102', '103');
    if (caller === 'admin') expected.push('1001', '1002');
    expect(await json(await call(caller, 'GET', `trait/${seed.traits.height}/values`))).toEqual(expected.sort());
    expect(await json(await call(caller, 'GET', `trait/${seed.traits.colour}/values`))).toEqual(['red', 'white']);
    expect(await json(await call(caller, 'GET', `trait/${seed.traits.heading}/values`))).toEqual([]);
  });

  it('answers 404 for the values of a trait that does not exist', async () => {
    expect((await call('anonymous', 'GET', 'trait/999999/values')).status).toBe(404);
    expect((await call('anonymous', 'GET', 'trait/abc/values')).status).toBe(404);
  });

  it('lists the traits with data in the requested datasets the caller may read', async () => {
    const traits = async (caller: Caller, body: unknown) => (await json<Row[]>(await call(caller, 'POST', 'dataset/trait', body))).map((r) => r.traitName);
    expect(await traits('anonymous', {})).toEqual(['Colour', 'Height', 'Note', 'Yield']);
    expect(await traits('anonymous', { datasetIds: [] })).toEqual(['Colour', 'Height', 'Note', 'Yield']);
    expect(await traits('anonymous', { datasetIds: [seed.licensedSet] })).toEqual([]);
    expect(await traits('cookie', { datasetIds: [seed.licensedSet] })).toEqual(['Height', 'Yield']);
    expect(await traits('accepted', { datasetIds: [seed.licensedSet, seed.privateSet] })).toEqual(['Height', 'Yield']);
    expect(await traits('notAccepted', { datasetIds: [seed.licensedSet, seed.privateSet] })).toEqual([]);
    expect(await traits('admin', { datasetIds: [seed.privateSet] })).toEqual(['Height']);
    expect(await traits('admin', { datasetIds: [seed.genotypeSet] })).toEqual([]);
    const [height] = await json<Row[]>(await call('accepted', 'POST', 'dataset/trait', { datasetIds: [seed.licensedSet] }));
    expect(height).toEqual({
      traitId: seed.traits.height, traitName: 'Height', traitNameShort: 'HT', traitDescription: 'Height description', dataType: 'numeric',
      traitRestrictions: { min: 0, max: 2000 }, unitId: seed.units.cm, unitName: 'Centimetres', unitDescription: 'Length in cm', unitAbbreviation: 'cm',
      synonyms: ['PH', 'Plant height'], count: 0,
    });
    expect((await server.api('POST', 'dataset/trait')).status).toBe(400);
    expect((await call('anonymous', 'POST', 'dataset/trait', { datasetIds: ['x'] })).status).toBe(400);
    expect((await call('anonymous', 'POST', 'dataset/trait', { datasetIds: [-1] })).status).toBe(400);
  });

  it('lists trait attribute values as a table with ids and export', async () => {
    const attribute = async (name: string, target: string) =>
      Number((await sql<{ id: number }>`INSERT INTO attributes (name, description, datatype, target_table) VALUES (${name}, ${`${name} text`}, 'text', ${target}) RETURNING id`.execute(db)).rows[0].id);
    const method = await attribute('Method', 'phenotypes');
    const donor = await attribute('Donor', 'germinatebase');
    const value = async (attributeId: number, foreignId: number, text: string) =>
      Number((await sql<{ id: number }>`INSERT INTO attributedata (attribute_id, foreign_id, value) VALUES (${attributeId}, ${foreignId}, ${text}) RETURNING id`.execute(db)).rows[0].id);
    const ruler = await value(method, seed.traits.height, 'Ruler');
    const scale = await value(method, seed.traits.yield, 'Scale');
    await value(donor, 1, 'Not a trait attribute');
    const page = await json<{ data: Record<string, unknown>[]; count: number }>(await call('anonymous', 'POST', 'trait/attribute', { orderBy: 'attributeValueId', ascending: 1 }));
    expect(page.count).toBe(2);
    expect(page.data[0]).toEqual({
      attributeValueId: ruler, traitId: seed.traits.height, traitName: 'Height', attributeId: method, attributeName: 'Method',
      attributeDescription: 'Method text', attributeType: 'text', targetTable: 'phenotypes', foreignId: seed.traits.height,
      createdOn: expect.any(String), attributeValue: 'Ruler',
    });
    const filter = [{ column: 'traitName', comparator: 'equals', values: ['Yield'] }];
    expect(await json(await call('anonymous', 'POST', 'trait/attribute/ids', { filter }))).toEqual({ data: [scale], count: 1 });
    const response = await call('anonymous', 'POST', 'trait/attribute/export', { filter });
    expect(response.status).toBe(200);
    const [text] = Object.values(unzipSync(new Uint8Array(await response.arrayBuffer()))).map((bytes) => strFromU8(bytes));
    expect(text.split('\r\n')[1]).toContain('Scale');
  });

  describe('PATCH trait/{traitId}', () => {
    const trait = async (id: number) =>
      (await sql<Record<string, unknown>>`SELECT name, short_name, description, datatype, restrictions, unit_id FROM phenotypes WHERE id = ${id}`.execute(db)).rows[0];
    const restrictionsOf = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
    const patch = (caller: Caller, id: number | string, body: unknown) => call(caller, 'PATCH', `trait/${id}`, body);
    const audits = async () => (await sql<{ target: string; details: string }>`SELECT target, details FROM audit_log WHERE action = 'trait.update' ORDER BY id`.execute(db)).rows;

    it('lets administrators set the trait, and restrictions and unit only when given', async () => {
      const id = seed.traits.unused;
      const body = { id, name: ' Spare ', shortName: 'SP', description: 'Spare trait', datatype: 'categorical', restrictions: { categories: [['a', 'b']] }, unitId: seed.units.tonnes };
      expect(await json(await patch('admin', id, body))).toBe(true);
      expect(await trait(id)).toMatchObject({ name: 'Spare', short_name: 'SP', description: 'Spare trait', datatype: 'categorical', unit_id: seed.units.tonnes });
      expect(restrictionsOf((await trait(id)).restrictions)).toEqual({ categories: [['a', 'b']] });
      // Without restrictions and unit they stay; short name and description follow the body (absent clears).
      expect(await json(await patch('admin', id, { name: 'Spare', datatype: 'numeric' }))).toBe(true);
      expect(await trait(id)).toMatchObject({ name: 'Spare', short_name: null, description: null, datatype: 'numeric', unit_id: seed.units.tonnes });
      expect(restrictionsOf((await trait(id)).restrictions)).toEqual({ categories: [['a', 'b']] });
      expect(await json(await patch('admin', id, { name: 'Spare', datatype: 'numeric', restrictions: { min: 1, max: 1, categories: null }, unitId: null }))).toBe(true);
      expect(restrictionsOf((await trait(id)).restrictions)).toEqual({ min: 1, max: 1 });
      expect((await trait(id)).unit_id).toBeNull();
      expect(await json(await patch('admin', id, { name: 'Spare', datatype: 'numeric', restrictions: null }))).toBe(true);
      expect((await trait(id)).restrictions).toBeNull();
      const rows = await audits();
      expect(rows).toHaveLength(4);
      expect(rows[0].target).toBe(`trait ${id}`);
      expect(JSON.parse(rows[0].details)).toMatchObject({ previousName: 'Unused', name: 'Spare', datatype: 'categorical' });
      // The table shows the change.
      expect(await names('anonymous', [{ column: 'traitId', comparator: 'equals', values: [id] }])).toEqual(['Spare']);
    });

    it('is for administrators only', async () => {
      const body = { name: 'Taken', datatype: 'text' };
      expect((await patch('anonymous', seed.traits.note, body)).status).toBe(401);
      expect((await patch('accepted', seed.traits.note, body)).status).toBe(403);
      expect((await patch('notAccepted', seed.traits.note, body)).status).toBe(403);
      expect((await trait(seed.traits.note)).name).toBe('Note');
    });

    it.each([
      ['no body', undefined, /body/],
      ['no name', { datatype: 'text' }, /name is required/],
      ['a blank name', { name: '  ', datatype: 'text' }, /name is required/],
      ['a name that is no text', { name: 5, datatype: 'text' }, /name/],
      ['a long short name', { name: 'Note', shortName: 'ABCDEFGHIJK', datatype: 'text' }, /shortName must be at most 10/],
      ['another datatype', { name: 'Note', datatype: 'float' }, /datatype must be one of categorical, numeric, text, date/],
      ['no datatype', { name: 'Note', datatype: null }, /datatype must be one of/],
      ['min above max', { name: 'Note', datatype: 'numeric', restrictions: { min: 5, max: 1 } }, /min must not be greater than/],
      ['category lists of two lengths', { name: 'Note', datatype: 'categorical', restrictions: { categories: [['a', 'b'], ['1']] } }, /same length/],
      ['categories that are no lists', { name: 'Note', datatype: 'categorical', restrictions: { categories: ['a'] } }, /categories/],
      ['an unknown unit', { name: 'Note', datatype: 'text', unitId: 999999 }, /unitId 999999 names no unit/],
      ['another id', { id: 999999, name: 'Note', datatype: 'text' }, /id must be the id in the path/],
    ])('answers 400 for %s and changes nothing', async (_, body, message) => {
      const before = await audits();
      const response = await patch('admin', seed.traits.note, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
      expect(await trait(seed.traits.note)).toMatchObject({ name: 'Note', datatype: 'text', restrictions: null });
      expect(await audits()).toEqual(before);
    });

    it('answers 404 for a trait that does not exist', async () => {
      expect((await patch('admin', 999999, { name: 'Ghost', datatype: 'text' })).status).toBe(404);
      expect((await patch('admin', 'abc', { name: 'Ghost', datatype: 'text' })).status).toBe(404);
    });
  });

  it('counts the values of datasets whose plots are interleaved with other datasets, for each caller', async () => {
    // Plots written in turn for three trials datasets (two public, one private): no dataset's plot ids are one run.
    const [{ experiment }] = (await sql<{ experiment: number }>`SELECT experiment_id AS experiment FROM datasets WHERE id = ${seed.openSet}`.execute(db)).rows;
    const dataset = async (name: string, state: number) =>
      Number((await sql<{ id: number }>`INSERT INTO datasets (experiment_id, name, dataset_state_id, datasettype_id, is_external) VALUES (${experiment}, ${name}, ${state}, 3, 0) RETURNING id`.execute(db)).rows[0].id);
    const a = await dataset('Turns A', 1);
    const b = await dataset('Turns B', 1);
    const hidden = await dataset('Turns private', 2);
    const value = async (set: number, values: number) => {
      const plot = Number((await sql<{ id: number }>`INSERT INTO trialsetup (germinatebase_id, dataset_id) VALUES (1, ${set}) RETURNING id`.execute(db)).rows[0].id);
      for (let i = 0; i < values; i++) await sql`INSERT INTO phenotypedata (trialsetup_id, phenotype_id, phenotype_value) VALUES (${plot}, ${seed.traits.heading}, ${`2024-06-1${i}`})`.execute(db);
    };
    for (let turn = 0; turn < 4; turn++) {
      await value(a, 1);
      await value(hidden, 2);
      await value(b, turn % 2 === 0 ? 2 : 0);
    }
    const heading = async (caller: Caller) => (await table(caller, { filter: [{ column: 'traitId', comparator: 'equals', values: [seed.traits.heading] }] })).data[0];
    expect(await heading('anonymous')).toMatchObject({ datasetIds: [a, b], count: 8 });
    expect(await heading('admin')).toMatchObject({ datasetIds: [a, b, hidden], count: 16 });
    expect(await names('anonymous', [{ column: 'datasetIds', comparator: 'arrayContains', values: [b] }])).toEqual(['Heading']);
    expect(await names('anonymous', [{ column: 'datasetIds', comparator: 'arrayContains', values: [hidden] }])).toEqual([]);
    expect(await names('admin', [{ column: 'datasetIds', comparator: 'arrayContains', values: [hidden] }])).toEqual(['Heading']);
  });
});
