import type { SchemaMigration } from '../../../server/db/migration.js';

/** This part's indexes and tables, after the trials tables. */
export const trialCreationMigrations: SchemaMigration[] = [];
