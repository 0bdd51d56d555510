import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { ServerConfig } from './config.js';
import type { Database } from './db/database.js';
import { coreMigrations } from './db/core-migrations.js';
import { accountMigrations } from './db/accounts-migrations.js';
import { migrate } from './db/migration.js';
import type { Kysely } from 'kysely';
import type { Clock } from './fastify-types.js';
import './fastify-types.js';
import { installAccessHook } from './auth/access.js';
import { HttpError, sendError } from './http/errors.js';
import { SettingsStore } from './settings.js';
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
import { setupRoutes } from './routes/setup.js';
import type { ServerPlugin } from './plugin.js';

export interface AppOptions {
  config: ServerConfig;
  database: Database;
  plugins: ServerPlugin[];
  clock?: Clock;
  /** Directory of locales/*.json */
  localesDir: string;
  logger?: boolean;
}

/** Runs every migration of core and of the plugins, in name order. */
export async function migrateAll(database: Database, plugins: ServerPlugin[]): Promise<void> {
  const migrations = [...coreMigrations, ...accountMigrations, ...plugins.flatMap((p) => p.migrations ?? [])];
  await migrate(database.db as unknown as Kysely<unknown>, database.dialect, migrations, database.schema);
}

/** The Fastify app: core routes, each plugin's routes under /api, the client for every other path. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: 10 * 1024 * 1024,
    // Node reads "Bearer …" headers; keep the default (no trust of proxy headers unless configured).
    return503OnClosing: true,
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('clock', options.clock ?? { now: () => Date.now() });
  app.decorate('settings', new SettingsStore(database.db, config.authMode));

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  // An empty JSON body is no body (as in Germinate), so `DELETE token` without one is a 404 and a table
  // call uses its defaults; anything else goes to Fastify's parser (which also refuses __proto__ keys).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.reasonPhrase, error.message);
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, wrong content type): say what, no stack.
      const reason = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'BAD_REQUEST_INVALID_PAYLOAD' : error.code;
      return sendError(reply, status, reason, error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'INTERNAL_SERVER_ERROR');
  });

  installAccessHook(app);

  await app.register(
    async (api) => {
      await api.register(tokenRoutes);
      await api.register(settingsRoutes, { localesDir: options.localesDir });
      await api.register(statsRoutes, { plugins: options.plugins });
      for (const routes of [
        gatekeeperRoutes, userRoutes, usergroupRoutes, datasetPermissionRoutes, auditRoutes, feedbackRoutes, commentRoutes, setupRoutes,
      ]) {
        await api.register(routes);
      }
      for (const plugin of options.plugins) if (plugin.routes) await api.register(plugin.routes);
    },
    { prefix: '/api' },
  );

  const indexFile = path.join(config.clientDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, { root: config.clientDir, prefix: '/', wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (url === '/api' || url.startsWith('/api/') || request.method !== 'GET') return sendError(reply, 404);
    // Every other path belongs to the client's router.
    if (!hasClient) return reply.code(404).type('text/plain').send('The client is not built: run `npm run build`.');
    return reply.type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
  });
  return app;
}
