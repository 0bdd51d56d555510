import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { germplasmDatasetsSql } from '../../src/plugins/datasets/germplasm-datasets.js';
import { testDialects } from '../support/databases.js';
import { f, leaks, seedGermplasm } from '../support/seed.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';

/**
 * `POST germplasm/{id}/dataset`: the datasets holding a germplasm's pedigree rows,
 * pedigree definitions, trials data or genotype membership, as rows of `dataset/table`, for each kind of
 * caller: anonymous, a user with a permission on a private dataset, one without, an administrator. Listed
 * without the licence gate; acceptedBy per caller; filters and sorting as in every table.
 */
type Caller = 'anonymous' | 'permitted' | 'plain' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'permitted', 'plain', 'admin'];

describe.each(testDialects())('germplasm datasets on %s', (dialect) => {
  let server: TestServer;
  const tokens: Partial<Record<Caller, string>> = {};
  const userIds: Partial<Record<Caller, number>> = {};
  /** PL: public licensed pedigree (2 child of 1); TP: private trials (2) given to `permitted`; DH: hidden pedigree definitions (2); DP: public definitions (5); OT: public trials of germplasm 7 only. */
  const ds = { PL: 0, TP: 0, DH: 0, DP: 0, OT: 0 };
  let licence = 0;
  const db = () => server.db.database.db as unknown as Kysely<unknown>;
  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows[0];

  const request = (caller: Caller, germplasm: number | string, body: unknown = {}) =>
    server.api('POST', `germplasm/${germplasm}/dataset`, { token: tokens[caller] ?? null, body });
  const page = async (caller: Caller, germplasm: number | string, body: unknown = {}) => {
    const response = await request(caller, germplasm, body);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as { data: Record<string, unknown>[]; count: number };
  };
  const idsOf = (rows: Record<string, unknown>[]) => rows.map((r) => Number(r.datasetId));

  beforeAll(async () => {
    server = await startServer(dialect);
    await seedGermplasm(server);
    const logins: [Caller, string][] = [['permitted', 'regular'], ['plain', 'curator'], ['admin', 'admin']];
    for (const [caller, username] of logins) {
      const response = await server.api('POST', 'token', { body: { username, password: passwordOf(username) } });
      const session = (await response.json()) as { id: number; token: string };
      tokens[caller] = session.token;
      userIds[caller] = session.id;
    }
    licence = Number((await one(sql<{ id: number }>`INSERT INTO licenses (name, description) VALUES ('Breeders only', 'Ask first') RETURNING id`)).id);
    const experiment = Number((await one(sql<{ id: number }>`INSERT INTO experiments (experiment_name) VALUES ('Everything') RETURNING id`)).id);
    const dataset = async (name: string, type: number, state: number, licenseId: number | null = null) =>
      Number((await one(sql<{ id: number }>`INSERT INTO datasets (experiment_id, datasettype_id, name, dataset_state_id, license_id)
        VALUES (${experiment}, ${type}, ${name}, ${state}, ${licenseId}) RETURNING id`)).id);
    ds.PL = await dataset('Alpha pedigree', 7, 1, licence);
    ds.TP = await dataset('Bravo trials', 3, 2);
    ds.DH = await dataset('Charlie definitions', 7, 3);
    ds.DP = await dataset('Delta definitions', 7, 1);
    ds.OT = await dataset('Echo trials', 3, 1);
    const description = Number((await one(sql<{ id: number }>`INSERT INTO pedigreedescriptions (name) VALUES ('Breeders') RETURNING id`)).id);
    const notation = Number((await one(sql<{ id: number }>`INSERT INTO pedigreenotations (name) VALUES ('Purdy') RETURNING id`)).id);
    await sql`INSERT INTO pedigrees (dataset_id, germinatebase_id, parent_id, relationship_type, pedigreedescription_id)
      VALUES (${ds.PL}, 2, 1, 'M', ${description})`.execute(db());
    for (const [datasetId, germplasm] of [[ds.DH, 2], [ds.DP, 5]]) {
      await sql`INSERT INTO pedigreedefinitions (dataset_id, germinatebase_id, pedigreenotation_id, definition)
        VALUES (${datasetId}, ${germplasm}, ${notation}, 'A/B')`.execute(db());
    }
    // Two plots of germplasm 2 in one trial: the dataset is listed once.
    for (const [datasetId, germplasm, rep] of [[ds.TP, 2, '1'], [ds.TP, 2, '2'], [ds.OT, 7, '1']] as const) {
      await sql`INSERT INTO trialsetup (germinatebase_id, dataset_id, rep) VALUES (${germplasm}, ${datasetId}, ${rep})`.execute(db());
    }
    await sql`INSERT INTO datasetpermissions (dataset_id, user_id) VALUES (${ds.TP}, ${userIds.permitted!})`.execute(db());
    expect((await server.api('GET', `license/${licence}/accept`, { token: tokens.permitted })).status).toBe(200);
  });
  afterAll(async () => server?.close());

  const SEEN: Record<Caller, () => number[]> = {
    anonymous: () => [ds.PL],
    permitted: () => [ds.PL, ds.TP],
    plain: () => [ds.PL],
    admin: () => [ds.PL, ds.TP, ds.DH],
  };

  it.each(CALLERS)('lists the datasets holding data of germplasm 2 that %s may see, licensed or not', async (caller) => {
    const result = await page(caller, 2, { orderBy: 'datasetId', ascending: 1 });
    expect(idsOf(result.data)).toEqual(SEEN[caller]());
    expect(result.count).toBe(SEEN[caller]().length);
    // acceptedBy per caller: only the user who accepted the licence is named in it.
    const licensed = result.data.find((r) => r.datasetId === ds.PL);
    expect(licensed?.acceptedBy).toEqual(caller === 'permitted' ? [userIds.permitted] : []);
    expect(licensed?.licenseName).toBe('Breeders only');
  });

  it.each(CALLERS)('answers the rows of dataset/table, key for key, to %s', async (caller) => {
    const scoped = await page(caller, 2, { orderBy: 'datasetId', ascending: 1 });
    const table = await server.api('POST', 'dataset/table', {
      token: tokens[caller] ?? null,
      body: { filter: [f('datasetId', 'inSet', SEEN[caller]())], orderBy: 'datasetId', ascending: 1 },
    });
    expect(scoped.data).toEqual(((await table.json()) as { data: unknown[] }).data);
  });

  it('finds a pedigree by the child and by the parent, definitions and trials by the germplasm', async () => {
    expect(idsOf((await page('admin', 1)).data)).toEqual([ds.PL]);
    expect(idsOf((await page('admin', 5)).data)).toEqual([ds.DP]);
    expect(idsOf((await page('admin', 7)).data)).toEqual([ds.OT]);
    // No data at all, an unknown germplasm: an empty page, not an error.
    expect(await page('admin', 3)).toEqual({ data: [], count: 0 });
    expect(await page('admin', 999_999)).toEqual({ data: [], count: 0 });
  });

  it("filters and sorts like every table (Germinate's pedigree chart asks for datasetType equals pedigree)", async () => {
    const pedigree = await page('admin', 2, { filter: [f('datasetType', 'equals', ['pedigree'])], orderBy: 'datasetName', ascending: 0 });
    expect(idsOf(pedigree.data)).toEqual([ds.DH, ds.PL]);
    // Pages count from 0 on the wire (Germinate's client sends its page number less one).
    const paged = await page('admin', 2, { orderBy: 'datasetName', ascending: 1, page: 1, limit: 2 });
    expect(idsOf(paged.data)).toEqual([ds.DH]);
    expect(paged.count).toBe(3);
    // Snake-case column names, as Germinate's client may send them.
    const trials = await page('admin', 2, { filter: [f('dataset_type', 'equals', ['trials'])] });
    expect(idsOf(trials.data)).toEqual([ds.TP]);
    // justUnacceptedLicenses is dataset/table's alone: ignored here.
    expect(idsOf((await page('anonymous', 2, { justUnacceptedLicenses: true })).data)).toEqual([ds.PL]);
  });

  it('refuses a bad id with 404 and a bad body with 400, never leaking internals', async () => {
    for (const id of ['abc', '-1', '1.5', '99999999999']) {
      const response = await request('admin', encodeURIComponent(id));
      expect(response.status, id).toBe(404);
      expect(leaks(await response.text())).toEqual([]);
    }
    for (const body of [{ page: 'x' }, { filter: [f('noSuchColumn', 'equals', ['1'])] }, { filter: [f('datasetId', 'noSuchComparator', ['1'])] }, { filter: 'x' }, { limit: -5 }]) {
      const response = await request('admin', 2, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(leaks(await response.text())).toEqual([]);
    }
    // A sort column outside the whitelist is ignored, as in every table: the default order, nothing run.
    const unknownSort = await page('admin', 2, { orderBy: 'nope; DROP TABLE datasets', ascending: 0 });
    expect(idsOf(unknownSort.data)).toEqual([ds.PL, ds.TP, ds.DH]);
  });

  it('answers for a private dataset the caller may not see exactly as for one that does not exist', async () => {
    // What the dataset details pane and its lists ask; the answers must not tell the two apart.
    const asks = (id: number): [string, string, unknown][] => [
      ['POST', 'dataset/table', { filter: [f('datasetId', 'equals', [String(id)])] }],
      ['POST', 'dataset/table/ids', { filter: [f('datasetId', 'equals', [String(id)])] }],
      ['POST', `dataset/${id}/collaborator`, {}],
      ['POST', `dataset/${id}/attribute`, {}],
      ['GET', `dataset/${id}/download-source`, undefined],
    ];
    const missing = 2_000_000;
    for (const caller of ['anonymous', 'plain'] as const) {
      const hidden = asks(ds.TP);
      const absent = asks(missing);
      for (const [index, [method, path, body]] of hidden.entries()) {
        const a = await server.api(method, path, { token: tokens[caller] ?? null, body });
        const b = await server.api(absent[index][0], absent[index][1], { token: tokens[caller] ?? null, body: absent[index][2] });
        expect(a.status, `${caller} ${path}`).toBe(b.status);
        expect((await a.text()).replaceAll(String(ds.TP), 'ID'), `${caller} ${path}`).toBe((await b.text()).replaceAll(String(missing), 'ID'));
      }
    }
  });

  it('counts genotype membership (member type 2), and not without the genotype tables', async () => {
    const genotype = Number((await one(sql<{ id: number }>`INSERT INTO datasets (experiment_id, datasettype_id, name, dataset_state_id)
      SELECT experiment_id, 1, 'Foxtrot genotypes', 1 FROM datasets WHERE id = ${ds.PL} RETURNING id`)).id);
    // Germplasm 9 is a member; marker 9 (member type 1) must not count.
    await sql`INSERT INTO datasetmembers (dataset_id, datasetmembertype_id, foreign_id) VALUES (${genotype}, 2, 9), (${ds.OT}, 1, 9)`.execute(db());
    const found = async (germplasm: number) =>
      (await sql<{ id: number }>`SELECT d.id FROM datasets d WHERE ${germplasmDatasetsSql(germplasm, new Set(['datasetmembers']))} ORDER BY d.id`.execute(db())).rows.map((r) => Number(r.id));
    expect(await found(9)).toEqual([genotype]);
    expect(await found(2)).toEqual([]);
    expect((await sql<{ id: number }>`SELECT d.id FROM datasets d WHERE ${germplasmDatasetsSql(9, new Set())}`.execute(db())).rows).toEqual([]);
    await sql`DELETE FROM datasetmembers`.execute(db());
  });
});
