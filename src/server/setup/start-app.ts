import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, migrateAll } from '../app.js';
import { ensureFirstAdmin } from '../auth/users.js';
import type { ServerConfig } from '../config.js';
import { coreTasks } from '../core-tasks.js';
import { openDatabase, type Database } from '../db/database.js';
import { loadDemoData } from '../demo.js';
import type { Clock } from '../fastify-types.js';
import type { ServerPlugin } from '../plugin.js';
import { startTasks } from '../tasks.js';

/** The normal app, built and ready but not listening (main.ts listens; the setup server hands requests to it). */
export interface RunningApp {
  app: FastifyInstance;
  database: Database;
  /** Set when a first administrator was created on this start (for the start-up banner). */
  admin: { username: string; generatedPassword: string | null } | null;
  close(): Promise<void>;
}

export interface StartOptions {
  root: string;
  plugins: ServerPlugin[];
  log: (message: string) => void;
  clock?: Clock;
  logger?: boolean;
}

/**
 * Everything a normal start does before listening: open and migrate the database, make sure there is an
 * administrator, load the demo data into a fresh embedded database, build the app and start the tasks.
 * Shared by a plain start and by the switch at the end of the setup wizard, so both run the same path.
 */
export async function startGerminate(config: ServerConfig, options: StartOptions): Promise<RunningApp> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, schema: config.databaseSchema });
  let app: FastifyInstance | null = null;
  try {
    await migrateAll(database, options.plugins);
    const admin = await ensureFirstAdmin(database.db, config.adminUsername, config.adminPassword, new Date());
    if (config.loadDemoData && database.dialect === 'sqlite') {
      await loadDemoData(database, options.plugins, options.root, options.log, { dataDir: config.dataDir });
    }
    app = await buildApp({
      config,
      database,
      plugins: options.plugins,
      clock: options.clock,
      localesDir: path.join(options.root, 'locales'),
      logger: options.logger,
    });
    await app.ready();
    const running = app;
    const stopTasks = startTasks(
      [...coreTasks, ...options.plugins.flatMap((p) => p.tasks ?? [])],
      { database, settings: running.settings, clock: running.clock, dataDir: config.dataDir },
      (message) => running.log.error(message),
    );
    return {
      app: running,
      database,
      admin,
      async close() {
        // No new task starts; one that is running finishes while requests in flight do.
        await Promise.all([stopTasks(), running.close()]);
        await database.close();
      },
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}
