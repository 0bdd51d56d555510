import fs from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { HttpError, sendError } from './errors.js';

/**
 * What both the normal app and the setup app do with every response: security headers and error shapes.
 * `extraConnectSource` names one more origin the client may call (the configured usage logger).
 */
export async function installCommon(app: FastifyInstance, extraConnectSource: () => string | null = () => null): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        // Read per response: an administrator may set the usage logger's URL at any time.
        connectSrc: ["'self'", () => extraConnectSource() ?? "'self'"],
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
      // Fastify's own client errors (malformed JSON, body too large, wrong content type): say what, no stack.
      const invalid = ['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY'].includes(error.code);
      return sendError(reply, status, invalid ? 'BAD_REQUEST_INVALID_PAYLOAD' : error.code, error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'INTERNAL_SERVER_ERROR');
  });
}

/** The built client: its files, and index.html for every other GET path outside /api (the client routes). */
export async function serveClient(app: FastifyInstance, clientDir: string): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  if (hasClient) await app.register(fastifyStatic, { root: clientDir, prefix: '/', wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (url === '/api' || url.startsWith('/api/') || request.method !== 'GET') return sendError(reply, 404);
    if (!hasClient) return reply.code(404).type('text/plain').send('The client is not built: run `npm run build`.');
    return reply.type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
  });
}
