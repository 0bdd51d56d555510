import { unzipSync } from 'fflate';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/auth/users.js';
import { allowedDatasetIds, visibleDatasetIds } from '../../src/server/access/datasets.js';
import { TableQuery } from '../../src/server/table/engine.js';
import { datasetView } from '../../src/plugins/datasets/queries.js';
import { startServer, passwordOf, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';

type Caller = 'anonymous' | 'plain' | 'direct' | 'grouped' | 'admin';

interface Seeded {
  publicId: number;
  privateId: number;
  hiddenId: number;
  directId: number;
  groupId: number;
}

/** Visibility of datasets by state and permission, through every call of the shared engine. */
describe.each(testDialects())('dataset visibility and permissions on %s', (dialect) => {
  let server: TestServer;
  let tokens: Record<Caller, string | null>;
  let d: Seeded;
  let userIds: Record<string, number>;
  let groupId: number;

  const db = () => server.db.database.db;

  async function seed(): Promise<Seeded> {
    const experiment = await db()
      .insertInto('experiments')
      .values({ experiment_name: 'Field trials 2024', description: 'Spring barley' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const add = async (name: string, state: number, id?: number) =>
      Number(
        (
          await db()
            .insertInto('datasets')
            .values({ ...(id ? { id } : {}), experiment_id: experiment.id, name, dataset_state_id: state, datasettype_id: 3, contact: 'a@b.org' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    return {
      publicId: await add('Public trial', 1),
      privateId: await add('Private trial', 2),
      hiddenId: await add('Hidden trial', 3),
      directId: await add('Private, given to one user', 2),
      // Above 127: Germinate compared boxed ids by identity, so such ids always failed its id check.
      groupId: await add('Hidden, given to a group', 3, 300),
    };
  }

  beforeAll(async () => {
    server = await startServer(dialect);
    for (const name of ['plain', 'direct', 'grouped']) {
      await createUser(db(), { username: name, password: passwordOf(name), userType: 'Regular User' }, new Date());
    }
    const users = await db().selectFrom('users').select(['id', 'username']).execute();
    userIds = Object.fromEntries(users.map((u) => [u.username, Number(u.id)]));
    tokens = {
      anonymous: null,
      plain: await server.login('plain', passwordOf('plain')),
      direct: await server.login('direct', passwordOf('direct')),
      grouped: await server.login('grouped', passwordOf('grouped')),
      admin: await server.login('admin', passwordOf('admin')),
    };
    d = await seed();
    // A group with an explicit id above 127 too.
    await db().insertInto('usergroups').values({ id: 200, name: 'Breeders', description: null }).execute();
    groupId = 200;
  });
  afterAll(async () => server?.close());

  const admin = (method: string, path: string, body?: unknown) => server.api(method, path, { token: tokens.admin, body });
  const json = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  };

  async function tableIds(caller: Caller, body: unknown = {}): Promise<number[]> {
    const page = (await json(await server.api('POST', 'dataset/table', { token: tokens[caller], body }))) as { data: { datasetId: number }[]; count: number };
    expect(page.count).toBe(page.data.length);
    return page.data.map((row) => row.datasetId);
  }
  async function idsOf(caller: Caller): Promise<number[]> {
    const ids = (await json(await server.api('POST', 'dataset/table/ids', { token: tokens[caller], body: {} }))) as { data: number[]; count: number };
    expect(ids.count).toBe(ids.data.length);
    return ids.data;
  }
  async function exportedIds(caller: Caller): Promise<number[]> {
    const response = await server.api('POST', 'dataset/table/export', { token: tokens[caller], body: {} });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const [header, ...rows] = new TextDecoder().decode(Object.values(files)[0]).trimEnd().split('\r\n');
    const column = header.split('\t').indexOf('dataset_id');
    expect(column).toBeGreaterThanOrEqual(0);
    return rows.map((row) => Number(row.split('\t')[column]));
  }
  /** What a caller sees, asserted to be the same through the page, the ids and the export. */
  async function seen(caller: Caller): Promise<number[]> {
    const [page, ids, exported] = await Promise.all([tableIds(caller), idsOf(caller), exportedIds(caller)]);
    expect(ids, `${caller}: ids`).toEqual(page);
    expect(exported, `${caller}: export`).toEqual(page);
    return page;
  }

  it('shows public datasets only to anonymous callers and users without permissions; everything to admins', async () => {
    expect(await seen('anonymous')).toEqual([d.publicId]);
    expect(await seen('plain')).toEqual([d.publicId]);
    expect(await seen('direct')).toEqual([d.publicId]);
    expect(await seen('admin')).toEqual([d.publicId, d.privateId, d.hiddenId, d.directId, d.groupId]);
  });

  it('answers rows in the ViewTableDatasets naming', async () => {
    const page = (await json(await admin('POST', 'dataset/table', { filter: [{ column: 'datasetId', comparator: 'equals', values: [d.hiddenId] }] }))) as {
      data: Record<string, unknown>[];
    };
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      datasetId: d.hiddenId,
      datasetName: 'Hidden trial',
      experimentName: 'Field trials 2024',
      experimentDescription: 'Spring barley',
      datasetType: 'trials',
      datasetState: 'hidden',
      datasetStateId: 3,
      isExternal: false,
      contact: 'a@b.org',
    });
    expect(typeof page.data[0].experimentId).toBe('number');
    expect(String(page.data[0].createdOn)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('gives a private dataset to a user with a direct permission, at once', async () => {
    const response = await admin('PATCH', `dataset/${d.directId}/user`, { datasetId: d.directId, userIds: [userIds.direct], addOperation: true });
    expect(await json(response)).toBe(true);
    expect(await seen('direct')).toEqual([d.publicId, d.directId]);
    expect(await seen('plain')).toEqual([d.publicId]);
    // Adding again changes nothing.
    expect(await json(await admin('PATCH', `dataset/${d.directId}/user`, { datasetId: d.directId, userIds: [userIds.direct], addOperation: true }))).toBe(false);
    const users = (await json(await admin('GET', `dataset/${d.directId}/user`))) as { id: number; username: string; userType: string }[];
    expect(users.map((u) => [u.username, u.userType])).toEqual([['direct', 'Regular User']]);
    expect(JSON.stringify(users)).not.toMatch(/password/i);
  });

  it('gives a hidden dataset to the members of a group with a permission (ids above 127 compare by value)', async () => {
    expect(await json(await admin('PATCH', `usergroup/${groupId}/user`, { userGroupId: groupId, userIds: [userIds.grouped], addOperation: true }))).toBe(true);
    expect(await seen('grouped')).toEqual([d.publicId]);
    expect(await json(await admin('PATCH', `dataset/${d.groupId}/usergroup`, { datasetId: d.groupId, groupIds: [groupId], addOperation: true }))).toBe(true);
    expect(await seen('grouped')).toEqual([d.publicId, d.groupId]);
    expect(await seen('plain')).toEqual([d.publicId]);
    // Adding the group again changes nothing (Germinate could repeat group rows).
    expect(await json(await admin('PATCH', `dataset/${d.groupId}/usergroup`, { datasetId: d.groupId, groupIds: [groupId], addOperation: true }))).toBe(false);
    const rows = await db().selectFrom('datasetpermissions').selectAll().where('dataset_id', '=', d.groupId).execute();
    expect(rows).toHaveLength(1);

    const groups = (await json(await admin('POST', `dataset/${d.groupId}/usergroup`, {}))) as { data: Record<string, unknown>[]; count: number };
    expect(groups.count).toBe(1);
    expect(groups.data[0]).toMatchObject({ userGroupId: groupId, userGroupName: 'Breeders', count: 1 });
    expect(await json(await admin('POST', `dataset/${d.groupId}/usergroup/ids`, {}))).toEqual({ data: [groupId], count: 1 });
    expect(await json(await admin('POST', `dataset/${d.directId}/usergroup/ids`, {}))).toEqual({ data: [], count: 0 });
  });

  it('keeps OR filters inside the caller’s datasets', async () => {
    const body = {
      filter: [
        { column: 'datasetState', comparator: 'equals', values: ['private'], operator: 'or' },
        { column: 'datasetState', comparator: 'equals', values: ['hidden'] },
      ],
    };
    expect(await tableIds('anonymous', body)).toEqual([]);
    expect(await tableIds('grouped', body)).toEqual([d.groupId]);
    expect(await tableIds('admin', body)).toEqual([d.privateId, d.hiddenId, d.directId, d.groupId]);
  });

  it('answers the shared helpers alike, and refuses a dataset-scoped query that names no caller', async () => {
    const raw = db() as unknown as Kysely<unknown>;
    const grouped = { id: userIds.grouped, username: 'grouped', userType: 'Regular User', fullName: null, email: null, tokenHash: '' };
    expect(await visibleDatasetIds(raw, null)).toEqual([d.publicId]);
    expect(await visibleDatasetIds(raw, grouped)).toEqual([d.publicId, d.groupId]);
    expect(await allowedDatasetIds(raw, grouped, [d.groupId, d.hiddenId, 9999])).toEqual([d.groupId]);
    expect(await allowedDatasetIds(raw, grouped, [])).toEqual([d.publicId, d.groupId]);
    const query = new TableQuery(datasetView(dialect), dialect);
    expect(() => query.where([])).toThrow(/dataset-scoped/);
    await expect(query.ids(raw, [])).rejects.toThrow(/dataset-scoped/);
    expect((await query.ids(raw, [], null, { user: null })).length).toBe(1);
    expect(await sql<{ n: number }>`SELECT COUNT(*) AS n FROM datasets`.execute(raw).then((r) => Number(r.rows[0].n))).toBe(5);
  });

  it('takes a permission away at once when it is removed', async () => {
    expect(await json(await admin('PATCH', `dataset/${d.directId}/user`, { datasetId: d.directId, userIds: [userIds.direct], addOperation: false }))).toBe(true);
    expect(await seen('direct')).toEqual([d.publicId]);
    expect(await json(await admin('GET', `dataset/${d.directId}/user`))).toEqual([]);
  });

  it('takes a group’s datasets away when the membership, the group permission or the group goes', async () => {
    const members = (change: boolean) => admin('PATCH', `usergroup/${groupId}/user`, { userGroupId: groupId, userIds: [userIds.grouped], addOperation: change });
    expect(await json(await members(false))).toBe(true);
    expect(await seen('grouped')).toEqual([d.publicId]);
    expect(await json(await members(true))).toBe(true);
    expect(await seen('grouped')).toEqual([d.publicId, d.groupId]);

    expect(await json(await admin('PATCH', `dataset/${d.groupId}/usergroup`, { datasetId: d.groupId, groupIds: [groupId], addOperation: false }))).toBe(true);
    expect(await seen('grouped')).toEqual([d.publicId]);
    expect(await json(await admin('PATCH', `dataset/${d.groupId}/usergroup`, { datasetId: d.groupId, groupIds: [groupId], addOperation: true }))).toBe(true);
    expect(await seen('grouped')).toEqual([d.publicId, d.groupId]);

    expect(await json(await admin('DELETE', `usergroup/${groupId}`))).toBe(true);
    expect(await seen('grouped')).toEqual([d.publicId]);
    expect(await db().selectFrom('datasetpermissions').selectAll().where('group_id', '=', groupId).execute()).toEqual([]);
    expect(await db().selectFrom('usergroupmembers').selectAll().where('usergroup_id', '=', groupId).execute()).toEqual([]);
  });

  it('refuses mismatched ids, unknown datasets and bad bodies', async () => {
    const mismatch = await admin('PATCH', `dataset/${d.directId}/user`, { datasetId: d.publicId, userIds: [userIds.plain], addOperation: true });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({ reasonPhrase: 'BAD_REQUEST_INVALID_PAYLOAD', message: 'Id mismatch' });
    expect((await admin('PATCH', `dataset/${d.directId}/usergroup`, { datasetId: d.directId, groupIds: [1] })).status).toBe(400);
    expect((await admin('GET', 'dataset/99999/user')).status).toBe(404);
    expect((await admin('POST', 'dataset/99999/usergroup', {})).status).toBe(404);
    expect((await admin('PATCH', 'dataset/99999/user', { datasetId: 99999, userIds: [], addOperation: true })).status).toBe(404);
    expect((await admin('GET', 'dataset/abc/user')).status).toBe(404);
    // Unknown users and groups are skipped: nothing changes.
    expect(await json(await admin('PATCH', `dataset/${d.directId}/user`, { datasetId: d.directId, userIds: [987654], addOperation: true }))).toBe(false);
    expect(await json(await admin('PATCH', `dataset/${d.directId}/usergroup`, { datasetId: d.directId, groupIds: [987654], addOperation: true }))).toBe(false);
  });

  it('records each permission change in the audit log', async () => {
    const rows = await db().selectFrom('audit_log').select(['action', 'target', 'username', 'details']).orderBy('id').execute();
    const actions = rows.map((r) => r.action);
    expect(actions).toContain('dataset.permission.users.add');
    expect(actions).toContain('dataset.permission.users.remove');
    expect(actions).toContain('dataset.permission.groups.add');
    expect(actions).toContain('dataset.permission.groups.remove');
    const added = rows.find((r) => r.action === 'dataset.permission.users.add');
    expect(added).toMatchObject({ target: `dataset ${d.directId}`, username: 'admin' });
    expect(JSON.parse(added?.details ?? 'null')).toEqual({ userIds: [userIds.direct] });
  });

  it('leaves the permission calls to administrators', async () => {
    for (const caller of ['anonymous', 'plain'] as const) {
      const expected = caller === 'anonymous' ? 401 : 403;
      expect((await server.api('GET', `dataset/${d.directId}/user`, { token: tokens[caller] })).status).toBe(expected);
      const patch = { datasetId: d.directId, userIds: [userIds.plain], addOperation: true };
      expect((await server.api('PATCH', `dataset/${d.directId}/user`, { token: tokens[caller], body: patch })).status).toBe(expected);
      expect((await server.api('POST', `dataset/${d.directId}/usergroup`, { token: tokens[caller], body: {} })).status).toBe(expected);
    }
    expect(await seen('plain')).toEqual([d.publicId]);
  });
});
