import type { SchemaMigration } from './migration.js';
import { withId, withTimestamps } from './migration.js';

/**
 * Tables that several domains use and none owns: core creates them, so each domain works with or without
 * the others. Every table has exactly one migration that creates it.
 */
export const sharedMigrations: SchemaMigration[] = [
  {
    // Units of traits (trials) and of climate variables (climate). Databases of earlier releases already
    // have it, created by whichever of the two ran first with these same columns, hence "if not exists".
    name: '0005-shared-units',
    async up(db, dialect) {
      await withTimestamps(
        withId(db.schema.createTable('units').ifNotExists(), dialect)
          .addColumn('unit_name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('unit_abbreviation', 'text')
          .addColumn('unit_description', 'text'),
        dialect,
      ).execute();
    },
  },
];
