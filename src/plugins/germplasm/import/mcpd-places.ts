import { batchSize, chunks, type GermplasmDb } from './mcpd-sql.js';
import type { LocationSpec, TaxonSpec } from './mcpd-prepare.js';

/** Ids aligned with the requested specs (null where no spec), and how many rows were created. */
export interface Resolved {
  ids: (number | null)[];
  created: number;
}

/** Null-safe match key: empty text counts as absent, as the file cannot tell them apart. */
function taxonKey(t: Omit<TaxonSpec, 'cropname'>): string {
  return JSON.stringify([t.genus, t.species ?? '', t.subtaxa || null, t.species_author || null, t.subtaxa_author || null]);
}

/** Finds or creates the taxonomies of the rows: one select of all taxonomies, then batched inserts. */
export async function resolveTaxonomies(db: GermplasmDb, specs: (TaxonSpec | null)[]): Promise<Resolved> {
  const known = new Map<string, number>();
  const stored = await db
    .selectFrom('taxonomies')
    .select(['id', 'genus', 'species', 'subtaxa', 'species_author', 'subtaxa_author'])
    .orderBy('id', 'desc')
    .execute();
  for (const row of stored) known.set(taxonKey(row), row.id);
  const missing = new Map<string, TaxonSpec>();
  for (const spec of specs) {
    if (spec === null) continue;
    const key = taxonKey(spec);
    if (!known.has(key) && !missing.has(key)) missing.set(key, spec);
  }
  for (const batch of chunks([...missing.values()], batchSize(6))) {
    const rows = await db
      .insertInto('taxonomies')
      .values(batch)
      .returning(['id', 'genus', 'species', 'subtaxa', 'species_author', 'subtaxa_author'])
      .execute();
    // Matched back by key: RETURNING's row order is not guaranteed.
    for (const row of rows) known.set(taxonKey(row), row.id);
  }
  return { ids: specs.map((spec) => (spec === null ? null : lookup(known, taxonKey(spec)))), created: missing.size };
}

function locationKey(l: LocationSpec): string {
  return JSON.stringify([
    l.country_id, l.site_name, l.latitude, l.longitude, l.elevation, l.coordinate_datum, l.coordinate_uncertainty,
    l.georeferencing_method,
  ]);
}

const LOCATION_COLUMNS = [
  'country_id', 'site_name', 'latitude', 'longitude', 'elevation', 'coordinate_datum', 'coordinate_uncertainty',
  'georeferencing_method',
] as const;

/** Finds or creates collecting sites (locationtype 1) matched on every column the import fills. */
export async function resolveLocations(db: GermplasmDb, specs: (LocationSpec | null)[]): Promise<Resolved> {
  const known = new Map<string, number>();
  const stored = await db
    .selectFrom('locations')
    .select(['id', ...LOCATION_COLUMNS])
    .where('locationtype_id', '=', 1)
    .orderBy('id', 'desc')
    .execute();
  for (const row of stored) known.set(locationKey(row), row.id);
  const missing = new Map<string, LocationSpec>();
  for (const spec of specs) {
    if (spec === null) continue;
    const key = locationKey(spec);
    if (!known.has(key) && !missing.has(key)) missing.set(key, spec);
  }
  for (const batch of chunks([...missing.values()], batchSize(9))) {
    const rows = await db
      .insertInto('locations')
      .values(batch.map((spec) => ({ ...spec, locationtype_id: 1 })))
      .returning(['id', ...LOCATION_COLUMNS])
      .execute();
    for (const row of rows) known.set(locationKey(row), row.id);
  }
  return { ids: specs.map((spec) => (spec === null ? null : lookup(known, locationKey(spec)))), created: missing.size };
}

function lookup(known: Map<string, number>, key: string): number {
  const id = known.get(key);
  if (id === undefined) throw new Error(`Import: no id for ${key}`);
  return id;
}
