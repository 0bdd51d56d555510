import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { readConfig } from '../../src/server/config.js';
import { createUser } from '../../src/server/auth/users.js';
import { openDatabase, type Database, type DialectName } from '../../src/server/db/database.js';
import { serverPlugins } from '../../src/plugins/server.js';
import { freshDatabase, type TestDatabase } from '../support/databases.js';
import { passwordOf, ROOT, testClock, type TestClock } from '../support/server.js';

/** One running server app of a group; `from` sends the request as if a proxy forwarded it for that address. */
export interface LimitApp {
  app: FastifyInstance;
  url: string;
  login(username: string, password: string, from?: string): Promise<Response>;
}

export interface LimitApps {
  apps: LimitApp[];
  db: TestDatabase;
  clock: TestClock;
  close(): Promise<void>;
}

export interface LimitAppsOptions {
  /** How many server apps share the database (each with its own connection, as separate processes would). */
  count?: number;
  /** Environment as an operator sets it (TRUST_PROXY, REDIS_URL, RATE_LIMIT_…). */
  env?: Record<string, string>;
  /** Called with each app before it listens (tests add their probes here). */
  beforeListen?(app: FastifyInstance): void;
}

/**
 * Real server apps on one fresh database, sharing one test clock: the shape of several server processes
 * behind a proxy. The proxy is this test (127.0.0.1) unless `env` says otherwise, so X-Forwarded-For chooses
 * the client's address.
 */
export async function startLimitApps(dialect: DialectName, options: LimitAppsOptions = {}): Promise<LimitApps> {
  const db = await freshDatabase(dialect);
  for (const username of ['regular', 'curator']) {
    await createUser(db.database.db, { username, password: passwordOf(username), userType: username === 'regular' ? 'Regular User' : 'Data Curator' }, new Date());
  }
  const clock = testClock();
  const sqliteFile = path.join(db.dataDir, 'germinate.sqlite');
  const env: Record<string, string> = {
    DATA_DIR: db.dataDir,
    LOG_LEVEL: 'silent',
    TRUST_PROXY: '127.0.0.1',
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl, DATABASE_SCHEMA: db.schema ?? '' } : {}),
    ...options.env,
  };
  const apps: LimitApp[] = [];
  const extraDatabases: Database[] = [];
  try {
    for (let i = 0; i < (options.count ?? 1); i += 1) {
      let database = db.database;
      if (i > 0) {
        database = await openDatabase({ databaseUrl: db.databaseUrl, sqliteFile, schema: db.schema });
        extraDatabases.push(database);
      }
      const config = { ...readConfig(env, ROOT), clientDir: path.join(db.dataDir, 'no-client') };
      const app = await buildApp({ config, database, plugins: serverPlugins, clock, localesDir: path.join(ROOT, 'locales'), logger: false, jobs: { run: false } });
      options.beforeListen?.(app);
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push({
        app,
        url,
        login: (username, password, from) =>
          fetch(`${url}/api/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}) },
            body: JSON.stringify({ username, password }),
          }),
      });
    }
  } catch (error) {
    for (const { app } of apps) await app.close();
    for (const database of extraDatabases) await database.close();
    await db.cleanup();
    throw error;
  }
  return {
    apps,
    db,
    clock,
    async close() {
      for (const { app } of apps) await app.close();
      for (const database of extraDatabases) await database.close();
      await db.cleanup();
    },
  };
}
