import { sql } from 'kysely';
import type { SchemaMigration } from '../../server/db/migration.js';
import { resetIdentity, withId, withTimestamps } from '../../server/db/migration.js';
import { GROUP_TARGET, GROUP_TYPE } from './tables.js';

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
  {
    // Trait groups (ours: breeders group traits as they group germplasm), and the indexes the group routes
    // read by: a member once per group, and a user's own groups.
    name: '3001-groups-trait-type-and-indexes',
    async up(db, dialect) {
      const traits = await sql<{ id: number }>`SELECT id FROM grouptypes WHERE target_table = ${GROUP_TARGET.traits}`.execute(db);
      if (traits.rows.length === 0) {
        // Germinate's numbering continues with 4; a database that used 4 for something else gets the next id.
        const taken = await sql<{ id: number }>`SELECT id FROM grouptypes WHERE id = ${GROUP_TYPE.traits}`.execute(db);
        const values = { description: 'Traits', target_table: GROUP_TARGET.traits };
        await db
          .insertInto('grouptypes' as never)
          .values((taken.rows.length === 0 ? { id: GROUP_TYPE.traits, ...values } : values) as never)
          .execute();
        await resetIdentity(db, dialect, 'grouptypes');
      }
      // Earlier writers could store a member twice in one group; the first row stays.
      await sql`DELETE FROM groupmembers WHERE id IN (SELECT gm.id FROM groupmembers gm
        WHERE EXISTS (SELECT 1 FROM groupmembers k WHERE k.group_id = gm.group_id AND k.foreign_id = gm.foreign_id AND k.id < gm.id))`.execute(db);
      await db.schema.createIndex('groupmembers_group_member').unique().on('groupmembers').columns(['group_id', 'foreign_id']).execute();
      // The unique index serves every lookup the plain one on the same columns served.
      await db.schema.dropIndex('groupmembers_group').ifExists().execute();
      await db.schema.createIndex('groups_created_by').on('groups').column('created_by').execute();
    },
  },
];
