import { sql } from 'kysely';
import type { SchemaMigration } from '../../server/db/migration.js';
import { columnTypes, withId, withTimestamps } from '../../server/db/migration.js';

/**
 * Traits and trials data. Booleans are 0/1 integers; restrictions are JSON. Traits' `units` belong to core
 * (src/server/db/shared-migrations.ts), which runs before every plugin; releases before that created them here.
 */
export const trialsMigrations: SchemaMigration[] = [
  {
    name: '2000-trials-tables',
    async up(db, dialect) {
      const t = columnTypes(dialect);
      await withTimestamps(
        withId(db.schema.createTable('phenotypecategories'), dialect)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text'),
        dialect,
      ).execute();
      await withTimestamps(
        withId(db.schema.createTable('phenotypes'), dialect)
          .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('short_name', 'text')
          .addColumn('description', 'text')
          .addColumn('datatype', 'text', (c) =>
            c.notNull().defaultTo('text').check(sql`datatype in ('categorical','numeric','text','date')`),
          )
          .addColumn('restrictions', t.json)
          .addColumn('unit_id', 'integer', (c) => c.references('units.id').onDelete('set null'))
          .addColumn('category_id', 'integer', (c) => c.references('phenotypecategories.id').onDelete('set null'))
          .addColumn('setsize', 'integer')
          .addColumn('is_timeseries', 'integer', (c) => c.notNull().defaultTo(1)),
        dialect,
      ).execute();
      await withTimestamps(
        withId(db.schema.createTable('treatments'), dialect)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text'),
        dialect,
      ).execute();
      await withTimestamps(withId(db.schema.createTable('trialseries'), dialect).addColumn('seriesname', 'text'), dialect).execute();
      await withTimestamps(
        withId(db.schema.createTable('trialsetup'), dialect)
          .addColumn('germinatebase_id', 'integer', (c) => c.notNull().references('germinatebase.id').onDelete('cascade'))
          .addColumn('dataset_id', 'integer', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
          .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
          .addColumn('treatment_id', 'integer', (c) => c.references('treatments.id').onDelete('set null'))
          .addColumn('trialseries_id', 'integer', (c) => c.references('trialseries.id').onDelete('set null'))
          .addColumn('block', 'text', (c) => c.notNull().defaultTo('1'))
          .addColumn('rep', 'text', (c) => c.notNull().defaultTo('1'))
          .addColumn('trial_row', 'integer')
          .addColumn('trial_column', 'integer')
          .addColumn('latitude', t.real)
          .addColumn('longitude', t.real)
          .addColumn('elevation', t.real),
        dialect,
      ).execute();
      await withTimestamps(
        withId(db.schema.createTable('phenotypedata'), dialect)
          .addColumn('trialsetup_id', 'integer', (c) => c.notNull().references('trialsetup.id').onDelete('cascade'))
          .addColumn('phenotype_id', 'integer', (c) => c.notNull().references('phenotypes.id').onDelete('cascade'))
          .addColumn('phenotype_value', 'text')
          .addColumn('recording_date', 'text'),
        dialect,
      ).execute();
      // The trials screens read data per dataset, per trait and per germplasm; traits are matched by name.
      const index = (name: string, table: string, columns: string[]) => db.schema.createIndex(name).on(table).columns(columns).execute();
      await index('trialsetup_dataset', 'trialsetup', ['dataset_id']);
      await index('trialsetup_germplasm', 'trialsetup', ['germinatebase_id']);
      await index('trialsetup_location', 'trialsetup', ['location_id']);
      await index('phenotypedata_trialsetup', 'phenotypedata', ['trialsetup_id']);
      await index('phenotypedata_phenotype', 'phenotypedata', ['phenotype_id']);
      await index('phenotypedata_recording_date', 'phenotypedata', ['recording_date']);
      await index('phenotypes_name', 'phenotypes', ['name']);
      await index('phenotypes_category', 'phenotypes', ['category_id']);
    },
  },
];
