import type { SchemaMigration } from '../../../server/db/migration.js';

/**
 * Trial creation refuses a plot whose cell the dataset already uses: the plots of a dataset by row and
 * column, so that each cell of a new layout is one index lookup however large the dataset is.
 */
export const trialCreationMigrations: SchemaMigration[] = [
  {
    name: '2004-trial-creation-cell-index',
    async up(db) {
      await db.schema.createIndex('trialsetup_dataset_cell').on('trialsetup').columns(['dataset_id', 'trial_row', 'trial_column']).execute();
    },
  },
];
