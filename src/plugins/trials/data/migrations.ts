import type { SchemaMigration } from '../../../server/db/migration.js';

/**
 * Indexes of the trials data calls, after the trials tables:
 * - data points of a trait with their plots (trait filters of the data table, the export's trait list,
 *   timepoints of a trait), without reading the data rows themselves;
 * - plots of a dataset in germplasm order (the export's batches, germplasm filters within datasets).
 * A germplasm's plots per dataset and a plot's points per trait (from germplasm to one trait's values) are
 * served by the statistics part's indexes on the same tables.
 */
export const trialsDataMigrations: SchemaMigration[] = [
  {
    name: '2002-trials-data-indexes',
    async up(db) {
      const index = (name: string, table: string, columns: string[]) => db.schema.createIndex(name).on(table).columns(columns).execute();
      await index('phenotypedata_phenotype_trialsetup', 'phenotypedata', ['phenotype_id', 'trialsetup_id']);
      await index('trialsetup_dataset_germplasm', 'trialsetup', ['dataset_id', 'germinatebase_id']);
    },
  },
];
