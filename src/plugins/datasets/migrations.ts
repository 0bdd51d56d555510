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
  {
    // Who exported which dataset and when (Germinate's datasetaccesslogs): every dataset export writes one row
    // per exported dataset. The user's name, e-mail and institution are copied, so the record outlives the
    // account; the dataset's rows go with the dataset.
    name: '3201-datasets-access-logs',
    async up(db, dialect) {
      await withTimestamps(
        withId(db.schema.createTable('datasetaccesslogs'), dialect)
          .addColumn('user_id', 'integer')
          .addColumn('user_name', 'text')
          .addColumn('user_email', 'text')
          .addColumn('user_institution', 'text')
          .addColumn('dataset_id', 'integer', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
          .addColumn('reason', 'text'),
        dialect,
      ).execute();
      await db.schema.createIndex('datasetaccesslogs_dataset').on('datasetaccesslogs').column('dataset_id').execute();
    },
  },
];
