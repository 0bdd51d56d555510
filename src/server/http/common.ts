import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import { compressAnswer } from './compress.js';
import { HttpError, sendError } from './errors.js';
import { rejectNulInAddress, rejectNulInBody } from './validate.js';

export { serveClient } from './client-files.js';

/** A year with subdomains: helmet's default, which it may only send over HTTPS (see httpsOnlyHeaders). */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Origins the settings add to the security policy (the usage logger, the map tile server); null = none. */
export interface ExtraSources {
  connect: readonly (string | null)[];
  img: readonly (string | null)[];
}

/** One directive's added origins, or 'self' again when there are none (a function must give a source). */
const sources = (origins: readonly (string | null)[]): string => origins.filter((o): o is string => o !== null).join(' ') || "'self'";

/**
 * What both the normal app and the setup app do with every response: security headers and error shapes.
 * `extraSources` names the origins the administrators' settings let the client reach, read per response.
 */
export async function installCommon(app: FastifyInstance, extraSources: () => ExtraSources = () => ({ connect: [], img: [] })): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', () => sources(extraSources().img)],
        workerSrc: ["'self'", 'blob:'],
        // Read per response: an administrator may set the usage logger's or the tile server's URL at any time.
        connectSrc: ["'self'", () => sources(extraSources().connect)],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        // Added per request by httpsOnlyHeaders: over plain HTTP it would send the page's scripts to HTTPS.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', httpsOnlyHeaders);
  app.addHook('onRequest', apiNoStore);
  app.addHook('onRequest', rejectNulInAddress);
  app.addHook('preValidation', rejectNulInBody);
  app.addHook('onSend', compressAnswer);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return sendError(reply.headers(error.headers ?? {}), error.statusCode, error.reasonPhrase, error.message);
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

/**
 * Every answer under /api is `no-store` unless its route sets its own policy (an image by id may be kept
 * privately): answers are per caller (a login answer holds the token, tables hold private datasets) and
 * change at any time, so neither a shared proxy nor the browser of a shared computer may keep them.
 */
async function apiNoStore(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const url = request.url;
  if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) reply.header('cache-control', 'no-store');
}

/**
 * `upgrade-insecure-requests` and HSTS only for a request that came over HTTPS. Over plain HTTP from any
 * host but localhost (a LAN address, an intranet name) the browser would fetch the scripts over HTTPS,
 * which such a server does not speak: a blank page. The protocol is the connection's own, or
 * X-Forwarded-Proto from a proxy that TRUST_PROXY names (Fastify's `request.protocol` trusts no other).
 */
async function httpsOnlyHeaders(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.protocol !== 'https') return;
  reply.header('strict-transport-security', HSTS);
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') reply.header('content-security-policy', `${policy};upgrade-insecure-requests`);
}
