import type { SchemaMigration } from '../../server/db/migration.js';

/**
 * An index on datasets.experiment_id (core's table has none): every experiment row counts its datasets by
 * type, and an experiment's details list its datasets, both by this column.
 */
export const experimentsMigrations: SchemaMigration[] = [
  {
    name: '3300-experiments-dataset-index',
    async up(db) {
      await db.schema.createIndex('datasets_experiment').ifNotExists().on('datasets').columns(['experiment_id', 'datasettype_id']).execute();
    },
  },
];
