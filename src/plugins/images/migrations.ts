import type { SchemaMigration } from '../../server/db/migration.js';
import { columnTypes, withId, withTimestamps } from '../../server/db/migration.js';

/** imagetypes as Germinate seeds them (there is no id 2). */
export const IMAGE_TYPES = [
  { id: 1, description: 'Germplasm images', reference_table: 'germinatebase' },
  { id: 3, description: 'Trait images', reference_table: 'phenotypes' },
  { id: 4, description: 'Story step images', reference_table: 'storysteps' },
  { id: 5, description: 'Project images', reference_table: 'projects' },
] as const;

export const imagesMigrations: SchemaMigration[] = [
  {
    name: '2200-images-tables',
    async up(db, dialect) {
      const t = columnTypes(dialect);
      await withTimestamps(
        db.schema
          .createTable('imagetypes')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('reference_table', 'text', (c) => c.notNull().defaultTo('')),
        dialect,
      ).execute();
      await db.insertInto('imagetypes' as never).values(IMAGE_TYPES.map((row) => ({ ...row }) as never)).execute();
      await withTimestamps(
        withId(db.schema.createTable('images'), dialect)
          .addColumn('imagetype_id', 'integer', (c) => c.notNull().references('imagetypes.id').onDelete('cascade'))
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('foreign_id', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('path', 'text', (c) => c.notNull())
          .addColumn('exif', t.json)
          .addColumn('is_reference', 'integer', (c) => c.notNull().defaultTo(0)),
        dialect,
      ).execute();
      await db.schema.createIndex('images_foreign_idx').on('images').columns(['imagetype_id', 'foreign_id']).execute();
      await withTimestamps(
        withId(db.schema.createTable('imagetags'), dialect).addColumn('tag_name', 'text', (c) => c.notNull()),
        dialect,
      ).execute();
      await db.schema.createIndex('imagetags_name_idx').on('imagetags').column('tag_name').execute();
      await withTimestamps(
        db.schema
          .createTable('image_to_tags')
          .addColumn('image_id', 'integer', (c) => c.notNull().references('images.id').onDelete('cascade'))
          .addColumn('imagetag_id', 'integer', (c) => c.notNull().references('imagetags.id').onDelete('cascade'))
          .addPrimaryKeyConstraint('image_to_tags_pk', ['image_id', 'imagetag_id']),
        dialect,
      ).execute();
    },
  },
];
