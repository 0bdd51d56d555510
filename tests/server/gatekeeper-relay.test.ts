import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { databaseIdentity, gatekeeperOf } from '../../src/server/auth/gatekeeper-client.js';
import { defaultSettings } from '../../src/server/settings.js';

/**
 * A tiny stand-in for the external Gatekeeper (a separate tool Germinate talks to over HTTP): its token,
 * database, institution and request endpoints, recording what it was sent.
 */
interface FakeGatekeeper {
  app: FastifyInstance;
  url: string;
  received: { path: string; query: Record<string, string>; body: unknown; authorization?: string }[];
  /** database systems it knows (empty = this Germinate is not registered) */
  registered: boolean;
}

const ACCOUNTS: Record<string, { password: string; id: number }> = {
  service: { password: 'service-password', id: 1 },
  alice: { password: 'alice-password', id: 42 },
};

async function fakeGatekeeper(): Promise<FakeGatekeeper> {
  const app = Fastify({ logger: false });
  const fake: FakeGatekeeper = { app, url: '', received: [], registered: true };
  const authorised = (authorization?: string) => authorization === 'Bearer token-of-service';
  app.addHook('preHandler', async (request) => {
    fake.received.push({
      path: request.routeOptions.url ?? request.url,
      query: request.query as Record<string, string>,
      body: request.body,
      authorization: request.headers.authorization,
    });
  });
  app.post('/api/token', async (request, reply) => {
    const { username, password } = request.body as { username: string; password: string };
    const account = ACCOUNTS[username];
    if (!account || account.password !== password) return reply.code(403).send({ code: 403, description: 'FORBIDDEN_INVALID_CREDENTIALS' });
    return { token: `token-of-${username}`, id: account.id, username, userType: 'Regular User', lifetime: 60_000, createdOn: Date.now() };
  });
  app.get('/api/database', async (request, reply) => {
    if (!authorised(request.headers.authorization)) return reply.code(403).send({ code: 403, description: 'FORBIDDEN_INSUFFICIENT_PERMISSIONS' });
    return fake.registered ? { data: [{ id: 7, serverName: 'x', systemName: 'y' }], count: 1 } : { data: [], count: 0 };
  });
  app.get('/api/institution', async (request, reply) => {
    if (!authorised(request.headers.authorization)) return reply.code(403).send({ code: 403, description: 'FORBIDDEN_INSUFFICIENT_PERMISSIONS' });
    return { data: [{ id: 3, name: 'James Hutton Institute', acronym: 'JHI', address: 'Dundee' }], count: 1 };
  });
  app.post('/api/request/new', async (request, reply) => {
    if (!authorised(request.headers.authorization)) return reply.code(403).send({ code: 403, description: 'FORBIDDEN_INSUFFICIENT_PERMISSIONS' });
    const body = request.body as { userUsername: string };
    if (body.userUsername === 'taken') return reply.code(409).send({ code: 409, description: 'CONFLICT_USERNAME_EMAIL_ALREADY_IN_USE' });
    if (body.userUsername === 'broken') return reply.code(500).send({ code: 500, description: 'Database trouble in Gatekeeper' });
    return true;
  });
  app.post('/api/request/existing', async (request, reply) => {
    if (!authorised(request.headers.authorization)) return reply.code(403).send({ code: 403, description: 'FORBIDDEN_INSUFFICIENT_PERMISSIONS' });
    return true;
  });
  fake.url = await app.listen({ port: 0, host: '127.0.0.1' });
  return fake;
}

describe('the external Gatekeeper settings', () => {
  it('relays only when both URL and username are set, and normalises the URL to …/api/', () => {
    const base = defaultSettings();
    expect(gatekeeperOf(base)).toBeNull();
    expect(gatekeeperOf({ ...base, gatekeeperUrl: 'https://gk.example.org' })).toBeNull();
    expect(gatekeeperOf({ ...base, gatekeeperUrl: 'https://gk.example.org', gatekeeperUsername: 'svc', gatekeeperPassword: 'pw' })).toEqual({
      apiUrl: 'https://gk.example.org/api/',
      username: 'svc',
      password: 'pw',
    });
    expect(gatekeeperOf({ ...base, gatekeeperUrl: 'https://gk.example.org/gatekeeper/api/', gatekeeperUsername: 'svc' })?.apiUrl).toBe(
      'https://gk.example.org/gatekeeper/api/',
    );
  });
});

describe.each(testDialects())('gatekeeper/* relayed to an external Gatekeeper on %s', (dialect) => {
  let server: TestServer;
  let gatekeeper: FakeGatekeeper;

  beforeAll(async () => {
    gatekeeper = await fakeGatekeeper();
    server = await startServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
    await gatekeeper?.app.close();
  });
  beforeEach(async () => {
    gatekeeper.received = [];
    gatekeeper.registered = true;
    await server.app.settings.write(
      {
        registrationEnabled: true,
        gatekeeperRegistrationRequiresApproval: true,
        gatekeeperUrl: gatekeeper.url,
        gatekeeperUsername: 'service',
        gatekeeperPassword: 'service-password',
      },
      new Date(),
    );
  });

  const register = (user: Record<string, unknown>) => server.api('POST', 'gatekeeper/user/new', { body: { user, locale: 'de_DE' } });
  const requestAccess = (username: string, password: string) =>
    server.api('POST', 'gatekeeper/user/existing', { body: { username, password, locale: 'en_GB' } });
  const sent = (path: string) => gatekeeper.received.filter((r) => r.path === path);
  const localRequests = () => server.db.database.db.selectFrom('access_requests').selectAll().execute();
  async function expectFailure(response: Response, status: number, reason: string | undefined): Promise<{ message?: string }> {
    const body = (await response.json()) as { reasonPhrase?: string; message?: string };
    expect({ status: response.status, reason: body.reasonPhrase }).toEqual({ status, reason });
    return body;
  }

  it('relays the institution list with the service account’s token', async () => {
    const response = await server.api('GET', 'gatekeeper/institution?page=2&limit=25');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: [{ id: 3, name: 'James Hutton Institute', acronym: 'JHI', address: 'Dundee' }], count: 1 });
    expect(sent('/api/token')[0].body).toEqual({ username: 'service', password: 'service-password' });
    expect(sent('/api/institution')[0]).toMatchObject({ query: { page: '2', limit: '25' }, authorization: 'Bearer token-of-service' });
  });

  it('files a new registration for this database with the approval setting, and stores nothing locally', async () => {
    const user = { userUsername: 'dora', userPassword: 'dora-secret-1', userFullName: 'Dora E', userEmailAddress: 'dora@example.org', institutionId: 3, extra: 'dropped' };
    const response = await register(user);
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(true);
    expect(sent('/api/database')[0].query).toMatchObject(databaseIdentity(server.app.config));
    expect(sent('/api/request/new')[0].body).toEqual({
      userUsername: 'dora',
      userPassword: 'dora-secret-1',
      userFullName: 'Dora E',
      userEmailAddress: 'dora@example.org',
      institutionId: 3,
      institutionName: null,
      institutionAcronym: null,
      institutionAddress: null,
      needsApproval: 1,
      databaseSystemId: 7,
      locale: 'de_DE',
    });
    expect(await localRequests()).toEqual([]);

    await server.app.settings.write({ gatekeeperRegistrationRequiresApproval: false }, new Date());
    await register({ ...user, userUsername: '', userEmailAddress: 'eve@example.org' });
    expect(sent('/api/request/new')[1].body).toMatchObject({ needsApproval: 0, userUsername: 'eve@example.org' });
  });

  it('passes Gatekeeper’s refusals on with their status and reason', async () => {
    await expectFailure(await register({ userUsername: 'taken', userPassword: 'x', userFullName: 'T', userEmailAddress: 't@example.org' }), 409, 'CONFLICT_USERNAME_EMAIL_ALREADY_IN_USE');
    const broken = await expectFailure(await register({ userUsername: 'broken', userEmailAddress: 'b@example.org' }), 500, undefined);
    expect(broken.message).toBe('Database trouble in Gatekeeper');
    await expectFailure(await requestAccess('alice', 'wrong'), 403, 'FORBIDDEN_INVALID_CREDENTIALS');
  });

  it('answers false when this database is not registered in Gatekeeper', async () => {
    gatekeeper.registered = false;
    const response = await register({ userUsername: 'frank', userEmailAddress: 'f@example.org' });
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(false);
    expect(sent('/api/request/new')).toEqual([]);
  });

  it('checks an existing account’s own credentials with Gatekeeper, then files its access request', async () => {
    const response = await requestAccess('alice', 'alice-password');
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(true);
    expect(sent('/api/token').map((r) => (r.body as { username: string }).username)).toEqual(['service', 'alice']);
    expect(sent('/api/request/existing')[0]).toMatchObject({
      body: { userId: 42, databaseSystemId: 7, locale: 'en_GB', needsApproval: 1 },
      authorization: 'Bearer token-of-service',
    });
    expect(await localRequests()).toEqual([]);
  });

  it('answers 503 UNAVAILABLE_GATEKEEPER when the service login is refused or Gatekeeper cannot be reached', async () => {
    await server.app.settings.write({ gatekeeperPassword: 'not-the-password' }, new Date());
    await expectFailure(await server.api('GET', 'gatekeeper/institution'), 503, 'UNAVAILABLE_GATEKEEPER');
    await expectFailure(await requestAccess('alice', 'alice-password'), 503, 'UNAVAILABLE_GATEKEEPER');

    const closed = Fastify({ logger: false });
    const closedUrl = await closed.listen({ port: 0, host: '127.0.0.1' });
    await closed.close();
    await server.app.settings.write({ gatekeeperUrl: closedUrl, gatekeeperPassword: 'service-password' }, new Date());
    await expectFailure(await server.api('GET', 'gatekeeper/institution'), 503, 'UNAVAILABLE_GATEKEEPER');
    await expectFailure(await register({ userUsername: 'gina', userEmailAddress: 'g@example.org' }), 503, 'UNAVAILABLE_GATEKEEPER');
    await expectFailure(await requestAccess('alice', 'alice-password'), 503, 'UNAVAILABLE_GATEKEEPER');
  });

  it('still refuses registration while it is disabled, without asking Gatekeeper', async () => {
    await server.app.settings.write({ registrationEnabled: false }, new Date());
    await expectFailure(await register({ userUsername: 'hank' }), 503, 'UNAVAILABLE_REGISTRATION');
    expect(gatekeeper.received).toEqual([]);
  });
});
