import { sql, type Kysely } from 'kysely';
import type { ImportDb } from '../../server/import/importer.js';
import type { CoreTables } from '../../server/db/tables.js';
import type { GermplasmTables } from './tables.js';

/**
 * Passport Data Completeness Index (van Hintum et al. 2011) as Germinate 4 computes it: points 0..1000,
 * stored as `germinatebase.pdci` = points / 100 (docs/pdci.md). The numbers match Germinate's,
 * including its quirks: "Other" tops out at 8.5, BREDNAME scores like BREDCODE in "Other",
 * SUBTAUTHOR needs only SPECIES, CROPNAME needs GENUS and SPECIES, ORIGCTY means "has a location".
 *
 * Substitutions in this codebase:
 * - There is no `links` table yet, so `hasLink` (the ACCEURL substitute) is false for everyone.
 * - There are no pedigree tables yet, so `hasPedigree` is "mcpd.ancest is present", which is what
 *   Germinate's MCPD importer yields (a non-blank ANCEST creates a pedigree definition).
 *   Both are inputs of `pdciPoints`, so the links and pedigree domains can supply them later.
 * - An accession without an `mcpd` row aborts Germinate's run; here it is scored as "Other" with every
 *   MCPD field absent (taxonomy, ACCENAME and the location still count).
 * - Germinate recomputes every 4 hours; here `updatePdci` runs when data changes (e.g. after an import).
 */

/**
 * What the method reads for one germplasm row, after Germinate's substitutions (the taxonomy, location,
 * pedigree and link rows stand in for MCPD fields).
 */
export interface PdciInput {
  /** germinatebase.entitytype_id: only 1 (Accession) is scored. */
  entityTypeId: number | null;
  // Linked taxonomies row (all null when no taxonomy is linked).
  genus: string | null;
  species: string | null;
  speciesAuthor: string | null;
  subtaxa: string | null;
  subtaxaAuthor: string | null;
  cropname: string | null;
  // mcpd row (all null when there is none).
  acqdate: string | null;
  sampstat: number | null;
  donorcode: string | null;
  donorname: string | null;
  donornumb: string | null;
  othernumb: string | null;
  duplsite: string | null;
  duplinstname: string | null;
  storage: string | null;
  mlsstat: number | null;
  colldate: string | null;
  bredcode: string | null;
  bredname: string | null;
  collsrc: number | null;
  collnumb: string | null;
  collcode: string | null;
  collname: string | null;
  /** germinatebase.number, where the MCPD importer writes ACCENAME. */
  accename: string | null;
  /** A linked locations row exists; its country_id is NOT NULL, so this is the ORIGCTY test. */
  hasLocation: boolean;
  siteName: string | null;
  latitude: number | null;
  longitude: number | null;
  elevation: number | null;
  /** ACCEURL substitute: the accession has a Germinate link. */
  hasLink: boolean;
  /** ANCEST substitute: the accession is a child in a pedigree table. */
  hasPedigree: boolean;
}

export type PdciCategory = 'wild' | 'landrace' | 'breeding' | 'cultivar' | 'other';

/** Points per descriptor of the type-specific part; 0 where the category ignores the descriptor. */
interface TypeWeights {
  country: number;
  siteWithoutCoords: number;
  siteWithCoords: number;
  coords: number;
  elevation: number;
  colldate: number;
  bredcode: number;
  bredname: number;
  pedigree: number;
  collsrc: number;
  accename: number;
  collnumb: number;
  collcode: number;
  collname: number;
}

// Points by category. "Other" keeps Germinate's BREDNAME 10 and its 250 maximum (docs/pdci.md).
const WEIGHTS: Record<PdciCategory, TypeWeights> = {
  wild: {
    country: 80, siteWithoutCoords: 70, siteWithCoords: 20, coords: 120, elevation: 20, colldate: 30,
    bredcode: 0, bredname: 0, pedigree: 0, collsrc: 30, accename: 0, collnumb: 60, collcode: 40, collname: 20,
  },
  landrace: {
    country: 80, siteWithoutCoords: 45, siteWithCoords: 15, coords: 80, elevation: 15, colldate: 30,
    bredcode: 0, bredname: 0, pedigree: 10, collsrc: 50, accename: 50, collnumb: 40, collcode: 30, collname: 15,
  },
  breeding: {
    country: 40, siteWithoutCoords: 0, siteWithCoords: 0, coords: 0, elevation: 0, colldate: 0,
    bredcode: 110, bredname: 55, pedigree: 150, collsrc: 20, accename: 80, collnumb: 0, collcode: 0, collname: 0,
  },
  cultivar: {
    country: 40, siteWithoutCoords: 0, siteWithCoords: 0, coords: 0, elevation: 0, colldate: 0,
    bredcode: 80, bredname: 40, pedigree: 100, collsrc: 20, accename: 160, collnumb: 0, collcode: 0, collname: 0,
  },
  other: {
    country: 40, siteWithoutCoords: 20, siteWithCoords: 10, coords: 30, elevation: 5, colldate: 10,
    bredcode: 10, bredname: 10, pedigree: 40, collsrc: 25, accename: 40, collnumb: 20, collcode: 20, collname: 10,
  },
};

const ACCESSION = 1;

/** Text: not null and not blank after trimming. Numbers: not null (0 is present). */
function present(value: string | number | null): boolean {
  if (value === null) return false;
  return typeof value === 'number' || value.trim() !== '';
}

/** Category by the hundreds of SAMPSTAT (1–2 wild, 3 landrace, 4 breeding, 5 cultivar); 6xx (GMO), 999, blank → "other". */
export function pdciCategory(sampstat: number | null): PdciCategory {
  if (sampstat === null) return 'other';
  switch (Math.trunc(sampstat / 100)) {
    case 1:
    case 2:
      return 'wild';
    case 3:
      return 'landrace';
    case 4:
      return 'breeding';
    case 5:
      return 'cultivar';
    default:
      return 'other';
  }
}

/** Generic part, 0..600, for every accession. */
function genericPoints(input: PdciInput): number {
  let points = 0;
  if (present(input.genus)) {
    points += 120;
    if (present(input.species)) {
      points += 80;
      // SUBTAUTHOR and CROPNAME hang off SPECIES, not SUBTAXA / the taxon (quirk 11).
      if (present(input.speciesAuthor)) points += 5;
      if (present(input.subtaxa)) points += 40;
      if (present(input.subtaxaAuthor)) points += 5;
      if (present(input.cropname)) points += 45;
    }
  }
  if (present(input.acqdate)) points += 10;
  if (present(input.sampstat)) points += 80;
  const hasDonor = present(input.donorcode) || present(input.donorname);
  if (present(input.donorcode)) points += 40;
  else if (present(input.donorname)) points += 20;
  if (present(input.donornumb)) points += hasDonor ? 40 : 20;
  if (present(input.othernumb)) points += 35;
  if (present(input.duplsite)) points += 30;
  else if (present(input.duplinstname)) points += 15;
  if (present(input.storage)) points += 15;
  if (input.hasLink) points += 40;
  if (present(input.mlsstat)) points += 15;
  return points;
}

/** Type-specific part, 0..400 (0..250 for "other"), by category. */
function specificPoints(input: PdciInput): number {
  const w = WEIGHTS[pdciCategory(input.sampstat)];
  let points = 0;
  if (input.hasLocation) {
    points += w.country;
    const coords = input.latitude !== null && input.longitude !== null;
    if (present(input.siteName)) points += coords ? w.siteWithCoords : w.siteWithoutCoords;
    if (coords) points += w.coords;
    if (input.elevation !== null) points += w.elevation;
  }
  if (present(input.colldate)) points += w.colldate;
  if (present(input.bredcode)) points += w.bredcode;
  else if (present(input.bredname)) points += w.bredname;
  if (input.hasPedigree) points += w.pedigree;
  if (present(input.collsrc)) points += w.collsrc;
  if (present(input.accename)) points += w.accename;
  if (present(input.collnumb)) points += w.collnumb;
  if (present(input.collcode)) points += w.collcode;
  else if (present(input.collname)) points += w.collname;
  return points;
}

/** Integer points 0..1000, or null for germplasm that is not an accession (never scored). */
export function pdciPoints(input: PdciInput): number | null {
  if (input.entityTypeId !== ACCESSION) return null;
  return genericPoints(input) + specificPoints(input);
}

/** The stored value: points / 100, not rounded (as Germinate). */
export function pdciScore(points: number): number {
  return points / 100;
}

// ~5,000 ids per round trip: the select binds one parameter per id and the update two, which stays
// well under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters.
const CHUNK = 5000;

type GermplasmDb = Kysely<CoreTables & GermplasmTables>;

function selectInputs(db: GermplasmDb) {
  return db
    .selectFrom('germinatebase as g')
    .leftJoin('mcpd as m', 'm.germinatebase_id', 'g.id')
    .leftJoin('taxonomies as t', 't.id', 'g.taxonomy_id')
    .leftJoin('locations as l', 'l.id', 'g.location_id')
    .select([
      'g.id', 'g.entitytype_id', 'g.number',
      't.genus', 't.species', 't.species_author', 't.subtaxa', 't.subtaxa_author', 't.cropname',
      'm.acqdate', 'm.sampstat', 'm.donorcode', 'm.donorname', 'm.donornumb', 'm.othernumb', 'm.duplsite',
      'm.duplinstname', 'm.storage', 'm.mlsstat', 'm.colldate', 'm.bredcode', 'm.bredname', 'm.collsrc',
      'm.collnumb', 'm.collcode', 'm.collname', 'm.ancest',
      'l.id as location_found', 'l.site_name', 'l.latitude', 'l.longitude', 'l.elevation',
    ]);
}

type InputRow = Awaited<ReturnType<ReturnType<typeof selectInputs>['execute']>>[number];

function toInput(row: InputRow): PdciInput {
  return {
    entityTypeId: row.entitytype_id,
    genus: row.genus,
    species: row.species,
    speciesAuthor: row.species_author,
    subtaxa: row.subtaxa,
    subtaxaAuthor: row.subtaxa_author,
    cropname: row.cropname,
    acqdate: row.acqdate,
    sampstat: row.sampstat,
    donorcode: row.donorcode,
    donorname: row.donorname,
    donornumb: row.donornumb,
    othernumb: row.othernumb,
    duplsite: row.duplsite,
    duplinstname: row.duplinstname,
    storage: row.storage,
    mlsstat: row.mlsstat,
    colldate: row.colldate,
    bredcode: row.bredcode,
    bredname: row.bredname,
    collsrc: row.collsrc,
    collnumb: row.collnumb,
    collcode: row.collcode,
    collname: row.collname,
    accename: row.number,
    hasLocation: row.location_found !== null,
    siteName: row.site_name,
    latitude: row.latitude,
    longitude: row.longitude,
    elevation: row.elevation,
    hasLink: false,
    hasPedigree: present(row.ancest),
  };
}

/**
 * Writes one chunk with a single set-based UPDATE … FROM (VALUES …) (SQLite ≥ 3.33 has it too).
 * The id range lets PostgreSQL read the chunk through the primary key instead of hashing a scan of
 * the whole table per chunk; unchanged values are skipped, which saves index writes on re-runs.
 */
async function writeScores(target: ImportDb, rows: InputRow[]): Promise<void> {
  if (rows.length === 0) return;
  const pg = target.dialect === 'postgres';
  let min = rows[0].id;
  let max = rows[0].id;
  const values = sql.join(
    rows.map((row) => {
      if (row.id < min) min = row.id;
      if (row.id > max) max = row.id;
      const points = pdciPoints(toInput(row));
      const pdci = points === null ? null : pdciScore(points);
      // PostgreSQL types untyped parameters in VALUES as text; SQLite needs no casts.
      return pg ? sql`(${row.id}::integer, ${pdci}::double precision)` : sql`(${row.id}, ${pdci})`;
    }),
  );
  await sql`WITH v(id, pdci) AS (VALUES ${values})
    UPDATE germinatebase SET pdci = v.pdci FROM v
    WHERE germinatebase.id = v.id AND germinatebase.id BETWEEN ${min} AND ${max}
      AND germinatebase.pdci IS DISTINCT FROM v.pdci`.execute(target.db);
}

/**
 * Recomputes and stores `germinatebase.pdci` for the given germplasm ids (all rows when omitted):
 * accessions get their score, other entity types NULL. Returns how many germplasm rows were recomputed
 * (ids that do not exist are not counted; rows that already held the right value count but are not
 * rewritten). Runs in whatever transaction `target.db` is; one select and one update per chunk of ids.
 */
export async function updatePdci(target: ImportDb, germplasmIds?: number[]): Promise<number> {
  const db = target.db.withTables<GermplasmTables>();
  let recomputed = 0;
  if (germplasmIds) {
    // Sorted, so each chunk is a narrow id range for writeScores.
    const ids = [...new Set(germplasmIds)].sort((a, b) => a - b);
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await selectInputs(db).where('g.id', 'in', ids.slice(i, i + CHUNK)).execute();
      await writeScores(target, rows);
      recomputed += rows.length;
    }
    return recomputed;
  }
  // Keyset pages over the whole table, so memory stays bounded without loading every id first.
  let last: number | null = null;
  for (;;) {
    let page = selectInputs(db).orderBy('g.id').limit(CHUNK);
    if (last !== null) page = page.where('g.id', '>', last);
    const rows = await page.execute();
    if (rows.length === 0) break;
    await writeScores(target, rows);
    recomputed += rows.length;
    last = rows[rows.length - 1].id;
  }
  return recomputed;
}
