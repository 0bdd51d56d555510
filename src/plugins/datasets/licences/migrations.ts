import type { SchemaMigration } from '../../../server/db/migration.js';
import { sql } from 'kysely';
import { resetIdentity, withId, withTimestamps } from '../../../server/db/migration.js';
import { SEED_LICENCES, seedContent } from './seed.js';

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
  {
    // Only into a database without licences: ids 1–7 are Germinate's, and an existing licence keeps its id.
    name: '3211-licences-seed',
    async up(db, dialect) {
      const existing = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM licenses`.execute(db);
      if (Number(existing.rows[0]?.n ?? 0) > 0) return;
      for (const licence of SEED_LICENCES) {
        await sql`INSERT INTO licenses (id, name, description) VALUES (${licence.id}, ${licence.name}, ${licence.description})`.execute(db);
        for (const [locale, language] of [['en_GB', 0], ['de_DE', 1]] as const) {
          await sql`INSERT INTO licensedata (license_id, locale, content) VALUES (${licence.id}, ${locale}, ${seedContent(licence, language)})`.execute(db);
        }
      }
      await resetIdentity(db, dialect, 'licenses');
    },
  },
];
