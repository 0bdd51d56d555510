import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasRole, roleOf } from '../../core/roles.js';
import { sendError } from '../http/errors.js';
import { imageTokenUser } from './image-token.js';
import { validateToken } from './tokens.js';
import type { RouteAccess } from '../fastify-types.js';

/** The bearer token of a request, or null ("Bearer null" is Germinate's client saying "no token"). */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  // The scheme name is case-insensitive (RFC 9110 §11.1); Germinate compares it lower-cased too.
  const match = header ? /^bearer\s+(.*)$/is.exec(header) : null;
  if (!match) return null;
  const token = match[1].trim();
  return token === '' || token === 'null' || token === 'undefined' ? null : token;
}

/**
 * The one place where authMode and each route's minimum role are enforced (docs/germinate-api.md, Authentication):
 * - NONE: everyone is anonymous; role routes answer 403.
 * - SELECTIVE: anonymous callers may use public routes; a token, when sent, must be valid (else 401);
 *   role routes need a token (401 without, 403 when the role is too low).
 * - FULL: every protected route needs a valid token (401), then the role check (403).
 * Image routes take the image token from the query instead: under FULL a live one is
 * required (403, as Germinate answers); otherwise a live one identifies the caller and any other is ignored.
 */
export function installAccessHook(app: FastifyInstance): void {
  app.decorateRequest('user', null);

  app.decorate('routeAccess', [] as RouteAccess[]);
  app.addHook('onRoute', (route) => {
    // '/api' itself too: a plugin's '/' route must not slip past the access check.
    if (route.url !== '/api' && !route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (access === undefined) throw new Error(`Route ${route.method} ${route.url} declares no access (config.access)`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeAccess.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === 'none') return;
    const mode = app.config.authMode;
    if (access === 'image') {
      if (mode === 'NONE') return;
      const query = request.query as Record<string, unknown> | undefined;
      const token = typeof query?.token === 'string' ? query.token.trim() : '';
      if (token) request.user = await imageTokenUser(app.database.db, token, app.clock.now());
      if (mode === 'FULL' && !request.user) return sendError(reply, 403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS');
      return;
    }
    if (mode === 'NONE') {
      if (access !== 'public') return sendError(reply, 403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS');
      return;
    }
    const token = bearerToken(request);
    if (token) {
      request.user = await validateToken(app.database.db, token, app.clock.now());
      if (!request.user) return sendError(reply, 401, 'UNAUTHORIZED');
    } else if (mode === 'FULL' || access !== 'public') {
      return sendError(reply, 401, 'UNAUTHORIZED');
    }
    if (access === 'public') return;
    if (!hasRole(roleOf(request.user?.userType), access)) {
      return sendError(reply, 403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS');
    }
  });
}
