import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, readConfig, type ServerConfig } from '../config.js';
import { restoreBackup, RestoreRefused } from '../backup/restore.js';
import { serverPlugins } from '../../plugins/server.js';

// Bundled to dist/server/restore.mjs: the repository root is two levels up, as for the server.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const EXIT = { ok: 0, refused: 1, usage: 2, failed: 3 } as const;

const USAGE = `Usage: npm run restore -- BACKUP.zip [--force]

Restores a backup made by Germinate Workspace (DATA_DIR/backups/*.zip) into the database the server uses
(DATABASE_URL and DATABASE_SCHEMA, or the SQLite file in DATA_DIR, default ./data). Stop the server first.

  --force   replace a database that already holds tables (otherwise such a database is refused)

SQLite backups restore into SQLite (the file is replaced), PostgreSQL backups into PostgreSQL (pg_restore
for pg_dump archives, into the schema they were taken from; the logical dump into a database of the same
version). Afterwards the rows of every table are compared with the counts the backup recorded.

Exit status: 0 restored with the same counts, 1 refused (nothing changed) or counts differ, 2 usage or
configuration error, 3 the restore failed.`;

class UsageError extends Error {}

function parseArguments(args: string[]): { file: string; force: boolean } | 'help' {
  const files: string[] = [];
  let force = false;
  for (const arg of args) {
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--force') force = true;
    else if (arg.startsWith('-')) throw new UsageError(`Unknown option: ${arg}`);
    else files.push(arg);
  }
  if (files.length !== 1) throw new UsageError(files.length === 0 ? 'No backup file given' : 'One backup at a time');
  return { file: files[0], force };
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parseArguments>;
  let config: ServerConfig;
  try {
    args = parseArguments(process.argv.slice(2));
    if (args === 'help') {
      console.log(USAGE);
      return EXIT.ok;
    }
    config = readConfig(process.env, root);
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof ConfigError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return EXIT.usage;
  }
  try {
    const result = await restoreBackup(path.resolve(args.file), {
      connection: { databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, schema: config.databaseSchema },
      plugins: serverPlugins,
      force: args.force,
      log: (message) => console.log(message),
    });
    const total = Object.values(result.tables).reduce((sum, n) => sum + n, 0);
    if (result.differences.length > 0) {
      for (const d of result.differences) console.error(`  ${d.table}: backup ${d.expected ?? 'absent'}, restored ${d.actual ?? 'absent'}`);
      console.error(`Restored, but ${result.differences.length} tables differ from the backup's counts.`);
      return EXIT.refused;
    }
    console.log(`Restored ${Object.keys(result.tables).length} tables, ${total} rows: the same counts as the backup.`);
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    console.error(`Not restored: ${error.message}`);
    return EXIT.refused;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Unexpected: the message is for the user, the stack only when asked for (DEBUG=1).
    console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.DEBUG && error instanceof Error) console.error(error.stack);
    process.exit(EXIT.failed);
  },
);
