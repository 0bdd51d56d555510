import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, passwordOf, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';

interface GroupRow {
  userGroupId: number;
  userGroupName: string;
  userGroupDescription?: string;
  createdOn: string;
  count: number;
}

describe.each(testDialects())('user groups on %s', (dialect) => {
  let server: TestServer;
  let adminToken: string;
  let regularToken: string;
  let ids: Record<string, number>;

  beforeAll(async () => {
    server = await startServer(dialect);
    adminToken = await server.login('admin', passwordOf('admin'));
    regularToken = await server.login('regular', passwordOf('regular'));
    const users = await server.db.database.db.selectFrom('users').select(['id', 'username']).execute();
    ids = Object.fromEntries(users.map((u) => [u.username, Number(u.id)]));
  });
  afterAll(async () => server?.close());

  const admin = (method: string, path: string, body?: unknown) => server.api(method, path, { token: adminToken, body });
  const ok = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  };
  const table = async (body: unknown = {}) => (await ok(await admin('POST', 'usergroup/table', body))) as { data: GroupRow[]; count: number };

  let breeders: number;
  let curators: number;

  it('creates groups with PUT and answers their new id', async () => {
    breeders = (await ok(await admin('PUT', 'usergroup', { name: '  Breeders ', description: 'Barley breeders' }))) as number;
    curators = (await ok(await admin('PUT', 'usergroup', { name: 'Curators' }))) as number;
    expect(Number.isInteger(breeders)).toBe(true);
    expect(curators).not.toBe(breeders);
    const page = await table();
    expect(page.count).toBe(2);
    expect(page.data[0]).toMatchObject({ userGroupId: breeders, userGroupName: 'Breeders', userGroupDescription: 'Barley breeders', count: 0 });
    expect(page.data[0].createdOn).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // null description: the key is omitted (Gson)
    expect(page.data[1]).not.toHaveProperty('userGroupDescription');
  });

  it('refuses a blank name or a body with an id', async () => {
    const blank = await admin('PUT', 'usergroup', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ reasonPhrase: 'BAD_REQUEST_MISSING_FIELDS' });
    expect((await admin('PUT', 'usergroup', { id: 5, name: 'Other' })).status).toBe(400);
    expect((await admin('PUT', 'usergroup', { description: 'no name' })).status).toBe(400);
    expect((await table()).count).toBe(2);
  });

  it('adds and removes members, skipping existing members and unknown users', async () => {
    const change = (userIds: number[], addOperation: boolean, userGroupId = breeders) =>
      admin('PATCH', `usergroup/${breeders}/user`, { userGroupId, userIds, addOperation });
    expect(await ok(await change([ids.regular, ids.curator, 987654], true))).toBe(true);
    expect(await ok(await change([ids.regular], true))).toBe(false);
    const members = (await ok(await admin('GET', `usergroup/${breeders}/user`))) as Record<string, unknown>[];
    expect(members.map((m) => m.username)).toEqual(['regular', 'curator']);
    expect(Object.keys(members[0]).sort()).toEqual(
      ['acronym', 'address', 'createdOn', 'emailAddress', 'fullName', 'id', 'lastLogin', 'name', 'userType', 'userTypeString', 'username'].sort(),
    );
    expect(members[1]).toMatchObject({ id: ids.curator, userType: 'Data Curator', userTypeString: 'Data Curator' });
    expect(JSON.stringify(members)).not.toMatch(/password|hash/i);
    expect((await table({ filter: [{ column: 'userGroupId', comparator: 'equals', values: [breeders] }] })).data[0].count).toBe(2);

    expect(await ok(await change([ids.curator, ids.admin], false))).toBe(true);
    expect(await ok(await change([ids.admin], false))).toBe(false);
    expect(((await ok(await admin('GET', `usergroup/${breeders}/user`))) as { username: string }[]).map((m) => m.username)).toEqual(['regular']);

    const mismatch = await change([ids.admin], true, curators);
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({ message: 'Id mismatch' });
    expect((await admin('PATCH', `usergroup/${breeders}/user`, { userGroupId: breeders, userIds: [ids.admin] })).status).toBe(400);
  });

  it('edits a group: a blank name keeps the old one, null clears the description', async () => {
    expect(await ok(await admin('PATCH', `usergroup/${breeders}`, { id: breeders, name: 'Barley breeders', description: 'Spring and winter' }))).toBe(true);
    let row = (await table()).data.find((g) => g.userGroupId === breeders);
    expect(row).toMatchObject({ userGroupName: 'Barley breeders', userGroupDescription: 'Spring and winter' });
    expect(await ok(await admin('PATCH', `usergroup/${breeders}`, { id: breeders, name: '', description: null }))).toBe(true);
    row = (await table()).data.find((g) => g.userGroupId === breeders);
    expect(row?.userGroupName).toBe('Barley breeders');
    expect(row).not.toHaveProperty('userGroupDescription');

    const mismatch = await admin('PATCH', `usergroup/${breeders}`, { id: curators, name: 'x' });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({ message: 'Id mismatch' });
    expect((await admin('PATCH', 'usergroup/99999', { id: 99999, name: 'x' })).status).toBe(404);
  });

  it('sorts, filters and lists ids through the shared engine', async () => {
    const sorted = await table({ orderBy: 'userGroupName', ascending: 0 });
    expect(sorted.data.map((g) => g.userGroupName)).toEqual(['Curators', 'Barley breeders']);
    const filtered = await table({ filter: [{ column: 'user_group_name', comparator: 'contains', values: ['barley'] }] });
    expect(filtered.data.map((g) => g.userGroupId)).toEqual([breeders]);
    expect(await ok(await admin('POST', 'usergroup/table/ids', {}))).toEqual({ data: [breeders, curators].sort((a, b) => a - b), count: 2 });
  });

  it('deletes a group with its members; unknown ids are 404', async () => {
    expect(await ok(await admin('DELETE', `usergroup/${breeders}`))).toBe(true);
    expect((await admin('DELETE', `usergroup/${breeders}`)).status).toBe(404);
    expect((await admin('GET', `usergroup/${breeders}/user`)).status).toBe(404);
    expect((await admin('GET', 'usergroup/not-a-number/user')).status).toBe(404);
    expect(await server.db.database.db.selectFrom('usergroupmembers').selectAll().where('usergroup_id', '=', breeders).execute()).toEqual([]);
    expect((await table()).data.map((g) => g.userGroupId)).toEqual([curators]);
  });

  it('audits every change with who, what and when', async () => {
    const rows = await server.db.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(rows.map((r) => r.action)).toEqual([
      'usergroup.create', 'usergroup.create', 'usergroup.members.add', 'usergroup.members.remove', 'usergroup.update', 'usergroup.update',
      'usergroup.delete',
    ]);
    expect(rows.every((r) => r.username === 'admin' && r.user_id === ids.admin)).toBe(true);
    expect(JSON.parse(rows[2].details ?? 'null')).toEqual({ userIds: [ids.curator, ids.regular].sort((a, b) => a - b) });
    expect(JSON.parse(rows[0].details ?? 'null')).toEqual({ name: 'Breeders', description: 'Barley breeders' });
    expect(rows[6].target).toBe(`usergroup ${breeders}`);
  });

  it('leaves user groups to administrators', async () => {
    for (const [token, status] of [
      [null, 401],
      [regularToken, 403],
    ] as const) {
      expect((await server.api('POST', 'usergroup/table', { token, body: {} })).status).toBe(status);
      expect((await server.api('PUT', 'usergroup', { token, body: { name: 'Sneaky' } })).status).toBe(status);
      expect((await server.api('DELETE', `usergroup/${curators}`, { token })).status).toBe(status);
      expect((await server.api('GET', `usergroup/${curators}/user`, { token })).status).toBe(status);
    }
    expect((await table()).count).toBe(1);
  });
});
