import cluster, { type Worker } from 'node:cluster';
import { migrateAll } from './app.js';
import { ensureFirstAdmin } from './auth/users.js';
import { ConfigError, type ServerConfig } from './config.js';
import { openDatabase, type DialectName } from './db/database.js';
import { loadDemoData } from './demo.js';
import type { ServerPlugin } from './plugin.js';

/** `--workers N` (or `--workers=N`) from the command line, else WORKERS; at least 1. */
export function workerCount(argv: readonly string[], fallback: number): number {
  const at = argv.findIndex((a) => a === '--workers' || a.startsWith('--workers='));
  if (at < 0) return fallback;
  const raw = argv[at].includes('=') ? argv[at].slice('--workers='.length) : argv[at + 1];
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new ConfigError(`--workers must be an integer ≥ 1 (was "${raw ?? ''}")`);
  return value;
}

export interface Prepared {
  dialect: DialectName;
  admin: { username: string; generatedPassword: string | null } | null;
}

/**
 * What must happen once before any worker starts: migrate, create the first administrator, load the demo
 * data into a new embedded database. Done by the primary alone, so that workers starting together never
 * race to create the administrator (each would make up a password) or to load the demo data twice; each
 * worker then finds nothing left to do. (Concurrent migrations alone would be safe: migrate() takes a lock.)
 */
export async function prepareOnce(config: ServerConfig, plugins: ServerPlugin[], root: string, log: (m: string) => void): Promise<Prepared> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, schema: config.databaseSchema });
  try {
    await migrateAll(database, plugins);
    const admin = await ensureFirstAdmin(database.db, config.adminUsername, config.adminPassword, new Date());
    if (config.loadDemoData && database.dialect === 'sqlite') await loadDemoData(database, plugins, root, log, { dataDir: config.dataDir });
    return { dialect: database.dialect, admin };
  } finally {
    await database.close();
  }
}

export interface PrimaryOptions {
  workers: number;
  /** SHUTDOWN_TIMEOUT_MS: each worker's deadline for requests in flight. */
  shutdownTimeoutMs: number;
  log(message: string): void;
  /** Called once, when every first worker listens. */
  onListening(): void;
  /** Leaves the process once every worker has ended. */
  exit?(code: number): void;
}

/** A worker that lived this long was healthy: the next death starts the backoff from the beginning. */
const HEALTHY_AFTER_MS = 30_000;
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;
/** Beyond a worker's own deadline (SHUTDOWN_TIMEOUT_MS and its grace), how long the primary waits before killing it. */
const STOP_MARGIN_MS = 20_000;

/**
 * The cluster's primary: forks the workers (each a whole server sharing the port: node:cluster hands the
 * connections out), forks a replacement when one dies, waiting longer after each quick death (0.5 s
 * doubling to 30 s) so that a worker failing at start does not spin, and on SIGTERM/SIGINT forwards
 * SIGTERM to every worker and exits when all have stopped (each drains its own requests and jobs).
 */
export function runPrimary(options: PrimaryOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const startedAt = new Map<Worker, number>();
  const pending = new Set<NodeJS.Timeout>();
  let quickDeaths = 0;
  let stopping = false;
  let waitingToListen = options.workers;

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    worker.once('listening', () => {
      if (waitingToListen === 0) options.log(`Worker ${worker.process.pid} replaces it`);
      else if (--waitingToListen === 0) options.onListening();
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) exit(0);
      return;
    }
    quickDeaths = lived >= HEALTHY_AFTER_MS ? 0 : quickDeaths + 1;
    const delay = quickDeaths === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (quickDeaths - 1));
    options.log(`Worker ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another in ${delay / 1000} s`);
    const timer = setTimeout(() => {
      pending.delete(timer);
      fork();
    }, delay);
    pending.add(timer);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    pending.forEach((t) => clearTimeout(t));
    options.log(`${signal}: stopping ${startedAt.size} worker(s)`);
    if (startedAt.size === 0) return exit(0);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      options.log('Workers did not stop in time: killing them');
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
      exit(1);
    }, options.shutdownTimeoutMs + STOP_MARGIN_MS).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  for (let i = 0; i < options.workers; i++) fork();
}
