import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { fastifyTrustProxy, type ServerConfig } from '../config.js';
import type { Clock } from '../fastify-types.js';
import '../fastify-types.js';
import { installAccessHook } from '../auth/access.js';
import { sendError } from '../http/errors.js';
import { installCommon, serveClient } from '../http/common.js';
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
 * The server before anything is configured: no database yet, so only the wizard's calls, the
 * texts, and the client. GET settings answers 503, which is what sends the client to /setup.
 */
export async function buildSetupApp(options: SetupAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({ logger: options.logger === false ? false : { level: config.logLevel }, return503OnClosing: true, trustProxy: fastifyTrustProxy(config) });
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? { now: () => Date.now() });

  await installCommon(app);
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

  await serveClient(app, config.clientDir);
  return app;
}
