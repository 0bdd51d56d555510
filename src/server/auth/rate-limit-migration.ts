import type { SchemaMigration } from '../db/migration.js';
import { columnTypes } from '../db/migration.js';

/**
 * The login limits' counters, for servers on PostgreSQL without Redis (several processes count together).
 * Created on SQLite too, so both dialects have the same schema; SQLite servers count in memory.
 */
export const rateLimitMigrations: SchemaMigration[] = [
  {
    name: '0009-rate-limit-counters',
    async up(db, dialect) {
      const t = columnTypes(dialect);
      await db.schema
        .createTable('rate_limit_counters')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        // When the window closes: ms since the epoch on the server's clock.
        .addColumn('reset_at', t.bigint, (c) => c.notNull())
        .execute();
    },
  },
];
