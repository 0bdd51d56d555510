import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { seedGermplasm } from '../support/seed.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { expectShape, kindOf, type Json, type Shape } from '../support/view-shapes.js';

/** Row keys of Germinate's views the client reads on these screens, with their JSON types (absent = null). */
const DATASET: Shape = {
  datasetId: 'number', datasetName: 'string', datasetDescription: 'string', hyperlink: 'string', sourceFile: 'string', version: 'string', datasetType: 'string',
  experimentId: 'number', experimentName: 'string', experimentDescription: 'string', projectId: 'number', projectName: 'string', datatype: 'string',
  datasetState: 'string', locations: 'array', institutions: 'array', licenseId: 'number', licenseName: 'string', contact: 'string', startDate: 'string',
  endDate: 'string', dublinCore: 'object', createdOn: 'string', updatedOn: 'string', dataObjectCount: 'ulong', dataPointCount: 'ulong', isExternal: 'boolean',
  publications: 'number', fileresourceIds: 'array', collaborators: 'number', attributes: 'number', acceptedBy: 'array',
  // Ours beyond the view (src/plugins/datasets/queries.ts: the edit form's state); Germinate's client ignores it.
  datasetStateId: 'number',
};
// createdOn, updatedOn: ours beyond ViewTableLicenses (the licence's own); the client ignores them.
const LICENSE_ROW: Shape = {
  licenseId: 'number', licenseName: 'string', licenseDescription: 'string', licenseContent: 'object', datasetId: 'number', acceptedBy: 'array', createdOn: 'string', updatedOn: 'string',
};
const LICENSE_DEFINITION: Shape = { licenseId: 'number', licenseName: 'string', licenseDescription: 'string', createdOn: 'string', licenseData: 'object' };
const COLLABORATOR: Shape = {
  collaboratorId: 'number', collaboratorFirstName: 'string', collaboratorLastName: 'string', collaboratorExternalId: 'string', collaboratorEmail: 'string',
  collaboratorPhone: 'string', collaboratorRoles: 'string', institutionId: 'number', institutionName: 'string', institutionAddress: 'string', datasetId: 'number',
  countryId: 'number', countryName: 'string', countryCode2: 'string', countryCode3: 'string', projectIds: 'array',
};
const DATASET_ATTRIBUTE: Shape = {
  datasetId: 'number', datasetName: 'string', datasetDescription: 'string', attributeId: 'number', attributeName: 'string', attributeDescription: 'string',
  attributeType: 'string', targetTable: 'string', foreignId: 'number', attributeValue: 'string',
  // Ours beyond the view (the value's row id, as germplasm attributes have it); the client ignores it.
  attributeValueId: 'number',
};
const EXPERIMENT: Shape = {
  projectId: 'number', experimentId: 'number', experimentName: 'string', experimentDescription: 'string', experimentDate: 'string', createdOn: 'string',
  genotypeCount: 'number', trialsCount: 'number', alleleFreqCount: 'number', climateCount: 'number', pedigreeCount: 'number',
};
const FILE_RESOURCE: Shape = {
  fileresourceId: 'number', fileresourceName: 'string', fileresourcePath: 'string', fileresourceDescription: 'string', fileresourceSize: 'number',
  fileresourceCreatedOn: 'string', fileresourceUpdatedOn: 'string', fileresourcetypeId: 'number', fileresourcetypeName: 'string',
  fileresourcetypeDescription: 'string', datasetIds: 'array',
};
const GROUP: Shape = {
  groupId: 'number', groupName: 'string', groupDescription: 'string', groupTypeId: 'number', groupType: 'string', userId: 'number', groupVisibility: 'boolean',
  createdOn: 'string', updatedOn: 'string', count: 'number',
};
const JOB: Shape = { uuid: 'string', status: 'string', datatype: 'string', datasetIds: 'array', createdOn: 'string', updatedOn: 'string' };

/** The BaseTable's first request (page 1 → 0), as Germinate's client sends it: nulls included. */
const TABLE = { page: 0, limit: 10, prevCount: -1, orderBy: null, ascending: null, filter: null };
const MAX_JAVA_INTEGER = 2147483647;
const filter = (column: string, comparator: string, values: unknown[], operator = 'and') => ({ column, comparator, operator, values });

/**
 * Germinate 4.9's own web client on the dataset screens (datasets page, dataset selector and export pages,
 * experiments, data resources, licences, dataset administration): every call the client makes
 * there, with the client's bodies, answered with the row shapes of Germinate's views and endpoints.
 */
describe.each(testDialects())('Germinate’s client on the dataset screens, %s', (dialect) => {
  let server: TestServer;
  const token: Record<'admin' | 'curator' | 'regular', string> = { admin: '', curator: '', regular: '' };
  const userId: Record<'admin' | 'curator' | 'regular', number> = { admin: 0, curator: 0, regular: 0 };
  const ids = { licence: 0, experiment: 0, trials: 0, pedigree: 0, genotype: 0, external: 0, group: 0, collaborator: 0 };
  const db = () => server.db.database.db as unknown as Kysely<unknown>;
  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows[0]!;
  const call = (method: string, path: string, body?: unknown, who: string | null = null, headers: Record<string, string> = {}) =>
    server.api(method, path, { token: who, body, headers });
  const ok = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json() as Promise<unknown>;
  };
  const page = async (path: string, body: unknown, who: string | null = null, headers: Record<string, string> = {}) =>
    (await ok(await call('POST', path, body, who, headers))) as { data: Json[]; count: number };
  const cookie = () => ({ cookie: `accepted-licenses=${ids.licence}` });
  const dataset = async (name: string, state: number, type: number, external: number) =>
    Number((await one(sql<{ id: number }>`INSERT INTO datasets (experiment_id, name, dataset_state_id, datasettype_id, is_external)
      VALUES (${ids.experiment}, ${name}, ${state}, ${type}, ${external}) RETURNING id`)).id);

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    // The seven licences a new database offers are not this test's: it counts the one it makes.
    await sql`DELETE FROM licenses`.execute(db());
    for (const role of ['admin', 'curator', 'regular'] as const) token[role] = await server.login(role, passwordOf(role));
    const users = (await sql<{ id: number; username: string }>`SELECT id, username FROM users`.execute(db())).rows;
    for (const role of ['admin', 'curator', 'regular'] as const) userId[role] = Number(users.find((u) => u.username === role)!.id);
    await seedGermplasm(server);

    // The licence and experiment modals, then the dataset edit modal (create), all as a curator.
    ids.licence = (await ok(await call('PUT', 'license', { licenseName: 'CC-BY-4.0', licenseDescription: 'Attribution', licenseData: { en_GB: '<p>Attribution</p>' } }, token.curator))) as number;
    ids.experiment = (await ok(await call('PUT', 'experiment', { experimentName: 'Barley 2024', experimentDescription: 'Field trials' }, token.curator))) as number;
    const created = (await ok(await call('POST', 'dataset', {
      name: 'Spring trials', description: 'Height in 2024', experimentId: ids.experiment, datasettypeId: 3, datasetStateId: 1, licenseId: ids.licence,
      contact: 'trials@example.org', hyperlink: 'https://example.org/trials', dateStart: '2024-03-01', dateEnd: '2024-09-30',
    }, token.curator))) as Json;
    expectShape(created, DATASET, ['datasetId', 'datasetName', 'datasetType', 'licenseId', 'acceptedBy']);
    expect(created).toMatchObject({ datasetName: 'Spring trials', datasetType: 'trials', datasetState: 'public', licenseName: 'CC-BY-4.0', isExternal: false });
    // Germinate's `date` is a timestamp at midnight; a bare day parses to the same instant in the client's Date.
    expect(new Date(created.startDate as string).toISOString()).toBe('2024-03-01T00:00:00.000Z');
    ids.trials = created.datasetId as number;
    [ids.pedigree, ids.genotype, ids.external] = [await dataset('Crosses', 1, 7, 0), await dataset('SNP panel', 2, 1, 0), await dataset('Elsewhere', 1, 3, 1)];

    // Trials data of germplasm 1 and 2; a public germplasm group (1, 5), the admin's hidden one (2), a location group.
    const trait = Number((await one(sql<{ id: number }>`INSERT INTO phenotypes (name, datatype) VALUES ('Height', 'numeric') RETURNING id`)).id);
    for (const germplasm of [1, 2]) {
      const setup = Number((await one(sql<{ id: number }>`INSERT INTO trialsetup (germinatebase_id, dataset_id, location_id) VALUES (${germplasm}, ${ids.trials}, 2) RETURNING id`)).id);
      await sql`INSERT INTO phenotypedata (trialsetup_id, phenotype_id, phenotype_value) VALUES (${setup}, ${trait}, '12')`.execute(db());
    }
    const group = async (type: number, name: string, visibility: number, members: number[]) => {
      const id = Number((await one(sql<{ id: number }>`INSERT INTO groups (grouptype_id, name, visibility, created_by) VALUES (${type}, ${name}, ${visibility}, ${userId.admin}) RETURNING id`)).id);
      for (const member of members) await sql`INSERT INTO groupmembers (group_id, foreign_id) VALUES (${id}, ${member})`.execute(db());
      return id;
    };
    ids.group = await group(3, 'Core set', 1, [1, 5]);
    const others = [[3, 'Admin picks', 0, [2]], [1, 'Sites', 1, [2]], [3, 'Unrelated', 1, [7]]] as const;
    for (const [type, name, visibility, members] of others) await group(type, name, visibility, [...members]);

    // A collaborator of the trials dataset, an attribute, locations.
    ids.collaborator = Number((await one(sql<{ id: number }>`INSERT INTO collaborators (first_name, last_name, email, external_id, institution_id)
      VALUES ('Ada', 'Lovelace', 'ada@example.org', '0000-0001', 1) RETURNING id`)).id);
    await sql`INSERT INTO datasetcollaborators (dataset_id, collaborator_id, collaborator_roles) VALUES (${ids.trials}, ${ids.collaborator}, 'Data curation')`.execute(db());
    const attribute = Number((await one(sql<{ id: number }>`INSERT INTO attributes (name, description, datatype, target_table) VALUES ('Funding', 'Who paid', 'text', 'datasets') RETURNING id`)).id);
    await sql`INSERT INTO attributedata (attribute_id, foreign_id, value) VALUES (${attribute}, ${ids.trials}, 'EU')`.execute(db());
    await sql`INSERT INTO datasetlocations (dataset_id, location_id) VALUES (${ids.trials}, 2)`.execute(db());
  });
  afterAll(async () => server?.close());

  it('datasets page: dataset/table with the BaseTable request, ids, export and acceptedBy per caller', async () => {
    const anonymous = await page('dataset/table', TABLE);
    expect(anonymous.data.map((r) => r.datasetId).sort()).toEqual([ids.trials, ids.pedigree, ids.external].sort());
    expect(anonymous.count).toBe(3);
    for (const row of anonymous.data) expectShape(row, DATASET, ['datasetId', 'datasetName', 'datasetType', 'datasetState', 'isExternal', 'acceptedBy']);
    const trials = anonymous.data.find((r) => r.datasetId === ids.trials)!;
    expect(trials).toMatchObject({ acceptedBy: [], collaborators: 1, attributes: 1, locations: [expect.objectContaining({ locationId: 2 })], institutions: [expect.objectContaining({ institutionId: 1 })] });
    expect((trials.locations as Json[])[0]).not.toHaveProperty('countryCode');
    const byId = async (who: string | null, headers = {}) => (await page('dataset/table', TABLE, who, headers)).data.find((r) => r.datasetId === ids.trials)!.acceptedBy;
    expect(await byId(null, cookie())).toEqual([-1000]);
    expect(await byId(token.curator)).toEqual([userId.curator]);
    expect(await byId(token.regular)).toEqual([]);
    expect((await page('dataset/table', TABLE, token.admin)).count).toBe(4);

    // Sorting and paging keep the count the client sends (prevCount) or count again.
    const sorted = await page('dataset/table', { ...TABLE, orderBy: 'datasetName', ascending: 0, limit: 2, prevCount: 3 });
    expect(sorted.data.map((r) => r.datasetName)).toEqual(['Spring trials', 'Elsewhere']);
    const second = await page('dataset/table', { ...TABLE, orderBy: 'datasetName', ascending: 1, page: 1, limit: 2, prevCount: 3 });
    expect(second.data.map((r) => r.datasetName)).toEqual(['Spring trials']);
    // The filter editor's rows: strings from inputs, unused slots null, or-joined.
    const either = await page('dataset/table', { ...TABLE, filter: [filter('datasetName', 'contains', ['cross', null], 'or'), filter('datasetType', 'equals', ['trials', null])] });
    expect(either.data.map((r) => r.datasetId).sort()).toEqual([ids.trials, ids.pedigree, ids.external].sort());
    // /data/datasets/:datasetId selects one dataset.
    expect((await page('dataset/table', { ...TABLE, filter: [filter('datasetId', 'equals', [String(ids.pedigree), null])] })).data.map((r) => r.datasetId)).toEqual([ids.pedigree]);

    // Licence banner: the datasets whose licence the caller has not accepted.
    const unaccepted = async (who: string | null, headers = {}) =>
      (await page('dataset/table', { ...TABLE, justUnacceptedLicenses: true }, who, headers)).data.map((r) => r.datasetId);
    expect(await unaccepted(null)).toEqual([ids.trials]);
    expect(await unaccepted(null, cookie())).toEqual([]);
    expect(await unaccepted(token.regular)).toEqual([ids.trials]);
    expect(await unaccepted(token.curator)).toEqual([]);

    // Mark all / select all: the request without orderBy and ascending.
    const all = await page('dataset/table/ids', { page: 0, limit: 10, prevCount: -1, filter: null });
    expect({ ...all, data: all.data.sort() }).toEqual({ data: [ids.trials, ids.pedigree, ids.external].sort(), count: 3 });
    const download = await call('POST', 'dataset/table/export', { filter: null });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
  });

  it('dataset selector: datasets of a type, not external; select all; licences of the ticked ones', async () => {
    const selector = [filter('datasetType', 'equals', ['trials']), filter('isExternal', 'equals', [0])];
    expect((await page('dataset/table', { ...TABLE, filter: selector })).data.map((r) => r.datasetId)).toEqual([ids.trials]);
    expect((await page('dataset/table/ids', { page: 0, limit: 10, prevCount: -1, filter: selector })).data).toEqual([ids.trials]);
    const genotype = [filter('datasetType', 'equals', ['genotype']), filter('isExternal', 'equals', [0])];
    expect((await page('dataset/table', { ...TABLE, filter: genotype }, token.admin)).data.map((r) => r.datasetId)).toEqual([ids.genotype]);

    const licences = (values: unknown[], who: string | null, headers = {}) =>
      page('license/table', { page: 0, prevCount: -1, limit: MAX_JAVA_INTEGER, filter: [filter('datasetId', 'inSet', values)] }, who, headers);
    const anonymous = await licences([ids.trials, ids.pedigree], null);
    expect(anonymous.count).toBe(1);
    expectShape(anonymous.data[0], LICENSE_ROW, ['licenseId', 'licenseName', 'datasetId', 'acceptedBy']);
    expect(anonymous.data[0]).toMatchObject({ licenseId: ids.licence, licenseName: 'CC-BY-4.0', datasetId: ids.trials, licenseContent: { en_GB: '<p>Attribution</p>' }, acceptedBy: [] });
    expect((await licences([`${ids.trials},${ids.pedigree}`, null], null, cookie())).data[0].acceptedBy).toEqual([-1000]);
    expect((await licences([ids.trials], token.curator)).data[0].acceptedBy).toEqual([userId.curator]);
    expect((await licences([ids.trials], token.regular)).data[0].acceptedBy).toEqual([]);
    expect((await page('license/table', TABLE)).data.map((r) => r.licenseId)).toEqual([ids.licence]);
    // The licence column's modal: one licence by id.
    expect((await page('license/table', { ...TABLE, filter: [filter('licenseId', 'equals', [String(ids.licence), null])] })).count).toBe(1);
    expect((await page('license/table/ids', { page: 0, limit: 10, prevCount: -1, filter: null })).data).toEqual([ids.licence]);
  });

  it('licence modal: read, accept (row or cookie), withdraw; licence administration', async () => {
    const definitions = (await ok(await call('GET', 'license'))) as Json[];
    expect(definitions).toHaveLength(1);
    expectShape(definitions[0], LICENSE_DEFINITION, ['licenseId', 'licenseName', 'createdOn', 'licenseData']);
    expect(definitions[0]).toMatchObject({ licenseId: ids.licence, licenseData: { en_GB: '<p>Attribution</p>' } });

    const anonymous = await call('GET', `license/${ids.licence}/accept`);
    expect(await ok(anonymous)).toBe(true);
    expect(anonymous.headers.get('set-cookie')).toMatch(new RegExp(`^accepted-licenses=${ids.licence}(;|$)`));
    expect(await ok(await call('GET', `license/${ids.licence}/accept`, undefined, token.regular))).toBe(true);
    expect((await call('GET', `license/${ids.licence}/accept`, undefined, token.regular)).status).toBe(204);
    expect((await page('dataset/table', { ...TABLE, justUnacceptedLicenses: true }, token.regular)).data).toEqual([]);
    expect(await ok(await call('DELETE', `license/${ids.licence}/accept`, undefined, token.regular))).toBe(true);
    expect((await call('GET', 'license/abc/accept')).status).toBe(404);
    expect((await call('GET', 'license/999999/accept')).status).toBe(404);

    const patch = { licenseId: ids.licence, licenseName: 'CC-BY-4.0', licenseDescription: 'Attribution 4.0', licenseData: { de_DE: '<p>Namensnennung</p>' } };
    expect((await call('PATCH', `license/${ids.licence}`, patch, token.regular)).status).toBe(403);
    expect(await ok(await call('PATCH', `license/${ids.licence}`, patch, token.curator))).toBe(true);
    expect(((await ok(await call('GET', 'license'))) as Json[])[0].licenseData).toEqual({ en_GB: '<p>Attribution</p>', de_DE: '<p>Namensnennung</p>' });
    expect((await call('PUT', 'license', { licenseId: 5, licenseName: 'x', licenseData: {} }, token.curator)).status).toBe(409);
    expect((await call('PUT', 'license', { licenseDescription: 'no name', licenseData: {} }, token.curator)).status).toBe(400);
  });

  it('export pages: the chosen datasets, their groups, metadata and file resources', async () => {
    const trials = [filter('datasetType', 'equals', ['trials']), filter('isExternal', 'equals', [0])];
    const chosen = async (list: unknown[], who: string | null, headers = {}) =>
      (await page('dataset/table', { ...TABLE, limit: MAX_JAVA_INTEGER, filter: [...trials, filter('datasetId', 'inSet', list)] }, who, headers)).data;
    const rows = await chosen([`${ids.trials},${ids.external},${ids.genotype}`, null], null, cookie());
    expect(rows.map((r) => r.datasetId)).toEqual([ids.trials]);
    expect(rows[0].acceptedBy).toEqual([-1000]);
    expect(await chosen([String(ids.genotype)], null)).toEqual([]);

    // Germplasm groups with trials data in the datasets (visible ones only), locations' groups for climate.
    const groups = async (body: Json, who: string | null = null, headers = {}) => (await ok(await call('POST', 'dataset/group', body, who, headers))) as Json[];
    const germplasmGroups = await groups({ datasetIds: [ids.trials], groupType: 'germinatebase', datasetType: 'trials' }, null, cookie());
    expect(germplasmGroups.map((g) => g.groupName)).toEqual(['Core set']);
    expectShape(germplasmGroups[0], GROUP, ['groupId', 'groupName', 'groupTypeId', 'groupType', 'count']);
    expect(germplasmGroups[0]).toMatchObject({ groupId: ids.group, groupTypeId: 3, groupType: 'germinatebase', groupVisibility: true, count: 2 });
    expect((await groups({ datasetIds: [ids.trials], groupType: 'germinatebase', datasetType: 'trials' }, token.admin)).map((g) => g.groupName)).toEqual([]);
    expect((await call('GET', `license/${ids.licence}/accept`, undefined, token.admin)).status).toBeOneOf([200, 204]);
    expect((await groups({ datasetIds: [ids.trials], groupType: 'germinatebase', datasetType: 'trials' }, token.admin)).map((g) => g.groupName)).toEqual(['Admin picks', 'Core set']);
    // The licence gate: nothing for a visitor who did not accept it.
    expect(await groups({ datasetIds: [ids.trials], groupType: 'germinatebase', datasetType: 'trials' })).toEqual([]);
    // Climate: location groups with climate values in the datasets (all of the type when none are named).
    const climateSet = await dataset('Weather', 1, 5, 0);
    const climate = Number((await one(sql<{ id: number }>`INSERT INTO climates (name, datatype) VALUES ('Rainfall', 'numeric') RETURNING id`)).id);
    await sql`INSERT INTO climatedata (climate_id, location_id, climate_value, dataset_id) VALUES (${climate}, 2, '12.5', ${climateSet})`.execute(db());
    const sites = await groups({ datasetIds: [climateSet], datasetType: 'climate', groupType: 'locations' });
    expect(sites).toEqual([expect.objectContaining({ groupName: 'Sites', groupTypeId: 1, groupType: 'locations', count: 1 })]);
    expect(await groups({ datasetIds: [], datasetType: 'climate', groupType: 'locations' })).toEqual(sites);
    expect(await groups({ datasetIds: [ids.pedigree], datasetType: 'climate', groupType: 'locations' })).toEqual([]);
    expect(await groups({ datasetIds: [climateSet], datasetType: 'climate', groupType: 'markers' })).toEqual([]);
    expect(await groups({ datasetIds: [ids.pedigree], datasetType: 'pedigree', groupType: 'germinatebase' })).toEqual([]);
    await sql`DELETE FROM datasets WHERE id = ${climateSet}`.execute(db());
    expect((await call('POST', 'dataset/group', { datasetIds: [ids.trials], groupType: 'germinatebase' })).status).toBe(400);

    // Export tab: the datasets' metadata (tsv), and the timeline tab's file resources (none here).
    const metadata = await call('POST', 'dataset/attribute/export', { datasetIds: [ids.trials] }, null, cookie());
    expect(metadata.status).toBe(200);
    expect(await metadata.text()).toContain('EU');
    expect((await call('POST', 'dataset/attribute/export', { datasetIds: [ids.trials] })).status).toBe(404);
    expect(await page('dataset/fileresource', { ...TABLE, datasetIds: [ids.trials] }, null, cookie())).toEqual({ data: [], count: 0 });
  });

  it('dataset details: collaborators, attributes, source file, pedigree export job and the jobs panel', async () => {
    const collaborators = await page(`dataset/${ids.trials}/collaborator`, TABLE);
    expect(collaborators.count).toBe(1);
    expectShape(collaborators.data[0], COLLABORATOR, ['collaboratorId', 'collaboratorFirstName', 'collaboratorLastName', 'datasetId']);
    expect(collaborators.data[0]).toMatchObject({ collaboratorId: ids.collaborator, collaboratorRoles: 'Data curation', datasetId: ids.trials, institutionId: 1 });
    expect(await page(`dataset/${ids.genotype}/collaborator`, TABLE)).toEqual({ data: [], count: 0 });

    const attributes = await page(`dataset/${ids.trials}/attribute`, TABLE, null, cookie());
    expect(attributes.count).toBe(1);
    expectShape(attributes.data[0], DATASET_ATTRIBUTE, ['datasetId', 'attributeName', 'attributeValue']);
    expect(attributes.data[0]).toMatchObject({ datasetId: ids.trials, attributeName: 'Funding', attributeType: 'text', targetTable: 'datasets', foreignId: ids.trials, attributeValue: 'EU' });
    expect((await page('dataset/attribute/table', { ...TABLE, filter: [filter('datasetId', 'equals', [ids.trials])] }, null, cookie())).count).toBe(1);
    expect((await page('dataset/attribute/table', TABLE)).count).toBe(0);
    for (const path of [`dataset/${ids.trials}/attribute/export`, 'dataset/attribute/table/export']) {
      const response = await call('POST', path, { filter: null }, null, cookie());
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe('application/zip');
    }

    expect((await call('GET', `dataset/${ids.trials}/download-source?random=${crypto.randomUUID()}`, undefined, null, cookie())).status).toBe(400);
    expect((await call('GET', `dataset/${ids.genotype}/download-source?random=${crypto.randomUUID()}`)).status).toBe(404);

    const started = (await ok(await call('POST', 'dataset/export/pedigree-async', { datasetIds: [ids.pedigree], includeAttributes: true }))) as Json[];
    expect(started).toEqual([{ status: 'waiting', uuid: expect.any(String) }]);
    const jobs = (await ok(await call('POST', 'dataset/export/async', { uuids: [started[0].uuid] }))) as Json[];
    expect(jobs.map((j) => j.uuid)).toEqual([started[0].uuid]);
    for (const [key, kind] of Object.entries(JOB)) expect(kindOf(jobs[0][key]), key).toBe(kind);
    expect(jobs[0]).toMatchObject({ datatype: 'pedigree', datasetIds: [ids.pedigree] });
    expect(await ok(await call('DELETE', `dataset/export/async/${started[0].uuid as string}`))).toBe(true);
    expect(await ok(await call('POST', 'dataset/export/async', { uuids: [started[0].uuid] }))).toEqual([]);
  });

  it('dataset administration: edit and delete, pickers, permissions', async () => {
    expect((await call('GET', `license/${ids.licence}/accept`, undefined, token.admin)).status).toBeOneOf([200, 204]);
    const experiments = await page('experiment/table', { ...TABLE, limit: MAX_JAVA_INTEGER }, token.admin);
    expect(experiments.data.map((e) => e.experimentId)).toContain(ids.experiment);
    const patched = (await ok(await call('PATCH', `dataset/${ids.pedigree}`, {
      id: ids.pedigree, name: 'Crosses 2024', description: 'F1', experimentId: ids.experiment, datasettypeId: 7, datasetStateId: 1, licenseId: ids.licence,
      dateStart: '2024-01-01T00:00:00.000Z', isExternal: false, dublinCore: null, createdOn: '2024-01-01T10:00:00.000Z', // Gson dates, the POJO's other keys
    }, token.admin))) as Json;
    expectShape(patched, DATASET, ['datasetId', 'datasetName', 'licenseId']);
    expect(patched).toMatchObject({ datasetId: ids.pedigree, datasetName: 'Crosses 2024', licenseName: 'CC-BY-4.0', acceptedBy: [userId.admin] });
    expect(new Date(patched.startDate as string).toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect((await call('PATCH', `dataset/${ids.pedigree}`, { name: 'x' }, token.regular)).status).toBe(403);

    // Permissions (administrators): a user on the private dataset sees it at once.
    expect(await ok(await call('GET', `dataset/${ids.genotype}/user`, undefined, token.admin))).toEqual([]);
    expect(await ok(await call('PATCH', `dataset/${ids.genotype}/user`, { datasetId: ids.genotype, addOperation: true, userIds: [userId.regular] }, token.admin))).toBe(true);
    const members = (await ok(await call('GET', `dataset/${ids.genotype}/user`, undefined, token.admin))) as Json[];
    expect(members.map((u) => u.id)).toEqual([userId.regular]);
    expect((await page('dataset/table', TABLE, token.regular)).data.map((r) => r.datasetId)).toContain(ids.genotype);
    expect(await page(`dataset/${ids.genotype}/usergroup`, TABLE, token.admin)).toEqual({ data: [], count: 0 });
    expect(await page(`dataset/${ids.genotype}/usergroup/ids`, TABLE, token.admin)).toEqual({ data: [], count: 0 });
    expect((await call('GET', `dataset/${ids.genotype}/user`, undefined, token.curator)).status).toBe(403);

    const doomed = await dataset('Doomed', 1, 3, 0);
    expect((await call('DELETE', `dataset/${doomed}`, undefined, token.regular)).status).toBe(403);
    expect(await ok(await call('DELETE', `dataset/${doomed}`, undefined, token.admin))).toBe(true);
    expect((await call('DELETE', `dataset/${doomed}`, undefined, token.admin)).status).toBe(404);
  });

  it('experiments: table, details with its datasets, metadata, create, edit, delete', async () => {
    const list = await page('experiment/table', TABLE);
    expect(list.count).toBe(1);
    expectShape(list.data[0], EXPERIMENT, ['experimentId', 'experimentName', 'createdOn']);
    // Counts: visible, non-external datasets by type (the private genotype one is not the visitor's).
    expect(list.data[0]).toMatchObject({ experimentId: ids.experiment, experimentName: 'Barley 2024', experimentDescription: 'Field trials', trialsCount: 1, pedigreeCount: 1, genotypeCount: 0 });
    const details = await page('experiment/table', { ...TABLE, limit: 1, filter: [filter('experimentId', 'equals', [String(ids.experiment), null])] });
    expect(details.data.map((e) => e.experimentId)).toEqual([ids.experiment]);
    expect((await page('experiment/table/ids', { page: 0, limit: 10, prevCount: -1, filter: null })).data).toEqual([ids.experiment]);
    const datasets = await page('dataset/table', { ...TABLE, filter: [filter('experimentId', 'equals', [ids.experiment])] });
    expect(datasets.data.map((d) => d.datasetId).sort()).toEqual([ids.trials, ids.pedigree, ids.external].sort());
    const metadata = await call('POST', 'dataset/attribute/export', { experimentId: ids.experiment }, null, cookie());
    expect(metadata.status).toBe(200);
    expect(await metadata.text()).toContain('Funding');

    const created = (await ok(await call('PUT', 'experiment', { experimentName: 'Wheat 2025', experimentDescription: 'Pot trials' }, token.curator))) as number;
    expect((await call('PUT', 'experiment', { experimentId: 4, experimentName: 'x' }, token.curator)).status).toBe(409);
    expect((await call('PUT', 'experiment', { experimentDescription: 'no name' }, token.curator)).status).toBe(400);
    expect(await ok(await call('PATCH', `experiment/${created}`, { experimentId: created, experimentName: 'Wheat 2025b', experimentDescription: null }, token.admin))).toBe(true);
    expect((await call('PATCH', `experiment/${created}`, { experimentId: created + 1, experimentName: 'x' }, token.admin)).status).toBe(400);
    expect(await ok(await call('DELETE', `experiment/${created}`, undefined, token.admin))).toBe(true);
    expect((await call('DELETE', `experiment/${created}`, undefined, token.admin)).status).toBe(404);
  });

  it('data resources: types, two-step upload, table, linked datasets, download, delete', async () => {
    const typeId = (await ok(await call('POST', 'fileresourcetype', { name: 'Reports', description: 'Trial reports' }, token.curator))) as number;
    // Germinate answers 403 here, we 401: its client treats both alike (token cleared, login page, no toast).
    expect((await call('POST', 'fileresourcetype', { name: 'x' })).status).toBeOneOf([401, 403]);
    const types = (await ok(await call('GET', 'fileresourcetype'))) as Json[];
    const reports = types.find((t) => t.id === typeId)!;
    expect(reports).toMatchObject({ name: 'Reports', description: 'Trial reports', count: 0 });
    for (const [key, kind] of Object.entries({ id: 'number', name: 'string', createdOn: 'string', count: 'number' })) expect(kindOf(reports[key]), key).toBe(kind);

    const form = new FormData();
    form.append('file', new Blob(['plot,height\n1,12\n'], { type: 'text/csv' }), 'plots.csv');
    const upload = await fetch(`${server.url}/api/fileresource`, { method: 'POST', headers: { authorization: `Bearer ${token.curator}` }, body: form });
    const temp = (await ok(upload)) as string;
    expect(temp).toMatch(/\.csv$/);
    const resource = { fileresourcePath: temp, fileresourcetypeId: typeId, fileresourceName: 'Plots', fileresourceDescription: 'Layout', datasetIds: [ids.trials] };
    expect(await ok(await call('PUT', 'fileresource', resource, token.curator))).toBe(true);

    // Linked to a licensed dataset: listed and served only once the licence is accepted (the cookie here).
    expect((await page('fileresource/table', TABLE)).count).toBe(0);
    const table = await page('fileresource/table', TABLE, null, cookie());
    expect(table.count).toBe(1);
    expectShape(table.data[0], FILE_RESOURCE, ['fileresourceId', 'fileresourceName', 'fileresourceSize', 'fileresourcetypeId', 'fileresourcetypeName', 'datasetIds']);
    expect(table.data[0]).toMatchObject({ fileresourceName: 'Plots', fileresourceSize: 17, fileresourcetypeName: 'Reports', datasetIds: [ids.trials] });
    const id = table.data[0].fileresourceId as number;
    expect((await page('fileresource/table/ids', { page: 0, limit: 10, prevCount: -1, filter: null }, null, cookie())).data).toEqual([id]);
    // A dataset's file resources by id (the datasets table's fileresourceIds).
    expect((await page('fileresource/table', { ...TABLE, filter: [filter('fileresourceId', 'inSet', [id])] }, null, cookie())).count).toBe(1);
    const linked = await page(`fileresource/${id}/dataset`, TABLE, null, cookie());
    expect(linked.data.map((d) => d.datasetId)).toEqual([ids.trials]);
    expectShape(linked.data[0], DATASET, ['datasetId', 'acceptedBy']);
    expect((await page('dataset/fileresource', { ...TABLE, datasetIds: [ids.trials] }, null, cookie())).data.map((r) => r.fileresourceId)).toEqual([id]);
    expect((await page('dataset/table', TABLE, null, cookie())).data.find((d) => d.datasetId === ids.trials)!.fileresourceIds).toEqual([id]);

    const file = await call('GET', `fileresource/${id}`, undefined, token.curator);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('plot,height\n1,12\n');
    expect((await call('GET', `fileresource/${id}`, undefined, token.regular)).status).toBe(404);
    expect((await call('GET', `fileresource/${id}/download?token=${token.curator}`)).status).toBe(200);

    expect((await call('DELETE', `fileresource/${id}`, undefined, token.regular)).status).toBe(403);
    expect(await ok(await call('DELETE', `fileresource/${id}`, undefined, token.curator))).toBe(true);
    expect(await ok(await call('DELETE', `fileresourcetype/${typeId}`, undefined, token.curator))).toBe(true);
  });
});
