import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, readConfig, setupRequested, type ServerConfig } from './config.js';
import { serverPlugins } from '../plugins/server.js';
import { startGerminate } from './setup/start-app.js';
import { startSetupServer } from './setup/server.js';
import { prepareOnce, runPrimary, workerCount, type Prepared } from './cluster.js';
import { stopGracefullyOnSignals } from './shutdown.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (message: string) => console.log(message);

function banner(config: ServerConfig, prepared: Prepared, workers = 1): void {
  const where = prepared.dialect === 'sqlite' ? config.sqliteFile : 'PostgreSQL';
  const processes = workers > 1 ? `, ${workers} worker processes` : '';
  console.log(`\nGerminate Workspace is running at http://localhost:${config.port} (database: ${where}, auth mode ${config.authMode}${processes})`);
  const admin = prepared.admin;
  if (admin?.generatedPassword) {
    console.log(`First administrator: ${admin.username} / ${admin.generatedPassword}   (shown once: change it or set ADMIN_PASSWORD)`);
  } else if (admin) {
    console.log(`First administrator: ${admin.username} (password from ADMIN_PASSWORD)`);
  }
}

/** One server process; a cluster worker leaves the banner to its primary. */
async function serve(config: ServerConfig): Promise<void> {
  const running = await startGerminate(config, { root, plugins: serverPlugins, log });
  stopGracefullyOnSignals({
    stop: running.close,
    forceClose: () => running.app.server.closeAllConnections(),
    timeoutMs: config.shutdownTimeoutMs,
    log: (message) => running.app.log.warn(message),
  });
  await running.app.listen({ port: config.port, host: config.host });
  if (cluster.isPrimary) banner(config, { dialect: running.database.dialect, admin: running.admin });
}

/** `--workers N`: the primary prepares the database once, then forks the workers (cluster.ts). */
async function serveCluster(config: ServerConfig, workers: number): Promise<void> {
  const prepared = await prepareOnce(config, serverPlugins, root, log);
  if (prepared.dialect === 'sqlite') {
    log(`${workers} processes share one SQLite file: reads run side by side, writes one at a time, login limits count per process unless REDIS_URL is set (PostgreSQL scales further)`);
  }
  runPrimary({ workers, shutdownTimeoutMs: config.shutdownTimeoutMs, log, onListening: () => banner(config, prepared, workers) });
}

/** `--setup` with nothing configured: the wizard, then the normal app on the same port (one process). */
async function serveSetup(config: ServerConfig): Promise<void> {
  let normalConfig = config;
  const setup = await startSetupServer({
    config,
    plugins: serverPlugins,
    localesDir: path.join(root, 'locales'),
    // The wizard wrote DATA_DIR/config.json: read the configuration again, exactly as a later start will.
    startNormal: () => {
      normalConfig = readConfig(process.env, root);
      return startGerminate(normalConfig, { root, plugins: serverPlugins, log });
    },
  });
  stopGracefullyOnSignals({ stop: setup.close, timeoutMs: config.shutdownTimeoutMs, log });
  console.log(`\nGerminate Workspace setup: open http://localhost:${config.port}/setup to configure this server.`);
  setup.switched.then(
    (running) => banner(normalConfig, { dialect: running.database.dialect, admin: running.admin }),
    (error: unknown) => {
      console.error('The setup was stored, but the server could not start with it:', error);
      process.exit(1);
    },
  );
}

async function main(): Promise<void> {
  const config = readConfig(process.env, root);
  const argv = process.argv.slice(2);
  if (setupRequested(argv, config)) return serveSetup(config);
  const workers = workerCount(argv, config.workers);
  if (workers > 1 && cluster.isPrimary) return serveCluster(config, workers);
  await serve(config);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
