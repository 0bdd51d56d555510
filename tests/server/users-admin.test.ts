import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, passwordOf, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';

const STRONG = 'correct-Horse-battery-9-staple';

interface UserDetails {
  id: number;
  username: string;
  userType: string;
  userTypeString: string;
  name?: string | null;
  [key: string]: unknown;
}

interface RequestRow {
  requestId: number;
  kind: string;
  username: string;
  status: string;
  institutionName?: string;
  decidedByName?: string;
  [key: string]: unknown;
}

describe.each(testDialects())('user management by administrators on %s', (dialect) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(dialect);
    admin = await server.login('admin', passwordOf('admin'));
    await server.app.settings.write({ registrationEnabled: true, gatekeeperRegistrationRequiresApproval: true }, new Date());
  });
  afterAll(async () => server?.close());

  const db = () => server.db.database.db;
  const idOf = async (username: string) => (await db().selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const users = async () => (await (await server.api('GET', 'user', { token: admin })).json()) as UserDetails[];
  const patch = (userId: number | string, userType: unknown, token = admin) => server.api('PATCH', `user/${userId}`, { token, body: { userType } });
  const table = async (body: object) => {
    const response = await server.api('POST', 'user/request/table', { token: admin, body });
    expect(response.status).toBe(200);
    return (await response.json()) as { data: RequestRow[]; count: number };
  };
  async function expectFailure(response: Response, status: number, reason: string): Promise<void> {
    const body = (await response.json()) as { reasonPhrase?: string };
    expect({ status: response.status, reason: body.reasonPhrase }).toEqual({ status, reason });
  }

  it('lists every account with its role and institution, never a password', async () => {
    const now = new Date().toISOString();
    const { id } = await db()
      .insertInto('user_institutions')
      .values({ name: 'Hutton', acronym: 'JHI', address: 'Dundee', created_on: now, updated_on: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('users').set({ institution_id: id, full_name: 'Rita Regular', email: 'rita@example.org' }).where('username', '=', 'regular').execute();
    const response = await server.api('GET', 'user', { token: admin });
    expect(response.status).toBe(200);
    const list = (await response.json()) as UserDetails[];
    expect(list.map((u) => u.username)).toEqual(['regular', 'curator', 'admin', 'suspended']);
    const regular = list.find((u) => u.username === 'regular')!;
    expect(regular).toMatchObject({
      fullName: 'Rita Regular',
      emailAddress: 'rita@example.org',
      name: 'Hutton',
      acronym: 'JHI',
      address: 'Dundee',
      userType: 'Regular User',
      userTypeString: 'Regular User',
    });
    expect(Object.keys(regular).sort()).toEqual(
      ['acronym', 'address', 'createdOn', 'emailAddress', 'fullName', 'id', 'lastLogin', 'name', 'userType', 'userTypeString', 'username'].sort(),
    );
    expect(list.find((u) => u.username === 'admin')!.lastLogin).toEqual(expect.any(String));
    expect(list.find((u) => u.username === 'suspended')!.userType).toBe('Suspended User');
    for (const name of ['regular', 'curator']) {
      const token = await server.login(name, passwordOf(name));
      await expectFailure(await server.api('GET', 'user', { token }), 403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS');
      await expectFailure(await patch(await idOf('regular'), 'Administrator', token), 403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS');
    }
    expect((await server.api('GET', 'user')).status).toBe(401);
  });

  it('changes a role, takes effect on the next call and records it in the audit log', async () => {
    const regularId = await idOf('regular');
    const regularToken = await server.login('regular', passwordOf('regular'));
    const before = await server.api('POST', 'user/request/table', { token: regularToken, body: {} });
    expect(before.status).toBe(403);
    const response = await patch(regularId, 'Administrator');
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(true);
    expect((await users()).find((u) => u.id === regularId)!.userType).toBe('Administrator');
    expect((await server.api('POST', 'user/request/table', { token: regularToken, body: {} })).status).toBe(200);
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'user.role').where('target', '=', `user ${regularId}`).execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].details!)).toEqual({ username: 'regular', from: 'Regular User', to: 'Administrator' });
    expect(audit[0].username).toBe('admin');
    expect((await patch(regularId, 'Regular User')).status).toBe(200);
  });

  it('refuses an administrator’s change of their own role (400 BAD_REQUEST_OWN_ROLE)', async () => {
    const adminId = await idOf('admin');
    await expectFailure(await patch(adminId, 'Regular User'), 400, 'BAD_REQUEST_OWN_ROLE');
    await expectFailure(await patch(adminId, 'Suspended User'), 400, 'BAD_REQUEST_OWN_ROLE');
    expect((await users()).find((u) => u.id === adminId)!.userType).toBe('Administrator');
    // Setting the role one already has changes nothing and is allowed.
    expect((await patch(adminId, 'Administrator')).status).toBe(200);
  });

  it('answers 404 NOT_FOUND_USER for unknown users and 400 for unknown roles', async () => {
    await expectFailure(await patch(987654, 'Regular User'), 404, 'NOT_FOUND_USER');
    await expectFailure(await patch('abc', 'Regular User'), 404, 'NOT_FOUND_USER');
    await expectFailure(await patch(await idOf('curator'), 'Superuser'), 400, 'BAD_REQUEST_INVALID_PAYLOAD');
    await expectFailure(await patch(await idOf('curator'), null), 400, 'BAD_REQUEST_INVALID_PAYLOAD');
  });

  it('logs a suspended user out everywhere and refuses their next login', async () => {
    const curatorId = await idOf('curator');
    const token = await server.login('curator', passwordOf('curator'));
    await server.login('curator', passwordOf('curator'));
    const tokens = () => db().selectFrom('tokens').select('token_hash').where('user_id', '=', curatorId).execute();
    expect((await tokens()).length).toBeGreaterThanOrEqual(2);
    expect((await patch(curatorId, 'Suspended User')).status).toBe(200);
    expect(await tokens()).toEqual([]);
    expect((await server.api('POST', 'germplasm/table', { token, body: {} })).status).toBe(401);
    const login = await server.api('POST', 'token', { body: { username: 'curator', password: passwordOf('curator') } });
    expect(login.status).toBe(403);
    expect(login.statusText).toBe('FORBIDDEN_INSUFFICIENT_PERMISSIONS');
    expect((await patch(curatorId, 'Data Curator')).status).toBe(200);
    expect((await server.api('POST', 'token', { body: { username: 'curator', password: passwordOf('curator') } })).status).toBe(200);
  });

  it('pages, filters and sorts the access requests', async () => {
    const register = (name: string, institution: string) =>
      server.api('POST', 'gatekeeper/user/new', {
        body: {
          user: { userUsername: name, userPassword: STRONG, userFullName: `Full ${name}`, userEmailAddress: `${name}@example.org`, institutionName: institution },
          locale: 'en_GB',
        },
      });
    for (const [name, institution] of [['applicant-a', 'Oat Lab'], ['applicant-b', 'Barley Lab'], ['applicant-c', 'Oat Lab']]) {
      expect((await register(name, institution)).status).toBe(200);
    }
    expect((await server.api('POST', 'gatekeeper/user/existing', { body: { username: 'suspended', password: passwordOf('suspended'), locale: 'en_GB' } })).status).toBe(200);
    const all = await table({});
    expect(all.count).toBe(4);
    const idOfRequest = (name: string) => all.data.find((r) => r.username === name)!.requestId;
    await server.api('POST', `user/request/${idOfRequest('applicant-a')}/decision`, { token: admin, body: { approve: true } });
    await server.api('POST', `user/request/${idOfRequest('applicant-b')}/decision`, { token: admin, body: { approve: false } });

    const row = (await table({ filter: [{ column: 'username', comparator: 'equals', values: ['applicant-a'] }] })).data[0];
    expect(row).toMatchObject({ kind: 'new', fullName: 'Full applicant-a', emailAddress: 'applicant-a@example.org', institutionName: 'Oat Lab', locale: 'en_GB', status: 'approved', decidedByName: 'admin' });
    expect(new Date(row.createdOn as string).toISOString()).toBe(row.createdOn);
    expect(row.decidedOn).toEqual(expect.any(String));
    expect(Object.keys(row)).not.toContain('passwordHash');

    const pending = await table({ filter: [{ column: 'status', comparator: 'equals', values: ['pending'] }] });
    expect(pending.data.map((r) => r.username).sort()).toEqual(['applicant-c', 'suspended']);
    const existing = await table({ filter: [{ column: 'kind', comparator: 'equals', values: ['existing'] }] });
    expect(existing.data.map((r) => r.username)).toEqual(['suspended']);
    const oat = await table({ filter: [{ column: 'institution_name', comparator: 'contains', values: ['oat'] }], orderBy: 'username', ascending: 0 });
    expect(oat.data.map((r) => r.username)).toEqual(['applicant-c', 'applicant-a']);
    const decidedBy = await table({ filter: [{ column: 'decidedByName', comparator: 'equals', values: ['admin'] }] });
    expect(decidedBy.data.map((r) => r.status).sort()).toEqual(['approved', 'rejected']);
    const paged = await table({ page: 1, limit: 3, orderBy: 'requestId', ascending: 1 });
    expect(paged).toEqual({ data: [all.data[3]], count: 4 });
    const ids = (await (await server.api('POST', 'user/request/table/ids', { token: admin, body: { filter: [{ column: 'status', comparator: 'equals', values: ['pending'] }] } })).json()) as { data: number[] };
    expect(ids.data).toEqual(pending.data.map((r) => r.requestId).sort((a, b) => a - b));
    await expectFailure(await server.api('POST', 'user/request/table', { token: admin, body: { filter: [{ column: 'password_hash', comparator: 'isNotNull' }] } }), 400, 'BAD_REQUEST_UNKNOWN_COLUMN');
  });
});
