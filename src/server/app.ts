import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { fastifyTrustProxy, type ServerConfig } from './config.js';
import type { Database } from './db/database.js';
import { coreMigrations } from './db/core-migrations.js';
import { accountMigrations } from './db/accounts-migrations.js';
import { jobMigrations } from './db/jobs-migrations.js';
import { sharedMigrations } from './db/shared-migrations.js';
import { migrate, type MigrationResult } from './db/migration.js';
import { sql, type Kysely } from 'kysely';
import type { Clock } from './fastify-types.js';
import './fastify-types.js';
import { installAccessHook } from './auth/access.js';
import { installCommon, serveClient } from './http/common.js';
import { closeConnectionsWhenAnswered } from './http/close-connections.js';
import { loggerOptions, type LogDestination } from './http/request-log.js';
import { SettingsStore } from './settings.js';
import { hiddenPagesDiscovery } from './hidden-pages.js';
import { tokenRoutes } from './routes/token.js';
import { settingsRoutes } from './routes/settings.js';
import { statsRoutes } from './routes/stats.js';
import { gatekeeperRoutes } from './routes/gatekeeper.js';
import { userRoutes } from './routes/users.js';
import { usergroupRoutes } from './routes/usergroups.js';
import { datasetPermissionRoutes } from './routes/dataset-permissions.js';
import { auditRoutes } from './routes/audit.js';
import { feedbackRoutes } from './routes/feedback.js';
import { commentRoutes } from './routes/comments.js';
import { backupRoutes } from './routes/backup.js';
import { setupRoutes } from './routes/setup.js';
import { orderPlugins, type ServerPlugin } from './plugin.js';
import type { DatabaseOptions } from './db/database.js';
import { JobRunner } from './jobs/runner.js';
import { importJobRoutes } from './routes/import-jobs.js';
import { healthRoutes } from './routes/health.js';

export interface AppOptions {
  config: ServerConfig;
  database: Database;
  plugins: ServerPlugin[];
  clock?: Clock;
  /** Directory of locales/*.json */
  localesDir: string;
  logger?: boolean;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: LogDestination;
  /**
   * The job runner (imports run in worker threads): on unless `run: false`. A worker opens its own
   * connection, by default from `config`; callers that opened the database otherwise say how.
   */
  jobs?: { run?: boolean; connection?: DatabaseOptions; pollMs?: number; heartbeatMs?: number; staleMs?: number };
  /** Germinate's blank templates (default <repository>/demo/templates). */
  templatesDir?: string;
}

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs the migrations that have not run yet: core's first, then each plugin's after those of the plugins
 * it requires (throws PluginRequirementError, before touching the database, when a requirement is missing
 * or cyclic).
 */
export async function migrateAll(database: Database, plugins: readonly ServerPlugin[]): Promise<MigrationResult> {
  const core = [...coreMigrations, ...accountMigrations, ...jobMigrations, ...sharedMigrations];
  const migrations = [...core, ...orderPlugins(plugins).flatMap((p) => p.migrations ?? [])];
  const result = await migrate(database.db as unknown as Kysely<unknown>, database.dialect, migrations, database.schema);
  if (result.ran.length > 0) await refreshPlannerStatistics(database);
  return result;
}

/**
 * After migrations, the planners learn the new indexes: without statistics SQLite ignored a new index
 * that serves a filter (135 ms instead of 2 ms at 10^6 germplasm) until someone ran ANALYZE. SQLite
 * samples (analysis_limit) so a large table costs milliseconds; PostgreSQL's ANALYZE samples anyway.
 */
async function refreshPlannerStatistics(database: Database): Promise<void> {
  if (database.sqlite) {
    database.sqlite.pragma('analysis_limit = 1000');
    database.sqlite.pragma('optimize = 0x10002');
    return;
  }
  // This schema's tables that hold rows (a bare ANALYZE would read every schema of the database).
  const tables = await sql<{ name: string }>`SELECT relname AS name FROM pg_stat_user_tables
    WHERE schemaname = current_schema() AND n_live_tup > 0`.execute(database.db);
  for (const { name } of tables.rows) await sql`ANALYZE ${sql.table(name)}`.execute(database.db);
}

/** The Fastify app: core routes, each plugin's routes under /api, the client for every other path. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // A plugin without the plugins it requires would fail on its first request; refuse to start instead.
  orderPlugins(options.plugins);
  const app = Fastify({
    // Request URLs are logged with their token parameters redacted (image URLs carry the image token).
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    bodyLimit: 10 * 1024 * 1024,
    // Node reads "Bearer …" headers; keep the default (no trust of proxy headers unless configured).
    return503OnClosing: true,
    // Behind a reverse proxy the client's address comes from X-Forwarded-For (rate limits are per client).
    trustProxy: fastifyTrustProxy(config),
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('clock', options.clock ?? { now: () => Date.now() });
  app.decorate('settings', new SettingsStore(database.db, config.authMode, hiddenPagesDiscovery(database, options.plugins, () => app.clock.now())));

  // Known before the first page is served: the page's policy decides what the client may call.
  await app.settings.read();
  await installCommon(app, () => ({ connect: [app.settings.usageLoggerOrigin, app.settings.mapTileOrigin], img: [app.settings.mapTileOrigin] }));
  closeConnectionsWhenAnswered(app);

  // An empty JSON body is no body (as in Germinate), so `DELETE token` without one is a 404 and a table
  // call uses its defaults; anything else goes to Fastify's parser (which also refuses __proto__ keys).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });

  installAccessHook(app);
  installJobRunner(app, options);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(tokenRoutes);
      await api.register(settingsRoutes, { localesDir: options.localesDir });
      await api.register(statsRoutes, { plugins: options.plugins });
      for (const routes of [
        gatekeeperRoutes, userRoutes, usergroupRoutes, datasetPermissionRoutes, auditRoutes, feedbackRoutes, commentRoutes, setupRoutes, backupRoutes,
      ]) {
        await api.register(routes);
      }
      await api.register(importJobRoutes(options.plugins, options.templatesDir ?? path.join(REPOSITORY, 'demo/templates')));
      for (const plugin of options.plugins) if (plugin.routes) await api.register(plugin.routes);
    },
    { prefix: '/api' },
  );

  await serveClient(app, config.clientDir);
  return app;
}

/** The runner starts once the app is ready (after recovery of jobs a dead server left) and stops with it. */
function installJobRunner(app: FastifyInstance, options: AppOptions): void {
  const { config, database } = options;
  const settings = options.jobs ?? {};
  if (settings.run === false) {
    app.decorate('jobs', null);
    return;
  }
  const runner = new JobRunner({
    database,
    connection: settings.connection ?? { databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, schema: config.databaseSchema },
    dataDir: config.dataDir,
    maxBytes: config.maxUploadBytes,
    maxMemoryMb: config.importMaxMemoryMb,
    clock: app.clock,
    log: (message) => app.log.warn(message),
    pollMs: settings.pollMs,
    heartbeatMs: settings.heartbeatMs,
    staleMs: settings.staleMs,
  });
  app.decorate('jobs', runner);
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
}
