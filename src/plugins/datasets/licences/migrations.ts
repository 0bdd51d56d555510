import type { SchemaMigration } from '../../../server/db/migration.js';
import { withId, withTimestamps } from '../../../server/db/migration.js';

/**
 * Licence texts per locale (Germinate's licensedata) and the index the licence gate reads licenselogs
 * through. Germinate keys licensedata by a locales row; this server has no locales table, so the row
 * holds the locale's name (`en_GB`) itself, which is all the API shows of it (`licenseData: { en_GB: … }`).
 */
export const licenceMigrations: SchemaMigration[] = [
  {
    name: '3210-licences-data',
    async up(db, dialect) {
      await withTimestamps(
        withId(db.schema.createTable('licensedata'), dialect)
          .addColumn('license_id', 'integer', (c) => c.notNull().references('licenses.id').onDelete('cascade'))
          .addColumn('locale', 'text', (c) => c.notNull())
          .addColumn('content', 'text'),
        dialect,
      ).execute();
      await db.schema.createIndex('licensedata_license_locale').on('licensedata').columns(['license_id', 'locale']).unique().execute();
      // Every gated query asks "did this user accept this licence?".
      await db.schema.createIndex('licenselogs_license_user').on('licenselogs').columns(['license_id', 'user_id']).execute();
    },
  },
];
