import { seededRandom } from '../src/core/random.js';
import type pg from 'pg';
import type { Database } from '../src/server/db/database.js';
import { COUNTRIES } from '../src/plugins/germplasm/countries.js';
import { SAMPSTAT } from '../src/plugins/germplasm/mcpd-codes.js';

/**
 * The benchmark data set, deterministic for a seed (the shared mulberry32 generator, src/core/random.ts):
 * - 200 taxonomies (genus from 20, species from 10), 500 institutions, 20,000 collecting sites spread
 *   over the 60 first countries of Germinate's country list (about 1/60 of germplasm per country);
 * - `count` accessions: general_identifier and name `BENCH-0000001`…, display name, accession name,
 *   a taxonomy, a site, PDCI 0–10, an mcpd row (SAMPSTAT, COLLDATE, COLLNUMB), synonyms on every third
 *   row and one maintaining institution each.
 * Rows are inserted with the table's indexes in place (the trigram tables through their triggers), as an
 * import would.
 */

/** The other benchmarks' name for the shared seeded generator. */
export { seededRandom as mulberry32 } from '../src/core/random.js';

const GENERA = ['Hordeum', 'Triticum', 'Avena', 'Secale', 'Zea', 'Oryza', 'Beta', 'Brassica', 'Allium', 'Pisum', 'Vicia', 'Lens', 'Cicer', 'Phaseolus', 'Solanum', 'Daucus', 'Lactuca', 'Cucumis', 'Humulus', 'Sorghum'];
const SPECIES = ['vulgare', 'aestivum', 'sativa', 'cereale', 'mays', 'vulgaris', 'napus', 'cepa', 'arvense', 'faba'];
/** 60 countries of origin, so about 1/60 of the germplasm comes from each (e.g. DE). */
export const BENCH_COUNTRIES = [
  'DE', 'GB', 'FR', 'ES', 'IT', 'NL', 'BE', 'PL', 'CZ', 'AT', 'CH', 'SE', 'NO', 'FI', 'DK', 'IE', 'PT', 'GR', 'HU', 'RO',
  'BG', 'RS', 'HR', 'SK', 'SI', 'UA', 'RU', 'TR', 'IR', 'IQ', 'SY', 'IL', 'JO', 'EG', 'LY', 'TN', 'DZ', 'MA', 'ET', 'KE',
  'ZA', 'NG', 'IN', 'PK', 'AF', 'CN', 'JP', 'KR', 'NP', 'US', 'CA', 'MX', 'BR', 'AR', 'CL', 'PE', 'BO', 'EC', 'AU', 'NZ',
];

const WORDS = ['Golden', 'Promise', 'Morex', 'Barke', 'Steptoe', 'Optic', 'Concerto', 'Tipple', 'Maris', 'Otter', 'Chevalier', 'Plumage', 'Archer', 'Spratt', 'Bere', 'Hana'];

export interface GeneratedRow {
  id: number;
  gid: string;
  name: string;
  displayName: string;
  number: string;
  taxonomyId: number;
  locationId: number;
  pdci: number;
  sampstat: number;
  colldate: string;
  collnumb: string;
  synonyms: string | null;
  institutionId: number;
}

export function* generateRows(count: number, seed: number): Generator<GeneratedRow> {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  for (let id = 1; id <= count; id++) {
    const gid = `BENCH-${String(id).padStart(7, '0')}`;
    const word = pick(WORDS);
    const year = 1900 + Math.floor(random() * 120);
    const month = String(1 + Math.floor(random() * 12)).padStart(2, '0');
    yield {
      id,
      gid,
      name: gid,
      displayName: `${word} ${id}`,
      number: `ACC ${word.toUpperCase()} ${id}`,
      taxonomyId: 1 + Math.floor(random() * 200),
      locationId: 1 + Math.floor(random() * 20_000),
      pdci: Math.round(random() * 1000) / 100,
      sampstat: pick(SAMPSTAT)[0],
      colldate: `${year}${month}--`,
      collnumb: `C${Math.floor(random() * 1e6)}`,
      synonyms: id % 3 === 0 ? JSON.stringify([`${word}-${id}`, `SYN${id}`]) : null,
      institutionId: 1 + Math.floor(random() * 500),
    };
  }
}

function lookups(seed: number) {
  const random = seededRandom(seed + 1);
  const countries = COUNTRIES.filter(([, , code2]) => BENCH_COUNTRIES.includes(code2));
  const taxonomies = Array.from({ length: 200 }, (_, i) => ({
    id: i + 1,
    genus: GENERA[i % GENERA.length],
    species: SPECIES[Math.floor(i / GENERA.length) % SPECIES.length],
  }));
  const institutions = Array.from({ length: 500 }, (_, i) => ({ id: i + 1, code: `INS${String(i + 1).padStart(3, '0')}`, name: `Institute ${i + 1}` }));
  const locations = Array.from({ length: 20_000 }, (_, i) => ({
    id: i + 1,
    countryId: countries[i % countries.length][0],
    site: `Site ${i + 1}`,
    latitude: Math.round((random() * 140 - 70) * 1e4) / 1e4,
    longitude: Math.round((random() * 340 - 170) * 1e4) / 1e4,
  }));
  return { taxonomies, institutions, locations };
}

/** Inserts the data set with the drivers directly (this is setup, not what is measured). */
export async function generateGermplasm(database: Database, count: number, seed: number): Promise<void> {
  const { taxonomies, institutions, locations } = lookups(seed);
  if (database.sqlite) {
    const s = database.sqlite;
    const tax = s.prepare('INSERT INTO taxonomies (id, genus, species) VALUES (?, ?, ?)');
    const ins = s.prepare('INSERT INTO institutions (id, code, name) VALUES (?, ?, ?)');
    const loc = s.prepare('INSERT INTO locations (id, locationtype_id, country_id, site_name, latitude, longitude) VALUES (?, 1, ?, ?, ?, ?)');
    const g = s.prepare('INSERT INTO germinatebase (id, general_identifier, name, display_name, number, taxonomy_id, location_id, entitytype_id, pdci) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?)');
    const m = s.prepare('INSERT INTO mcpd (germinatebase_id, accenumb, sampstat, colldate, collnumb) VALUES (?, ?, ?, ?, ?)');
    const syn = s.prepare('INSERT INTO synonyms (foreign_id, synonymtype_id, synonyms) VALUES (?, 1, ?)');
    const gi = s.prepare("INSERT INTO germplasminstitutions (germinatebase_id, institution_id, type) VALUES (?, ?, 'maintenance')");
    // The table's indexes (B-trees over random values, the trigram tables) take most of the time: a page
    // cache of 1 GiB keeps them in memory instead of spilling every few thousand rows.
    const cacheSize = s.pragma('cache_size', { simple: true }) as number;
    s.pragma('cache_size = -1048576');
    s.transaction(() => {
      for (const t of taxonomies) tax.run(t.id, t.genus, t.species);
      for (const i of institutions) ins.run(i.id, i.code, i.name);
      for (const l of locations) loc.run(l.id, l.countryId, l.site, l.latitude, l.longitude);
      for (const r of generateRows(count, seed)) {
        g.run(r.id, r.gid, r.name, r.displayName, r.number, r.taxonomyId, r.locationId, r.pdci);
        m.run(r.id, r.gid, r.sampstat, r.colldate, r.collnumb);
        if (r.synonyms) syn.run(r.id, r.synonyms);
        gi.run(r.id, r.institutionId);
      }
    })();
    s.pragma(`cache_size = ${Number(cacheSize)}`);
    s.exec('ANALYZE');
    return;
  }
  // A bare VACUUM: germplasm is the first thing a bench database holds.
  await loadIntoPostgres(database, ['taxonomies', 'institutions', 'locations', 'germinatebase', 'synonyms'], [], async (client) => {
    await client.query('INSERT INTO taxonomies (id, genus, species) SELECT * FROM unnest($1::int[], $2::text[], $3::text[])', [
      taxonomies.map((t) => t.id), taxonomies.map((t) => t.genus), taxonomies.map((t) => t.species),
    ]);
    await client.query('INSERT INTO institutions (id, code, name) SELECT * FROM unnest($1::int[], $2::text[], $3::text[])', [
      institutions.map((i) => i.id), institutions.map((i) => i.code), institutions.map((i) => i.name),
    ]);
    await client.query(
      'INSERT INTO locations (id, locationtype_id, country_id, site_name, latitude, longitude) SELECT a, 1, b, c, d, e FROM unnest($1::int[], $2::int[], $3::text[], $4::float8[], $5::float8[]) AS u(a, b, c, d, e)',
      [locations.map((l) => l.id), locations.map((l) => l.countryId), locations.map((l) => l.site), locations.map((l) => l.latitude), locations.map((l) => l.longitude)],
    );
    let batch: GeneratedRow[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const col = <K extends keyof GeneratedRow>(k: K) => batch.map((r) => r[k]);
      await client.query(
        'INSERT INTO germinatebase (id, general_identifier, name, display_name, number, taxonomy_id, location_id, entitytype_id, pdci) SELECT a, b, c, d, e, f, g, 1, h FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[], $8::float8[]) AS u(a, b, c, d, e, f, g, h)',
        [col('id'), col('gid'), col('name'), col('displayName'), col('number'), col('taxonomyId'), col('locationId'), col('pdci')],
      );
      await client.query(
        'INSERT INTO mcpd (germinatebase_id, accenumb, sampstat, colldate, collnumb) SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[])',
        [col('id'), col('gid'), col('sampstat'), col('colldate'), col('collnumb')],
      );
      const withSynonyms = batch.filter((r) => r.synonyms);
      await client.query('INSERT INTO synonyms (foreign_id, synonymtype_id, synonyms) SELECT a, 1, b::jsonb FROM unnest($1::int[], $2::text[]) AS u(a, b)', [
        withSynonyms.map((r) => r.id), withSynonyms.map((r) => r.synonyms),
      ]);
      await client.query("INSERT INTO germplasminstitutions (germinatebase_id, institution_id, type) SELECT a, b, 'maintenance' FROM unnest($1::int[], $2::int[]) AS u(a, b)", [
        col('id'), col('institutionId'),
      ]);
      batch = [];
    };
    for (const row of generateRows(count, seed)) {
      batch.push(row);
      if (batch.length === 20_000) await flush();
    }
    await flush();
  });
}

/**
 * Fills a PostgreSQL bench database in one transaction, then sets the id sequences of `sequenced` past the
 * rows written and vacuums `vacuumed` (all tables when empty). Foreign keys are not checked while filling:
 * their checks were planned while the tables were empty (sequential scans) and kept, so each batch scanned
 * every row before it (quadratic: a single 20,000-row batch took over a minute at a few hundred thousand
 * rows); the generated keys are consistent. Vacuumed, the visibility map lets counts and deep pages read the
 * indexes alone (index-only scans), as on a database that has run a while.
 */
export async function loadIntoPostgres(
  database: Database,
  sequenced: readonly string[],
  vacuumed: readonly string[],
  fill: (client: pg.PoolClient) => Promise<void>,
): Promise<void> {
  const pool = database.pool;
  if (!pool) throw new Error('no driver');
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await fill(client);
    for (const table of sequenced) {
      await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT MAX(id) FROM ${table}))`);
    }
    await client.query('COMMIT');
    await client.query(vacuumed.length > 0 ? `VACUUM ANALYZE ${vacuumed.join(', ')}` : 'VACUUM ANALYZE');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
