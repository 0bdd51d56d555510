import { sql } from 'kysely';
import type { SchemaMigration } from '../../server/db/migration.js';
import { withId, withTimestamps } from '../../server/db/migration.js';

export const pedigreeMigrations: SchemaMigration[] = [
  {
    name: '3100-pedigree-tables',
    async up(db, dialect) {
      await withTimestamps(
        withId(db.schema.createTable('pedigreedescriptions'), dialect)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('author', 'text'),
        dialect,
      ).execute();
      await withTimestamps(
        withId(db.schema.createTable('pedigreenotations'), dialect)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('reference_url', 'text'),
        dialect,
      ).execute();
      await withTimestamps(
        withId(db.schema.createTable('pedigrees'), dialect)
          .addColumn('dataset_id', 'integer', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
          .addColumn('germinatebase_id', 'integer', (c) => c.notNull().references('germinatebase.id').onDelete('cascade'))
          .addColumn('parent_id', 'integer', (c) => c.notNull().references('germinatebase.id').onDelete('cascade'))
          .addColumn('relationship_type', 'text', (c) =>
            c.notNull().defaultTo('OTHER').check(sql`relationship_type in ('M','F','OTHER')`),
          )
          .addColumn('pedigreedescription_id', 'integer', (c) => c.notNull().references('pedigreedescriptions.id').onDelete('cascade'))
          .addColumn('relationship_description', 'text'),
        dialect,
      ).execute();
      await withTimestamps(
        withId(db.schema.createTable('pedigreedefinitions'), dialect)
          .addColumn('dataset_id', 'integer', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
          .addColumn('germinatebase_id', 'integer', (c) => c.notNull().references('germinatebase.id').onDelete('cascade'))
          .addColumn('pedigreenotation_id', 'integer', (c) => c.notNull().references('pedigreenotations.id').onDelete('cascade'))
          .addColumn('pedigreedescription_id', 'integer', (c) => c.references('pedigreedescriptions.id').onDelete('cascade'))
          .addColumn('definition', 'text', (c) => c.notNull()),
        dialect,
      ).execute();
      const index = (name: string, table: string, columns: string[]) => db.schema.createIndex(name).on(table).columns(columns).execute();
      await index('pedigrees_dataset', 'pedigrees', ['dataset_id']);
      await index('pedigrees_child', 'pedigrees', ['germinatebase_id']);
      await index('pedigrees_parent', 'pedigrees', ['parent_id']);
      await index('pedigreedefinitions_dataset', 'pedigreedefinitions', ['dataset_id']);
      await index('pedigreedefinitions_germplasm', 'pedigreedefinitions', ['germinatebase_id']);
    },
  },
];
