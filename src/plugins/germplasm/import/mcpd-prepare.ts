import type { CellText } from '../../../server/import/importer.js';
import type { McpdTable } from '../tables.js';
import { countryId, entityTypeId } from './mcpd-checks.js';
import { parseDecimal, parseDms, parseInteger, parseWholeNumber } from './mcpd-coordinates.js';
import { accessionKey, splitList, type McpdField, type McpdRecord } from './mcpd-row.js';

/** The mcpd table's descriptor columns, typed as stored. */
export type McpdValues = Omit<McpdTable, 'germinatebase_id' | 'created_on' | 'updated_on'>;

/** The mcpd text columns other than accenumb, in MCPD order (cell text is stored as given). */
export const MCPD_TEXT_KEYS = [
  'puid', 'instcode', 'collnumb', 'collcode', 'collname', 'collinstaddress', 'collmissid', 'genus', 'species',
  'spauthor', 'subtaxa', 'subtauthor', 'cropname', 'accename', 'acqdate', 'origcty', 'collsite', 'latitude',
  'longitude', 'coorddatum', 'georefmeth', 'colldate', 'bredcode', 'bredname', 'ancest', 'donorcode', 'donorname',
  'donornumb', 'othernumb', 'duplsite', 'duplinstname', 'storage', 'remarks',
] as const satisfies readonly (keyof McpdValues)[];
export const MCPD_REAL_KEYS = ['declatitude', 'declongitude', 'elevation'] as const satisfies readonly (keyof McpdValues)[];
export const MCPD_INT_KEYS = ['coorduncert', 'sampstat', 'collsrc', 'mlsstat'] as const satisfies readonly (keyof McpdValues)[];

/** A taxonomies row as matched (genus, species, subtaxa, authors); cropname only fills a new row. */
export interface TaxonSpec {
  genus: string;
  species: string;
  subtaxa: string | null;
  species_author: string | null;
  subtaxa_author: string | null;
  cropname: string | null;
}

/** A collecting site (locations, type 1) as matched: every column the import fills. */
export interface LocationSpec {
  country_id: number;
  site_name: string;
  latitude: number | null;
  longitude: number | null;
  elevation: number | null;
  coordinate_datum: string | null;
  coordinate_uncertainty: number | null;
  georeferencing_method: string | null;
}

/** One DATA row turned into what the write needs. */
export interface PreparedRow {
  row: number;
  accenumb: string;
  key: string;
  mcpd: McpdValues;
  /** entitytypes.id from `Entity type`, null when the cell is empty. */
  entityTypeId: number | null;
  parent: string | null;
}

const TEXT_FIELDS = MCPD_TEXT_KEYS.map((key) => [key, key.toUpperCase() as McpdField] as const);
const REAL_FIELDS = MCPD_REAL_KEYS.map((key) => [key, key.toUpperCase() as McpdField] as const);
// One hidden class for every row's values (see readRecords).
const TEMPLATE = Object.fromEntries([['accenumb', ''], ...[...MCPD_TEXT_KEYS, ...MCPD_REAL_KEYS, ...MCPD_INT_KEYS].map((k) => [k, null])]) as McpdValues;

/** Typed mcpd values of a record: dates and DMS stay text, numbers are parsed (invalid → null). */
export function mcpdValues(values: Record<McpdField, CellText>): McpdValues {
  const out = { ...TEMPLATE };
  out.accenumb = values.ACCENUMB ?? '';
  for (const [key, field] of TEXT_FIELDS) out[key] = values[field];
  for (const [key, field] of REAL_FIELDS) out[key] = nullable(values[field], parseDecimal);
  out.coorduncert = nullable(values.COORDUNCERT, parseWholeNumber);
  out.sampstat = nullable(values.SAMPSTAT, parseInteger);
  out.collsrc = nullable(values.COLLSRC, parseInteger);
  out.mlsstat = nullable(values.MLSSTAT, parseInteger);
  return out;
}

function nullable(text: string | null, parse: (text: string) => number | null): number | null {
  return text === null ? null : parse(text);
}

export function prepareRow(record: McpdRecord): PreparedRow {
  const accenumb = record.values.ACCENUMB ?? '';
  const type = record.values['Entity type'];
  return {
    row: record.row,
    accenumb,
    key: accessionKey(accenumb),
    mcpd: mcpdValues(record.values),
    entityTypeId: type === null ? null : (entityTypeId(type) ?? null),
    parent: record.values['Entity parent ACCENUMB'],
  };
}

/** Taxonomy of a row; none without a genus. */
export function taxonSpec(m: McpdValues): TaxonSpec | null {
  if (m.genus === null) return null;
  return {
    genus: m.genus,
    species: m.species ?? '',
    subtaxa: m.subtaxa,
    species_author: m.spauthor,
    subtaxa_author: m.subtauthor,
    cropname: m.cropname,
  };
}

/**
 * Collecting site of a row: with a valid ORIGCTY, or a COLLSITE without any ORIGCTY (kept under the
 * unknown country −1, checked as a warning); named `N/A` when only the country is known. Coordinates: the
 * decimal column, else the converted DMS.
 */
export function locationSpec(m: McpdValues, countries: ReadonlyMap<string, number>): LocationSpec | null {
  const country = countryId(m.origcty, countries) ?? (m.collsite !== null && m.origcty === null ? -1 : undefined);
  if (country === undefined) return null;
  return {
    country_id: country,
    site_name: m.collsite ?? 'N/A',
    latitude: m.declatitude ?? (m.latitude === null ? null : parseDms(m.latitude, 'latitude')),
    longitude: m.declongitude ?? (m.longitude === null ? null : parseDms(m.longitude, 'longitude')),
    elevation: m.elevation,
    coordinate_datum: m.coorddatum,
    coordinate_uncertainty: m.coorduncert,
    georeferencing_method: m.georefmeth,
  };
}

/** Synonyms: ACCENAME and each `;` part of OTHERNUMB, trimmed, non-empty, without repeats. */
export function synonymList(accename: string | null, othernumb: string | null): string[] {
  const all = [accename ?? '', ...splitList(othernumb)].map((s) => s.trim()).filter((s) => s !== '');
  return [...new Set(all)];
}

/** germinatebase.display_name: ACCENAME, else ACCENUMB. */
export function displayName(m: McpdValues): string {
  return m.accename ?? m.accenumb;
}
