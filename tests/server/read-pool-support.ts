import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app.js';
import { readConfig } from '../../src/server/config.js';
import type { DialectName } from '../../src/server/db/database.js';
import type { ReadPool } from '../../src/server/db/read-pool.js';
import type { ServerPlugin } from '../../src/server/plugin.js';
import { registerTableRoutes } from '../../src/server/table/routes.js';
import type { TableView } from '../../src/server/table/view.js';
import { serverPlugins } from '../../src/plugins/server.js';
import { freshDatabase, type TestDatabase } from '../support/databases.js';
import { ROOT } from '../support/server.js';

/**
 * A deliberately slow table: two billion rows counted and sorted from a recursive query, on both
 * databases. Nothing answers it in minutes, so whatever ends it early is the server stopping it.
 */
const slowView: TableView = {
  name: 'slow',
  from: sql`(WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 2000000000) SELECT i FROM c) AS slow`,
  columns: { slowId: { sql: sql`slow.i`, type: 'integer' } },
  idColumn: 'slowId',
};

const slowPlugin: ServerPlugin = {
  id: 'test-slow',
  routes: async (api) => {
    registerTableRoutes(api, { path: '/test-slow/table', view: () => slowView, access: 'public', exportPrefix: 'slow' });
  },
};

export interface ReadPoolServer {
  url: string;
  db: TestDatabase;
  pool: ReadPool;
  post(apiPath: string, body: unknown, signal?: AbortSignal): Promise<Response>;
  close(): Promise<void>;
}

/** The real server with the slow table besides every plugin's, its read pool configured by `env`. */
export async function startReadPoolServer(dialect: DialectName, env: Record<string, string>): Promise<ReadPoolServer> {
  const db = await freshDatabase(dialect);
  const config = { ...readConfig({ DATA_DIR: db.dataDir, LOG_LEVEL: 'silent', ...env }, ROOT), clientDir: path.join(db.dataDir, 'no-client') };
  const app = await buildApp({ config, database: db.database, plugins: [...serverPlugins, slowPlugin], localesDir: path.join(ROOT, 'locales'), logger: false, jobs: { run: false } });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const pool = db.database.reads({ size: config.readPoolSize, queueLimit: config.readQueueLimit, statementTimeoutMs: config.statementTimeoutMs });
  if (!pool) throw new Error('the test database has no read pool');
  return {
    url,
    db,
    pool,
    post: (apiPath, body, signal) =>
      fetch(`${url}/api/${apiPath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal }),
    async close() {
      await app.close();
      await db.cleanup();
    },
  };
}

/** Polls until `check` holds (no fixed sleeps: the condition decides). */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Whether a process still exists. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether a PostgreSQL backend still runs a statement. */
export async function backendActive(server: ReadPoolServer, pid: number): Promise<boolean> {
  const result = await server.db.database.pool!.query<{ n: number }>("SELECT COUNT(*) AS n FROM pg_stat_activity WHERE pid = $1 AND state = 'active'", [pid]);
  return Number(result.rows[0].n) > 0;
}
