import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, dropPostgresSchema, type Database, type DialectName } from '../../src/server/db/database.js';
import { migrateAll } from '../../src/server/app.js';
import { serverPlugins } from '../../src/plugins/server.js';

/** The databases every server test runs on: SQLite and PostgreSQL (SQLite alone only with GERMINATE_TEST_SQLITE_ONLY=1). */
export function testDialects(): DialectName[] {
  return inject('postgresUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabase {
  database: Database;
  /** Where the SQLite file lives (null on PostgreSQL) and the data directory for this test. */
  dataDir: string;
  databaseUrl: string | null;
  schema: string | null;
  cleanup(): Promise<void>;
}

/** A fresh, migrated database: a new SQLite file, or a new PostgreSQL schema. */
export async function freshDatabase(dialect: DialectName): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-test-'));
  const url = dialect === 'postgres' ? inject('postgresUrl') : null;
  const schema = dialect === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : null;
  const database = await openDatabase({ databaseUrl: url, sqliteFile: path.join(dataDir, 'germinate.sqlite'), schema });
  await migrateAll(database, serverPlugins);
  return {
    database,
    dataDir,
    databaseUrl: url,
    schema,
    async cleanup() {
      await database.close();
      if (url && schema) await dropPostgresSchema(url, schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
