import type { SchemaMigration } from '../../../server/db/migration.js';

/** This part's indexes and tables, after the trials tables. */
export const trialStatsMigrations: SchemaMigration[] = [
  {
    // The statistics read a plot's values of one trait (box plots, ranges, counts, comparisons), and a
    // germplasm's plots per dataset (the passport's trait performance), without visiting other rows.
    name: '2003-trials-stats-indexes',
    async up(db) {
      await db.schema.createIndex('phenotypedata_trialsetup_phenotype').on('phenotypedata').columns(['trialsetup_id', 'phenotype_id']).execute();
      await db.schema.createIndex('trialsetup_germplasm_dataset').on('trialsetup').columns(['germinatebase_id', 'dataset_id']).execute();
    },
  },
];
