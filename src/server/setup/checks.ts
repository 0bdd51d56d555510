import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { type } from 'arktype';
import { HttpError } from '../http/errors.js';
import { SCHEMA_NAME, type DatabaseChoice } from './config-file.js';

/**
 * The setup wizard's two checks: can this database be used, does this user-access
 * tool (Gatekeeper) accept this login. Both run again inside setup/store before anything is written.
 */

export const INVALID_DATABASE = 'Invalid database details provided.';
const CONNECT_TIMEOUT_MS = 5000;
export const GATEKEEPER_TIMEOUT_MS = 20_000;

/**
 * Our wizard sends `{type: 'sqlite', file?}` or `{type: 'postgres', url, schema?}`; Germinate's own
 * client sends `{host, database, port, username, password}` (plus UI keys, which are ignored).
 */
export const DatabaseDetails = type({ type: "'sqlite'", 'file?': 'string | null' })
  .or({ type: "'postgres'", url: 'string', 'schema?': 'string | null' })
  .or({
    host: 'string',
    database: 'string',
    'port?': 'string | number | null',
    username: 'string',
    'password?': 'string | null',
  });
export type DatabaseDetails = typeof DatabaseDetails.infer;

export const GatekeeperDetails = type({ url: 'string', username: 'string', 'password?': 'string | null' });
export type GatekeeperDetails = typeof GatekeeperDetails.infer;

const missing = (message: string) => new HttpError(400, 'BAD_REQUEST_MISSING_FIELDS', message);

/** The database the details name, with paths made absolute; 400 when something needed is blank. */
export function databaseChoice(details: DatabaseDetails, dataDir: string): DatabaseChoice {
  if ('type' in details && details.type === 'sqlite') {
    const file = details.file?.trim() ?? '';
    // Blank = the embedded default, the same file a server without configuration uses.
    return { type: 'sqlite', file: path.resolve(dataDir, file || 'germinate.sqlite') };
  }
  if ('type' in details) {
    const url = details.url.trim();
    if (!url) throw missing('A PostgreSQL URL is required.');
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'The PostgreSQL URL must start with postgres:// or postgresql://.');
    }
    const schema = details.schema?.trim() || null;
    if (schema !== null && !SCHEMA_NAME.test(schema)) {
      throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'A schema name has lower-case letters, digits and underscores only.');
    }
    return { type: 'postgres', url, schema };
  }
  const host = details.host.trim();
  const database = details.database.trim();
  const username = details.username.trim();
  if (!host || !database || !username) throw missing('Host, database and username are required.');
  const port = String(details.port ?? '').trim() || '5432';
  if (!/^\d{1,5}$/.test(port)) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'The port must be a number.');
  const password = details.password ? `:${encodeURIComponent(details.password)}` : '';
  const url = `postgres://${encodeURIComponent(username)}${password}@${host}:${port}/${encodeURIComponent(database)}`;
  return { type: 'postgres', url, schema: null };
}

/** The nearest directory that exists on the way up from `dir` (where a new file's folders would be made). */
function nearestExisting(dir: string): string {
  let current = dir;
  while (!fs.existsSync(current)) {
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return current;
}

function checkSqlite(file: string): string | null {
  const folder = nearestExisting(path.dirname(file));
  try {
    if (!fs.statSync(folder).isDirectory()) return `${folder} is not a directory`;
    fs.accessSync(folder, fs.constants.W_OK);
  } catch (error) {
    return `${folder} is not writable: ${(error as Error).message}`;
  }
  if (!fs.existsSync(file)) return null;
  try {
    fs.accessSync(file, fs.constants.R_OK | fs.constants.W_OK);
    // Opening alone succeeds for any file; reading the schema is what tells SQLite from something else.
    const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      sqlite.prepare('select count(*) from sqlite_master').get();
    } finally {
      sqlite.close();
    }
    return null;
  } catch (error) {
    return `${file} cannot be used: ${(error as Error).message}`;
  }
}

async function checkPostgres(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: CONNECT_TIMEOUT_MS });
  // A failed connection also emits 'error' later on some paths; unhandled, that would end the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Why the database cannot be used, or null when it can. */
export async function checkDatabase(choice: DatabaseChoice): Promise<string | null> {
  return choice.type === 'sqlite' ? checkSqlite(choice.file) : checkPostgres(choice.url);
}

/** Throws 401 (as Germinate's setup check) when the database cannot be used (the cause goes to the log). */
export async function requireDatabase(choice: DatabaseChoice, log: (cause: string) => void): Promise<void> {
  const problem = await checkDatabase(choice);
  if (problem) {
    log(problem);
    throw new HttpError(401, 'UNAUTHORIZED_INVALID_DATABASE', INVALID_DATABASE);
  }
}

/** Gatekeeper's API root: the given URL ending in `/api/`, as Germinate builds it. */
export function gatekeeperApiRoot(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch (error) {
    throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', `Invalid URL: ${(error as Error).message}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'Invalid URL: it must start with http:// or https://');
  }
  parsed.search = '';
  parsed.hash = '';
  const base = parsed.pathname.replace(/\/+$/, '');
  parsed.pathname = base.endsWith('/api') ? `${base}/` : `${base}/api/`;
  return parsed.toString();
}

/** Logs in at the user-access tool (POST <root>token); throws 400, 401 or 500 as Germinate's setup check does. */
export async function requireGatekeeper(details: GatekeeperDetails, timeoutMs = GATEKEEPER_TIMEOUT_MS): Promise<void> {
  const username = details.username.trim();
  if (!details.url.trim() || !username) throw missing('The URL and the username are required.');
  const tokenUrl = `${gatekeeperApiRoot(details.url)}token`;
  let response: Response;
  try {
    response = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ username, password: details.password ?? '' }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    throw new HttpError(400, 'BAD_REQUEST_UNREACHABLE', `${tokenUrl} cannot be reached: ${cause}`);
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.ok) return;
  const what = `${response.status} ${response.statusText}`.trim();
  if (response.status >= 500) throw new HttpError(500, 'INTERNAL_SERVER_ERROR', `Internal server error: ${what}`);
  throw new HttpError(401, 'UNAUTHORIZED_INVALID_DETAILS', `Invalid details: ${what}`);
}
