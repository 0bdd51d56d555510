import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AuthMode } from '../../src/core/roles.js';
import { buildApp } from '../../src/server/app.js';
import { readConfig } from '../../src/server/config.js';
import { createUser } from '../../src/server/auth/users.js';
import type { DialectName } from '../../src/server/db/database.js';
import { serverPlugins } from '../../src/plugins/server.js';
import { freshDatabase, type TestDatabase } from './databases.js';

export interface TestClock {
  now(): number;
  advance(ms: number): void;
  /** Stops the clock at its current time (advance still moves it), for exact boundaries. */
  freeze(): void;
}

/** A clock that runs with real time until a test moves it on or freezes it. */
export function testClock(): TestClock {
  let offset = 0;
  let frozenAt: number | null = null;
  return {
    now: () => (frozenAt ?? Date.now()) + offset,
    advance: (ms) => (offset += ms),
    freeze: () => (frozenAt ??= Date.now()),
  };
}

export interface TestServer {
  url: string;
  app: FastifyInstance;
  db: TestDatabase;
  clock: TestClock;
  /** fetch relative to /api/ with an optional bearer token and JSON body */
  api(method: string, apiPath: string, options?: { token?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> }): Promise<Response>;
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Users every server test has: one per role, password = username + '-password-1'. */
export const TEST_USERS = [
  { username: 'regular', userType: 'Regular User' as const },
  { username: 'curator', userType: 'Data Curator' as const },
  { username: 'admin', userType: 'Administrator' as const },
  { username: 'suspended', userType: 'Suspended User' as const },
];
export const passwordOf = (username: string) => `${username}-password-1`;

/** The real server on a random port with a fresh database. */
export async function startServer(
  dialect: DialectName,
  options: {
    authMode?: AuthMode;
    tokenLifetimeMs?: number;
    maxPageSize?: number;
    clientDir?: string;
    /** Login/registration attempts per minute; high by default so that suites logging in often are not limited. */
    rateLimitPerClient?: number;
    rateLimitPerAccount?: number;
    /** Largest upload (MAX_UPLOAD_BYTES). */
    maxUploadBytes?: number;
    /** Heap limit of import workers (IMPORT_MAX_MEMORY_MB). */
    importMaxMemoryMb?: number;
    /** Run the job runner (imports in worker threads; default true); numbers tune its intervals for tests. */
    jobs?: boolean | { pollMs?: number; heartbeatMs?: number; staleMs?: number };
  } = {},
): Promise<TestServer> {
  const db = await freshDatabase(dialect);
  const clock = testClock();
  const config = {
    ...readConfig({ DATA_DIR: db.dataDir, LOG_LEVEL: 'silent' }, ROOT),
    authMode: options.authMode ?? 'SELECTIVE',
    tokenLifetimeMs: options.tokenLifetimeMs ?? 43_200_000,
    maxPageSize: options.maxPageSize ?? 5000,
    rateLimitPerClient: options.rateLimitPerClient ?? 10_000,
    rateLimitPerAccount: options.rateLimitPerAccount ?? 10_000,
    clientDir: options.clientDir ?? path.join(db.dataDir, 'no-client'),
    ...(options.maxUploadBytes ? { maxUploadBytes: options.maxUploadBytes } : {}),
    ...(options.importMaxMemoryMb ? { importMaxMemoryMb: options.importMaxMemoryMb } : {}),
  };
  for (const user of TEST_USERS) {
    await createUser(db.database.db, { username: user.username, password: passwordOf(user.username), userType: user.userType }, new Date());
  }
  const connection = { databaseUrl: db.databaseUrl, sqliteFile: path.join(db.dataDir, 'germinate.sqlite'), schema: db.schema };
  const jobs = options.jobs === false ? { run: false } : { connection, ...(typeof options.jobs === 'object' ? options.jobs : {}) };
  const app = await buildApp({ config, database: db.database, plugins: serverPlugins, clock, localesDir: path.join(ROOT, 'locales'), logger: false, jobs });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const api: TestServer['api'] = (method, apiPath, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.raw !== undefined) {
      body = opts.raw;
      headers['content-type'] ??= 'application/json';
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    return fetch(`${address}/api/${apiPath}`, { method, headers, body });
  };
  return {
    url: address,
    app,
    db,
    clock,
    api,
    async login(username, password) {
      const response = await api('POST', 'token', { body: { username, password } });
      if (response.status !== 200) throw new Error(`login ${username} failed: ${response.status}`);
      return ((await response.json()) as { token: string }).token;
    },
    async close() {
      await app.close();
      await db.cleanup();
    },
  };
}
