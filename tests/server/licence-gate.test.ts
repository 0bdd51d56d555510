import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overlayFolder } from '../../src/plugins/mapoverlays/import/overlay-write.js';
import { testDialects } from '../support/databases.js';
import { seedGermplasm } from '../support/seed.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';

/**
 * The licence gate on every call that returns dataset data, for each kind
 * of caller: anonymous without and with the accepted-licenses cookie, a user who accepted the licence, one
 * who did not, and an administrator who did not (administrators see every dataset, but accept licences
 * like everyone). Listings (dataset/table, license/table) still list the licensed datasets and say in
 * acceptedBy who accepted.
 */
type Caller = 'anonymous' | 'cookie' | 'accepted' | 'notAccepted' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'cookie', 'accepted', 'notAccepted', 'admin'];
/** Whose requests pass the gate for the licensed datasets. */
const OPEN: Record<Caller, boolean> = { anonymous: false, cookie: true, accepted: true, notAccepted: false, admin: false };

describe.each(testDialects())('the licence gate on %s', (dialect) => {
  let server: TestServer;
  const sessions: Partial<Record<Caller, { id: number; token: string; imageToken: string }>> = {};
  let licence: number;
  /** LG: licensed genotype dataset; LP: licensed pedigree dataset; OP: pedigree dataset without licence. */
  const ds = { LG: 0, LP: 0, OP: 0 };
  const overlays = { licensed: 0, open: 0 };
  const db = () => server.db.database.db as unknown as Kysely<unknown>;

  const request = (caller: Caller, method: string, apiPath: string, body?: unknown) =>
    server.api(method, apiPath, {
      token: sessions[caller]?.token ?? null,
      body,
      headers: caller === 'cookie' ? { cookie: `accepted-licenses=${licence}|999` } : {},
    });
  const json = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json() as Promise<{ data: Record<string, unknown>[]; count: number }>;
  };

  beforeAll(async () => {
    server = await startServer(dialect);
    await seedGermplasm(server);
    for (const [caller, username] of [['accepted', 'regular'], ['notAccepted', 'curator'], ['admin', 'admin']] as const) {
      const response = await server.api('POST', 'token', { body: { username, password: passwordOf(username) } });
      sessions[caller] = (await response.json()) as { id: number; token: string; imageToken: string };
    }
    const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows[0];
    const stamp = new Date().toISOString();
    licence = Number((await one(sql<{ id: number }>`INSERT INTO licenses (name, description, created_on, updated_on) VALUES ('Breeders only', 'Ask first', ${stamp}, ${stamp}) RETURNING id`)).id);
    const experiment = Number((await one(sql<{ id: number }>`INSERT INTO experiments (experiment_name, created_on, updated_on) VALUES ('Licensed work', ${stamp}, ${stamp}) RETURNING id`)).id);
    const dataset = async (name: string, type: number, licenseId: number | null) =>
      Number((await one(sql<{ id: number }>`INSERT INTO datasets (experiment_id, datasettype_id, name, dataset_state_id, license_id, created_on, updated_on)
        VALUES (${experiment}, ${type}, ${name}, 1, ${licenseId}, ${stamp}, ${stamp}) RETURNING id`)).id);
    ds.LG = await dataset('Licensed genotypes', 1, licence);
    ds.LP = await dataset('Licensed pedigree', 7, licence);
    ds.OP = await dataset('Open pedigree', 7, null);
    const description = Number((await one(sql<{ id: number }>`INSERT INTO pedigreedescriptions (name, created_on, updated_on) VALUES ('Breeders', ${stamp}, ${stamp}) RETURNING id`)).id);
    // Germplasm 2 has pedigree data in the licensed dataset only, germplasm 4 in the open one only.
    for (const [datasetId, child, parent] of [[ds.LP, 2, 1], [ds.OP, 4, 3]]) {
      await sql`INSERT INTO pedigrees (dataset_id, germinatebase_id, parent_id, relationship_type, pedigreedescription_id, created_on, updated_on)
        VALUES (${datasetId}, ${child}, ${parent}, 'M', ${description}, ${stamp}, ${stamp})`.execute(db());
    }
    const overlay = async (name: string, datasetId: number) => {
      const id = Number((await one(sql<{ id: number }>`INSERT INTO mapoverlays (name, description, dataset_id, created_on, updated_on)
        VALUES (${name}, ${name}, ${datasetId}, ${stamp}, ${stamp}) RETURNING id`)).id);
      await sql`UPDATE mapoverlays SET name = ${`${id}.png`} WHERE id = ${id}`.execute(db());
      const folder = overlayFolder(server.app.config.dataDir);
      fs.mkdirSync(folder, { recursive: true });
      await sharp({ create: { width: 2, height: 2, channels: 3, background: '#336699' } }).png().toFile(path.join(folder, `${id}.png`));
      return id;
    };
    overlays.licensed = await overlay('licensed', ds.LP);
    overlays.open = await overlay('open', ds.OP);
    // The one user who accepted, through the endpoint.
    expect((await request('accepted', 'GET', `license/${licence}/accept`)).status).toBe(200);
  });
  afterAll(async () => server?.close());

  it('records acceptance per user, once, and answers 204 when already accepted', async () => {
    const rows = await sql<{ user_id: number }>`SELECT user_id FROM licenselogs WHERE license_id = ${licence}`.execute(db());
    expect(rows.rows.map((r) => Number(r.user_id))).toEqual([sessions.accepted!.id]);
    expect((await request('accepted', 'GET', `license/${licence}/accept`)).status).toBe(204);
    expect((await sql`SELECT id FROM licenselogs`.execute(db())).rows).toHaveLength(1);
  });

  it.each(CALLERS)('dataset/table lists every dataset to %s, with acceptedBy for that caller', async (caller) => {
    const page = await json(await request(caller, 'POST', 'dataset/table', { orderBy: 'datasetId', ascending: 1 }));
    expect(page.data.map((r) => r.datasetId)).toEqual([ds.LG, ds.LP, ds.OP]);
    const me = caller === 'anonymous' || caller === 'cookie' ? -1000 : sessions[caller]!.id;
    const expected = OPEN[caller] ? [me] : [];
    expect(page.data.map((r) => r.acceptedBy)).toEqual([expected, expected, []]);
    const unaccepted = await json(await request(caller, 'POST', 'dataset/table', { justUnacceptedLicenses: true }));
    expect(unaccepted.data.map((r) => r.datasetId).sort()).toEqual(OPEN[caller] ? [] : [ds.LG, ds.LP].sort());
    const ids = await json(await request(caller, 'POST', 'dataset/table/ids', { justUnacceptedLicenses: true }));
    expect(ids.count).toBe(OPEN[caller] ? 0 : 2);
  });

  it.each(CALLERS)('license/table rewrites acceptedBy for %s', async (caller) => {
    const page = await json(await request(caller, 'POST', 'license/table', { filter: [{ column: 'licenseId', comparator: 'equals', values: [licence] }] }));
    expect(page.data.map((r) => r.datasetId).sort()).toEqual([ds.LG, ds.LP].sort());
    const me = caller === 'anonymous' || caller === 'cookie' ? -1000 : sessions[caller]!.id;
    for (const row of page.data) expect(row.acceptedBy).toEqual(OPEN[caller] ? [me] : []);
  });

  it.each(CALLERS)('the export start route serves a licensed dataset to %s only through the gate', async (caller) => {
    const response = await request(caller, 'POST', 'dataset/export/genotype', { datasetIds: [ds.LG] });
    // Allowed: one export job for the dataset; not allowed: nothing to export.
    const jobs = (await json(response)) as unknown as { status: string; uuid: string }[];
    expect(jobs.map((job) => job.status)).toEqual(OPEN[caller] ? ['waiting'] : []);
  });

  it.each(CALLERS)('the has…Data flags of germplasm rows count licence-gated datasets only, for %s', async (caller) => {
    const page = await json(await request(caller, 'POST', 'germplasm/table', { filter: [{ column: 'germplasmId', comparator: 'inSet', values: [2, 4] }], orderBy: 'germplasmId', ascending: 1 }));
    expect(page.data.map((r) => [r.germplasmId, r.hasPedigreeData ?? null])).toEqual([[2, OPEN[caller] ? 1 : null], [4, 1]]);
    // Filtering on the flag sees the same.
    const flagged = await json(await request(caller, 'POST', 'germplasm/table/ids', { filter: [{ column: 'hasPedigreeData', comparator: 'equals', values: [1] }] }));
    expect((flagged.data as unknown as number[]).sort()).toEqual(OPEN[caller] ? [2, 4] : [4]);
  });

  it.each(CALLERS)('map overlays of a licensed dataset reach %s only through the gate', async (caller) => {
    const page = await json(await request(caller, 'POST', 'mapoverlay/table', {}));
    expect(page.data.map((r) => r.mapoverlayId).sort()).toEqual(OPEN[caller] ? [overlays.licensed, overlays.open].sort() : [overlays.open]);
    const src = (id: number) =>
      fetch(`${server.url}/api/mapoverlay/${id}/src${sessions[caller] ? `?token=${sessions[caller]!.imageToken}` : ''}`, {
        headers: caller === 'cookie' ? { cookie: `accepted-licenses=${licence}` } : {},
      });
    expect((await src(overlays.open)).status).toBe(200);
    expect((await src(overlays.licensed)).status).toBe(OPEN[caller] ? 200 : 404);
  });

  it('lets an anonymous visitor accept by cookie, and withdraw', async () => {
    const accepted = await server.api('GET', `license/${licence}/accept`, { headers: { cookie: 'accepted-licenses=999' } });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toBe(true);
    const cookie = accepted.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^accepted-licenses=${Math.min(licence, 999)}\\|${Math.max(licence, 999)};`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\//);
    // Anonymous acceptance is kept in the cookie only.
    expect((await sql`SELECT id FROM licenselogs`.execute(db())).rows).toHaveLength(1);
    const withdrawn = await server.api('DELETE', `license/${licence}/accept`, { headers: { cookie: `accepted-licenses=${licence}` } });
    expect(await withdrawn.json()).toBe(true);
    expect(withdrawn.headers.get('set-cookie')).toMatch(/^accepted-licenses=; Max-Age=0/);
  });

  it('opens the data to an administrator once they accept, and closes it when they withdraw', async () => {
    expect((await request('admin', 'GET', `license/${licence}/accept`)).status).toBe(200);
    const overlaysSeen = await json(await request('admin', 'POST', 'mapoverlay/table', {}));
    expect(overlaysSeen.count).toBe(2);
    expect(await json(await request('admin', 'POST', 'dataset/export/genotype', { datasetIds: [ds.LG] }))).toEqual([{ status: 'waiting', uuid: expect.any(String) }]);
    const withdrawn = await request('admin', 'DELETE', `license/${licence}/accept`);
    expect(await withdrawn.json()).toBe(true);
    expect(await json(await request('admin', 'POST', 'dataset/export/genotype', { datasetIds: [ds.LG] }))).toEqual([]);
    expect(await (await request('admin', 'DELETE', `license/${licence}/accept`)).json()).toBe(false);
  });

  it('accepts only licences that exist, by numeric id', async () => {
    expect((await server.api('GET', 'license/abc/accept')).status).toBe(404);
    expect((await server.api('GET', `license/${licence + 1000}/accept`)).status).toBe(404);
    // A cookie of junk grants nothing.
    const page = await json(await server.api('POST', 'mapoverlay/table', { body: {}, headers: { cookie: `accepted-licenses=x|${licence}x|-1; other=1` } }));
    expect(page.data.map((r) => r.mapoverlayId)).toEqual([overlays.open]);
  });
});
