import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sendError } from '../http/errors.js';
import { ALREADY_CONFIGURED } from '../setup/messages.js';

/**
 * The first-run setup wizard's calls (setup/*) as the configured server answers them: the wizard lives in
 * setup mode only (src/server/setup/app.ts), so here every one of them refuses: setup is closed once configured.
 */
export const setupRoutes: FastifyPluginAsync = async (app) => {
  const refuse = { config: { access: 'none' as const } };
  const handler = async (_request: unknown, reply: FastifyReply) =>
    sendError(reply, 503, 'UNAVAILABLE_ALREADY_CONFIGURED', ALREADY_CONFIGURED);
  app.get('/setup/check', refuse, handler);
  app.post('/setup/check/database', refuse, handler);
  app.post('/setup/check/gatekeeper', refuse, handler);
  app.post('/setup/store', refuse, handler);
};
