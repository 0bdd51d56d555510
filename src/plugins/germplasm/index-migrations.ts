import { sql } from 'kysely';
import type { SchemaMigration } from '../../server/db/migration.js';
import { createFtsTrigramTable, createTrgmIndex, ensureExtension } from '../../server/table/trigram-index.js';
import { textSortKeyIndexSql } from '../../server/table/text-match.js';
import { LOCATION_POINT_INDEX, LOCATION_RTREE } from '../../server/geo/sql.js';

/** The FTS5 trigram tables (SQLite) the germplasm view's `trigram` columns name. */
export const GERMPLASM_TRIGRAM = { table: 'germinatebase_trigram', synonyms: 'synonyms_trigram' } as const;

/** Columns of germinatebase searched with `contains` (names and numbers). */
const SEARCHED = ['name', 'display_name', 'general_identifier', 'number'] as const;
/** Columns of germinatebase the table sorts by text (their sort key indexed, with the id as tie-break). */
const SORTED = ['name', 'display_name', 'general_identifier', 'number'] as const;

/**
 * Indexes that let the germplasm table's filters and sorts find rows without reading every row:
 * - `contains` on names, numbers and synonyms: trigram indexes (FTS5 trigram tables on SQLite, pg_trgm
 *   GIN on PostgreSQL; without pg_trgm on the server they are left out and `contains` scans);
 * - ordering by the text columns, PDCI and collecting date: their sort keys (text-match.ts), with
 *   NULLS FIRST on PostgreSQL as the ascending sort puts them, so one index serves both directions;
 * - equality on genus, country code, entity type and biological status, ranges on collecting date.
 */
export const germplasmIndexMigrations: SchemaMigration[] = [
  {
    name: '1004-germplasm-table-indexes',
    async up(db, dialect) {
      const run = (statement: string) => sql.raw(statement).execute(db);
      if (dialect === 'sqlite') {
        await createFtsTrigramTable(db, { name: GERMPLASM_TRIGRAM.table, content: 'germinatebase', key: 'id', columns: [...SEARCHED] });
        await createFtsTrigramTable(db, { name: GERMPLASM_TRIGRAM.synonyms, content: 'synonyms', key: 'id', columns: ['synonyms'] });
        // name and general_identifier have NOCASE indexes since 1000-germplasm-tables.
        await run(`CREATE INDEX germinatebase_display_name_nocase ON germinatebase (${textSortKeyIndexSql('display_name', dialect)})`);
        await run(`CREATE INDEX germinatebase_number_nocase ON germinatebase (${textSortKeyIndexSql('number', dialect)})`);
        await run('CREATE INDEX germinatebase_pdci ON germinatebase (pdci)');
        await run(`CREATE INDEX mcpd_colldate_nocase ON mcpd (${textSortKeyIndexSql('colldate', dialect)})`);
        await run('CREATE INDEX taxonomies_genus_nocase ON taxonomies (genus COLLATE NOCASE)');
        await run('CREATE INDEX countries_code2_nocase ON countries (country_code2 COLLATE NOCASE)');
      } else {
        const trgm = await ensureExtension(db, 'pg_trgm');
        if (trgm) {
          for (const column of SEARCHED) await createTrgmIndex(db, trgm, `germinatebase_${column}_trgm`, 'germinatebase', column);
          await createTrgmIndex(db, trgm, 'synonyms_text_trgm', 'synonyms', 'synonyms::text');
        }
        for (const column of SORTED) {
          await run(`CREATE INDEX germinatebase_${column}_sort ON germinatebase (${textSortKeyIndexSql(column, dialect)} NULLS FIRST, id)`);
        }
        await run('CREATE INDEX germinatebase_pdci ON germinatebase (pdci NULLS FIRST, id)');
        await run(`CREATE INDEX mcpd_colldate_sort ON mcpd (${textSortKeyIndexSql('colldate', dialect)} NULLS FIRST)`);
        await run('CREATE INDEX germinatebase_number_lower ON germinatebase (lower(number))');
        await run('CREATE INDEX germinatebase_display_name_lower ON germinatebase (lower(display_name))');
        await run('CREATE INDEX taxonomies_genus_lower ON taxonomies (lower(genus))');
        await run('CREATE INDEX countries_code2_lower ON countries (lower(country_code2))');
      }
      await run('CREATE INDEX germinatebase_entitytype ON germinatebase (entitytype_id)');
      await run('CREATE INDEX mcpd_sampstat ON mcpd (sampstat)');
    },
  },
  {
    // Place and taxonomy together ("barley from Germany"): from the sites of a country and the few
    // taxonomies of a genus the germplasm of each pair are found in the index alone (PostgreSQL: with the
    // id, so without reading rows), instead of reading every germplasm of the genus or of the country to
    // check the other. It begins with the site, so it replaces the site's own index.
    name: '1005-germplasm-location-taxonomy-index',
    async up(db, dialect) {
      const columns = dialect === 'postgres' ? 'location_id, taxonomy_id, id' : 'location_id, taxonomy_id';
      await sql.raw(`CREATE INDEX germinatebase_location_taxonomy ON germinatebase (${columns})`).execute(db);
      await sql.raw('DROP INDEX germinatebase_location').execute(db);
    },
  },
  {
    // SQLite keeps a table's rows in the B-tree of its id, so a deep page in id order (the default order)
    // read every whole row before it: 94 ms for page 20,000 of 10^6. The ids alone, in an index of their
    // own, are the same walk over a twentieth of the pages. PostgreSQL's key index already is that.
    name: '1006-germplasm-id-order-index',
    async up(db, dialect) {
      if (dialect === 'sqlite') await sql.raw('CREATE INDEX germinatebase_id_order ON germinatebase (id)').execute(db);
    },
  },
  {
    // Geographic search (src/server/geo): the locations inside a polygon's or a radius's bounding box, then
    // their germplasm through germinatebase_location_taxonomy. A box is a range on two columns at once,
    // which a B-tree on (latitude, longitude) serves only along latitude (a band round the globe is read
    // whole, e.g. 10^6 rows for a thin east-west box); a 2-D index reads the box alone.
    // - SQLite: an R*Tree (compiled into better-sqlite3; no extension) of each located location's point,
    //   kept in step by triggers, so every writer (imports, curators, unification) keeps it right.
    // - PostgreSQL: GiST on point(longitude, latitude), built in (no PostGIS: `<@ box` is all a box needs;
    //   the exact polygon test is plain SQL on both databases).
    name: '1007-locations-spatial-index',
    async up(db, dialect) {
      const run = (statement: string) => sql.raw(statement).execute(db);
      if (dialect === 'postgres') {
        await run(`CREATE INDEX ${LOCATION_POINT_INDEX} ON locations USING gist (point(longitude, latitude))`);
        return;
      }
      const located = (row: 'new' | 'old') => `${row}.latitude IS NOT NULL AND ${row}.longitude IS NOT NULL`;
      const insert = `INSERT INTO ${LOCATION_RTREE} (id, min_lat, max_lat, min_lng, max_lng) VALUES (new.id, new.latitude, new.latitude, new.longitude, new.longitude)`;
      await run(`CREATE VIRTUAL TABLE ${LOCATION_RTREE} USING rtree(id, min_lat, max_lat, min_lng, max_lng)`);
      await run(`INSERT INTO ${LOCATION_RTREE} (id, min_lat, max_lat, min_lng, max_lng)
        SELECT id, latitude, latitude, longitude, longitude FROM locations WHERE latitude IS NOT NULL AND longitude IS NOT NULL`);
      await run(`CREATE TRIGGER ${LOCATION_RTREE}_insert AFTER INSERT ON locations WHEN ${located('new')} BEGIN ${insert}; END`);
      await run(`CREATE TRIGGER ${LOCATION_RTREE}_update AFTER UPDATE OF id, latitude, longitude ON locations BEGIN
        DELETE FROM ${LOCATION_RTREE} WHERE id = old.id;
        INSERT INTO ${LOCATION_RTREE} (id, min_lat, max_lat, min_lng, max_lng) SELECT new.id, new.latitude, new.latitude, new.longitude, new.longitude WHERE ${located('new')};
      END`);
      await run(`CREATE TRIGGER ${LOCATION_RTREE}_delete AFTER DELETE ON locations BEGIN DELETE FROM ${LOCATION_RTREE} WHERE id = old.id; END`);
    },
  },
];
