import { createHash } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { trustProxyNote, type ServerConfig } from '../config.js';
import { clientKey, MemoryCounterStore, type CounterStore, type Hit } from './rate-limit-store.js';
import { PostgresCounterStore } from './rate-limit-postgres.js';
import { RedisCounterStore } from './rate-limit-redis.js';

/**
 * Limits on guessing passwords and flooding registrations (POST token, gatekeeper/user/new,
 * gatekeeper/user/existing), each per minute, built so that nobody can lock another person out:
 * - per client address: every call (RATE_LIMIT_PER_CLIENT), refused beyond it;
 * - per account name and client: attempts that did not succeed (RATE_LIMIT_PER_ACCOUNT), refused beyond
 *   it; a success clears that client's count for the name;
 * - per account name from all clients together: beyond RATE_LIMIT_PER_ACCOUNT attempts the answers slow
 *   down (a growing delay) but the right password from a client within its own limits still succeeds.
 * The three calls share the budgets, so switching from login to "request access" does not reset them.
 */
export interface LoginRateLimits {
  /** Hooks for a limited login or registration route: spread them into the route's options. */
  readonly login: {
    /** Per client, before the body is even read. */
    onRequest(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
    /** Per account name (needs the parsed body). */
    preHandler(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
    /** A success clears the client's count for the name. */
    onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
  };
  /** onRequest hook for the feedback form and its captcha images (each image costs a render): per client. */
  feedbackPerClient(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
}

const WINDOW_MS = 60_000;
/** The slow-down for an account attacked from many clients: doubling from the first attempt over the limit… */
const DELAY_BASE_MS = 50;
/** …up to this, so that an answer never takes long enough for a client to give up on it. */
const DELAY_MAX_MS = 5_000;

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

/** How long to hold an attempt on an account that has had `attempts` this window from all clients. */
export function accountDelayMs(attempts: number, limit: number): number {
  if (attempts <= limit) return 0;
  return Math.min(DELAY_MAX_MS, DELAY_BASE_MS * 2 ** Math.min(attempts - limit - 1, 16));
}

/** Seconds until a window closes, at least 1 (Retry-After counts whole seconds). */
export function retryAfterSeconds(hit: Hit, now: number): number {
  return Math.max(1, Math.ceil((hit.resetAt - now) / 1000));
}

function tooMany(reply: FastifyReply, seconds: number): FastifyReply {
  // One answer whether or not the account exists: counts are kept per name, never per user. The body is
  // the usual error body plus `retryAfter` (the same seconds as the header), which our login pane shows.
  reply.header('Retry-After', String(seconds));
  reply.raw.statusMessage = 'TOO_MANY_REQUESTS';
  return reply
    .code(429)
    .type('application/json; charset=utf-8')
    .send({
      statusCode: 429,
      error: 'Too Many Requests',
      reasonPhrase: 'TOO_MANY_REQUESTS',
      message: `Too many attempts. Please try again in ${seconds} seconds.`,
      retryAfter: seconds,
    });
}

/** Names go into keys hashed: no account names at rest in PostgreSQL or Redis, and keys of bounded length. */
function nameKey(name: string): string {
  return createHash('sha256').update(name).digest('base64url').slice(0, 22);
}

/**
 * Which processes share the counters: those on the same database (the same PostgreSQL database and
 * schema, or the same SQLite file), so that deployments sharing one Redis do not count together.
 */
function namespaceOf(app: FastifyInstance): string {
  const { config, database } = app;
  const identity = database.dialect === 'postgres' ? `postgres|${config.databaseUrl ?? ''}|${database.schema ?? ''}` : `sqlite|${path.resolve(config.sqliteFile)}`;
  return createHash('sha256').update(identity).digest('base64url').slice(0, 12);
}

/** Redis when REDIS_URL is set, else PostgreSQL when that is the database, else memory (one process only). */
async function openStore(app: FastifyInstance): Promise<CounterStore> {
  if (app.config.redisUrl) {
    return RedisCounterStore.connect(app.config.redisUrl, namespaceOf(app), (error) => app.log.error({ err: error }, 'login limits: Redis connection failed'));
  }
  if (app.database.dialect === 'postgres') return new PostgresCounterStore(app.database.db as unknown as Kysely<unknown>);
  return new MemoryCounterStore();
}

// The route modules are sibling Fastify contexts; keyed by the app's one config object they share one
// set of counters instead of one per module.
const shared = new WeakMap<ServerConfig, Promise<LoginRateLimits>>();

async function create(app: FastifyInstance): Promise<LoginRateLimits> {
  const store = await openStore(app);
  app.addHook('onClose', async () => store.close());
  const note = trustProxyNote(app.config);
  if (note) app.log.warn(note);
  app.log.info(`login limits: counters in ${store.kind}`);
  const { rateLimitPerClient: perClient, rateLimitPerAccount: perAccount } = app.config;
  /** The (account, client) key of a request that passed the account limits, cleared when it succeeds. */
  const pairKeys = new WeakMap<FastifyRequest, string>();

  /**
   * A store that fails lets the attempt through (and logs): the limits slow guessing down, and an outage
   * of Redis or the database should not also stop everyone from logging in.
   */
  async function hit(request: FastifyRequest, key: string): Promise<Hit | null> {
    try {
      return await store.hit(key, WINDOW_MS, app.clock.now());
    } catch (error) {
      request.log.error({ err: error }, 'login limits: counting failed');
      return null;
    }
  }

  async function perClientLimit(request: FastifyRequest, reply: FastifyReply, prefix: string): Promise<FastifyReply | undefined> {
    const counted = await hit(request, `${prefix}:${clientKey(request.ip)}`);
    if (counted && counted.count > perClient) return tooMany(reply, retryAfterSeconds(counted, app.clock.now()));
    return undefined;
  }

  return {
    login: {
      onRequest: (request, reply) => perClientLimit(request, reply, 'client'),
      async preHandler(request, reply) {
        const name = accountName(request.body);
        if (name === null) return undefined;
        const account = nameKey(name);
        const pairKey = `pair:${account}:${clientKey(request.ip)}`;
        const pair = await hit(request, pairKey);
        if (pair && pair.count > perAccount) return tooMany(reply, retryAfterSeconds(pair, app.clock.now()));
        pairKeys.set(request, pairKey);
        const all = await hit(request, `account:${account}`);
        const delay = all ? accountDelayMs(all.count, perAccount) : 0;
        if (delay > 0) await sleep(delay);
        return undefined;
      },
      async onSend(request, reply, payload) {
        const pairKey = pairKeys.get(request);
        if (pairKey && reply.statusCode < 400) {
          try {
            await store.reset(pairKey);
          } catch (error) {
            request.log.error({ err: error }, 'login limits: clearing failed');
          }
        }
        return payload;
      },
    },
    feedbackPerClient: (request, reply) => perClientLimit(request, reply, 'feedback'),
  };
}

/** The shared limits of this app (the first route module to ask opens the counter store). */
export function loginRateLimits(app: FastifyInstance): Promise<LoginRateLimits> {
  let limits = shared.get(app.config);
  if (!limits) {
    limits = create(app);
    shared.set(app.config, limits);
  }
  return limits;
}
