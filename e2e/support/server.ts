import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type SQLite from 'better-sqlite3';
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
  /**
   * A data dir with the demo already loaded (prepareDemoTemplate): copied instead of migrating and loading
   * when this server would load the same (SQLite, demo, the template's root); ignored otherwise.
   */
  demoTemplate?: DemoTemplate;
}

/** A prepared data dir: a migrated SQLite database with the demo loaded, closed, plus the demo's stored files. */
export interface DemoTemplate {
  dataDir: string;
  /** The repository root its demo files came from. */
  root: string;
}

const SQLITE_FILE = 'germinate.sqlite';

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
    const connection = { databaseUrl: null, sqliteFile: path.join(dataDir, SQLITE_FILE) };
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

/** Migrates and loads the demo exactly as every server did before templates: a message other than 'Loaded…' fails. */
async function migrateAndLoadDemo(database: Database, root: string, dataDir: string, demo: boolean): Promise<void> {
  await migrateAll(database, serverPlugins);
  if (!demo) return;
  await loadDemoData(database, serverPlugins, root, (message) => {
    if (!message.startsWith('Loaded')) throw new Error(message);
  }, { dataDir });
}

/**
 * Why a copy is a database of its own: no text cell names the template's folder (the demo stores file
 * resources, images and genotype / allele-frequency sources relative to the data dir), and no import job
 * waits or runs (the demo imports in-process), so a copy's job runner has nothing to pick up. Checked on
 * every template (tens of milliseconds) so that an importer that starts storing absolute paths says so here.
 */
function assertSelfContained(sqlite: SQLite.Database, dataDir: string): void {
  const problems: string[] = [];
  const tables = sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).pluck().all() as string[];
  for (const table of tables) {
    const columns = sqlite.prepare('SELECT name, type FROM pragma_table_info(?)').all(table) as { name: string; type: string }[];
    for (const column of columns.filter((c) => /text|char|clob|json|^$/i.test(c.type))) {
      const found = sqlite.prepare(`SELECT count(*) FROM "${table}" WHERE instr("${column.name}", ?) > 0`).pluck().get(dataDir) as number;
      if (found) problems.push(`${found} row(s) of ${table}.${column.name} name the template's folder`);
    }
  }
  const live = sqlite.prepare(`SELECT count(*) FROM async_jobs WHERE status IN ('waiting', 'running')`).pluck().get() as number;
  if (live) problems.push(`${live} import job(s) still waiting or running`);
  if (problems.length) throw new Error(`the demo template cannot be copied: ${problems.join('; ')}`);
}

/**
 * Builds a DemoTemplate in a new temp folder (the caller removes it). The demo load takes seconds, a copy
 * milliseconds, so a test run loads it once.
 */
export async function prepareDemoTemplate(root: string = ROOT): Promise<DemoTemplate> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-e2e-template-'));
  try {
    const sqliteFile = path.join(dataDir, SQLITE_FILE);
    const database = await openDatabase({ databaseUrl: null, sqliteFile });
    try {
      await migrateAndLoadDemo(database, root, dataDir, true);
      if (!database.sqlite) throw new Error('the demo template is a SQLite database');
      assertSelfContained(database.sqlite, dataDir);
      // Move every page into the main file; closing the last connection then removes the -wal and -shm files.
      database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      await database.close();
    }
    // A copy of the .sqlite file alone must hold everything: a leftover log would mean it does not.
    const leftovers = ['-wal', '-shm', '-journal'].filter((suffix) => fs.existsSync(sqliteFile + suffix));
    if (leftovers.length) throw new Error(`the demo template's database left ${leftovers.join(', ')} behind after closing`);
    return { dataDir, root };
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** The template to copy for this server, or null when it would start from a different database. */
function usableTemplate(options: E2EServerOptions, root: string): DemoTemplate | null {
  const template = options.demoTemplate;
  if (!template || (options.dialect ?? 'sqlite') !== 'sqlite' || !(options.demo ?? true)) return null;
  return path.resolve(template.root) === path.resolve(root) ? template : null;
}

/**
 * The real server (built client, locales, every plugin) on 127.0.0.1 and a random port, fresh database:
 * a copy of options.demoTemplate when it fits, else migrated and loaded here.
 */
export async function startE2EServer(options: E2EServerOptions = {}): Promise<E2EServer> {
  const root = options.root ?? ROOT;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-e2e-'));
  const template = usableTemplate(options, root);
  // Copied before opening, so the database opened below is the template's.
  if (template) fs.cpSync(template.dataDir, dataDir, { recursive: true });
  const { database, connection, drop } = await openFresh(options.dialect ?? 'sqlite', dataDir, options.databaseUrl);
  let app: FastifyInstance | null = null;
  const cleanup = async () => {
    await app?.close();
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (!template) await migrateAndLoadDemo(database, root, dataDir, options.demo ?? true);
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
