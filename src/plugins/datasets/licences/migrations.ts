import type { SchemaMigration } from '../../../server/db/migration.js';

/** Licence tables beyond the core ones (licenses, licenselogs). */
export const licenceMigrations: SchemaMigration[] = [];
