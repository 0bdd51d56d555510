import { sql } from 'kysely';
import type { SchemaMigration } from '../../server/db/migration.js';
import { columnTypes, resetIdentity, withId, withTimestamps } from '../../server/db/migration.js';
import { mapsPagingMigrations } from './maps/migrations.js';
import { markersSearchMigrations } from './markers/migrations.js';
import { MEMBER_TYPE } from './tables.js';

/**
 * Markers, maps and dataset membership. The genotype calls themselves are not rows here: they live in one
 * matrix file per dataset under DATA_DIR/data/genotypes/ (see storage/), named by datasets.source_file.
 */
export const genotypesMigrations: SchemaMigration[] = [
  {
    name: '3500-genotypes-tables',
    async up(db, dialect) {
      const t = columnTypes(dialect);
      await withTimestamps(withId(db.schema.createTable('markertypes'), dialect).addColumn('description', 'text', (c) => c.notNull().defaultTo('')), dialect).execute();
      await withTimestamps(
        withId(db.schema.createTable('markers'), dialect)
          .addColumn('markertype_id', 'integer', (c) => c.notNull().references('markertypes.id').onDelete('cascade'))
          .addColumn('marker_name', 'text', (c) => c.notNull()),
        dialect,
      ).execute();
      await withTimestamps(withId(db.schema.createTable('mapfeaturetypes'), dialect).addColumn('description', 'text'), dialect).execute();
      await withTimestamps(
        withId(db.schema.createTable('maps'), dialect)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('visibility', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('user_id', 'integer'),
        dialect,
      ).execute();
      await withTimestamps(
        withId(db.schema.createTable('mapdefinitions'), dialect)
          .addColumn('mapfeaturetype_id', 'integer', (c) => c.notNull().references('mapfeaturetypes.id').onDelete('cascade'))
          .addColumn('marker_id', 'integer', (c) => c.notNull().references('markers.id').onDelete('cascade'))
          .addColumn('map_id', 'integer', (c) => c.notNull().references('maps.id').onDelete('cascade'))
          .addColumn('definition_start', t.real, (c) => c.notNull())
          .addColumn('definition_end', t.real)
          .addColumn('chromosome', 'text', (c) => c.notNull())
          .addColumn('arm_impute', 'text'),
        dialect,
      ).execute();
      await withTimestamps(withId(db.schema.createTable('datasetmembertypes'), dialect).addColumn('target_table', 'text', (c) => c.notNull()), dialect).execute();
      await db
        .insertInto('datasetmembertypes' as never)
        .values([
          { id: MEMBER_TYPE.markers, target_table: 'markers' },
          { id: MEMBER_TYPE.germplasm, target_table: 'germinatebase' },
        ] as never)
        .execute();
      await resetIdentity(db, dialect, 'datasetmembertypes');
      // foreign_id is polymorphic (markers or germinatebase by member type): indexed, no foreign key.
      await withTimestamps(
        withId(db.schema.createTable('datasetmembers'), dialect)
          .addColumn('dataset_id', 'integer', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
          .addColumn('foreign_id', 'integer', (c) => c.notNull())
          .addColumn('datasetmembertype_id', 'integer', (c) => c.notNull().references('datasetmembertypes.id')),
        dialect,
      ).execute();
      // Importers match markers by name without regard to case; tables sort and page by name; a map reads its
      // definitions by chromosome and position; datasets list their members, markers their datasets.
      await sql`CREATE INDEX markers_name_lower ON markers (lower(marker_name))`.execute(db);
      await db.schema.createIndex('markers_name').on('markers').column('marker_name').execute();
      await db.schema.createIndex('markers_type').on('markers').column('markertype_id').execute();
      await db.schema.createIndex('maps_user').on('maps').column('user_id').execute();
      await db.schema.createIndex('mapdefinitions_map').on('mapdefinitions').columns(['map_id', 'chromosome', 'definition_start']).execute();
      await db.schema.createIndex('mapdefinitions_marker').on('mapdefinitions').columns(['marker_id', 'map_id']).execute();
      await db.schema.createIndex('datasetmembers_dataset').on('datasetmembers').columns(['dataset_id', 'datasetmembertype_id', 'foreign_id']).execute();
      await db.schema.createIndex('datasetmembers_foreign').on('datasetmembers').columns(['foreign_id', 'datasetmembertype_id']).execute();
    },
  },
  ...markersSearchMigrations,
  ...mapsPagingMigrations,
];
