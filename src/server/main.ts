import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, readConfig, setupRequested, type ServerConfig } from './config.js';
import { serverPlugins } from '../plugins/server.js';
import { startGerminate, type RunningApp } from './setup/start-app.js';
import { startSetupServer } from './setup/server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (message: string) => console.log(message);

function banner(config: ServerConfig, running: RunningApp): void {
  const where = running.database.dialect === 'sqlite' ? config.sqliteFile : 'PostgreSQL';
  console.log(`\nGerminate Workspace is running at http://localhost:${config.port} (database: ${where}, auth mode ${config.authMode})`);
  const admin = running.admin;
  if (admin?.generatedPassword) {
    console.log(`First administrator: ${admin.username} / ${admin.generatedPassword}   (shown once: change it or set ADMIN_PASSWORD)`);
  } else if (admin) {
    console.log(`First administrator: ${admin.username} (password from ADMIN_PASSWORD)`);
  }
}

function onSignals(stop: () => Promise<void>): void {
  const shutdown = async () => {
    await stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

async function serve(config: ServerConfig): Promise<void> {
  const running = await startGerminate(config, { root, plugins: serverPlugins, log });
  onSignals(running.close);
  await running.app.listen({ port: config.port, host: config.host });
  banner(config, running);
}

/** `--setup` with nothing configured: the wizard, then the normal app on the same port. */
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
  onSignals(setup.close);
  console.log(`\nGerminate Workspace setup: open http://localhost:${config.port}/setup to configure this server.`);
  setup.switched.then(
    (running) => banner(normalConfig, running),
    (error: unknown) => {
      console.error('The setup was stored, but the server could not start with it:', error);
      process.exit(1);
    },
  );
}

async function main(): Promise<void> {
  const config = readConfig(process.env, root);
  if (setupRequested(process.argv.slice(2), config)) await serveSetup(config);
  else await serve(config);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
