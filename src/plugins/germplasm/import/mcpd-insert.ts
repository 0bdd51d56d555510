import type { ImportDb } from '../../../server/import/importer.js';
import { resolveLocations, resolveTaxonomies, type PlaceCache } from './mcpd-places.js';
import { bulkInsert, type BulkColumn } from '../../../server/import/bulk.js';
import { pdciPoints, pdciScore } from '../pdci.js';
import {
  displayName, locationSpec, MCPD_INT_KEYS, MCPD_REAL_KEYS, MCPD_TEXT_KEYS, synonymList, taxonSpec, type LocationSpec, type McpdValues,
  type PreparedRow, type TaxonSpec,
} from './mcpd-prepare.js';

/** What the row writers report: germplasm ids aligned with the rows, and created lookup rows. */
export interface RowsWritten {
  ids: number[];
  taxonomies: number;
  locations: number;
}

/**
 * Insert mode, the first six steps of Germinate's MCPD import (docs/import-templates.md) for all rows at once: taxonomies and collecting sites
 * (find-or-create), germinatebase, mcpd and synonyms, each in multi-row batches.
 */
export async function insertRows(
  target: ImportDb,
  rows: PreparedRow[],
  countries: ReadonlyMap<string, number>,
  cache: PlaceCache = {},
): Promise<RowsWritten> {
  const taxonSpecs = rows.map((row) => taxonSpec(row.mcpd));
  const siteSpecs = rows.map((row) => locationSpec(row.mcpd, countries));
  const taxa = await resolveTaxonomies(target, taxonSpecs, cache);
  const sites = await resolveLocations(target, siteSpecs, cache);

  const created = await bulkInsert<{ id: number; general_identifier: string }>(
    target,
    'germinatebase',
    GERMINATEBASE_COLUMNS,
    rows.map((row, i) => {
      const type = row.entityTypeId ?? 1;
      const taxon = taxonSpecs[i];
      const pdci = expectedPdci(row.mcpd, type, taxon && { ...taxon, cropname: taxa.cropnames[i] }, siteSpecs[i]);
      return [row.accenumb, row.accenumb, row.mcpd.accename, displayName(row.mcpd), taxa.ids[i], sites.ids[i], type, pdci];
    }),
    { returning: ['id', 'general_identifier'] },
  );
  // Matched back by identifier (unique within a checked file): RETURNING's row order is not guaranteed.
  const byIdentifier = new Map(created.map((row) => [row.general_identifier, row.id]));
  const ids = rows.map((row) => {
    const id = byIdentifier.get(row.accenumb);
    if (id === undefined) throw new Error(`Import: no id returned for ${row.accenumb}`);
    return id;
  });

  await insertMcpd(target, rows.map((row, i) => ({ id: ids[i], mcpd: row.mcpd })));
  await insertSynonyms(target, rows.map((row, i) => ({ id: ids[i], list: synonymList(row.mcpd.accename, row.mcpd.othernumb) })));
  return { ids, taxonomies: taxa.created, locations: sites.created };
}

/**
 * The PDCI the row gets, from pdci.ts' own scoring over exactly what updatePdci would read (the
 * taxonomy's stored crop name, the site as stored, ANCEST, no links), so germinatebase is inserted with
 * its final score and an insert needs no second pass over every new row.
 */
function expectedPdci(m: McpdValues, entityTypeId: number, taxon: TaxonSpec | null, site: LocationSpec | null): number | null {
  const points = pdciPoints({
    entityTypeId,
    genus: taxon?.genus ?? null,
    species: taxon?.species ?? null,
    speciesAuthor: taxon?.species_author ?? null,
    subtaxa: taxon?.subtaxa ?? null,
    subtaxaAuthor: taxon?.subtaxa_author ?? null,
    cropname: taxon?.cropname ?? null,
    acqdate: m.acqdate,
    sampstat: m.sampstat,
    donorcode: m.donorcode,
    donorname: m.donorname,
    donornumb: m.donornumb,
    othernumb: m.othernumb,
    duplsite: m.duplsite,
    duplinstname: m.duplinstname,
    storage: m.storage,
    mlsstat: m.mlsstat,
    colldate: m.colldate,
    bredcode: m.bredcode,
    bredname: m.bredname,
    collsrc: m.collsrc,
    collnumb: m.collnumb,
    collcode: m.collcode,
    collname: m.collname,
    accename: m.accename,
    hasLocation: site !== null,
    siteName: site?.site_name ?? null,
    latitude: site?.latitude ?? null,
    longitude: site?.longitude ?? null,
    elevation: site?.elevation ?? null,
    hasLink: false,
    hasPedigree: m.ancest !== null && m.ancest.trim() !== '',
  });
  return points === null ? null : pdciScore(points);
}

const GERMINATEBASE_COLUMNS: BulkColumn[] = [
  { name: 'general_identifier', type: 'text' },
  { name: 'name', type: 'text' },
  { name: 'number', type: 'text' },
  { name: 'display_name', type: 'text' },
  { name: 'taxonomy_id', type: 'integer' },
  { name: 'location_id', type: 'integer' },
  { name: 'entitytype_id', type: 'integer' },
  { name: 'pdci', type: 'double precision' },
];

const MCPD_COLUMNS: BulkColumn[] = [
  { name: 'germinatebase_id', type: 'integer' },
  { name: 'accenumb', type: 'text' },
  ...MCPD_TEXT_KEYS.map((name) => ({ name, type: 'text' as const })),
  ...MCPD_REAL_KEYS.map((name) => ({ name, type: 'double precision' as const })),
  ...MCPD_INT_KEYS.map((name) => ({ name, type: 'integer' as const })),
];

export async function insertMcpd(target: ImportDb, rows: { id: number; mcpd: McpdValues }[]): Promise<void> {
  const values = rows.map(({ id, mcpd }) => [
    id,
    mcpd.accenumb,
    ...MCPD_TEXT_KEYS.map((key) => mcpd[key]),
    ...MCPD_REAL_KEYS.map((key) => mcpd[key]),
    ...MCPD_INT_KEYS.map((key) => mcpd[key]),
  ]);
  await bulkInsert(target, 'mcpd', MCPD_COLUMNS, values, { omitNullColumns: true });
}

const SYNONYM_COLUMNS: BulkColumn[] = [
  { name: 'foreign_id', type: 'integer' },
  { name: 'synonymtype_id', type: 'integer' },
  { name: 'synonyms', type: 'jsonb' },
];

/** One synonyms row (type 1 = germplasm, JSON array) per germplasm that has any. */
export async function insertSynonyms(target: ImportDb, rows: { id: number; list: string[] }[]): Promise<void> {
  const values = rows.filter((row) => row.list.length > 0).map((row) => [row.id, 1, JSON.stringify(row.list)]);
  await bulkInsert(target, 'synonyms', SYNONYM_COLUMNS, values);
}
