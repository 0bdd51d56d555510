import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { ServerConfig } from '../config.js';
import type { Clock } from '../fastify-types.js';
import '../fastify-types.js';
import { installAccessHook } from '../auth/access.js';
import { HttpError, sendError } from '../http/errors.js';
import { validate } from '../http/validate.js';
import type { ServerPlugin } from '../plugin.js';
import { LOCALES } from '../routes/settings.js';
import { DatabaseDetails, GatekeeperDetails, databaseChoice, requireDatabase, requireGatekeeper } from './checks.js';
import { ALREADY_CONFIGURED, NOT_CONFIGURED } from './messages.js';
import { storeSetup } from './store.js';

export interface SetupAppOptions {
  config: ServerConfig;
  plugins: ServerPlugin[];
  localesDir: string;
  clock?: Clock;
  logger?: boolean;
  /** Called once the answer to a successful setup/store has gone out. */
  onStored(): void;
}

/**
 * The server before anything is configured (SPEC §4): no database yet, so only the wizard's calls, the
 * texts, and the client. GET settings answers 503, which is what sends the client to /setup.
 */
export async function buildSetupApp(options: SetupAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({ logger: options.logger === false ? false : { level: config.logLevel }, return503OnClosing: true });
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? { now: () => Date.now() });

  // The same policy as the normal app (src/server/app.ts): the client is the same.
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
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.reasonPhrase, error.message);
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const reason = ['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY'].includes(error.code) ? 'BAD_REQUEST_INVALID_PAYLOAD' : error.code;
      return sendError(reply, status, reason, error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'INTERNAL_SERVER_ERROR');
  });
  installAccessHook(app);

  let state: 'open' | 'storing' | 'stored' = 'open';
  let notified = false;
  const log = (message: string) => app.log.warn(message);
  await app.register(
    async (api) => {
      // No settings table before a database exists: the 503 is what sends the client to /setup.
      api.get('/settings', { config: { access: 'none' } }, async (_request, reply) =>
        sendError(reply, 503, 'UNAVAILABLE_NOT_CONFIGURED', NOT_CONFIGURED),
      );
      // The built-in texts only (an administrator's overrides need a configured server).
      api.get('/clientlocale', { config: { access: 'none' } }, async () => LOCALES);
      api.get<{ Params: { locale: string } }>('/clientlocale/:locale', { config: { access: 'none' } }, async (request, reply) => {
        if (!LOCALES.some((l) => l.locale === request.params.locale)) return sendError(reply, 404);
        const text = await fs.promises.readFile(path.join(options.localesDir, `${request.params.locale}.json`), 'utf8');
        return reply.type('text/plain; charset=utf-8').send(text);
      });
      await api.register(async (setup) => {
        // Once stored, the wizard is over even before the normal app takes the requests.
        setup.addHook('preHandler', async (_request, reply) => {
          if (state === 'stored') return sendError(reply, 503, 'UNAVAILABLE_ALREADY_CONFIGURED', ALREADY_CONFIGURED);
        });
        setup.get('/setup/check', { config: { access: 'none' } }, async (_request, reply) => reply.code(200).send());
        setup.post('/setup/check/database', { config: { access: 'none' } }, async (request, reply) => {
          const choice = databaseChoice(validate(DatabaseDetails, request.body), config.dataDir);
          await requireDatabase(choice, (cause) => log(`setup: database check failed: ${cause}`));
          return reply.code(200).send();
        });
        setup.post('/setup/check/gatekeeper', { config: { access: 'none' } }, async (request, reply) => {
          await requireGatekeeper(validate(GatekeeperDetails, request.body));
          return reply.code(200).send();
        });
        setup.post(
          '/setup/store',
          {
            config: { access: 'none' },
            onResponse: async () => {
              if (state !== 'stored' || notified) return;
              notified = true;
              options.onStored();
            },
          },
          async (request, reply) => {
            if (state === 'storing') return sendError(reply, 409, 'CONFLICT_SETUP_IN_PROGRESS', 'Another setup is being stored.');
            state = 'storing';
            try {
              await storeSetup(request.body, { config, plugins: options.plugins, now: () => new Date(app.clock.now()), log });
            } catch (error) {
              state = 'open';
              throw error;
            }
            state = 'stored';
            return true;
          },
        );
      });
    },
    { prefix: '/api' },
  );

  const indexFile = path.join(config.clientDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  if (hasClient) await app.register(fastifyStatic, { root: config.clientDir, prefix: '/', wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (url === '/api' || url.startsWith('/api/') || request.method !== 'GET') return sendError(reply, 404);
    if (!hasClient) return reply.code(404).type('text/plain').send('The client is not built: run `npm run build`.');
    return reply.type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
  });
  return app;
}
