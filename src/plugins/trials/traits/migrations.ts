import { sql } from 'kysely';
import type { SchemaMigration } from '../../../server/db/migration.js';

/**
 * This part's indexes, after the trials tables. The trait reads find a trait's values at a run of plots as
 * one range of phenotypedata (phenotype_id, trialsetup_id), an index the trials data part creates.
 */
export const traitMigrations: SchemaMigration[] = [
  {
    // The index on phenotypedata (phenotype_id) alone is the first column of (phenotype_id, trialsetup_id):
    // it serves nothing the pair does not, costs every import its upkeep, and PostgreSQL took it for a
    // trait's values at a range of plots, then read the trait's values from the first until one was in range.
    name: '2001-traits-drop-phenotypedata-phenotype',
    async up(db) {
      await sql.raw('DROP INDEX phenotypedata_phenotype').execute(db);
    },
  },
];
