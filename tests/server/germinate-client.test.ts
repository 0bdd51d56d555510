import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORED_PASSWORD } from '../../src/server/settings.js';
import { settingsMigrations } from '../../src/server/settings-migrations.js';
import { testDialects } from '../support/databases.js';
import { seedGermplasm } from '../support/seed.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';

type Json = Record<string, unknown>;

/**
 * What Germinate's own web client reads from our server on its pages: the shapes it depends on (row keys,
 * `{ value }` counts, job lists, page decorations) and the calls it makes on every page load.
 */
describe.each(testDialects())('Germinate’s client on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  let regular: string;
  let regularId: number;
  const db = () => server.db.database.db as unknown as Kysely<unknown>;
  const run = (query: ReturnType<typeof sql>) => query.execute(db());
  const json = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Json;
  };
  const rows = async (table: string, body: unknown, token: string | null = null) =>
    (await json(await server.api('POST', table, { token, body }))) as { data: Json[]; count: number };
  /** Ids of rows inserted here: [public dataset, private dataset, external dataset, licence]. */
  const ids = { publicSet: 0, privateSet: 0, externalSet: 0, license: 0 };

  beforeAll(async () => {
    // No job runner: the export jobs inserted below must stay as they are.
    server = await startServer(dialect, { jobs: false });
    admin = await server.login('admin', passwordOf('admin'));
    regular = await server.login('regular', passwordOf('regular'));
    await seedGermplasm(server);
    const users = await server.db.database.db.selectFrom('users').select(['id', 'username']).execute();
    regularId = users.find((u) => u.username === 'regular')!.id;

    const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows[0];
    const experiment = (await one(sql<{ id: number }>`INSERT INTO experiments (experiment_name) VALUES ('Trials 2024') RETURNING id`))!.id;
    ids.license = (await one(sql<{ id: number }>`INSERT INTO licenses (name) VALUES ('CC-BY') RETURNING id`))!.id;
    const dataset = async (name: string, state: number, type: number, external = 0) =>
      (await one(sql<{ id: number }>`INSERT INTO datasets (experiment_id, name, dataset_state_id, datasettype_id, is_external, license_id)
        VALUES (${experiment}, ${name}, ${state}, ${type}, ${external}, ${ids.license}) RETURNING id`))!.id;
    ids.publicSet = await dataset('Public pedigree', 1, 7);
    ids.privateSet = await dataset('Private trials', 2, 3);
    ids.externalSet = await dataset('External trials', 1, 3, 1);

    // Trials data of germplasm 1 and 2 in the private dataset (3 values), a pedigree of 3 in the public one.
    const trait = (await one(sql<{ id: number }>`INSERT INTO phenotypes (name, datatype) VALUES ('Height', 'numeric') RETURNING id`))!.id;
    for (const [germplasm, values] of [[1, 2], [2, 1]] as const) {
      const setup = (await one(sql<{ id: number }>`INSERT INTO trialsetup (germinatebase_id, dataset_id, location_id) VALUES (${germplasm}, ${ids.privateSet}, 1) RETURNING id`))!.id;
      for (let i = 0; i < values; i++) await run(sql`INSERT INTO phenotypedata (trialsetup_id, phenotype_id, phenotype_value) VALUES (${setup}, ${trait}, ${String(i)})`);
    }
    const description = (await one(sql<{ id: number }>`INSERT INTO pedigreedescriptions (name) VALUES ('Crosses') RETURNING id`))!.id;
    await run(sql`INSERT INTO pedigrees (dataset_id, germinatebase_id, parent_id, relationship_type, pedigreedescription_id) VALUES (${ids.publicSet}, 3, 1, 'M', ${description})`);
    await run(sql`INSERT INTO pedigrees (dataset_id, germinatebase_id, parent_id, relationship_type, pedigreedescription_id) VALUES (${ids.publicSet}, 3, 2, 'F', ${description})`);
    // Two images of germplasm 4, one of a trait (not counted).
    await run(sql`INSERT INTO images (imagetype_id, description, foreign_id, path) VALUES (1, 'a', 4, 'upload/a.jpg'), (1, 'b', 4, 'upload/b.jpg'), (3, 'c', 4, 'upload/c.jpg')`);
    // The public dataset's locations, file resource and attribute; the regular user accepted the licence.
    await run(sql`INSERT INTO datasetlocations (dataset_id, location_id) VALUES (${ids.publicSet}, 2), (${ids.publicSet}, 6)`);
    const resource = (await one(sql<{ id: number }>`INSERT INTO fileresources (name, fileresourcetype_id) VALUES ('backup.zip', 1) RETURNING id`))!.id;
    await run(sql`INSERT INTO datasetfileresources (dataset_id, fileresource_id) VALUES (${ids.publicSet}, ${resource})`);
    const attribute = (await one(sql<{ id: number }>`INSERT INTO attributes (name, datatype, target_table) VALUES ('Funding', 'text', 'datasets') RETURNING id`))!.id;
    await run(sql`INSERT INTO attributedata (attribute_id, foreign_id, value) VALUES (${attribute}, ${ids.publicSet}, 'EU')`);
    await run(sql`INSERT INTO licenselogs (license_id, user_id, accepted_on) VALUES (${ids.license}, ${regularId}, '2024-01-01T00:00:00.000Z')`);
  });
  afterAll(async () => server?.close());

  it('matches nothing with an empty inSet ("recently viewed" before anything was viewed)', async () => {
    const page = await rows('germplasm/table', { page: 0, limit: 10, filter: [{ column: 'germplasmId', comparator: 'inSet', operator: 'and', values: [] }] });
    expect(page).toEqual({ data: [], count: 0 });
  });

  it('gives germplasm rows their images and has…Data flags, by the datasets the caller sees and whose licence they accepted', async () => {
    const byId = async (token: string | null, headers: Record<string, string> = {}) => {
      const body = { page: 0, limit: 100, filter: [{ column: 'germplasmId', comparator: 'inSet', values: ['1', '3', '4', '5'] }] };
      const page = (await json(await server.api('POST', 'germplasm/table', { token, body, headers }))) as { data: Json[] };
      return new Map(page.data.map((r) => [r.germplasmId, r]));
    };
    const anonymous = await byId(null);
    expect(anonymous.get(4)).toMatchObject({ imageCount: 2, firstImagePath: 'upload/a.jpg' });
    expect(anonymous.get(5)).toMatchObject({ imageCount: 0 });
    expect(anonymous.get(5)).not.toHaveProperty('firstImagePath');
    // Trials data only in the private dataset: absent for the anonymous caller, 1 for an administrator who
    // accepted its licence, absent for one who did not.
    expect(anonymous.get(1)).not.toHaveProperty('hasTrialsData');
    // The pedigree is in a public dataset under a licence: counted once the visitor's cookie accepts it.
    expect(anonymous.get(3)).not.toHaveProperty('hasPedigreeData');
    const accepted = await byId(null, { cookie: `accepted-licenses=${ids.license}` });
    expect(accepted.get(3)).toMatchObject({ hasPedigreeData: 1 });
    for (const key of ['hasGenotypicData', 'hasAllelefreqData', 'hasCompoundData']) expect(accepted.get(3)).not.toHaveProperty(key);
    expect((await byId(admin)).get(1)).not.toHaveProperty('hasTrialsData');
    const adminId = (await db().selectFrom('users' as never).select('id' as never).where('username' as never, '=', 'admin' as never).executeTakeFirstOrThrow()) as { id: number };
    await run(sql`INSERT INTO licenselogs (license_id, user_id, accepted_on) VALUES (${ids.license}, ${adminId.id}, '2024-01-02T00:00:00.000Z')`);
    expect((await byId(admin)).get(1)).toMatchObject({ hasTrialsData: 1 });
    expect((await json(await server.api('GET', 'germplasm/1', { token: admin }))).hasTrialsData).toBe(1);
    expect((await json(await server.api('GET', 'germplasm/3', { headers: { cookie: `accepted-licenses=${ids.license}` } }))).hasPedigreeData).toBe(1);
    expect(await json(await server.api('GET', 'germplasm/3'))).not.toHaveProperty('hasPedigreeData');

    // Filterable and sortable like any column (Germinate's client filters on them).
    const flagged = await rows('germplasm/table', { filter: [{ column: 'hasTrialsData', comparator: 'equals', values: ['1'] }] }, admin);
    expect(flagged.data.map((r) => r.germplasmId)).toEqual([1, 2]);
    const pictured = await rows('germplasm/table', { orderBy: 'imageCount', ascending: 0, limit: 1, filter: [{ column: 'image_count', comparator: 'greaterThan', values: ['0'] }] });
    expect(pictured).toMatchObject({ count: 1, data: [{ germplasmId: 4 }] });
    await run(sql`DELETE FROM licenselogs WHERE user_id = ${adminId.id}`);
  });

  it('gives dataset rows Germinate’s counts, licence acceptance, locations and file resources', async () => {
    const sets = async (token: string | null) => new Map((await rows('dataset/table', {}, token)).data.map((r) => [r.datasetId, r]));
    const forAdmin = await sets(admin);
    expect(forAdmin.get(ids.privateSet)).toMatchObject({ dataObjectCount: { value: 2 }, dataPointCount: { value: 3 }, acceptedBy: [], attributes: 0, publications: 0 });
    const pedigree = forAdmin.get(ids.publicSet)!;
    expect(pedigree).toMatchObject({ dataObjectCount: { value: 1 }, dataPointCount: { value: 2 }, attributes: 1, fileresourceIds: [expect.any(Number)] });
    expect(pedigree.locations).toEqual([
      { locationId: 2, locationName: 'Dundee', locationLatitude: 56.46, locationLongitude: -2.97, countryId: expect.any(Number) },
      { locationId: 6, locationName: 'Somewhere', countryId: expect.any(Number) },
    ]);
    for (const key of ['institutions', 'projectName']) expect(pedigree).not.toHaveProperty(key);
    // External datasets hold no data here: no counts.
    expect(forAdmin.get(ids.externalSet)).not.toHaveProperty('dataPointCount');
    expect((await sets(regular)).get(ids.publicSet)!.acceptedBy).toEqual([regularId]);
    expect((await sets(null)).get(ids.publicSet)!.acceptedBy).toEqual([]);

    // The export pages' filter (isExternal equals 0) on an integer column.
    const internal = await rows('dataset/table', { filter: [{ column: 'isExternal', comparator: 'equals', values: ['0'] }] }, admin);
    expect(internal.data.map((r) => r.datasetId).sort()).toEqual([ids.publicSet, ids.privateSet].sort());
    const external = await rows('dataset/table', { filter: [{ column: 'isExternal', comparator: 'equals', values: ['1'] }] }, admin);
    expect(external.data.map((r) => r.datasetId)).toEqual([ids.externalSet]);
    const filtered = await rows('dataset/table', { filter: [{ column: 'dataPointCount', comparator: 'greaterThan', values: ['2'] }] }, admin);
    expect(filtered.data.map((r) => r.datasetId)).toEqual([ids.privateSet]);
    for (const column of ['acceptedBy', 'attributes', 'publications', 'fileresourceIds', 'locations', 'institutions', 'projectName', 'dataObjectCount']) {
      expect((await server.api('POST', 'dataset/table', { token: admin, body: { filter: [{ column, comparator: 'isNull' }] } })).status, column).toBe(200);
    }
  });

  it('counts visible datasets and experiments in stats/overview', async () => {
    const overview = async (token: string | null) => json(await server.api('GET', 'stats/overview', { token }));
    expect(await overview(null)).toMatchObject({ datasets: 2, datasetsPedigree: 1, datasetsTrials: 0, experiments: 1, germplasm: 30 });
    expect(await overview(admin)).toMatchObject({ datasets: 3, datasetsPedigree: 1, datasetsTrials: 1, experiments: 1, images: 3 });
  });

  it('lists, removes and downloads export jobs for the jobs panel, per caller', async () => {
    const list = async (uuids: string[], token: string | null = null) =>
      (await json(await server.api('POST', 'dataset/export/async', { token, body: { uuids } }))) as unknown as Json[];
    expect(await list([])).toEqual([]);
    const job = async (user: number | null, status: string, updated: string) => {
      const uuid = crypto.randomUUID();
      await run(sql`INSERT INTO async_jobs (uuid, kind, user_id, datatype, status, job_config, created_on, updated_on)
        VALUES (${uuid}, 'export', ${user}, 'trials', ${status}, ${JSON.stringify({ datasetIds: [ids.privateSet], resultSize: 10 })}, ${updated}, ${updated})`);
      return uuid;
    };
    const mine = await job(regularId, 'completed', '2024-01-02T00:00:00.000Z');
    const newer = await job(regularId, 'running', '2024-01-03T00:00:00.000Z');
    const anonymous = await job(null, 'failed', '2024-01-01T00:00:00.000Z');

    const own = await list([], regular);
    expect(own.map((j) => j.uuid)).toEqual([newer, mine]);
    expect(own[1]).toEqual({
      id: expect.any(Number), uuid: mine, jobId: 'N/A', jobConfig: {}, userId: regularId, status: 'completed', visibility: true,
      datatype: 'trials', datasetIds: [ids.privateSet], resultSize: 10, createdOn: '2024-01-02T00:00:00.000Z', updatedOn: '2024-01-02T00:00:00.000Z',
    });
    expect((await list([anonymous, 'not-a-uuid'])).map((j) => j.uuid)).toEqual([anonymous]);
    expect(await list([], admin)).toEqual([]);

    // Another user's job is not theirs to remove; a running one is cancelled when its owner removes it.
    expect((await server.api('DELETE', `dataset/export/async/${mine}`, { token: admin })).status).toBe(403);
    expect(await json(await server.api('DELETE', `dataset/export/async/${newer}`, { token: regular }))).toBe(true);
    const cancelled = (await run(sql<{ status: string; visibility: number }>`SELECT status, visibility FROM async_jobs WHERE uuid = ${newer}`)).rows[0] as Json;
    expect(cancelled).toEqual({ status: 'cancelled', visibility: 0 });
    expect((await server.api('DELETE', `dataset/export/async/${crypto.randomUUID()}`)).status).toBe(404);

    // The result zip downloads once (no token: a plain link); a job without one is a 404.
    expect((await server.api('GET', `dataset/export/async/${anonymous}/download`)).status).toBe(404);
    const folder = path.join(server.app.config.dataDir, 'async', mine);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'trials-result.zip'), 'PK-zip-bytes');
    const download = await server.api('GET', `dataset/export/async/${mine}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(await download.text()).toBe('PK-zip-bytes');
    expect((await list([], regular)).map((j) => j.uuid)).toEqual([]);
    expect((await server.api('GET', `dataset/export/async/${mine}/download`)).status).toBe(404);
  });

  it('answers the asynchronous exports as Germinate does: 400 without datasets, nothing (or 404 for allele frequencies) when none of the type may be exported; pedigree exports run as jobs', async () => {
    const start = (path: string, body: unknown, token: string | null = admin) => server.api('POST', `dataset/export/${path}`, { token, body });
    for (const path of ['genotype', 'allelefreq', 'pedigree-async']) expect((await start(path, { datasetIds: [] })).status, path).toBe(400);
    expect(await json(await start('genotype', { datasetIds: [ids.publicSet], generateFlatFile: true }))).toEqual([]);
    expect((await start('allelefreq', { datasetIds: [ids.publicSet] })).status).toBe(404);
    // A pedigree dataset under a licence: nothing for a caller who has not accepted it, a job for one who has.
    expect(await json(await start('pedigree-async', { datasetIds: [ids.publicSet], includeAttributes: true }))).toEqual([]);
    const pedigree = await start('pedigree-async', { datasetIds: [ids.publicSet], includeAttributes: true }, regular);
    expect(pedigree.status).toBe(200);
    expect((await pedigree.json()) as Json[]).toEqual([expect.objectContaining({ uuid: expect.any(String) })]);
    // A trials dataset (and one the anonymous caller may not see): nothing of this type to export.
    expect(await json(await start('pedigree-async', { datasetIds: [ids.privateSet] }, null))).toEqual([]);
  });

  it('serves settings/css, settings/carousel and the template SVGs every page loads', async () => {
    expect((await server.api('GET', 'settings/css')).status).toBe(204);
    await server.app.settings.write({ colorPrimary: '#8a2be2' }, new Date());
    const css = await server.api('GET', 'settings/css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await css.text()).toContain('#8a2be2');

    expect(await json(await server.api('GET', 'settings/carousel'))).toEqual({});
    const carousel = { en_GB: [{ name: 'field.jpg', text: 'Barley in June' }], de_DE: [] };
    expect((await server.api('POST', 'settings/carousel', { token: regular, body: carousel })).status).toBe(403);
    expect((await server.api('POST', 'settings/carousel', { token: admin, body: { en_GB: [{ name: 1 }] } })).status).toBe(400);
    expect(await json(await server.api('POST', 'settings/carousel', { token: admin, body: carousel }))).toBe(true);
    expect(await json(await server.api('GET', 'settings/carousel'))).toEqual(carousel);

    for (const name of ['logo.svg', 'logo-horizontal.svg', 'crop.svg']) {
      const svg = await server.api('GET', `image/src-svg/${name}`);
      expect(svg.status, name).toBe(200);
      expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(await svg.text()).toMatch(/^<svg /);
    }
    const folder = path.join(server.app.config.dataDir, 'images', 'template');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'logo.svg'), '<svg id="ours"/>');
    expect(await (await server.api('GET', 'image/src-svg/logo.svg')).text()).toBe('<svg id="ours"/>');
    expect((await server.api('GET', 'image/src-svg/missing.svg')).status).toBe(404);
    expect((await server.api('GET', 'image/src-svg/..%2F..%2Fgerminate.sqlite')).status).toBe(403);
  });

  it('answers the admin settings in Germinate’s names and keeps a stored approval setting under its new name', async () => {
    await server.app.settings.write({ gatekeeperPassword: 'secret-1' }, new Date());
    const settings = await json(await server.api('GET', 'settings/admin', { token: admin }));
    expect(settings).toMatchObject({ gatekeeperRegistrationRequiresApproval: true, gatekeeperPassword: STORED_PASSWORD, bcryptSalt: 10 });
    expect(await json(await server.api('POST', 'settings/admin', { token: admin, body: settings }))).toBe(true);

    // A database that stored the earlier name: the migration carries the value over.
    await run(sql`DELETE FROM settings WHERE key = 'gatekeeperRegistrationRequiresApproval'`);
    await run(sql`INSERT INTO settings (key, value, updated_on) VALUES ('registrationRequiresApproval', 'false', '2024-01-01T00:00:00.000Z')`);
    await settingsMigrations[0].up(db(), dialect);
    expect((await server.app.settings.read()).gatekeeperRegistrationRequiresApproval).toBe(false);
    expect((await run(sql`SELECT key FROM settings WHERE key = 'registrationRequiresApproval'`)).rows).toEqual([]);
  });
});
