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
  /** TRUST_PROXY: true (trust X-Forwarded-For) or the proxies' addresses/CIDRs, comma-separated; default off. */
  trustProxy: boolean | string;
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

function trustProxy(raw: string | undefined): boolean | string {
  if (!raw || raw === 'false') return false;
  return raw === 'true' ? true : raw;
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
    loadDemoData: env.DEMO_DATA !== 'false',
    clientDir: path.resolve(cwd, env.CLIENT_DIR || './dist/client'),
    logLevel: env.LOG_LEVEL || 'info',
    rateLimitPerClient: integer(env, 'RATE_LIMIT_PER_CLIENT', 30, 1),
    rateLimitPerAccount: integer(env, 'RATE_LIMIT_PER_ACCOUNT', 10, 1),
    readPoolSize: integer(env, 'READ_POOL_SIZE', Math.min(4, Math.max(2, os.availableParallelism())), 1),
    readQueueLimit: integer(env, 'READ_QUEUE_LIMIT', 64, 0),
    tableTimeoutMs: integer(env, 'TABLE_TIMEOUT_MS', 15_000, 1),
    statementTimeoutMs: integer(env, 'STATEMENT_TIMEOUT_MS', 30_000, 0),
    trustProxy: trustProxy(env.TRUST_PROXY),
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
