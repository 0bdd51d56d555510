import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { serverPlugins } from '../../src/plugins/server.js';
import { startServer, passwordOf, ROOT, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { leaks } from '../support/seed.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const LIFETIME = 60_000;

interface TokenBody {
  token: string;
  imageToken: string;
  id: number;
  username: string;
  userType: string;
  lifetime: number;
  createdOn: number;
}

describe.each(testDialects())('tokens on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { tokenLifetimeMs: LIFETIME });
  });
  afterAll(async () => server?.close());

  const login = (username: string, password: string) => server.api('POST', 'token', { body: { username, password } });
  const tableWith = (token: string) => server.api('POST', 'germplasm/table', { token, body: {} });
  const tokenRows = () => server.db.database.db.selectFrom('tokens').selectAll().execute();

  it('answers a login with Germinate’s Token shape and an HttpOnly token cookie', async () => {
    const before = server.clock.now();
    const response = await login('regular', passwordOf('regular'));
    const after = server.clock.now();
    expect(response.status).toBe(200);
    const body = (await response.json()) as TokenBody;
    expect(Object.keys(body).sort()).toEqual(['createdOn', 'id', 'imageToken', 'lifetime', 'token', 'userType', 'username']);
    expect(body.token).toMatch(UUID);
    expect(body.imageToken).toMatch(UUID);
    expect(body.imageToken).not.toBe(body.token);
    const user = await server.db.database.db.selectFrom('users').select('id').where('username', '=', 'regular').executeTakeFirstOrThrow();
    expect(body.id).toBe(user.id);
    expect(body.username).toBe('regular');
    expect(body.userType).toBe('Regular User');
    expect(body.lifetime).toBe(LIFETIME);
    expect(body.createdOn).toBeGreaterThanOrEqual(before);
    expect(body.createdOn).toBeLessThanOrEqual(after);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie.startsWith(`token=${body.token};`)).toBe(true);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=60\b/);
  });

  it('answers a wrong password and an unknown user alike: 403 FORBIDDEN_INVALID_CREDENTIALS', async () => {
    const wrong = await login('regular', 'not-the-password');
    const unknown = await login('nobody-by-this-name', 'not-the-password');
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(403);
      expect(response.statusText).toBe('FORBIDDEN_INVALID_CREDENTIALS');
    }
    const [a, b] = [await wrong.text(), await unknown.text()];
    expect(a).toBe(b);
    expect(JSON.parse(a)).toMatchObject({ reasonPhrase: 'FORBIDDEN_INVALID_CREDENTIALS' });
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('ignores the case of usernames but not of passwords', async () => {
    const upper = await login('REGULAR', passwordOf('regular'));
    expect(upper.status).toBe(200);
    expect(((await upper.json()) as TokenBody).userType).toBe('Regular User');
    const mixed = await login('CuRaToR', passwordOf('curator'));
    expect(((await mixed.json()) as TokenBody).userType).toBe('Data Curator');
    const wrongCase = await login('regular', passwordOf('regular').toUpperCase());
    expect(wrongCase.status).toBe(403);
  });

  it('refuses a suspended user with FORBIDDEN_INSUFFICIENT_PERMISSIONS (after checking the password)', async () => {
    const response = await login('suspended', passwordOf('suspended'));
    expect(response.status).toBe(403);
    expect(response.statusText).toBe('FORBIDDEN_INSUFFICIENT_PERMISSIONS');
    expect(await response.json()).toMatchObject({ reasonPhrase: 'FORBIDDEN_INSUFFICIENT_PERMISSIONS' });
    const wrong = await login('suspended', 'wrong');
    expect(wrong.statusText).toBe('FORBIDDEN_INVALID_CREDENTIALS');
  });

  it('rejects a malformed login body with 400 and no stack', async () => {
    const response = await server.api('POST', 'token', { body: { username: 'regular' } });
    expect(response.status).toBe(400);
    expect(leaks(await response.text())).toEqual([]);
  });

  it('stores tokens hashed, never as sent', async () => {
    const response = await login('admin', passwordOf('admin'));
    const body = (await response.json()) as TokenBody;
    const rows = await tokenRows();
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(body.token);
    expect(dump).not.toContain(body.imageToken);
    const sha = createHash('sha256').update(body.token).digest('hex');
    expect(rows.some((r) => r.token_hash === sha)).toBe(true);
  });

  it('keeps a token alive past twice its lifetime while it is used every 0.6 lifetimes', async () => {
    const token = await server.login('regular', passwordOf('regular'));
    for (let i = 0; i < 4; i++) {
      server.clock.advance(LIFETIME * 0.6);
      expect((await tableWith(token)).status).toBe(200);
    }
    // 2.4 lifetimes since login: only the sliding refresh can have kept it.
    expect((await tableWith(token)).status).toBe(200);
  });

  it('expires a token unused for its lifetime + 1 ms: 401 even on a public route, and deletes it', async () => {
    server.clock.freeze();
    const token = await server.login('curator', passwordOf('curator'));
    const hash = createHash('sha256').update(token).digest('hex');
    server.clock.advance(LIFETIME);
    expect((await tableWith(token)).status).toBe(200);
    server.clock.advance(LIFETIME + 1);
    const expired = await tableWith(token);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect((await tokenRows()).some((r) => r.token_hash === hash)).toBe(false);
    // The same call without a token is fine in SELECTIVE mode.
    expect((await server.api('POST', 'germplasm/table', { body: {} })).status).toBe(200);
  });

  it('logs out: true, the cookie is cleared and the token is dead', async () => {
    const token = await server.login('regular', passwordOf('regular'));
    const out = await server.api('DELETE', 'token', { token, body: { username: 'regular', password: token } });
    expect(out.status).toBe(200);
    expect(await out.json()).toBe(true);
    expect(out.headers.get('set-cookie')).toMatch(/^token=;.*Max-Age=0/);
    expect((await tableWith(token)).status).toBe(401);
  });

  it('accepts the Vue client’s logout body ({email, password})', async () => {
    const token = await server.login('regular', passwordOf('regular'));
    const out = await server.api('DELETE', 'token', { token, body: { email: 'regular', password: token } });
    expect(await out.json()).toBe(true);
  });

  it('refuses a logout whose body token differs (403) and keeps the session', async () => {
    const token = await server.login('regular', passwordOf('regular'));
    const other = await server.login('curator', passwordOf('curator'));
    const out = await server.api('DELETE', 'token', { token, body: { username: 'regular', password: other } });
    expect(out.status).toBe(403);
    expect((await tableWith(token)).status).toBe(200);
    expect((await tableWith(other)).status).toBe(200);
  });

  it('answers a logout without a body with 404', async () => {
    const token = await server.login('regular', passwordOf('regular'));
    const out = await server.api('DELETE', 'token', { token });
    expect(out.status).toBe(404);
    expect((await tableWith(token)).status).toBe(200);
  });

  it('answers a logout without a bearer token with 403', async () => {
    const token = await server.login('regular', passwordOf('regular'));
    const out = await server.api('DELETE', 'token', { body: { username: 'regular', password: token } });
    expect(out.status).toBe(403);
    expect((await tableWith(token)).status).toBe(200);
  });

  it('accepts "Bearer null" as no token (the Vue client when logged out)', async () => {
    const response = await server.api('POST', 'germplasm/table', { body: {}, headers: { authorization: 'Bearer null' } });
    expect(response.status).toBe(200);
  });

  it('reads the bearer scheme name without regard to case', async () => {
    const token = await server.login('regular', passwordOf('regular'));
    server.clock.advance(LIFETIME + 1);
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      // An expired token is a 401 only if the header was recognised as a bearer token at all.
      const response = await server.api('POST', 'germplasm/table', { body: {}, headers: { authorization: `${scheme} ${token}` } });
      expect(response.status, scheme).toBe(401);
    }
    const basic = await server.api('POST', 'germplasm/table', { body: {}, headers: { authorization: `Basic ${token}` } });
    expect(basic.status).toBe(200);
  });

  it('rejects the token of a user suspended after login', async () => {
    const token = await server.login('regular', passwordOf('regular'));
    expect((await tableWith(token)).status).toBe(200);
    const db = server.db.database.db;
    await db.updateTable('users').set({ user_type: 'Suspended User' }).where('username_key', '=', 'regular').execute();
    try {
      expect((await tableWith(token)).status).toBe(401);
    } finally {
      await db.updateTable('users').set({ user_type: 'Regular User' }).where('username_key', '=', 'regular').execute();
    }
  });

  it('honours a token after a restart (a second app on the same database)', async () => {
    const token = await server.login('admin', passwordOf('admin'));
    const second = await buildApp({
      config: server.app.config,
      database: server.db.database,
      plugins: serverPlugins,
      clock: server.clock,
      localesDir: path.join(ROOT, 'locales'),
      logger: false,
    });
    try {
      const call = (bearer: string) =>
        second.inject({ method: 'POST', url: '/api/germplasm/table', headers: { authorization: `Bearer ${bearer}` }, payload: {} });
      expect((await call(token)).statusCode).toBe(200);
      expect((await call(crypto.randomUUID())).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });
});

describe.each(testDialects())('tokens in FULL mode on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { authMode: 'FULL' });
  });
  afterAll(async () => server?.close());

  it('never authenticates by the token cookie, only by the bearer header', async () => {
    const token = await server.login('regular', passwordOf('regular'));
    const byCookie = await server.api('POST', 'germplasm/table', { body: {}, headers: { cookie: `token=${token}` } });
    expect(byCookie.status).toBe(401);
    expect((await server.api('POST', 'germplasm/table', { body: {}, token })).status).toBe(200);
  });
});

describe.each(testDialects())('tokens in NONE mode on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { authMode: 'NONE' });
  });
  afterAll(async () => server?.close());

  it('answers POST and DELETE token with 503', async () => {
    const login = await server.api('POST', 'token', { body: { username: 'admin', password: passwordOf('admin') } });
    expect(login.status).toBe(503);
    const logout = await server.api('DELETE', 'token', { body: { username: 'admin', password: 'x' } });
    expect(logout.status).toBe(503);
    expect(await server.db.database.db.selectFrom('tokens').selectAll().execute()).toEqual([]);
  });
});
