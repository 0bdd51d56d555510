import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, dropPostgresSchema, type Database, type DialectName } from '../../src/server/db/database.js';
import { migrateAll } from '../../src/server/app.js';
import { serverPlugins } from '../../src/plugins/server.js';
import { copyTemplate, databaseUrlOf, dropDatabase, TEMPLATE_SCHEMA } from './postgres-template.js';

/** The databases every server test runs on: SQLite and PostgreSQL (SQLite alone only with GERMINATE_TEST_SQLITE_ONLY=1). */
export function testDialects(): DialectName[] {
  return inject('postgresUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabase {
  database: Database;
  /** Where the SQLite file lives (null on PostgreSQL) and the data directory for this test. */
  dataDir: string;
  /** On PostgreSQL the URL of this test's own database, which child processes are given as DATABASE_URL. */
  databaseUrl: string | null;
  /** On PostgreSQL the schema inside it (DATABASE_SCHEMA). */
  schema: string | null;
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database: a new SQLite file, or on PostgreSQL a copy of the run's migrated template
 * (a new schema migrated here when the run has no template).
 */
export async function freshDatabase(dialect: DialectName): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-test-'));
  const sqliteFile = path.join(dataDir, 'germinate.sqlite');
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const serverUrl = inject('postgresUrl');
  const template = inject('postgresTemplate');
  if (dialect === 'postgres' && template) {
    const name = await copyTemplate(serverUrl, template);
    const url = databaseUrlOf(serverUrl, name);
    const database = await openDatabase({ databaseUrl: url, sqliteFile, schema: TEMPLATE_SCHEMA });
    return {
      database,
      dataDir,
      databaseUrl: url,
      schema: TEMPLATE_SCHEMA,
      async cleanup() {
        await database.close();
        await dropDatabase(serverUrl, name);
        removeDir();
      },
    };
  }
  const url = dialect === 'postgres' ? serverUrl : null;
  const schema = dialect === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : null;
  const database = await openDatabase({ databaseUrl: url, sqliteFile, schema });
  await migrateAll(database, serverPlugins);
  return {
    database,
    dataDir,
    databaseUrl: url,
    schema,
    async cleanup() {
      await database.close();
      if (url && schema) await dropPostgresSchema(url, schema);
      removeDir();
    },
  };
}
