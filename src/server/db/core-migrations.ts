import type { SchemaMigration } from './migration.js';
import { columnTypes, withId } from './migration.js';
import { settingsMigrations } from '../settings-migrations.js';
import { taskLeaseMigrations } from '../task-leases.js';
import { rateLimitMigrations } from '../auth/rate-limit-migration.js';

export const coreMigrations: SchemaMigration[] = [
  {
    name: '0001-core-users-tokens-settings',
    async up(db, dialect) {
      const t = columnTypes(dialect);
      await withId(db.schema.createTable('users'), dialect)
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('username_key', 'text', (c) => c.notNull().unique())
        .addColumn('full_name', 'text')
        .addColumn('email', 'text')
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('user_type', 'text', (c) => c.notNull())
        .addColumn('created_on', 'text', (c) => c.notNull())
        .addColumn('last_login', 'text')
        .execute();
      await db.schema
        .createTable('tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('image_token_hash', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_on', t.bigint, (c) => c.notNull())
        .addColumn('last_used', t.bigint, (c) => c.notNull())
        .addColumn('lifetime', t.bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tokens_image_token_hash').on('tokens').column('image_token_hash').execute();
      await db.schema.createIndex('tokens_user_id').on('tokens').column('user_id').execute();
      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_on', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // Later changes of the settings rows (the settings module owns them).
  ...settingsMigrations,
  // Who runs each scheduled task, so that several processes run it once per interval.
  ...taskLeaseMigrations,
  // The login limits' counters.
  ...rateLimitMigrations,
];
