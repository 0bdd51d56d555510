import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/database.js';
import { migrateAll } from '../../src/server/app.js';
import { serverPlugins } from '../../src/plugins/server.js';

/*
 * PostgreSQL test databases are copies of one database migrated once per test run: copying a database
 * takes a fraction of the seconds that running every migration into a new schema took. Several runs may
 * share one PostgreSQL server, so a run only ever creates and drops databases named after its own template.
 */

/** The schema the template is migrated into; every copy has it too, so tests and child processes name it. */
export const TEMPLATE_SCHEMA = 'germinate_test';

/** Copying with WAL_LOG (PostgreSQL 15+) needs no checkpoint; older servers keep a schema per test instead. */
const WAL_LOG_SINCE = 150_000;
/** SQLSTATE of a DROP DATABASE that other sessions are still connected to. */
const OBJECT_IN_USE = '55006';
const NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function checked(name: string): string {
  if (!NAME.test(name)) throw new Error(`Invalid database name: ${name}`);
  return name;
}

/** The same server, user and options as `serverUrl`, on database `name`. */
export function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${checked(name)}`;
  return url.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates and migrates this run's template database through `serverUrl` (any database of the server), or
 * returns null when the server cannot copy databases cheaply or this user may not create them: the tests
 * then migrate a schema each, as before. Nothing stays connected to the template, and connections to it are
 * refused from then on, since a copy fails while anyone else is connected to its template.
 */
export async function createTemplate(serverUrl: string): Promise<string | null> {
  const name = `germinate_test_${randomBytes(5).toString('hex')}`;
  const refusal = await withClient(serverUrl, async (client) => {
    const version = Number((await client.query<{ v: string }>('SHOW server_version_num')).rows[0].v);
    if (version < WAL_LOG_SINCE) return `PostgreSQL ${version} is older than 15`;
    try {
      await client.query(`CREATE DATABASE "${name}"`);
      return null;
    } catch (error) {
      if ((error as { code?: string }).code === '42501') return `this user may not create databases (${String(error)})`;
      throw error;
    }
  });
  if (refusal) {
    console.warn(`Server tests migrate a PostgreSQL schema each instead of copying a template database: ${refusal}.`);
    return null;
  }
  try {
    const database = await openDatabase({ databaseUrl: databaseUrlOf(serverUrl, name), sqliteFile: '', schema: TEMPLATE_SCHEMA });
    try {
      await migrateAll(database, serverPlugins);
    } finally {
      await database.close();
    }
    await withClient(serverUrl, (client) => client.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`));
  } catch (error) {
    await dropRunDatabases(serverUrl, name);
    throw error;
  }
  return name;
}

/** A new database copied from the template, named after it (so that the run's teardown knows it as its own). */
export async function copyTemplate(serverUrl: string, template: string): Promise<string> {
  const name = `${checked(template)}_${randomBytes(6).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}" STRATEGY WAL_LOG`));
  return name;
}

/**
 * Drops one database. A plain DROP waits (up to 5 s) for sessions that are ending, as a just-closed pool's
 * are: forcing at once would end them mid-close, and their clients would throw. Sessions that stay past
 * that (a test left a connection open) are ended by FORCE.
 */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const drop = `DROP DATABASE IF EXISTS "${checked(name)}"`;
  await withClient(serverUrl, async (client) => {
    try {
      await client.query(drop);
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE) throw error;
      await client.query(`${drop} WITH (FORCE)`);
    }
  });
}

/** Drops the template and every copy of it still there (tests that dropped only their schema leave theirs). */
export async function dropRunDatabases(serverUrl: string, template: string): Promise<void> {
  const found = await withClient(serverUrl, (client) =>
    client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname = $1 OR starts_with(datname, $2)', [
      checked(template),
      `${template}_`,
    ]),
  );
  for (const { datname } of found.rows) await dropDatabase(serverUrl, datname);
}
