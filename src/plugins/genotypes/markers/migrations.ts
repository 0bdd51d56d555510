import { sql } from 'kysely';
import type { SchemaMigration } from '../../../server/db/migration.js';
import { textSortKeyIndexSql } from '../../../server/table/text-match.js';
import { createFtsTrigramTable, createTrgmIndex, ensureExtension } from '../../../server/table/trigram-index.js';

/** The FTS5 trigram table (SQLite) over marker names that the marker views' `contains` asks first. */
export const MARKER_TRIGRAM = 'markers_trigram';
/** The pg_trgm index (PostgreSQL) over marker names; missing when pg_trgm could not be installed. */
export const MARKER_NAME_TRGM = 'markers_marker_name_trgm';

/**
 * Indexes that let the marker tables find rows without reading every marker (10^6 and more):
 * - `contains` on the name: an FTS5 trigram table kept in sync by triggers (SQLite), a pg_trgm GIN index
 *   (PostgreSQL; left out, with a warning at start, when pg_trgm is not available). Synonyms are served by
 *   the germplasm domain's trigram index over every synonyms row.
 * - equality on and ordering by the name: its sort key (text-match.ts), with the id on PostgreSQL.
 */
export const markersSearchMigrations: SchemaMigration[] = [
  {
    name: '3510-markers-search',
    async up(db, dialect) {
      if (dialect === 'sqlite') {
        await createFtsTrigramTable(db, { name: MARKER_TRIGRAM, content: 'markers', key: 'id', columns: ['marker_name'] });
        await sql.raw(`CREATE INDEX markers_name_nocase ON markers (${textSortKeyIndexSql('marker_name', dialect)})`).execute(db);
        return;
      }
      const trgm = await ensureExtension(db, 'pg_trgm');
      if (trgm) await createTrgmIndex(db, trgm, MARKER_NAME_TRGM, 'markers', 'marker_name');
      await sql.raw(`CREATE INDEX markers_name_sort ON markers (${textSortKeyIndexSql('marker_name', dialect)} NULLS FIRST, id)`).execute(db);
    },
  },
];
