import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { ServerConfig } from '../config.js';
import { sendError } from '../http/errors.js';

/**
 * Limits on guessing passwords and flooding registrations (POST token, gatekeeper/user/new,
 * gatekeeper/user/existing): per client address and per account name, each per minute. The three calls
 * share one budget, so switching from login to "request access" does not reset the count.
 */
export interface LoginRateLimits {
  /** onRequest hook: before the body is even read. */
  perClient(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  /** preHandler hook: needs the parsed body for the account name. */
  perAccount(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  /** onRequest hook for the feedback form and its captcha images (each image costs a render): per client. */
  feedbackPerClient(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
}

const WINDOW_MS = 60_000;

/**
 * The account name a login or registration body is about, lower-cased: `username` (token,
 * user/existing) or `user.userUsername` (user/new). Null when there is none (the per-client limit still
 * applies).
 */
export function accountName(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as { username?: unknown; user?: unknown };
  let name: unknown = record.username;
  if (name === undefined && record.user && typeof record.user === 'object') name = (record.user as { userUsername?: unknown }).userUsername;
  if (typeof name !== 'string' || name.trim() === '') return null;
  return name.trim().toLowerCase();
}

function tooMany(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  // One answer whether or not the account exists: the count is kept per name, never per user.
  reply.header('Retry-After', String(Math.max(1, retryAfterSeconds)));
  return sendError(reply, 429, 'TOO_MANY_REQUESTS', 'Too many attempts. Please wait a minute and try again.');
}

// The route modules are sibling Fastify contexts; keyed by the app's one config object they share one
// pair of counters instead of one per module.
const shared = new WeakMap<ServerConfig, Promise<LoginRateLimits>>();

async function create(app: FastifyInstance): Promise<LoginRateLimits> {
  // global: false — only the routes that use these hooks are limited.
  await app.register(rateLimit, { global: false });
  const byClient = app.createRateLimit({ max: app.config.rateLimitPerClient, timeWindow: WINDOW_MS });
  const byAccount = app.createRateLimit({
    max: app.config.rateLimitPerAccount,
    timeWindow: WINDOW_MS,
    // Only called when accountName() found one (see perAccount).
    keyGenerator: (request) => `account:${accountName(request.body)}`,
  });
  const feedbackByClient = app.createRateLimit({
    max: app.config.rateLimitPerClient,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `feedback:${request.ip}`,
  });
  return {
    async feedbackPerClient(request, reply) {
      const limit = await feedbackByClient(request);
      if (!limit.isAllowed && limit.isExceeded) return tooMany(reply, limit.ttlInSeconds);
      return undefined;
    },
    async perClient(request, reply) {
      const limit = await byClient(request);
      if (!limit.isAllowed && limit.isExceeded) return tooMany(reply, limit.ttlInSeconds);
      return undefined;
    },
    async perAccount(request, reply) {
      if (accountName(request.body) === null) return undefined;
      const limit = await byAccount(request);
      if (!limit.isAllowed && limit.isExceeded) return tooMany(reply, limit.ttlInSeconds);
      return undefined;
    },
  };
}

/** The shared limits of this app (the first route module to ask registers @fastify/rate-limit). */
export function loginRateLimits(app: FastifyInstance): Promise<LoginRateLimits> {
  let limits = shared.get(app.config);
  if (!limits) {
    limits = create(app);
    shared.set(app.config, limits);
  }
  return limits;
}
