import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

const LOCAL = 'postgres://postgres@127.0.0.1:5432/test';

/** PostgreSQL runs when DATABASE_URL is set or the local server answers; SQLite always runs. */
async function findPostgres(): Promise<string> {
  const url = process.env.DATABASE_URL || LOCAL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch (error) {
    if (process.env.DATABASE_URL) throw new Error(`DATABASE_URL is set but PostgreSQL does not answer: ${String(error)}`);
    console.warn(`PostgreSQL not reachable at ${LOCAL}: server tests run on SQLite only.`);
    return '';
  } finally {
    await client.end().catch(() => undefined);
  }
}

export default async function setup(project: TestProject) {
  project.provide('postgresUrl', await findPostgres());
}
