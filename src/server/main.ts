import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, migrateAll } from './app.js';
import { ConfigError, readConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { ensureFirstAdmin } from './auth/users.js';
import { loadDemoData } from './demo.js';
import { serverPlugins } from '../plugins/server.js';
import { coreTasks } from './core-tasks.js';
import { startTasks } from './tasks.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main(): Promise<void> {
  const config = readConfig(process.env, root);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, schema: config.databaseSchema });
  await migrateAll(database, serverPlugins);
  const admin = await ensureFirstAdmin(database.db, config.adminUsername, config.adminPassword, new Date());
  if (config.loadDemoData && database.dialect === 'sqlite') {
    await loadDemoData(database, serverPlugins, root, (message) => console.log(message));
  }
  const app = await buildApp({ config, database, plugins: serverPlugins, localesDir: path.join(root, 'locales') });
  const stopTasks = startTasks(
    [...coreTasks, ...serverPlugins.flatMap((p) => p.tasks ?? [])],
    { database, settings: app.settings, clock: app.clock, dataDir: config.dataDir },
    (message) => app.log.error(message),
  );
  const shutdown = async () => {
    stopTasks();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  await app.listen({ port: config.port, host: config.host });
  const where = database.dialect === 'sqlite' ? config.sqliteFile : 'PostgreSQL';
  console.log(`\nGerminate Workspace is running at http://localhost:${config.port} (database: ${where}, auth mode ${config.authMode})`);
  if (admin?.generatedPassword) {
    console.log(`First administrator: ${admin.username} / ${admin.generatedPassword}   (shown once: change it or set ADMIN_PASSWORD)`);
  } else if (admin) {
    console.log(`First administrator: ${admin.username} (password from ADMIN_PASSWORD)`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
