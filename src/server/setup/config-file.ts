import fs from 'node:fs';
import path from 'node:path';
import { type } from 'arktype';

/**
 * DATA_DIR/config.json: what the setup wizard chose, read on every later start (src/server/config.ts).
 * Only the database lives here; everything an administrator may change later lives in the settings table.
 */

/** PostgreSQL schema names we create and pin (the same rule as src/server/db/database.ts). */
export const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export type DatabaseChoice = { type: 'sqlite'; file: string } | { type: 'postgres'; url: string; schema: string | null };

export interface StoredConfig {
  database: DatabaseChoice;
}

const StoredConfigType = type({
  database: type({ type: "'sqlite'", file: 'string > 0' }).or({
    type: "'postgres'",
    url: /^postgres(ql)?:\/\//,
    'schema?': 'string | null',
  }),
});

export const CONFIG_FILE_NAME = 'config.json';

export function configFileOf(dataDir: string): string {
  return path.join(dataDir, CONFIG_FILE_NAME);
}

/** The stored configuration, null when there is no file; a damaged file is an error (it is never guessed around). */
export function readConfigFile(file: string): StoredConfig | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const result = StoredConfigType(parsed);
  if (result instanceof type.errors) throw new Error(`${file} is not a valid configuration: ${result.summary}`);
  const database = result.database;
  if (database.type === 'sqlite') {
    // A relative path is relative to the data directory, so the directory can move as a whole.
    return { database: { type: 'sqlite', file: path.resolve(path.dirname(file), database.file) } };
  }
  const schema = database.schema ?? null;
  if (schema !== null && !SCHEMA_NAME.test(schema)) throw new Error(`${file}: invalid schema name "${schema}"`);
  return { database: { type: 'postgres', url: database.url, schema } };
}

/**
 * Writes the file atomically (a half-written file would stop the next start) and readable by the owner
 * only: a PostgreSQL URL may carry a password.
 */
export function writeConfigFile(file: string, config: StoredConfig): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temp, file);
}
