import type { SchemaMigration } from '../../server/db/migration.js';

/**
 * An index on datasetfileresources.fileresource_id: its primary key starts with dataset_id, while every
 * file resource row looks up its datasets (and every access check its links) by the resource.
 */
export const dataResourcesMigrations: SchemaMigration[] = [
  {
    name: '3400-data-resources-link-index',
    async up(db) {
      await db.schema.createIndex('datasetfileresources_fileresource').ifNotExists().on('datasetfileresources').columns(['fileresource_id', 'dataset_id']).execute();
    },
  },
];
