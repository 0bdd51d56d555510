import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRole, type AuthMode, type Role } from '../../src/core/roles.js';
import { installAccessHook } from '../../src/server/auth/access.js';
import { issueToken } from '../../src/server/auth/tokens.js';
import { createUser } from '../../src/server/auth/users.js';
import type { Access } from '../../src/server/fastify-types.js';
import type { ServerConfig } from '../../src/server/config.js';
import { startServer, TEST_USERS, type TestServer } from '../support/server.js';
import { freshDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { EXPECTED_ACCESS } from './expected-access.js';
import type { Database } from '../../src/server/db/database.js';

const MODES: AuthMode[] = ['NONE', 'SELECTIVE', 'FULL'];
type Caller = 'anonymous' | 'invalid' | 'regular' | 'curator' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'invalid', 'regular', 'curator', 'admin'];
const ROLE_OF: Record<'regular' | 'curator' | 'admin', Role> = { regular: 'AUTH_USER', curator: 'DATA_CURATOR', admin: 'ADMIN' };

/** What the central hook must do per authMode and minimum role (docs/germinate-api.md): 'pass' or the exact status it answers. */
function expected(mode: AuthMode, access: Access, caller: Caller): 'pass' | 401 | 403 {
  if (access === 'none') return 'pass';
  // The callers here send bearer tokens, never an image token in the query: under FULL that is a 403.
  if (access === 'image') return mode === 'FULL' ? 403 : 'pass';
  if (mode === 'NONE') return access === 'public' ? 'pass' : 403;
  if (caller === 'invalid') return 401;
  if (caller === 'anonymous') return mode === 'FULL' || access !== 'public' ? 401 : 'pass';
  if (access === 'public') return 'pass';
  return hasRole(ROLE_OF[caller], access) ? 'pass' : 403;
}

/** Tokens for every role, made directly (login itself is unavailable in NONE mode). */
async function tokensFor(database: Database, now: number): Promise<Record<Caller, string | null>> {
  const users = await database.db.selectFrom('users').select(['id', 'username']).execute();
  const idOf = (name: string) => users.find((u) => u.username === name)?.id ?? -1;
  const make = async (name: string) => (await issueToken(database.db, idOf(name), 3_600_000, now)).token;
  return {
    anonymous: null,
    invalid: crypto.randomUUID(),
    regular: await make('regular'),
    curator: await make('curator'),
    admin: await make('admin'),
  };
}

interface Outcome {
  status: number;
  wwwAuthenticate: string | null;
}

function check(mode: AuthMode, access: Access, caller: Caller, outcome: Outcome, label: string): void {
  const want = expected(mode, access, caller);
  const where = `${label} as ${caller} in ${mode}`;
  if (want === 'pass') {
    expect([401, 403], where).not.toContain(outcome.status);
    // Past the hook, an empty or nonsense request is refused cleanly, never a crash (503 = feature off).
    expect(outcome.status < 500 || outcome.status === 503, `${where}: ${outcome.status}`).toBe(true);
  } else {
    expect(outcome.status, where).toBe(want);
    if (want === 401) expect(outcome.wwwAuthenticate, where).toMatch(/^Bearer /);
  }
}


describe.each(testDialects())('every /api route behind the access hook on %s', (dialect) => {
  for (const mode of MODES) {
    describe(`${mode} mode`, () => {
      let server: TestServer;
      let tokens: Record<Caller, string | null>;
      beforeAll(async () => {
        server = await startServer(dialect, { authMode: mode });
        tokens = await tokensFor(server.db.database, server.clock.now());
      });
      afterAll(async () => server?.close());

      it('lists routes, each with a declared access', () => {
        expect(server.app.routeAccess.length).toBeGreaterThanOrEqual(10);
        expect(server.app.routeAccess).toContainEqual({ method: 'POST', url: '/api/germplasm/table', access: 'public' });
        expect(server.app.routeAccess).toContainEqual({ method: 'POST', url: '/api/token', access: 'none' });
        expect(server.app.routeAccess).toContainEqual({ method: 'GET', url: '/api/settings', access: 'none' });
      });

      it('declares exactly the pinned access for every route', () => {
        const actual = Object.fromEntries(server.app.routeAccess.map((r) => [`${r.method} ${r.url}`, r.access]));
        expect(actual).toEqual(EXPECTED_ACCESS);
      });

      it('lets the hook pass or reject each caller exactly as the mode demands', async () => {
        for (const route of server.app.routeAccess) {
          const path = route.url.replace(/^\/api\//, '').replace(/:[A-Za-z]+/g, '1');
          const hasBody = !['GET', 'DELETE', 'HEAD', 'OPTIONS'].includes(route.method) || path === 'token';
          for (const caller of CALLERS) {
            const response = await server.api(route.method, path, { token: tokens[caller], body: hasBody ? {} : undefined });
            const outcome = { status: response.status, wwwAuthenticate: response.headers.get('www-authenticate') };
            await response.arrayBuffer();
            const label = `${route.method} ${route.url}`;
            if (path === 'token' && mode === 'NONE') {
              // Login and logout are switched off entirely in NONE mode, whoever asks.
              expect(outcome.status, `${label} as ${caller}`).toBe(503);
            } else {
              check(mode, route.access, caller, outcome, label);
            }
          }
        }
      });
    });
  }
});

/**
 * The hook itself, on a tiny app with one route per access level: every level × caller × mode, including
 * the exact reason phrases.
 */
describe.each(testDialects())('the access hook with role routes on %s', (dialect) => {
  let db: TestDatabase;
  let tokens: Record<Caller, string | null>;
  const apps: FastifyInstance[] = [];
  const LEVELS: Access[] = ['none', 'public', 'image', 'AUTH_USER', 'DATA_CURATOR', 'ADMIN'];

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    for (const user of TEST_USERS) {
      await createUser(db.database.db, { username: user.username, password: 'irrelevant-here', userType: user.userType }, new Date());
    }
    tokens = await tokensFor(db.database, Date.now());
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.cleanup();
  });

  async function hookApp(mode: AuthMode): Promise<FastifyInstance> {
    const app = Fastify({ logger: false });
    app.decorate('config', { authMode: mode } as ServerConfig);
    app.decorate('database', db.database);
    app.decorate('clock', { now: () => Date.now() });
    installAccessHook(app);
    await app.register(
      async (api) => {
        for (const access of LEVELS) api.get(`/${access.toLowerCase()}`, { config: { access } }, async () => ({ ok: true }));
      },
      { prefix: '/api' },
    );
    await app.ready();
    apps.push(app);
    return app;
  }

  for (const mode of MODES) {
    it(`enforces ${mode} for every access level and caller`, async () => {
      const app = await hookApp(mode);
      expect(app.routeAccess.map((r) => r.access).sort()).toEqual([...LEVELS].sort());
      let passed = 0;
      for (const access of LEVELS) {
        for (const caller of CALLERS) {
          const token = tokens[caller];
          const response = await app.inject({
            method: 'GET',
            url: `/api/${access.toLowerCase()}`,
            headers: token ? { authorization: `Bearer ${token}` } : {},
          });
          const outcome = { status: response.statusCode, wwwAuthenticate: (response.headers['www-authenticate'] as string) ?? null };
          check(mode, access, caller, outcome, `GET /api/${access}`);
          if (expected(mode, access, caller) === 'pass') {
            expect(response.statusCode).toBe(200);
            passed++;
          } else {
            expect(response.json()).toMatchObject({ reasonPhrase: outcome.status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN_INSUFFICIENT_PERMISSIONS' });
          }
        }
      }
      // Sanity: the matrix has both outcomes in every mode.
      expect(passed).toBeGreaterThan(0);
      expect(passed).toBeLessThan(LEVELS.length * CALLERS.length);
    });
  }

  it('refuses to register an /api route that declares no access', async () => {
    const app = Fastify({ logger: false });
    app.decorate('config', { authMode: 'SELECTIVE' } as ServerConfig);
    app.decorate('database', db.database);
    app.decorate('clock', { now: () => Date.now() });
    installAccessHook(app);
    apps.push(app);
    await expect(
      app.register(async (api) => {
        api.get('/api/undeclared', async () => ({}));
      }),
    ).rejects.toThrow(/declares no access/);
  });

  it('also refuses an undeclared route at /api itself', async () => {
    const app = Fastify({ logger: false });
    app.decorate('config', { authMode: 'FULL' } as ServerConfig);
    app.decorate('database', db.database);
    app.decorate('clock', { now: () => Date.now() });
    installAccessHook(app);
    apps.push(app);
    await expect(
      app.register(
        async (api) => {
          api.get('/', { prefixTrailingSlash: 'no-slash' }, async () => ({}));
        },
        { prefix: '/api' },
      ),
    ).rejects.toThrow(/declares no access/);
  });
});
