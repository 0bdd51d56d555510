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

/**
 * Who may call what: every /api route with its access, pinned so that a change of role is deliberate.
 * 'none' = no authentication processing; 'public' = follows authMode; a role = at least that role.
 */
const EXPECTED_ACCESS: Record<string, Access> = {
  'GET /api/health': 'none',
  'GET /api/health/ready': 'none',
  'POST /api/token': 'none',
  'DELETE /api/token': 'public',
  'GET /api/settings': 'none',
  'GET /api/settings/admin': 'ADMIN',
  'POST /api/settings/admin': 'ADMIN',
  // Loaded by Germinate's client on every page, before any login (its look: stylesheet, carousel, logos).
  'GET /api/settings/css': 'none',
  'GET /api/settings/carousel': 'none',
  'POST /api/settings/carousel': 'ADMIN',
  'GET /api/image/src-svg/:name': 'none',
  'GET /api/clientlocale': 'none',
  'GET /api/clientlocale/:locale': 'none',
  'GET /api/stats/overview': 'public',
  'GET /api/stats/entitytype': 'public',
  'GET /api/stats/biologicalstatus': 'public',
  'GET /api/gatekeeper/institution': 'none',
  'POST /api/gatekeeper/user/new': 'none',
  'POST /api/gatekeeper/user/existing': 'none',
  'GET /api/user': 'ADMIN',
  'PATCH /api/user/:userId': 'ADMIN',
  'POST /api/user/request/table': 'ADMIN',
  'POST /api/user/request/table/ids': 'ADMIN',
  'POST /api/user/request/:requestId/decision': 'ADMIN',
  'POST /api/usergroup/table': 'ADMIN',
  'POST /api/usergroup/table/ids': 'ADMIN',
  'PUT /api/usergroup': 'ADMIN',
  'PATCH /api/usergroup/:id': 'ADMIN',
  'DELETE /api/usergroup/:id': 'ADMIN',
  'GET /api/usergroup/:id/user': 'ADMIN',
  'PATCH /api/usergroup/:id/user': 'ADMIN',
  'GET /api/dataset/:id/user': 'ADMIN',
  'PATCH /api/dataset/:id/user': 'ADMIN',
  'POST /api/dataset/:id/usergroup': 'ADMIN',
  'POST /api/dataset/:id/usergroup/ids': 'ADMIN',
  'PATCH /api/dataset/:id/usergroup': 'ADMIN',
  'POST /api/dataset/table': 'public',
  'POST /api/dataset/:id/collaborator': 'public',
  'POST /api/dataset/table/ids': 'public',
  'POST /api/dataset/table/export': 'public',
  // Export jobs: listed and removed per caller; the download is a plain link whose uuid is the secret.
  'POST /api/dataset/export/async': 'public',
  'DELETE /api/dataset/export/async/:uuid': 'public',
  'GET /api/dataset/export/async/:uuid/download': 'none',
  'POST /api/dataset/export/genotype': 'public',
  'POST /api/dataset/export/genotype/summary': 'public',
  'POST /api/dataset/export/allelefreq': 'public',
  'POST /api/dataset/export/pedigree-async': 'public',
  'POST /api/mapoverlay/table': 'public',
  'POST /api/mapoverlay/table/ids': 'public',
  'POST /api/mapoverlay/table/export': 'public',
  'GET /api/mapoverlay/:id/src': 'image',
  'POST /api/audit/table': 'ADMIN',
  'POST /api/audit/table/ids': 'ADMIN',
  'POST /api/feedback/table': 'ADMIN',
  'POST /api/feedback/table/ids': 'ADMIN',
  'GET /api/feedback/:uuid': 'public',
  'POST /api/feedback/:uuid': 'public',
  // Checks the image token itself (an administrator's): <img> requests carry no Authorization header.
  'GET /api/feedback/:id/img': 'none',
  'GET /api/backup': 'ADMIN',
  'PUT /api/backup': 'ADMIN',
  'DELETE /api/backup': 'ADMIN',
  // Checks an administrator's token from the query itself (a download link sends no header).
  'GET /api/backup/download': 'none',
  'GET /api/feedback/:id/mark': 'ADMIN',
  'DELETE /api/feedback/:id': 'ADMIN',
  'POST /api/comment/table': 'public',
  'POST /api/comment/table/ids': 'public',
  'PUT /api/comment': 'AUTH_USER',
  'DELETE /api/comment/:id': 'AUTH_USER',
  // Import jobs (issue 6): uploads and actions need a curator; listing by uuid and the statistics are public.
  'POST /api/import/template/file': 'DATA_CURATOR',
  'POST /api/import/template': 'public',
  'GET /api/import/template/:uuid/import': 'DATA_CURATOR',
  'GET /api/import/template/:uuid/log': 'DATA_CURATOR',
  'DELETE /api/import/template/:uuid': 'DATA_CURATOR',
  'POST /api/import/stats': 'public',
  'GET /api/import/template/:type/blank': 'public',
  'GET /api/setup/check': 'none',
  'POST /api/setup/check/database': 'none',
  'POST /api/setup/check/gatekeeper': 'none',
  'POST /api/setup/store': 'none',
  'POST /api/germplasm/table': 'public',
  'POST /api/germplasm/table/ids': 'public',
  'POST /api/germplasm/table/export': 'public',
  'POST /api/germplasm/attribute': 'public',
  'POST /api/germplasm/attribute/ids': 'public',
  'POST /api/germplasm/attribute/export': 'public',
  'POST /api/germplasm/unify': 'DATA_CURATOR',
  'GET /api/germplasm/table/columns': 'public',
  'GET /api/germplasm/:id': 'public',
  'GET /api/germplasm/:id/mcpd': 'public',
  'POST /api/germplasm/:id/institution/table': 'public',
  'GET /api/germplasm': 'public',
  'POST /api/germplasm/:id/dataset': 'public',
  // Datasets: curators create, administrators edit and delete; attributes, source files and pedigree
  // exports are public behind visibility and the licence gate.
  'POST /api/dataset': 'DATA_CURATOR',
  'PATCH /api/dataset/:id': 'ADMIN',
  'DELETE /api/dataset/:id': 'ADMIN',
  'POST /api/dataset/:id/attribute': 'public',
  'POST /api/dataset/:id/attribute/export': 'public',
  'POST /api/dataset/attribute/export': 'public',
  'POST /api/dataset/attribute/table': 'public',
  'POST /api/dataset/attribute/table/export': 'public',
  'GET /api/dataset/:id/download-source': 'public',
  'POST /api/dataset/export/pedigree': 'public',
  'POST /api/dataset/group': 'public',
  // Licences: everyone reads and accepts; curators write them (as in Germinate); administrators delete.
  'POST /api/license/table': 'public',
  'POST /api/license/table/ids': 'public',
  'POST /api/license/table/export': 'public',
  'GET /api/license': 'public',
  'PUT /api/license': 'DATA_CURATOR',
  'PATCH /api/license/:id': 'DATA_CURATOR',
  'DELETE /api/license/:id': 'ADMIN',
  'GET /api/license/:id/accept': 'public',
  'DELETE /api/license/:id/accept': 'public',
  // Experiments: curators create, administrators edit and delete.
  'POST /api/experiment/table': 'public',
  'POST /api/experiment/table/ids': 'public',
  'POST /api/experiment/table/export': 'public',
  'PUT /api/experiment': 'DATA_CURATOR',
  // Groups: listed per caller's visibility; members changed by the group's creator or an administrator (checked
  // inside, so an anonymous caller gets a 403 there too); groups created, changed and deleted by users.
  'POST /api/group/table': 'public',
  'POST /api/group/table/ids': 'public',
  'POST /api/group/table/export': 'public',
  'POST /api/germplasm/:id/group': 'public',
  'GET /api/group': 'public',
  'GET /api/group/:id': 'public',
  'GET /api/grouptype': 'public',
  'POST /api/group/:id/germplasm': 'public',
  'POST /api/group/:id/germplasm/ids': 'public',
  'POST /api/group/:id/germplasm/export': 'public',
  'PATCH /api/group/:id/germplasm': 'public',
  'POST /api/group/:id/trait': 'public',
  'POST /api/group/:id/trait/ids': 'public',
  'PATCH /api/group/:id/trait': 'public',
  'PUT /api/group': 'AUTH_USER',
  'PATCH /api/group/:id': 'AUTH_USER',
  'DELETE /api/group/:id': 'AUTH_USER',
  // Traits and trials: reads are public behind visibility and the licence gate; administrators edit and
  // unify traits; curators lay out trials.
  'POST /api/trait/table': 'public',
  'POST /api/trait/table/ids': 'public',
  'POST /api/trait/table/export': 'public',
  'GET /api/trait/category': 'public',
  'PATCH /api/trait/:id': 'ADMIN',
  'GET /api/trait/:id/values': 'public',
  'POST /api/trait/:id/dataset': 'public',
  'POST /api/trait/unify': 'ADMIN',
  'POST /api/trait/stats': 'public',
  'POST /api/trait/attribute': 'public',
  'POST /api/trait/attribute/ids': 'public',
  'POST /api/trait/attribute/export': 'public',
  'POST /api/dataset/trait': 'public',
  'POST /api/dataset/categorical/trial': 'public',
  'POST /api/dataset/stats/trial': 'public',
  'POST /api/dataset/crosscomparison': 'public',
  'POST /api/dataset/data/trial': 'DATA_CURATOR',
  'POST /api/dataset/data/trial/table': 'public',
  'POST /api/dataset/data/trial/table/ids': 'public',
  'POST /api/dataset/data/trial/table/export': 'public',
  'POST /api/dataset/data/trial/germplasm': 'public',
  'POST /api/dataset/data/trial/location/count': 'public',
  'POST /api/dataset/data/trial/timepoint': 'public',
  'POST /api/dataset/export/trial': 'public',
  'GET /api/germplasm/:germplasmId/stats/trait': 'public',
  'PATCH /api/experiment/:id': 'ADMIN',
  'DELETE /api/experiment/:id': 'ADMIN',
  // Data resources: listed and downloaded behind visibility and the licence gate; the token link checks
  // its token itself; curators manage them and their types.
  'POST /api/fileresource/table': 'public',
  'POST /api/fileresource/table/ids': 'public',
  'POST /api/dataset/fileresource': 'public',
  'POST /api/fileresource/:id/dataset': 'public',
  'GET /api/fileresourcetype': 'public',
  'GET /api/fileresource/:file': 'public',
  'GET /api/fileresource/:id/stream': 'public',
  'GET /api/fileresource/:id/download': 'none',
  'POST /api/fileresourcetype': 'DATA_CURATOR',
  'DELETE /api/fileresourcetype/:id': 'DATA_CURATOR',
  'POST /api/fileresource': 'DATA_CURATOR',
  'PUT /api/fileresource': 'DATA_CURATOR',
  'DELETE /api/fileresource/:id': 'DATA_CURATOR',
  // Genotypes: markers and maps are public; map visibility, dataset gates and group ownership are checked
  // inside (a private map is seen by its owner; deleting one needs its owner or an administrator).
  'POST /api/marker/table': 'public',
  'POST /api/marker/table/ids': 'public',
  'POST /api/marker/table/export': 'public',
  'POST /api/marker/:id/dataset': 'public',
  'POST /api/marker/:id/group': 'public',
  'POST /api/group/:id/marker': 'public',
  'POST /api/group/:id/marker/ids': 'public',
  'POST /api/group/:id/marker/export': 'public',
  'PATCH /api/group/:id/marker': 'public',
  'POST /api/map/table': 'public',
  'POST /api/map/table/ids': 'public',
  'POST /api/map/table/export': 'public',
  'POST /api/map/mapdefinition/table': 'public',
  'POST /api/map/mapdefinition/table/ids': 'public',
  'POST /api/map/mapdefinition/table/export': 'public',
  'GET /api/map/:id': 'public',
  'GET /api/map/:id/chromosome': 'public',
  'DELETE /api/map/:id': 'public',
  'POST /api/map/:id/export': 'public',
  'POST /api/dataset/map': 'public',
};

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
