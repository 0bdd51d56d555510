import type { FastifyPluginAsync } from 'fastify';
import { type } from 'arktype';
import { hasRole, roleOf } from '../../core/roles.js';
import { sendError } from '../http/errors.js';
import { validate } from '../http/validate.js';
import { verifyPassword } from '../auth/passwords.js';
import { DUMMY_PASSWORD_HASH, findUserByName } from '../auth/users.js';
import { loginRateLimits } from '../auth/rate-limit.js';
import { hashToken, issueToken, revokeToken } from '../auth/tokens.js';
import { bearerToken } from '../auth/access.js';

const LoginDetails = type({ username: 'string', password: 'string', 'email?': 'string | null' });
const LogoutDetails = type({ 'username?': 'string | null', 'email?': 'string | null', password: 'string' });

export const tokenRoutes: FastifyPluginAsync = async (app) => {
  const limits = await loginRateLimits(app);
  const limited = { config: { access: 'none' as const }, ...limits.login };

  app.post('/token', limited, async (request, reply) => {
    if (app.config.authMode === 'NONE') return sendError(reply, 503);
    const body = validate(LoginDetails, request.body);
    const user = await findUserByName(app.database.db, body.username);
    const ok = await verifyPassword(body.password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
    if (!user || !ok) return sendError(reply, 403, 'FORBIDDEN_INVALID_CREDENTIALS');
    if (!hasRole(roleOf(user.user_type), 'AUTH_USER')) return sendError(reply, 403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS');
    const now = app.clock.now();
    const lifetime = app.config.tokenLifetimeMs;
    const issued = await issueToken(app.database.db, user.id, lifetime, now);
    await app.database.db.updateTable('users').set({ last_login: new Date(now).toISOString() }).where('id', '=', user.id).execute();
    reply.header(
      'Set-Cookie',
      `token=${issued.token}; Max-Age=${Math.floor(lifetime / 1000)}; Path=/; HttpOnly; SameSite=Lax`,
    );
    return {
      token: issued.token,
      imageToken: issued.imageToken,
      id: user.id,
      username: user.username,
      userType: user.user_type,
      lifetime,
      createdOn: issued.createdOn,
    };
  });

  app.delete('/token', { config: { access: 'public' } }, async (request, reply) => {
    if (app.config.authMode === 'NONE') return sendError(reply, 503);
    if (request.body === undefined || request.body === null) return sendError(reply, 404, 'NOT_FOUND_PAYLOAD');
    const body = validate(LogoutDetails, request.body);
    const token = bearerToken(request);
    if (!request.user || !token || body.password !== token) return sendError(reply, 403, 'FORBIDDEN_ACCESS_TO_OTHER_USER');
    const removed = await revokeToken(app.database.db, hashToken(token));
    reply.header('Set-Cookie', 'token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
    return removed;
  });
};
