import { sql } from 'kysely';
import type { SchemaMigration } from '../../server/db/migration.js';
import { columnTypes, withId, withTimestamps } from '../../server/db/migration.js';

/**
 * Map overlays (Germinate's `mapoverlays` table). foreign_id points at phenotypes or climates after
 * reference_table, which belong to other domains that may be absent: no foreign key, as in Germinate.
 */
export const mapoverlaysMigrations: SchemaMigration[] = [
  {
    name: '2300-mapoverlays',
    async up(db, dialect) {
      const t = columnTypes(dialect);
      await withTimestamps(
        withId(db.schema.createTable('mapoverlays'), dialect)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('bottom_left_lat', t.real)
          .addColumn('bottom_left_lng', t.real)
          .addColumn('top_right_lat', t.real)
          .addColumn('top_right_lng', t.real)
          .addColumn('is_legend', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('reference_table', 'text', (c) => c.check(sql`reference_table in ('phenotypes', 'climates')`))
          .addColumn('foreign_id', 'integer')
          .addColumn('dataset_id', 'integer', (c) => c.references('datasets.id').onDelete('cascade'))
          .addColumn('recording_date', 'text'),
        dialect,
      ).execute();
      await db.schema.createIndex('mapoverlays_foreign_idx').on('mapoverlays').columns(['reference_table', 'foreign_id']).execute();
      await db.schema.createIndex('mapoverlays_dataset_idx').on('mapoverlays').column('dataset_id').execute();
    },
  },
];
