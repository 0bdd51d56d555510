import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, passwordOf, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { createUser } from '../../src/server/auth/users.js';
import type { AdminSettings } from '../../src/server/settings.js';

const STRONG = 'correct-Horse-battery-9-staple';

interface Failure {
  status: number;
  statusText: string;
  body: { reasonPhrase?: string };
}

describe.each(testDialects())('registration and access requests on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  let counter = 0;

  beforeAll(async () => {
    server = await startServer(dialect);
    admin = await server.login('admin', passwordOf('admin'));
  });
  afterAll(async () => server?.close());

  const db = () => server.db.database.db;
  const settings = (values: Partial<AdminSettings>) => server.app.settings.write(values, new Date());
  beforeEach(() => settings({ registrationEnabled: true, gatekeeperRegistrationRequiresApproval: true }));

  /** A complete registration with a fresh name, with the given changes. */
  function newUser(changes: Record<string, unknown> = {}) {
    counter += 1;
    return {
      userUsername: `newcomer${counter}`,
      userPassword: STRONG,
      userFullName: `New Comer ${counter}`,
      userEmailAddress: `newcomer${counter}@example.org`,
      institutionName: 'Plant Institute',
      institutionAcronym: 'PI',
      institutionAddress: 'Field Road 1',
      ...changes,
    };
  }
  const register = (user: Record<string, unknown>) => server.api('POST', 'gatekeeper/user/new', { body: { user, locale: 'en_GB' } });
  const requestAccess = (username: string, password: string) =>
    server.api('POST', 'gatekeeper/user/existing', { body: { username, password, locale: 'de_DE' } });
  const login = (username: string, password: string) => server.api('POST', 'token', { body: { username, password } });
  const decide = (requestId: number, approve: boolean, token = admin) =>
    server.api('POST', `user/request/${requestId}/decision`, { token, body: { approve } });
  const requestOf = (username: string) =>
    db().selectFrom('access_requests').selectAll().where('username_key', '=', username.toLowerCase()).orderBy('id', 'desc').executeTakeFirstOrThrow();

  async function failure(response: Response): Promise<Failure> {
    return { status: response.status, statusText: response.statusText, body: (await response.json()) as Failure['body'] };
  }
  async function expectFailure(response: Response, status: number, reason: string): Promise<void> {
    const got = await failure(response);
    expect({ status: got.status, statusText: got.statusText, reason: got.body.reasonPhrase }).toEqual({ status, statusText: reason, reason });
  }

  it('answers 503 UNAVAILABLE_REGISTRATION while registration is disabled, but still takes existing accounts’ requests', async () => {
    await settings({ registrationEnabled: false });
    await expectFailure(await register(newUser()), 503, 'UNAVAILABLE_REGISTRATION');
    await expectFailure(await server.api('GET', 'gatekeeper/institution'), 503, 'UNAVAILABLE_REGISTRATION');
    const existing = await requestAccess('suspended', passwordOf('suspended'));
    expect(existing.status).toBe(200);
    expect(await existing.json()).toBe(true);
    const request = await requestOf('suspended');
    await decide(request.id, false);
  });

  it('lists institutions by name, a page at a time', async () => {
    const now = new Date().toISOString();
    for (const name of ['Zeta Lab', 'Alpha Centre', 'Mid Station']) {
      await db().insertInto('user_institutions').values({ name, acronym: name.slice(0, 2), address: null, created_on: now, updated_on: now }).execute();
    }
    const all = (await (await server.api('GET', 'gatekeeper/institution?page=0&limit=100')).json()) as { data: { name: string }[]; count: number };
    const names = all.data.map((i) => i.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).toEqual(expect.arrayContaining(['Alpha Centre', 'Mid Station', 'Zeta Lab']));
    expect(all.count).toBe(all.data.length);
    const second = (await (await server.api('GET', 'gatekeeper/institution?page=1&limit=1')).json()) as { data: object[]; count: number };
    expect(second.data).toEqual([all.data[1]]);
    expect(Object.keys(second.data[0]).sort()).toEqual(['acronym', 'address', 'id', 'name']);
    expect(second.count).toBe(all.count);
    await expectFailure(await server.api('GET', 'gatekeeper/institution?page=-1'), 400, 'BAD_REQUEST_INVALID_PAYLOAD');
  });

  it('keeps a registration pending until an administrator approves it; then the account logs in', async () => {
    const user = newUser({ institutionName: 'Brand New Institute', institutionAcronym: 'BNI' });
    const response = await register(user);
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(true);

    await expectFailure(await login(user.userUsername, STRONG), 403, 'FORBIDDEN_INVALID_CREDENTIALS');
    const pending = await requestOf(user.userUsername);
    expect(pending).toMatchObject({ kind: 'new', status: 'pending', user_id: null, locale: 'en_GB', email: user.userEmailAddress });
    expect(pending.password_hash).toMatch(/^scrypt\$/);
    expect(pending.password_hash).not.toContain(STRONG);
    const institution = await db().selectFrom('user_institutions').selectAll().where('id', '=', pending.institution_id!).executeTakeFirstOrThrow();
    expect(institution).toMatchObject({ name: 'Brand New Institute', acronym: 'BNI', address: 'Field Road 1' });

    const approved = await decide(pending.id, true);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toBe(true);
    const loggedIn = await login(user.userUsername.toUpperCase(), STRONG);
    expect(loggedIn.status).toBe(200);
    expect(((await loggedIn.json()) as { userType: string }).userType).toBe('Regular User');

    const decided = await requestOf(user.userUsername);
    const adminId = (await db().selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    expect(decided).toMatchObject({ status: 'approved', decided_by: adminId, password_hash: null });
    expect(decided.user_id).not.toBeNull();
    const account = await db().selectFrom('users').selectAll().where('id', '=', decided.user_id!).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ full_name: user.userFullName, email: user.userEmailAddress, institution_id: institution.id });
    const audit = await db().selectFrom('audit_log').selectAll().where('target', '=', `access-request ${pending.id}`).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'access-request.approve', username: 'admin' });
    await expectFailure(await decide(pending.id, true), 404, 'NOT_FOUND_ACTIVATION_REQUEST');
  });

  it('creates the account at once when no approval is required, and reuses an institution of the same name', async () => {
    await settings({ gatekeeperRegistrationRequiresApproval: false });
    const first = newUser({ institutionName: 'Shared Lab' });
    const second = newUser({ institutionName: 'shared lab' });
    expect((await register(first)).status).toBe(200);
    expect((await register(second)).status).toBe(200);
    expect((await login(first.userUsername, STRONG)).status).toBe(200);
    const request = await requestOf(first.userUsername);
    expect(request).toMatchObject({ status: 'approved', decided_by: null, password_hash: null });
    const institutions = await db().selectFrom('users').select('institution_id').where('username_key', 'in', [first.userUsername, second.userUsername]).execute();
    expect(new Set(institutions.map((r) => r.institution_id)).size).toBe(1);
  });

  it('registers with an existing institution by id and refuses an unknown one with 404 NOT_FOUND_INSTITUTION', async () => {
    const now = new Date().toISOString();
    const { id } = await db().insertInto('user_institutions').values({ name: 'Known', acronym: null, address: null, created_on: now, updated_on: now }).returning('id').executeTakeFirstOrThrow();
    const user = newUser({ institutionId: id, institutionName: undefined });
    expect((await register(user)).status).toBe(200);
    expect((await requestOf(user.userUsername)).institution_id).toBe(id);
    await expectFailure(await register(newUser({ institutionId: 987654, institutionName: undefined })), 404, 'NOT_FOUND_INSTITUTION');
  });

  it('refuses incomplete, malformed and weak registrations with their reason phrases', async () => {
    for (const changes of [
      { userEmailAddress: undefined },
      { userUsername: '   ' },
      { userFullName: '' },
      { userPassword: null },
      { institutionName: undefined, institutionId: undefined },
    ]) {
      await expectFailure(await register(newUser(changes)), 400, 'BAD_REQUEST_MISSING_FIELDS');
    }
    await expectFailure(await server.api('POST', 'gatekeeper/user/new', { body: { locale: 'en_GB' } }), 400, 'BAD_REQUEST_MISSING_FIELDS');
    await expectFailure(await register(newUser({ userEmailAddress: 'not-an-email' })), 400, 'BAD_REQUEST_INVALID_EMAIL');
    await expectFailure(await register(newUser({ userPassword: 'password1' })), 400, 'BAD_REQUEST_WEAK_PASSWORD');
    // The user's own name counts as guessable.
    await expectFailure(await register(newUser({ userUsername: 'harvestmoon2024', userPassword: 'harvestmoon2024' })), 400, 'BAD_REQUEST_WEAK_PASSWORD');
    await expectFailure(await register(newUser({ userUsername: 42 })), 400, 'BAD_REQUEST_INVALID_PAYLOAD');
    await expectFailure(await register(newUser({ userFullName: 'x'.repeat(300) })), 400, 'BAD_REQUEST_INVALID_PAYLOAD');
  });

  it('refuses a name or email that an account or a pending registration uses (ignoring case) with 409', async () => {
    await expectFailure(await register(newUser({ userUsername: 'REGULAR' })), 409, 'CONFLICT_USERNAME_EMAIL_ALREADY_IN_USE');
    await db().updateTable('users').set({ email: 'curator@example.org' }).where('username', '=', 'curator').execute();
    await expectFailure(await register(newUser({ userEmailAddress: 'Curator@Example.org' })), 409, 'CONFLICT_USERNAME_EMAIL_ALREADY_IN_USE');
    const pending = newUser();
    expect((await register(pending)).status).toBe(200);
    await expectFailure(await register(newUser({ userUsername: pending.userUsername.toUpperCase() })), 409, 'CONFLICT_USERNAME_EMAIL_ALREADY_IN_USE');
    await expectFailure(await register(newUser({ userEmailAddress: pending.userEmailAddress.toUpperCase() })), 409, 'CONFLICT_USERNAME_EMAIL_ALREADY_IN_USE');
  });

  it('answers 409 on approval when the name was taken meanwhile, and keeps the request pending', async () => {
    const user = newUser();
    expect((await register(user)).status).toBe(200);
    await createUser(db(), { username: user.userUsername, password: 'other-password-1', userType: 'Regular User' }, new Date());
    const request = await requestOf(user.userUsername);
    await expectFailure(await decide(request.id, true), 409, 'CONFLICT_USERNAME_EMAIL_ALREADY_IN_USE');
    expect((await requestOf(user.userUsername)).status).toBe('pending');
    expect((await decide(request.id, false)).status).toBe(200);
  });

  it('rejects a registration: no account, the request stays as a record, the name is free again', async () => {
    const user = newUser();
    expect((await register(user)).status).toBe(200);
    const request = await requestOf(user.userUsername);
    const rejected = await decide(request.id, false);
    expect(await rejected.json()).toBe(true);
    expect(await requestOf(user.userUsername)).toMatchObject({ status: 'rejected', password_hash: null, user_id: null });
    await expectFailure(await login(user.userUsername, STRONG), 403, 'FORBIDDEN_INVALID_CREDENTIALS');
    const audit = await db().selectFrom('audit_log').select('action').where('target', '=', `access-request ${request.id}`).execute();
    expect(audit.map((a) => a.action)).toEqual(['access-request.reject']);
    expect((await register(user)).status).toBe(200);
    await expectFailure(await decide(987654, true), 404, 'NOT_FOUND_ACTIVATION_REQUEST');
    await expectFailure(await decide(request.id, true), 404, 'NOT_FOUND_ACTIVATION_REQUEST');
  });

  it('lets a suspended account ask for access again; an administrator’s approval restores it', async () => {
    await expectFailure(await login('suspended', passwordOf('suspended')), 403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS');
    const response = await requestAccess('suspended', passwordOf('suspended'));
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(true);
    const request = await requestOf('suspended');
    expect(request).toMatchObject({ kind: 'existing', status: 'pending', locale: 'de_DE', password_hash: null });
    await expectFailure(await requestAccess('SUSPENDED', passwordOf('suspended')), 409, 'CONFLICT_USER_ALREADY_REQUESTED_ACCESS');
    await expectFailure(await login('suspended', passwordOf('suspended')), 403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS');

    expect((await decide(request.id, true)).status).toBe(200);
    const loggedIn = await login('suspended', passwordOf('suspended'));
    expect(loggedIn.status).toBe(200);
    expect(((await loggedIn.json()) as { userType: string }).userType).toBe('Regular User');
    await expectFailure(await requestAccess('suspended', passwordOf('suspended')), 409, 'CONFLICT_USER_ALREADY_HAS_ACCESS');
    await db().updateTable('users').set({ user_type: 'Suspended User' }).where('username', '=', 'suspended').execute();
  });

  it('keeps a suspended account suspended until an administrator decides, even when new accounts need no approval', async () => {
    await settings({ gatekeeperRegistrationRequiresApproval: false });
    expect((await requestAccess('suspended', passwordOf('suspended'))).status).toBe(200);
    await expectFailure(await login('suspended', passwordOf('suspended')), 403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS');
    const request = await requestOf('suspended');
    expect(request).toMatchObject({ kind: 'existing', status: 'pending', decided_by: null });
    expect((await decide(request.id, false)).status).toBe(200);
    await expectFailure(await login('suspended', passwordOf('suspended')), 403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS');
  });

  it('answers an existing-account request alike for a wrong password and an unknown name', async () => {
    await expectFailure(await requestAccess('regular', passwordOf('regular')), 409, 'CONFLICT_USER_ALREADY_HAS_ACCESS');
    const wrong = await requestAccess('suspended', 'not-the-password');
    const unknown = await requestAccess('nobody-by-this-name', 'not-the-password');
    expect([wrong.status, unknown.status]).toEqual([403, 403]);
    expect(wrong.statusText).toBe('FORBIDDEN_INVALID_CREDENTIALS');
    expect(await wrong.text()).toBe(await unknown.text());
    await expectFailure(await requestAccess('', ''), 400, 'BAD_REQUEST_MISSING_FIELDS');
  });

  it('leaves decisions to administrators (403 for others, 401 without a token)', async () => {
    const user = newUser();
    expect((await register(user)).status).toBe(200);
    const request = await requestOf(user.userUsername);
    for (const name of ['regular', 'curator']) {
      const token = await server.login(name, passwordOf(name));
      await expectFailure(await decide(request.id, true, token), 403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS');
      await expectFailure(await server.api('POST', 'user/request/table', { token, body: {} }), 403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS');
    }
    expect((await server.api('POST', `user/request/${request.id}/decision`, { body: { approve: true } })).status).toBe(401);
    expect((await requestOf(user.userUsername)).status).toBe('pending');
    await expectFailure(await decide(request.id, 'yes' as unknown as boolean), 400, 'BAD_REQUEST_INVALID_PAYLOAD');
  });

  it('never returns a password or its hash', async () => {
    const user = newUser();
    await register(user);
    const texts = [
      await (await server.api('GET', 'user', { token: admin })).text(),
      await (await server.api('POST', 'user/request/table', { token: admin, body: {} })).text(),
    ];
    for (const text of texts) {
      expect(text).not.toMatch(/scrypt|password/i);
      expect(text).not.toContain(STRONG);
    }
  });
});
