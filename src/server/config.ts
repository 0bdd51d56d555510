import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AUTH_MODES, type AuthMode } from '../core/roles.js';
import { configFileOf, readConfigFile } from './setup/config-file.js';

/** Server configuration, read once from the environment (every variable is documented in README). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… selects PostgreSQL; otherwise SQLite at `sqliteFile`. */
  databaseUrl: string | null;
  sqliteFile: string;
  /** PostgreSQL schema to use (tests give each run its own). */
  databaseSchema: string | null;
  /** DATA_DIR/config.json, written by the setup wizard. */
  configFile: string;
  /** Where the database choice came from: DATABASE_URL, config.json, or the embedded default. */
  databaseSource: 'environment' | 'config-file' | 'default';
  authMode: AuthMode;
  adminUsername: string;
  adminPassword: string | null;
  tokenLifetimeMs: number;
  /** Largest page a table call may return; bigger limits are capped. */
  maxPageSize: number;
  /** Largest upload (bytes) the importer accepts. */
  maxUploadBytes: number;
  /** Heap limit (MB) of an import job's worker thread (IMPORT_MAX_MEMORY_MB); past it the job fails. */
  importMaxMemoryMb: number;
  /** Load the demo data into an empty embedded database on first start. */
  loadDemoData: boolean;
  /** Where the built client lives (index.html and chunks). */
  clientDir: string;
  logLevel: string;
  /** Login and registration attempts allowed per minute from one client address (RATE_LIMIT_PER_CLIENT). */
  rateLimitPerClient: number;
  /** Login and registration attempts allowed per minute for one account name (RATE_LIMIT_PER_ACCOUNT). */
  rateLimitPerAccount: number;
  /** READ_POOL_SIZE: read connections that serve table pages, counts, ids and exports off the event loop. */
  readPoolSize: number;
  /** READ_QUEUE_LIMIT: table reads waiting for a read connection beyond which new ones answer 503 (load shedding). */
  readQueueLimit: number;
  /** TABLE_TIMEOUT_MS: a table request (waiting included) that takes longer answers 503 and its query is stopped. */
  tableTimeoutMs: number;
  /** STATEMENT_TIMEOUT_MS: PostgreSQL's statement_timeout on the read connections (0 = none). */
  statementTimeoutMs: number;
  /**
   * TRUST_PROXY: whose X-Forwarded-For hops give the client address: nobody (false), the last n hops (a
   * number; `true` is 1), or the proxies' addresses/CIDRs (then only hops from those count).
   */
  trustProxy: false | number | string[];
  /** REDIS_URL: login limit counters in Redis (shared by every process); null = PostgreSQL or memory. */
  redisUrl: string | null;
  /** WORKERS: server processes (node:cluster) on this machine; `--workers N` overrides it. */
  workers: number;
  /** SHUTDOWN_TIMEOUT_MS: how long SIGTERM waits for requests in flight before closing their connections. */
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be an integer ≥ ${min} (was "${raw}")`);
  return value;
}

// proxy-addr's names for the private ranges, accepted besides addresses and CIDRs.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY. `true` used to mean "believe any X-Forwarded-For", which lets every client choose its own
 * address; it now means one hop (the proxy in front of us), and start-up says so.
 */
function trustProxy(raw: string | undefined): false | number | string[] {
  const text = raw?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
    if (!PROXY_RANGE_NAMES.has(entry) && (family === 0 || !prefixOk || rest.length > 0)) {
      throw new ConfigError(`TRUST_PROXY must be false, true, a hop count or proxy addresses/CIDRs, comma-separated (was "${raw}")`);
    }
  }
  return entries.length === 0 ? false : entries;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function of the hop's position: Fastify's own
 * number option trusts no hop at all.
 */
export function fastifyTrustProxy(config: Pick<ServerConfig, 'trustProxy'>): false | string[] | ((address: string, hop: number) => boolean) {
  const { trustProxy } = config;
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}

/** What start-up should tell the operator about TRUST_PROXY, if anything. */
export function trustProxyNote(config: Pick<ServerConfig, 'trustProxy'>): string | null {
  if (typeof config.trustProxy !== 'number') return null;
  return (
    `TRUST_PROXY trusts the last ${config.trustProxy} X-Forwarded-For hop(s) ("true" means 1): safe only when every ` +
    'request comes through that many proxies; naming the proxies\' addresses instead is safer'
  );
}

function redisUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  if (!/^rediss?:\/\//.test(raw)) throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  return raw;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const dataDir = path.resolve(cwd, env.DATA_DIR || './data');
  const authMode = (env.AUTH_MODE || 'SELECTIVE').toUpperCase();
  if (!AUTH_MODES.includes(authMode as AuthMode)) {
    throw new ConfigError(`AUTH_MODE must be one of ${AUTH_MODES.join(', ')} (was "${env.AUTH_MODE}")`);
  }
  let databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  let sqliteFile = path.join(dataDir, 'germinate.sqlite');
  let databaseSchema = env.DATABASE_SCHEMA || null;
  let databaseSource: ServerConfig['databaseSource'] = databaseUrl ? 'environment' : 'default';
  const configFile = configFileOf(dataDir);
  if (!databaseUrl) {
    // DATABASE_URL wins over the wizard's choice, so a deployment can override it without editing files.
    let stored;
    try {
      stored = readConfigFile(configFile);
    } catch (error) {
      throw new ConfigError((error as Error).message);
    }
    if (stored) {
      databaseSource = 'config-file';
      if (stored.database.type === 'sqlite') sqliteFile = stored.database.file;
      else {
        databaseUrl = stored.database.url;
        databaseSchema ??= stored.database.schema;
      }
    }
  }
  return {
    port: integer(env, 'PORT', 8080, 0),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    sqliteFile,
    databaseSchema,
    configFile,
    databaseSource,
    authMode: authMode as AuthMode,
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || null,
    tokenLifetimeMs: integer(env, 'TOKEN_LIFETIME_MS', 43_200_000, 1000),
    maxPageSize: integer(env, 'MAX_PAGE_SIZE', 5000, 1),
    maxUploadBytes: integer(env, 'MAX_UPLOAD_BYTES', 100 * 1024 * 1024, 1),
    importMaxMemoryMb: integer(env, 'IMPORT_MAX_MEMORY_MB', 512, 64),
    loadDemoData: env.DEMO_DATA !== 'false',
    clientDir: path.resolve(cwd, env.CLIENT_DIR || './dist/client'),
    logLevel: env.LOG_LEVEL || 'info',
    rateLimitPerClient: integer(env, 'RATE_LIMIT_PER_CLIENT', 30, 1),
    rateLimitPerAccount: integer(env, 'RATE_LIMIT_PER_ACCOUNT', 10, 1),
    readPoolSize: integer(env, 'READ_POOL_SIZE', Math.min(4, Math.max(2, os.availableParallelism())), 1),
    readQueueLimit: integer(env, 'READ_QUEUE_LIMIT', 200, 0),
    tableTimeoutMs: integer(env, 'TABLE_TIMEOUT_MS', 15_000, 1),
    statementTimeoutMs: integer(env, 'STATEMENT_TIMEOUT_MS', 30_000, 0),
    trustProxy: trustProxy(env.TRUST_PROXY),
    redisUrl: redisUrl(env.REDIS_URL),
    workers: integer(env, 'WORKERS', 1, 1),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0),
  };
}

/**
 * Setup mode (unavailable once configured): asked for with `--setup`, and only while nothing chose a database yet (no
 * DATABASE_URL, no config.json). Without the flag an unconfigured server runs the embedded SQLite.
 */
export function setupRequested(argv: readonly string[], config: ServerConfig): boolean {
  return argv.includes('--setup') && config.databaseSource === 'default';
}
