import type { SchemaMigration } from '../../server/db/migration.js';
import { resetIdentity, withId, withTimestamps } from '../../server/db/migration.js';

export const groupsMigrations: SchemaMigration[] = [
  {
    name: '3000-groups-tables',
    async up(db, dialect) {
      await withTimestamps(
        withId(db.schema.createTable('grouptypes'), dialect)
          .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('target_table', 'text', (c) => c.notNull().defaultTo('')),
        dialect,
      ).execute();
      await db
        .insertInto('grouptypes' as never)
        .values([
          { id: 1, description: 'Collectingsites', target_table: 'locations' },
          { id: 2, description: 'Markers', target_table: 'markers' },
          { id: 3, description: 'Accessions', target_table: 'germinatebase' },
        ] as never)
        .execute();
      await resetIdentity(db, dialect, 'grouptypes');

      await withTimestamps(
        withId(db.schema.createTable('groups'), dialect)
          .addColumn('grouptype_id', 'integer', (c) => c.notNull().references('grouptypes.id').onDelete('cascade'))
          .addColumn('name', 'text')
          .addColumn('description', 'text')
          .addColumn('visibility', 'integer')
          .addColumn('created_by', 'integer'),
        dialect,
      ).execute();
      // foreign_id is polymorphic (the group type's target table), so it has an index but no foreign key.
      await withTimestamps(
        withId(db.schema.createTable('groupmembers'), dialect)
          .addColumn('foreign_id', 'integer', (c) => c.notNull())
          .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade')),
        dialect,
      ).execute();
      await db.schema.createIndex('groups_grouptype').on('groups').column('grouptype_id').execute();
      await db.schema.createIndex('groupmembers_group').on('groupmembers').columns(['group_id', 'foreign_id']).execute();
      await db.schema.createIndex('groupmembers_foreign').on('groupmembers').column('foreign_id').execute();
    },
  },
];
