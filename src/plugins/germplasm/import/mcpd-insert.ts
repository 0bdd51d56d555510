import type { ImportDb } from '../../../server/import/importer.js';
import { resolveLocations, resolveTaxonomies } from './mcpd-places.js';
import { displayName, locationSpec, synonymList, taxonSpec, type McpdValues, type PreparedRow } from './mcpd-prepare.js';
import { batchSize, chunks, germplasmDb, type GermplasmDb } from './mcpd-sql.js';

/** What the row writers report: germplasm ids aligned with the rows, and created lookup rows. */
export interface RowsWritten {
  ids: number[];
  taxonomies: number;
  locations: number;
}

/**
 * Insert mode, steps 1–6 of import-rules.md §2.1 for all rows at once: taxonomies and collecting sites
 * (find-or-create), germinatebase, mcpd and synonyms, each in multi-row batches.
 */
export async function insertRows(target: ImportDb, rows: PreparedRow[], countries: ReadonlyMap<string, number>): Promise<RowsWritten> {
  const db = germplasmDb(target);
  const taxa = await resolveTaxonomies(db, rows.map((row) => taxonSpec(row.mcpd)));
  const sites = await resolveLocations(db, rows.map((row) => locationSpec(row.mcpd, countries)));

  const base = rows.map((row, i) => ({
    general_identifier: row.accenumb,
    name: row.accenumb,
    number: row.mcpd.accename,
    display_name: displayName(row.mcpd),
    taxonomy_id: taxa.ids[i],
    location_id: sites.ids[i],
    entitytype_id: row.entityTypeId ?? 1,
  }));
  const byIdentifier = new Map<string, number>();
  for (const batch of chunks(base, batchSize(7))) {
    const created = await db.insertInto('germinatebase').values(batch).returning(['id', 'general_identifier']).execute();
    // Matched back by identifier (unique within a checked file): RETURNING's row order is not guaranteed.
    for (const row of created) byIdentifier.set(row.general_identifier, row.id);
  }
  const ids = rows.map((row) => {
    const id = byIdentifier.get(row.accenumb);
    if (id === undefined) throw new Error(`Import: no id returned for ${row.accenumb}`);
    return id;
  });

  await insertMcpd(db, rows.map((row, i) => ({ id: ids[i], mcpd: row.mcpd })));
  await insertSynonyms(db, rows.map((row, i) => ({ id: ids[i], list: synonymList(row.mcpd.accename, row.mcpd.othernumb) })));
  return { ids, taxonomies: taxa.created, locations: sites.created };
}

const MCPD_PARAMETERS = 42;

export async function insertMcpd(db: GermplasmDb, rows: { id: number; mcpd: McpdValues }[]): Promise<void> {
  for (const batch of chunks(rows, batchSize(MCPD_PARAMETERS))) {
    await db
      .insertInto('mcpd')
      .values(batch.map(({ id, mcpd }) => ({ germinatebase_id: id, ...mcpd })))
      .execute();
  }
}

/** One synonyms row (type 1 = germplasm, JSON array) per germplasm that has any. */
export async function insertSynonyms(db: GermplasmDb, rows: { id: number; list: string[] }[]): Promise<void> {
  const values = rows.filter((row) => row.list.length > 0).map((row) => ({ foreign_id: row.id, synonymtype_id: 1, synonyms: JSON.stringify(row.list) }));
  for (const batch of chunks(values, batchSize(3))) await db.insertInto('synonyms').values(batch).execute();
}
