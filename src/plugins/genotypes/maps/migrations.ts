import { sql } from 'kysely';
import type { SchemaMigration } from '../../../server/db/migration.js';

/**
 * A map's definitions in id order (the map definition table's default order, and its paging under a map
 * filter): without it a map of 10^6 definitions was found through (map, chromosome, position) and then
 * sorted whole for every page.
 */
export const mapsPagingMigrations: SchemaMigration[] = [
  {
    name: '3520-mapdefinitions-by-map',
    async up(db) {
      await sql`CREATE INDEX mapdefinitions_map_id ON mapdefinitions (map_id, id)`.execute(db);
    },
  },
];
