import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createTemplate, dropRunDatabases } from './postgres-template.js';
import { buildForTests } from './test-build.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** This run's migrated template database on that server, which fresh test databases copy ('' = none). */
    postgresTemplate: string;
  }
}

const LOCAL = 'postgres://postgres@127.0.0.1:5432/test';
/** Developers without PostgreSQL may say so; CI never sets it, so a missing database fails the run there. */
const SQLITE_ONLY = 'GERMINATE_TEST_SQLITE_ONLY';

/**
 * Every server test runs on SQLite and on PostgreSQL (DATABASE_URL, or the local server). When PostgreSQL
 * does not answer the run fails, saying so: half the server suite must not pass quietly. Only an explicit
 * GERMINATE_TEST_SQLITE_ONLY=1 runs SQLite alone.
 */
async function findPostgres(): Promise<string> {
  if (process.env[SQLITE_ONLY] === '1') {
    console.warn(`${SQLITE_ONLY}=1: server tests run on SQLite only, not on PostgreSQL.`);
    return '';
  }
  const url = process.env.DATABASE_URL || LOCAL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch (error) {
    const where = process.env.DATABASE_URL ? 'DATABASE_URL' : LOCAL;
    throw new Error(
      `PostgreSQL does not answer at ${where} (${String(error)}). The server tests run on SQLite and PostgreSQL: ` +
        `start PostgreSQL (database "test", user postgres, trust authentication), set DATABASE_URL, ` +
        `or set ${SQLITE_ONLY}=1 to run them on SQLite only.`,
      { cause: error },
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const removeBuild = await buildForTests();
  const url = await findPostgres();
  const template = url ? await createTemplate(url) : null;
  project.provide('postgresUrl', url);
  project.provide('postgresTemplate', template ?? '');
  return async () => {
    removeBuild();
    if (template) await dropRunDatabases(url, template);
  };
}
