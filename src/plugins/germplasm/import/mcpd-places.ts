import type { ImportDb } from '../../../server/import/importer.js';
import { bulkInsert, type BulkColumn } from '../../../server/import/bulk.js';
import type { LocationSpec, TaxonSpec } from './mcpd-prepare.js';
import { germplasmDb } from './mcpd-sql.js';

/**
 * What the resolvers know across the batches of one import: the stored rows are loaded once, and rows the
 * import creates are added, so a batch neither reloads every taxonomy and site nor creates one twice.
 */
export interface PlaceCache {
  taxa?: { known: Map<string, number>; cropnames: Map<string, string | null> };
  sites?: Map<string, number>;
}

/** Ids aligned with the requested specs (null where no spec), and how many rows were created. */
export interface Resolved {
  ids: (number | null)[];
  created: number;
}

/** Null-safe match key: empty text counts as absent, as the file cannot tell them apart. */
function taxonKey(t: Omit<TaxonSpec, 'cropname'>): string {
  return JSON.stringify([t.genus, t.species ?? '', t.subtaxa || null, t.species_author || null, t.subtaxa_author || null]);
}

/**
 * Finds or creates the taxonomies of the rows: one select of all taxonomies, then batched inserts. Also
 * gives each row its taxonomy's crop name (which the match ignores: the stored one wins, as the PDCI sees).
 */
export async function resolveTaxonomies(
  target: ImportDb,
  specs: (TaxonSpec | null)[],
  cache: PlaceCache = {},
): Promise<Resolved & { cropnames: (string | null)[] }> {
  cache.taxa ??= await storedTaxonomies(target);
  const { known, cropnames } = cache.taxa;
  const missing = new Map<string, TaxonSpec>();
  for (const spec of specs) {
    if (spec === null) continue;
    const key = taxonKey(spec);
    if (!known.has(key) && !missing.has(key)) {
      missing.set(key, spec);
      cropnames.set(key, spec.cropname);
    }
  }
  const created = await bulkInsert<{ id: number } & Omit<TaxonSpec, 'cropname'>>(
    target,
    'taxonomies',
    TAXON_COLUMNS,
    [...missing.values()].map((t) => [t.genus, t.species, t.subtaxa, t.species_author, t.subtaxa_author, t.cropname]),
    { returning: ['id', 'genus', 'species', 'subtaxa', 'species_author', 'subtaxa_author'] },
  );
  // Matched back by key: RETURNING's row order is not guaranteed.
  for (const row of created) known.set(taxonKey(row), row.id);
  return {
    ids: specs.map((spec) => (spec === null ? null : lookup(known, taxonKey(spec)))),
    created: missing.size,
    cropnames: specs.map((spec) => (spec === null ? null : (cropnames.get(taxonKey(spec)) ?? null))),
  };
}

async function storedTaxonomies(target: ImportDb): Promise<NonNullable<PlaceCache['taxa']>> {
  const known = new Map<string, number>();
  const cropnames = new Map<string, string | null>();
  const stored = await germplasmDb(target)
    .selectFrom('taxonomies')
    .select(['id', 'genus', 'species', 'subtaxa', 'species_author', 'subtaxa_author', 'cropname'])
    .orderBy('id', 'desc')
    .execute();
  for (const row of stored) {
    known.set(taxonKey(row), row.id);
    cropnames.set(taxonKey(row), row.cropname);
  }
  return { known, cropnames };
}

function locationKey(l: LocationSpec): string {
  return JSON.stringify([
    l.country_id, l.site_name, l.latitude, l.longitude, l.elevation, l.coordinate_datum, l.coordinate_uncertainty,
    l.georeferencing_method,
  ]);
}

const TAXON_COLUMNS: BulkColumn[] = [
  { name: 'genus', type: 'text' },
  { name: 'species', type: 'text' },
  { name: 'subtaxa', type: 'text' },
  { name: 'species_author', type: 'text' },
  { name: 'subtaxa_author', type: 'text' },
  { name: 'cropname', type: 'text' },
];

const LOCATION_COLUMNS = [
  'country_id', 'site_name', 'latitude', 'longitude', 'elevation', 'coordinate_datum', 'coordinate_uncertainty',
  'georeferencing_method',
] as const;
const LOCATION_BULK: BulkColumn[] = [
  { name: 'locationtype_id', type: 'integer' },
  { name: 'country_id', type: 'integer' },
  { name: 'site_name', type: 'text' },
  { name: 'latitude', type: 'double precision' },
  { name: 'longitude', type: 'double precision' },
  { name: 'elevation', type: 'double precision' },
  { name: 'coordinate_datum', type: 'text' },
  { name: 'coordinate_uncertainty', type: 'integer' },
  { name: 'georeferencing_method', type: 'text' },
];

/** Finds or creates collecting sites (locationtype 1) matched on every column the import fills. */
export async function resolveLocations(target: ImportDb, specs: (LocationSpec | null)[], cache: PlaceCache = {}): Promise<Resolved> {
  cache.sites ??= await storedLocations(target);
  const known = cache.sites;
  const missing = new Map<string, LocationSpec>();
  for (const spec of specs) {
    if (spec === null) continue;
    const key = locationKey(spec);
    if (!known.has(key) && !missing.has(key)) missing.set(key, spec);
  }
  const created = await bulkInsert<{ id: number } & LocationSpec>(
    target,
    'locations',
    LOCATION_BULK,
    [...missing.values()].map((l) => [
      1, l.country_id, l.site_name, l.latitude, l.longitude, l.elevation, l.coordinate_datum, l.coordinate_uncertainty, l.georeferencing_method,
    ]),
    { returning: ['id', ...LOCATION_COLUMNS] },
  );
  for (const row of created) known.set(locationKey(row), row.id);
  return { ids: specs.map((spec) => (spec === null ? null : lookup(known, locationKey(spec)))), created: missing.size };
}

async function storedLocations(target: ImportDb): Promise<Map<string, number>> {
  const known = new Map<string, number>();
  const stored = await germplasmDb(target)
    .selectFrom('locations')
    .select(['id', ...LOCATION_COLUMNS])
    .where('locationtype_id', '=', 1)
    .orderBy('id', 'desc')
    .execute();
  for (const row of stored) known.set(locationKey(row), row.id);
  return known;
}

function lookup(known: Map<string, number>, key: string): number {
  const id = known.get(key);
  if (id === undefined) throw new Error(`Import: no id for ${key}`);
  return id;
}
