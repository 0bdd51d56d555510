import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { migrateAll } from '../../src/server/app.js';
import { createUser } from '../../src/server/auth/users.js';
import { readConfig } from '../../src/server/config.js';
import { dropPostgresSchema, openDatabase, type DialectName } from '../../src/server/db/database.js';
import { startGerminate, type RunningApp } from '../../src/server/setup/start-app.js';
import { startSetupServer, type SetupServer } from '../../src/server/setup/server.js';
import { serverPlugins } from '../../src/plugins/server.js';
import { ROOT, startServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';

const ALREADY = 'Germinate has already been configured successfully.';
const INVALID_DATABASE = 'Invalid database details provided.';
const STRONG = 'Quiet-Harbour-Lantern-47';

/** A stand-in user-access tool: POST <root>/api/token accepts gk/right, answers 500 for "boom". */
async function fakeGatekeeper(): Promise<{ url: string; paths: string[]; close(): Promise<void> }> {
  const paths: string[] = [];
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      paths.push(`${request.method} ${request.url}`);
      const body = JSON.parse(text || '{}') as { username?: string; password?: string };
      const status = !request.url?.endsWith('/api/token') ? 404 : body.username === 'boom' ? 500 : body.username === 'gk' && body.password === 'right' ? 200 : 401;
      response.writeHead(status, { 'content-type': 'application/json' }).end(status === 200 ? '{"token":"t"}' : '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface Setup {
  server: SetupServer;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  post(apiPath: string, body: unknown): Promise<Response>;
  get(apiPath: string): Promise<Response>;
  close(): Promise<void>;
}

/** The server as `--setup` starts it, on a random port, with its own data directory. */
async function startSetup(): Promise<Setup> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-setup-'));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'false', PORT: '0', HOST: '127.0.0.1', CLIENT_DIR: path.join(dataDir, 'no-client') };
  const config = readConfig(env, ROOT);
  expect(config.databaseSource).toBe('default');
  const server = await startSetupServer({
    config,
    plugins: serverPlugins,
    localesDir: path.join(ROOT, 'locales'),
    logger: false,
    startNormal: () => startGerminate(readConfig(env, ROOT), { root: ROOT, plugins: serverPlugins, log: () => undefined, logger: false }),
  });
  const call = (method: string, apiPath: string, body?: unknown) =>
    fetch(`${server.url}/api/${apiPath}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    server,
    dataDir,
    env,
    post: (apiPath, body) => call('POST', apiPath, body),
    get: (apiPath) => call('GET', apiPath),
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function expectError(response: Response, status: number, reasonPhrase: string, message?: string | RegExp): Promise<void> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { reasonPhrase?: string; message?: string };
  expect(body.reasonPhrase).toBe(reasonPhrase);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
}

const postgresUrl = inject('postgresUrl');

describe('setup mode before anything is stored', () => {
  let setup: Setup;
  let gatekeeper: Awaited<ReturnType<typeof fakeGatekeeper>>;
  beforeAll(async () => {
    setup = await startSetup();
    gatekeeper = await fakeGatekeeper();
  });
  afterAll(async () => {
    await setup?.close();
    await gatekeeper?.close();
  });

  it('answers GET settings with 503 and still serves the texts and the setup check', async () => {
    await expectError(await setup.get('settings'), 503, 'UNAVAILABLE_NOT_CONFIGURED');
    expect(((await (await setup.get('clientlocale')).json()) as { locale: string }[]).map((l) => l.locale)).toContain('de_DE');
    const texts = JSON.parse(await (await setup.get('clientlocale/de_DE')).text()) as Record<string, string>;
    expect(texts['shell.setup.title']).toBeTruthy();
    expect((await setup.get('setup/check')).status).toBe(200);
    expect((await setup.get('germplasm/1')).status).toBe(404);
  });

  it('accepts a new or an existing SQLite file and refuses what is not one', async () => {
    const post = (file: string) => setup.post('setup/check/database', { type: 'sqlite', file });
    expect((await post(path.join(setup.dataDir, 'deeper/new.sqlite'))).status).toBe(200);
    expect((await post('')).status).toBe(200);
    const existing = path.join(setup.dataDir, 'existing.sqlite');
    const database = await openDatabase({ databaseUrl: null, sqliteFile: existing });
    await database.close();
    expect((await post(existing)).status).toBe(200);
    const text = path.join(setup.dataDir, 'notes.txt');
    fs.writeFileSync(text, 'these are notes, not a database, and long enough to have a header '.repeat(4));
    await expectError(await post(text), 401, 'UNAUTHORIZED_INVALID_DATABASE', INVALID_DATABASE);
    await expectError(await post(path.join(text, 'inside.sqlite')), 401, 'UNAUTHORIZED_INVALID_DATABASE', INVALID_DATABASE);
    await expectError(await setup.post('setup/check/database', { type: 'oracle' }), 400, 'BAD_REQUEST_INVALID_PAYLOAD');
  });

  it('checks PostgreSQL details: connects, refuses wrong ones, says what is missing', async () => {
    const post = (body: unknown) => setup.post('setup/check/database', body);
    await expectError(await post({ type: 'postgres', url: ' ' }), 400, 'BAD_REQUEST_MISSING_FIELDS');
    await expectError(await post({ type: 'postgres', url: 'mysql://root@localhost/db' }), 400, 'BAD_REQUEST_INVALID_PAYLOAD');
    await expectError(await post({ type: 'postgres', url: 'postgres://x@127.0.0.1/db', schema: 'Bad-Name' }), 400, 'BAD_REQUEST_INVALID_PAYLOAD');
    await expectError(await post({ host: '', database: 'db', username: 'u', password: '' }), 400, 'BAD_REQUEST_MISSING_FIELDS');
    await expectError(await post({ type: 'postgres', url: 'postgres://postgres@127.0.0.1:1/test' }), 401, 'UNAUTHORIZED_INVALID_DATABASE', INVALID_DATABASE);
    if (!postgresUrl) return;
    expect((await post({ type: 'postgres', url: postgresUrl, schema: 'setup_check' })).status).toBe(200);
    const wrong = new URL(postgresUrl);
    wrong.pathname = '/no_such_database_for_setup';
    await expectError(await post({ type: 'postgres', url: wrong.toString() }), 401, 'UNAUTHORIZED_INVALID_DATABASE', INVALID_DATABASE);
    // Germinate's own client sends the parts; extra keys of its form are ignored.
    const parts = new URL(postgresUrl);
    const germinateForm = { host: parts.hostname, port: parts.port, database: parts.pathname.slice(1), username: decodeURIComponent(parts.username), password: decodeURIComponent(parts.password), checked: false };
    expect((await post(germinateForm)).status).toBe(200);
  });

  it('logs in at the user-access tool under <url>/api/token and passes on its refusals', async () => {
    const post = (body: unknown) => setup.post('setup/check/gatekeeper', body);
    expect((await post({ url: `${gatekeeper.url}/gk`, username: 'gk', password: 'right' })).status).toBe(200);
    expect((await post({ url: `${gatekeeper.url}/gk/api/`, username: 'gk', password: 'right' })).status).toBe(200);
    expect(gatekeeper.paths).toEqual(['POST /gk/api/token', 'POST /gk/api/token']);
    await expectError(await post({ url: `${gatekeeper.url}/gk`, username: 'gk', password: 'wrong' }), 401, 'UNAUTHORIZED_INVALID_DETAILS', /^Invalid details: 401/);
    await expectError(await post({ url: gatekeeper.url, username: 'boom', password: 'x' }), 500, 'INTERNAL_SERVER_ERROR', /^Internal server error: 500/);
    await expectError(await post({ url: '', username: 'gk', password: 'right' }), 400, 'BAD_REQUEST_MISSING_FIELDS');
    await expectError(await post({ url: 'ftp://example.org', username: 'gk', password: 'right' }), 400, 'BAD_REQUEST_INVALID_PAYLOAD', /^Invalid URL/);
    await expectError(await post({ url: 'http://127.0.0.1:1', username: 'gk', password: 'right' }), 400, 'BAD_REQUEST_UNREACHABLE');
  });

  it('stores nothing when a check, the password or the chosen database refuses', async () => {
    const file = path.join(setup.dataDir, 'refused.sqlite');
    const admin = { username: 'chief', password: STRONG };
    const store = (body: unknown) => setup.post('setup/store', body);
    await expectError(await store({ dbConfig: { type: 'sqlite', file }, adminConfig: { username: 'chief', password: 'password' } }), 400, 'BAD_REQUEST_WEAK_PASSWORD');
    await expectError(await store({ dbConfig: { type: 'sqlite', file }, adminConfig: { username: ' ', password: STRONG } }), 400, 'BAD_REQUEST_MISSING_FIELDS');
    await expectError(await store({ dbConfig: { type: 'sqlite', file }, adminConfig: { ...admin, email: 'no-at-sign' } }), 400, 'BAD_REQUEST_INVALID_EMAIL');
    await expectError(await store({ dbConfig: { type: 'postgres', url: 'postgres://postgres@127.0.0.1:1/test' }, adminConfig: admin }), 401, 'UNAUTHORIZED_INVALID_DATABASE');
    await expectError(
      await store({ dbConfig: { type: 'sqlite', file }, gkConfig: { url: gatekeeper.url, username: 'gk', password: 'wrong' }, adminConfig: admin }),
      401,
      'UNAUTHORIZED_INVALID_DETAILS',
    );
    await expectError(await store({ dbConfig: { type: 'sqlite', file } }), 400, 'BAD_REQUEST_INVALID_PAYLOAD');
    // An existing database whose accounts include that name: the wizard never takes over an account.
    const taken = path.join(setup.dataDir, 'taken.sqlite');
    const database = await openDatabase({ databaseUrl: null, sqliteFile: taken });
    await migrateAll(database, serverPlugins);
    await createUser(database.db, { username: 'Chief', password: 'whatever-it-was-1', userType: 'Regular User' }, new Date());
    await database.close();
    await expectError(await store({ dbConfig: { type: 'sqlite', file: taken }, adminConfig: admin }), 409, 'CONFLICT_USERNAME_EMAIL_ALREADY_IN_USE');
    expect(fs.existsSync(path.join(setup.dataDir, 'config.json'))).toBe(false);
    await expectError(await setup.get('settings'), 503, 'UNAVAILABLE_NOT_CONFIGURED');
  });
});

describe.each(testDialects())('completing the setup on %s', (dialect: DialectName) => {
  let setup: Setup;
  let gatekeeper: Awaited<ReturnType<typeof fakeGatekeeper>>;
  let running: RunningApp;
  const schema = `setup_${randomBytes(6).toString('hex')}`;
  const file = () => path.join(setup.dataDir, 'db', 'chosen.sqlite');
  beforeAll(async () => {
    setup = await startSetup();
    gatekeeper = await fakeGatekeeper();
  });
  afterAll(async () => {
    await setup?.close();
    await gatekeeper?.close();
    if (dialect === 'postgres') await dropPostgresSchema(postgresUrl, schema);
  });

  it('answers true, writes config.json and hands the same port to the normal app', async () => {
    const dbConfig = dialect === 'sqlite' ? { type: 'sqlite', file: file() } : { type: 'postgres', url: postgresUrl, schema };
    const response = await setup.post('setup/store', {
      dbConfig,
      gkConfig: { url: `${gatekeeper.url}/gk`, username: 'gk', password: 'right' },
      adminConfig: { username: 'chief', password: STRONG, fullName: 'Chief Curator', email: 'chief@example.org' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(true);
    running = await setup.server.switched;

    const configFile = path.join(setup.dataDir, 'config.json');
    expect(JSON.parse(fs.readFileSync(configFile, 'utf8'))).toEqual({ database: dialect === 'sqlite' ? { type: 'sqlite', file: file() } : { type: 'postgres', url: postgresUrl, schema } });
    expect(fs.statSync(configFile).mode & 0o777).toBe(0o600);
    const later = readConfig(setup.env, ROOT);
    expect(later.databaseSource).toBe('config-file');
    if (dialect === 'sqlite') expect(later).toMatchObject({ databaseUrl: null, sqliteFile: file() });
    else expect(later).toMatchObject({ databaseUrl: postgresUrl, databaseSchema: schema });
    expect(running.database.dialect).toBe(dialect);
  });

  it('serves settings and logs the first administrator in', async () => {
    expect((await setup.get('settings')).status).toBe(200);
    const login = await setup.post('token', { username: 'chief', password: STRONG });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ username: 'chief', userType: 'Administrator' });
    const user = await running.database.db.selectFrom('users').select(['full_name', 'email']).where('username', '=', 'chief').executeTakeFirstOrThrow();
    expect(user).toEqual({ full_name: 'Chief Curator', email: 'chief@example.org' });
    expect((await setup.post('token', { username: 'chief', password: 'not-it' })).status).toBe(403);
  });

  it('keeps the user-access tool in the settings table', async () => {
    const rows = await running.database.db.selectFrom('settings').select(['key', 'value']).where('key', 'like', 'gatekeeper%').orderBy('key').execute();
    expect(rows.map((r) => [r.key, JSON.parse(r.value) as unknown])).toEqual([
      ['gatekeeperPassword', 'right'],
      ['gatekeeperUrl', `${gatekeeper.url}/gk`],
      ['gatekeeperUsername', 'gk'],
    ]);
  });

  it('refuses every setup call from now on', async () => {
    for (const response of [
      await setup.get('setup/check'),
      await setup.post('setup/check/database', { type: 'sqlite' }),
      await setup.post('setup/check/gatekeeper', { url: gatekeeper.url, username: 'gk', password: 'right' }),
      await setup.post('setup/store', { dbConfig: { type: 'sqlite' }, adminConfig: { username: 'x', password: STRONG } }),
    ]) {
      await expectError(response, 503, 'UNAVAILABLE_ALREADY_CONFIGURED', ALREADY);
    }
  });
});

describe.each(testDialects())('a configured server on %s', (dialect) => {
  it('refuses the setup calls with 503', async () => {
    const server = await startServer(dialect);
    try {
      expect((await server.api('GET', 'settings')).status).toBe(200);
      await expectError(await server.api('GET', 'setup/check'), 503, 'UNAVAILABLE_ALREADY_CONFIGURED', ALREADY);
      await expectError(await server.api('POST', 'setup/check/database', { body: { type: 'sqlite' } }), 503, 'UNAVAILABLE_ALREADY_CONFIGURED', ALREADY);
      await expectError(await server.api('POST', 'setup/check/gatekeeper', { body: { url: 'http://127.0.0.1:1', username: 'a' } }), 503, 'UNAVAILABLE_ALREADY_CONFIGURED');
      await expectError(await server.api('POST', 'setup/store', { body: {} }), 503, 'UNAVAILABLE_ALREADY_CONFIGURED', ALREADY);
    } finally {
      await server.close();
    }
  });
});
