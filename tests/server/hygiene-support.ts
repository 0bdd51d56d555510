import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { readConfig } from '../../src/server/config.js';
import { createUser } from '../../src/server/auth/users.js';
import type { DialectName } from '../../src/server/db/database.js';
import type { LogDestination } from '../../src/server/http/request-log.js';
import { serverPlugins } from '../../src/plugins/server.js';
import { freshDatabase, type TestDatabase } from '../support/databases.js';
import { ROOT } from '../support/server.js';

export interface HygieneServer {
  url: string;
  app: FastifyInstance;
  db: TestDatabase;
  /** Logs in (administrator 'admin') and returns the token answer. */
  loginAdmin(): Promise<{ token: string; imageToken: string }>;
  close(): Promise<void>;
}

/**
 * The real app with settings the shared test server does not take: environment variables as an operator
 * sets them (LOG_LEVEL, TRUST_PROXY), a client folder, a log destination. One administrator exists.
 */
export async function startHygieneServer(
  dialect: DialectName,
  options: { env?: Record<string, string>; clientDir?: string; logStream?: LogDestination } = {},
): Promise<HygieneServer> {
  const db = await freshDatabase(dialect);
  const config = {
    ...readConfig({ DATA_DIR: db.dataDir, LOG_LEVEL: 'silent', ...options.env }, ROOT),
    clientDir: options.clientDir ?? path.join(db.dataDir, 'no-client'),
    rateLimitPerClient: 10_000,
    rateLimitPerAccount: 10_000,
  };
  await createUser(db.database.db, { username: 'admin', password: 'admin-password-1', userType: 'Administrator' }, new Date());
  const app = await buildApp({
    config,
    database: db.database,
    plugins: serverPlugins,
    localesDir: path.join(ROOT, 'locales'),
    logger: options.logStream !== undefined,
    logStream: options.logStream,
    jobs: { run: false },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    app,
    db,
    async loginAdmin() {
      const response = await fetch(`${url}/api/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'admin-password-1' }),
      });
      if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
      return (await response.json()) as { token: string; imageToken: string };
    },
    async close() {
      await app.close();
      await db.cleanup();
    },
  };
}
