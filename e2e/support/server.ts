import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Page } from 'playwright-core';
import type { AuthMode } from '../../src/core/roles.js';
import { SESSION_STORAGE_KEY } from '../../src/core/session.js';
import { buildApp, migrateAll } from '../../src/server/app.js';
import { readConfig } from '../../src/server/config.js';
import { createUser } from '../../src/server/auth/users.js';
import { openDatabase, dropPostgresSchema, type Database, type DialectName } from '../../src/server/db/database.js';
import { loadDemoData } from '../../src/server/demo.js';
import { serverPlugins } from '../../src/plugins/server.js';

// e2e/support/ and dist/bench/ (where the benchmark bundle runs) are both two levels below the root.
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

/** The users every browser test has: one per role, password = `<username>-password-1`. */
export const E2E_USERS = [
  { username: 'regular', userType: 'Regular User' as const },
  { username: 'curator', userType: 'Data Curator' as const },
  { username: 'admin', userType: 'Administrator' as const },
];
export const passwordOf = (username: string): string => `${username}-password-1`;

export interface E2EServerOptions {
  authMode?: AuthMode;
  /** Create regular, curator and admin (default true). */
  users?: boolean;
  /** Load the demo MCPD template through the import pipeline (default true; about 1 s). */
  demo?: boolean;
  dialect?: DialectName;
  /** PostgreSQL server for dialect 'postgres' (default DATABASE_URL, else the local test database). */
  databaseUrl?: string;
  /** Repository root (default: found from this file); the bench passes it explicitly. */
  root?: string;
  /** The built client (default <root>/dist/client). */
  clientDir?: string;
}

/** The `POST token` answer, as the client stores it. */
export interface LoginAnswer {
  token: string;
  imageToken: string;
  id: number;
  username: string;
  userType: string;
  lifetime: number;
}

export interface E2EServer {
  /** http://127.0.0.1:<port>, no trailing slash */
  url: string;
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  /** POST /api/token from Node; throws unless 200. */
  token(username: string, password: string): Promise<LoginAnswer>;
  /**
   * Logs `page` in without the login pane: gets a token from the API and stores the session where the
   * client keeps it (src/core/session.ts). Navigate afterwards; the client reads it on load.
   */
  login(page: Page, username: string, password?: string): Promise<LoginAnswer>;
  close(): Promise<void>;
}

async function openFresh(dialect: DialectName, dataDir: string, databaseUrl: string | undefined) {
  if (dialect === 'sqlite') {
    const connection = { databaseUrl: null, sqliteFile: path.join(dataDir, 'germinate.sqlite') };
    const database = await openDatabase(connection);
    return { database, connection, drop: async () => undefined };
  }
  const url = databaseUrl ?? (process.env.DATABASE_URL || LOCAL_POSTGRES);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`PostgreSQL does not answer at ${url}: ${String(error)}`, { cause: error });
  } finally {
    await client.end().catch(() => undefined);
  }
  // Each server gets its own schema, so runs never see each other's rows.
  const schema = `e2e_${randomBytes(6).toString('hex')}`;
  const connection = { databaseUrl: url, sqliteFile: '', schema };
  const database = await openDatabase(connection);
  return { database, connection, drop: () => dropPostgresSchema(url, schema) };
}

/** The real server (built client, locales, every plugin) on 127.0.0.1 and a random port, fresh database. */
export async function startE2EServer(options: E2EServerOptions = {}): Promise<E2EServer> {
  const root = options.root ?? ROOT;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-e2e-'));
  const { database, connection, drop } = await openFresh(options.dialect ?? 'sqlite', dataDir, options.databaseUrl);
  let app: FastifyInstance | null = null;
  const cleanup = async () => {
    await app?.close();
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrateAll(database, serverPlugins);
    if (options.demo ?? true) {
      await loadDemoData(database, serverPlugins, root, (message) => {
        if (!message.startsWith('Loaded')) throw new Error(message);
      }, { dataDir });
    }
    if (options.users ?? true) {
      for (const user of E2E_USERS) {
        await createUser(database.db, { username: user.username, password: passwordOf(user.username), userType: user.userType }, new Date());
      }
    }
    const config = {
      ...readConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, root),
      authMode: options.authMode ?? 'SELECTIVE',
      clientDir: options.clientDir ?? path.join(root, 'dist/client'),
      loadDemoData: false,
      // Browser suites log in many times a minute from one address.
      rateLimitPerClient: 10_000,
      rateLimitPerAccount: 10_000,
    };
    // Import jobs run in worker threads that open this same database (the config does not name it).
    app = await buildApp({ config, database, plugins: serverPlugins, localesDir: path.join(root, 'locales'), logger: false, jobs: { connection, pollMs: 500 } });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const running = app;

    const token = async (username: string, password: string): Promise<LoginAnswer> => {
      const response = await fetch(`${url}/api/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (response.status !== 200) throw new Error(`login ${username} failed: HTTP ${response.status}`);
      return (await response.json()) as LoginAnswer;
    };

    return {
      url,
      app: running,
      database,
      dataDir,
      token,
      async login(page, username, password = passwordOf(username)) {
        const answer = await token(username, password);
        // localStorage belongs to the origin: land on a cheap same-origin URL that does not boot the client.
        if (!page.url().startsWith(url + '/')) await page.goto(`${url}/api/settings`);
        const stored = {
          token: answer.token,
          imageToken: answer.imageToken,
          userId: answer.id,
          username: answer.username,
          userType: answer.userType,
          lifetime: answer.lifetime,
          // The client judges validity on its own clock (session.ts), so the session starts now.
          createdOn: Date.now(),
        };
        await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [SESSION_STORAGE_KEY, JSON.stringify(stored)] as const);
        return answer;
      },
      close: cleanup,
    };
  } catch (error) {
    await cleanup().catch(() => undefined);
    throw error;
  }
}
