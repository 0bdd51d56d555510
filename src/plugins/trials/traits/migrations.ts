import type { SchemaMigration } from '../../../server/db/migration.js';

/**
 * This part's indexes and tables, after the trials tables. None yet: the trait reads (the trait table's
 * datasetIds and count, a trait's values, the traits of datasets, unification) find a trait's values and
 * their plots through phenotypedata (phenotype_id, trialsetup_id), which the trials data part's indexes create.
 */
export const traitMigrations: SchemaMigration[] = [];
