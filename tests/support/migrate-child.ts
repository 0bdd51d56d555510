/**
 * A separate process that migrates one database with every plugin and prints `{"ran": [...]}`: tests start
 * two at once to see that concurrent starts migrate once. Usage: node --import tsx migrate-child.ts
 * with SQLITE_FILE, or DATABASE_URL and DATABASE_SCHEMA, in the environment.
 */
import { openDatabase } from '../../src/server/db/database.js';
import { migrateAll } from '../../src/server/app.js';
import { serverPlugins } from '../../src/plugins/server.js';

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || null,
  sqliteFile: process.env.SQLITE_FILE ?? '',
  schema: process.env.DATABASE_SCHEMA || null,
});
try {
  const { ran } = await migrateAll(database, serverPlugins);
  process.stdout.write(JSON.stringify({ ran }));
} finally {
  await database.close();
}
