import type { SchemaMigration } from '../../server/db/migration.js';
import { withId, withTimestamps } from '../../server/db/migration.js';

/**
 * The people credited on datasets (Germinate's `collaborators`, e.g. an ORCID as external id) and which
 * dataset credits whom in which role (`datasetcollaborators`, the role as free text). The template imports
 * fill them from their COLLABORATORS sheet. A collaborator's institution is the germplasm domain's.
 */
export const datasetsMigrations: SchemaMigration[] = [
  {
    name: '3200-datasets-collaborators',
    async up(db, dialect) {
      await withTimestamps(
        withId(db.schema.createTable('collaborators'), dialect)
          .addColumn('first_name', 'text', (c) => c.notNull())
          .addColumn('last_name', 'text', (c) => c.notNull())
          .addColumn('email', 'text')
          .addColumn('phone', 'text')
          .addColumn('external_id', 'text')
          .addColumn('institution_id', 'integer', (c) => c.references('institutions.id').onDelete('set null')),
        dialect,
      ).execute();
      await withTimestamps(
        withId(db.schema.createTable('datasetcollaborators'), dialect)
          .addColumn('dataset_id', 'integer', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
          .addColumn('collaborator_id', 'integer', (c) => c.notNull().references('collaborators.id').onDelete('cascade'))
          .addColumn('collaborator_roles', 'text'),
        dialect,
      ).execute();
      await db.schema.createIndex('datasetcollaborators_dataset').on('datasetcollaborators').column('dataset_id').execute();
      await db.schema.createIndex('datasetcollaborators_collaborator').on('datasetcollaborators').column('collaborator_id').execute();
    },
  },
];
