import { sql } from 'kysely';
import type { SchemaMigration } from '../../server/db/migration.js';
import { withId, withTimestamps } from '../../server/db/migration.js';

/**
 * Climate variables and their values. Their `units` are shared with the traits of the trials domain and
 * belong to core (src/server/db/shared-migrations.ts), which runs before every plugin; releases before
 * that created them here when missing.
 */
export const climateMigrations: SchemaMigration[] = [
  {
    name: '2100-climate-tables',
    async up(db, dialect) {
      await withTimestamps(
        withId(db.schema.createTable('climates'), dialect)
          .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('short_name', 'text')
          .addColumn('description', 'text')
          .addColumn('datatype', 'text', (c) => c.notNull().defaultTo('text').check(sql`datatype in ('categorical', 'numeric', 'text', 'date')`))
          // restrict, as Germinate: a unit in use by a climate cannot be deleted.
          .addColumn('unit_id', 'integer', (c) => c.references('units.id').onDelete('restrict')),
        dialect,
      ).execute();
      await withTimestamps(
        withId(db.schema.createTable('climatedata'), dialect)
          .addColumn('climate_id', 'integer', (c) => c.notNull().references('climates.id').onDelete('cascade'))
          .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
          .addColumn('climate_value', 'text')
          .addColumn('dataset_id', 'integer', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
          .addColumn('recording_date', 'text')
          .addColumn('old_recording_date', 'text'),
        dialect,
      ).execute();
      await db.schema.createIndex('climatedata_dataset_idx').on('climatedata').column('dataset_id').execute();
      await db.schema.createIndex('climatedata_climate_idx').on('climatedata').column('climate_id').execute();
      await db.schema.createIndex('climatedata_location_idx').on('climatedata').column('location_id').execute();
    },
  },
  {
    // The climate export reads a dataset's values in batches of locations, in location order: this index
    // finds each batch's end and its values without sorting the dataset once per batch.
    name: '2101-climatedata-dataset-location-index',
    async up(db) {
      await db.schema.createIndex('climatedata_dataset_location_idx').on('climatedata').columns(['dataset_id', 'location_id']).execute();
    },
  },
];
