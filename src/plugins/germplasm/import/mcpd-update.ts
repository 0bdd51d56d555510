import type { ImportDb } from '../../../server/import/importer.js';
import { resolveLocations, resolveTaxonomies, type PlaceCache } from './mcpd-places.js';
import {
  locationSpec, MCPD_INT_KEYS, MCPD_REAL_KEYS, MCPD_TEXT_KEYS, synonymList, taxonSpec, type McpdValues, type PreparedRow,
} from './mcpd-prepare.js';
import { batchSize, bulkSelect, bulkUpdate, chunks, type UpdateColumn } from '../../../server/import/bulk.js';
import { germplasmDb } from './mcpd-sql.js';
import { insertMcpd, insertSynonyms, type RowsWritten } from './mcpd-insert.js';

const TAXON_KEYS = ['genus', 'species', 'spauthor', 'subtaxa', 'subtauthor'] as const;
const LOCATION_KEYS = [
  'origcty', 'collsite', 'declatitude', 'latitude', 'declongitude', 'longitude', 'elevation', 'coorddatum', 'coorduncert',
  'georefmeth',
] as const;

/** Every mcpd descriptor column but accenumb (the stored identifier is kept), as update columns. */
const MCPD_UPDATE: { key: Exclude<keyof McpdValues, 'accenumb'>; column: UpdateColumn }[] = [
  ...MCPD_TEXT_KEYS.map((key) => ({ key, column: { name: key, type: 'text' as const, keep: true } })),
  ...MCPD_REAL_KEYS.map((key) => ({ key, column: { name: key, type: 'double precision' as const, keep: true } })),
  ...MCPD_INT_KEYS.map((key) => ({ key, column: { name: key, type: 'integer' as const, keep: true } })),
];

/** The stored mcpd fields that taxonomy, site and synonyms are derived from. */
const MERGED_KEYS = [...TAXON_KEYS, 'cropname', ...LOCATION_KEYS, 'accename', 'othernumb'] as const;
type Stored = Pick<McpdValues, (typeof MERGED_KEYS)[number]>;

/** The file's non-empty values laid over the stored ones (an empty cell never clears a field). */
function overlay(stored: Stored | undefined, file: McpdValues): McpdValues {
  if (!stored) return file;
  const out = { ...file };
  for (const key of MERGED_KEYS) if (file[key] === null) Object.assign(out, { [key]: stored[key] });
  return out;
}

/**
 * Update mode: rows are stored germplasm (matched by ACCENUMB, case-insensitive);
 * only non-empty cells change stored values. Taxonomy and location are re-resolved from the merged
 * values when the file gives any of their fields; synonyms are replaced when it gives ACCENAME or
 * OTHERNUMB. Everything is set-based: a few statements per batch of rows, never one per row.
 */
export async function updateRows(
  target: ImportDb,
  rows: PreparedRow[],
  countries: ReadonlyMap<string, number>,
  stored: ReadonlyMap<string, number>,
  now: string,
  cache: PlaceCache = {},
): Promise<RowsWritten> {
  const db = germplasmDb(target);
  const ids = rows.map((row) => {
    const id = stored.get(row.key);
    if (id === undefined) throw new Error(`Update: ${row.accenumb} is not in the database`);
    return id;
  });

  const existing = new Map<number, Stored>();
  const found = await bulkSelect<Stored & { germinatebase_id: number }>(target, 'mcpd', 'germinatebase_id', MERGED_KEYS, ids);
  for (const { germinatebase_id, ...values } of found) existing.set(germinatebase_id, values);
  const merged = rows.map((row, i) => overlay(existing.get(ids[i]), row.mcpd));
  const gives = (row: PreparedRow, keys: readonly (keyof McpdValues)[]) => keys.some((key) => row.mcpd[key] !== null);

  const taxa = await resolveTaxonomies(target, rows.map((row, i) => (gives(row, TAXON_KEYS) ? taxonSpec(merged[i]) : null)), cache);
  const sites = await resolveLocations(target, rows.map((row, i) => (gives(row, LOCATION_KEYS) ? locationSpec(merged[i], countries) : null)), cache);

  await bulkUpdate(
    target,
    'germinatebase',
    'id',
    [
      { name: 'number', type: 'text', keep: true },
      { name: 'display_name', type: 'text', keep: true },
      { name: 'taxonomy_id', type: 'integer', keep: true },
      { name: 'location_id', type: 'integer', keep: true },
      { name: 'entitytype_id', type: 'integer', keep: true },
    ],
    rows.map((row, i) => [ids[i], row.mcpd.accename, row.mcpd.accename, taxa.ids[i], sites.ids[i], row.entityTypeId]),
    now,
  );

  const withMcpd = rows.flatMap((row, i) => (existing.has(ids[i]) ? [[ids[i], ...MCPD_UPDATE.map(({ key }) => row.mcpd[key])]] : []));
  await bulkUpdate(target, 'mcpd', 'germinatebase_id', MCPD_UPDATE.map(({ column }) => column), withMcpd, now);
  // Germplasm stored without passport data (e.g. by another importer) get their mcpd row now.
  await insertMcpd(target, rows.flatMap((row, i) => (existing.has(ids[i]) ? [] : [{ id: ids[i], mcpd: row.mcpd }])));

  const renamed = rows.flatMap((row, i) => (row.mcpd.accename !== null || row.mcpd.othernumb !== null ? [i] : []));
  for (const batch of chunks(renamed.map((i) => ids[i]), batchSize(1))) {
    await db.deleteFrom('synonyms').where('synonymtype_id', '=', 1).where('foreign_id', 'in', batch).execute();
  }
  await insertSynonyms(target, renamed.map((i) => ({ id: ids[i], list: synonymList(merged[i].accename, merged[i].othernumb) })));

  return { ids, taxonomies: taxa.created, locations: sites.created };
}
