import type { Kysely } from 'kysely';
import { resetIdentity } from '../../src/server/db/migration.js';
import type { GermplasmTables } from '../../src/plugins/germplasm/tables.js';
import type { TestServer } from './server.js';

/**
 * A small germplasm data set with deliberately awkward values: nulls, umlauts in both cases, names with
 * % and _, shared prefixes, several countries, negative coordinates, synonyms and institutions. Ids are
 * fixed so that tests can name exact expected row sets.
 */
export interface SeedGermplasm {
  id: number;
  name: string;
  gid: string;
  number: string | null;
  tax: number | null;
  loc: number | null;
  type?: number;
  parent?: number | null;
  pdci: number | null;
  display?: string;
}

export const TAXONOMIES = [
  { id: 1, genus: 'Hordeum', species: 'vulgare', subtaxa: null },
  { id: 2, genus: 'Hordeum', species: 'vulgare', subtaxa: 'spontaneum' },
  { id: 3, genus: 'Triticum', species: 'aestivum', subtaxa: null },
  { id: 4, genus: 'Zea', species: 'mays', subtaxa: null },
];

/** [id, site, country code3, latitude, longitude, elevation] */
export const LOCATIONS: [number, string, string, number | null, number | null, number | null][] = [
  [1, 'Gatersleben', 'DEU', 51.82, 11.28, 112],
  [2, 'Dundee', 'GBR', 56.46, -2.97, 30],
  [3, 'Quito', 'ECU', -0.18, -78.47, 2850],
  [4, 'Hobart', 'AUS', -42.88, 147.33, null],
  [5, 'München', 'DEU', 48.14, 11.58, 519],
  [6, 'Somewhere', 'FRA', null, null, null],
];

export const GERMPLASM: SeedGermplasm[] = [
  { id: 1, name: 'Barke', gid: 'ACC-001', number: 'B1', tax: 1, loc: 1, pdci: 5.5 },
  { id: 2, name: 'barke selection', gid: 'ACC-002', number: null, tax: 1, loc: 1, pdci: 3.25 },
  { id: 3, name: 'BARKE-2', gid: 'ACC-003', number: 'B3', tax: 2, loc: 2, pdci: null },
  { id: 4, name: 'Müller', gid: 'ACC-004', number: 'M4', tax: 3, loc: 5, pdci: 7 },
  { id: 5, name: 'MÜLLER Gold', gid: 'ACC-005', number: null, tax: 3, loc: 5, pdci: 6.1 },
  { id: 6, name: 'muller plain', gid: 'ACC-006', number: 'M6', tax: 3, loc: 1, pdci: 2 },
  { id: 7, name: '100% Pure', gid: 'ACC-007', number: '7', tax: 4, loc: 3, pdci: 1 },
  { id: 8, name: 'under_score', gid: 'ACC_008', number: '8', tax: 4, loc: 3, pdci: 4 },
  { id: 9, name: 'underXscore', gid: 'ACC-009', number: '9', tax: 4, loc: 4, pdci: 4 },
  { id: 10, name: 'Golden Promise', gid: 'ACC-010', number: '10', tax: 1, loc: 2, pdci: 9.5, display: 'GP' },
  { id: 11, name: 'Golden Melon', gid: 'ACC-011', number: null, tax: 1, loc: 2, pdci: 8 },
  { id: 12, name: 'Gold', gid: 'ACC-012', number: '12', tax: 2, loc: null, pdci: null },
  { id: 13, name: 'Zebra', gid: 'ACC-013', number: '13', tax: null, loc: 4, pdci: 0 },
  { id: 14, name: 'apple', gid: 'ACC-014', number: '14', tax: null, loc: 6, pdci: 4 },
  { id: 15, name: 'Åland', gid: 'ACC-015', number: null, tax: 3, loc: 6, pdci: 5.5 },
  { id: 16, name: "O'Brien", gid: 'ACC-016', number: '16', tax: 3, loc: 2, pdci: 2.5 },
  { id: 17, name: 'Line 17', gid: 'L-17', number: '17', tax: 1, loc: 3, pdci: 3 },
  { id: 18, name: 'Line 18', gid: 'L-18', number: '18', tax: 1, loc: 3, pdci: 3 },
  { id: 19, name: 'Line 19', gid: 'L-19', number: null, tax: 2, loc: 4, pdci: null },
  { id: 20, name: 'Line 20', gid: 'L-20', number: '20', tax: 2, loc: 4, pdci: 6 },
  { id: 21, name: 'Line 21', gid: 'L-21', number: '21', tax: 4, loc: null, pdci: 1.5 },
  { id: 22, name: 'Line 22', gid: 'L-22', number: '22', tax: 4, loc: 1, pdci: 8.75 },
  { id: 23, name: 'Line 23', gid: 'L-23', number: '23', tax: 1, loc: 5, pdci: 2 },
  { id: 24, name: 'Line 24', gid: 'L-24', number: '24', tax: 1, loc: 5, pdci: 2 },
  { id: 25, name: 'Line 25', gid: 'L-25', number: '25', tax: 3, loc: 2, pdci: 10 },
  { id: 26, name: 'Line 26', gid: 'L-26', number: null, tax: 3, loc: 6, pdci: null },
  { id: 27, name: 'Line 27', gid: 'L-27', number: '27', tax: 2, loc: 1, pdci: 7.25 },
  { id: 28, name: 'Barke plant 1', gid: 'P-28', number: null, tax: 1, loc: 1, type: 2, parent: 1, pdci: null },
  { id: 29, name: 'Barke plant 2', gid: 'P-29', number: null, tax: 1, loc: 1, type: 2, parent: 1, pdci: null },
  { id: 30, name: 'Barke sample', gid: 'S-30', number: null, tax: 1, loc: 1, type: 3, parent: 28, pdci: null },
];

export const SYNONYMS: Record<number, string[]> = {
  1: ['Barke-syn', 'BK'],
  4: ['Mueller', 'Muller'],
  8: ['x_y'],
  10: ['GP', 'Golden P'],
  14: ['42', 'Apfel'],
};

export const INSTITUTIONS = [
  { id: 1, code: 'DEU146', name: 'IPK Gatersleben', acronym: 'IPK', country: 'DEU' },
  { id: 2, code: 'GBR165', name: 'James Hutton Institute', acronym: 'JHI', country: 'GBR' },
  { id: 3, code: 'ECU023', name: 'INIAP', acronym: null, country: 'ECU' },
];

export const GERMPLASM_INSTITUTIONS: [number, number, 'collection' | 'maintenance' | 'breeding' | 'duplicate' | 'donor'][] = [
  [1, 1, 'maintenance'],
  [1, 2, 'donor'],
  [2, 1, 'maintenance'],
  [10, 2, 'breeding'],
  [4, 3, 'collection'],
];

/** mcpd rows: germplasm id → a few columns (the rest null) */
export const MCPD: Record<number, { puid?: string; collnumb?: string; colldate?: string; sampstat?: number; declatitude?: number; coorduncert?: number; remarks?: string }> = {
  1: { puid: 'doi:10.1/barke', collnumb: 'C-1', colldate: '19960512', sampstat: 500, declatitude: 51.82, coorduncert: 100, remarks: 'Malting barley' },
  4: { puid: 'doi:10.1/mueller', collnumb: 'C-4', colldate: '2001----', sampstat: 300 },
  10: { collnumb: 'C-10', sampstat: 410 },
};

export const ATTRIBUTES = [
  { id: 1, name: 'Height', description: 'Plant height', datatype: 'numeric' as const },
  { id: 2, name: 'Colour', description: null, datatype: 'text' as const },
];
/** [id, attribute id, germplasm id, value] */
export const ATTRIBUTE_DATA: [number, number, number, string][] = [
  [1, 1, 1, '120'],
  [2, 2, 1, 'red'],
  [3, 1, 2, '95'],
  [4, 2, 10, 'Grün'],
  [5, 1, 10, '101'],
];

export function germplasmDb(server: TestServer) {
  return server.db.database.db.withTables<GermplasmTables>();
}

async function countryIds(db: ReturnType<typeof germplasmDb>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('countries').select(['id', 'country_code3']).execute();
  return new Map(rows.map((r) => [r.country_code3, r.id]));
}

/** Inserts the seed above. */
export async function seedGermplasm(server: TestServer): Promise<void> {
  const db = germplasmDb(server);
  const raw = db as unknown as Kysely<unknown>;
  const dialect = server.db.database.dialect;
  const countries = await countryIds(db);
  const json = (value: string[]) => JSON.stringify(value);
  await db.insertInto('taxonomies').values(TAXONOMIES).execute();
  await db
    .insertInto('locations')
    .values(
      LOCATIONS.map(([id, site, code, latitude, longitude, elevation]) => ({
        id,
        locationtype_id: 1,
        country_id: countries.get(code) ?? 0,
        site_name: site,
        latitude,
        longitude,
        elevation,
      })),
    )
    .execute();
  for (const g of GERMPLASM) {
    await db
      .insertInto('germinatebase')
      .values({
        id: g.id,
        general_identifier: g.gid,
        name: g.name,
        display_name: g.display ?? g.name,
        number: g.number,
        taxonomy_id: g.tax,
        location_id: g.loc,
        entitytype_id: g.type ?? 1,
        entityparent_id: g.parent ?? null,
        pdci: g.pdci,
      })
      .execute();
  }
  for (const [id, values] of Object.entries(MCPD)) {
    const g = GERMPLASM.find((x) => x.id === Number(id));
    await db.insertInto('mcpd').values({ germinatebase_id: Number(id), accenumb: g?.gid ?? '', ...values }).execute();
  }
  for (const [id, synonyms] of Object.entries(SYNONYMS)) {
    await db.insertInto('synonyms').values({ foreign_id: Number(id), synonymtype_id: 1, synonyms: json(synonyms) }).execute();
  }
  await db
    .insertInto('institutions')
    .values(INSTITUTIONS.map((i) => ({ id: i.id, code: i.code, name: i.name, acronym: i.acronym, country_id: countries.get(i.country) ?? null })))
    .execute();
  await db
    .insertInto('germplasminstitutions')
    .values(GERMPLASM_INSTITUTIONS.map(([g, i, type]) => ({ germinatebase_id: g, institution_id: i, type })))
    .execute();
  await db.insertInto('attributes').values(ATTRIBUTES.map((a) => ({ ...a, target_table: 'germinatebase' }))).execute();
  await db
    .insertInto('attributedata')
    .values(ATTRIBUTE_DATA.map(([id, attribute_id, foreign_id, value]) => ({ id, attribute_id, foreign_id, value })))
    .execute();
  for (const table of ['taxonomies', 'locations', 'germinatebase', 'synonyms', 'institutions', 'attributes', 'attributedata']) {
    await resetIdentity(raw, dialect, table);
  }
}

/** Inserts `count` plain germplasm rows after the seed (for paging and export volume), in one batch per 500. */
export async function seedMany(server: TestServer, count: number, firstId: number): Promise<void> {
  const db = germplasmDb(server);
  for (let start = 0; start < count; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + 500); i++) {
      const id = firstId + i;
      rows.push({ id, general_identifier: `BULK-${id}`, name: `Bulk ${id}`, display_name: `Bulk ${id}`, number: String(id), pdci: id % 11 });
    }
    await db.insertInto('germinatebase').values(rows).execute();
  }
  await resetIdentity(db as unknown as Kysely<unknown>, server.db.database.dialect, 'germinatebase');
}

/** Fields of a table page response. */
export interface Page {
  data: Record<string, unknown>[];
  count: number;
}

/** POST a table body and return the page (fails the test on a non-200 answer). */
export async function tablePage(server: TestServer, path: string, body: unknown, token?: string): Promise<Page> {
  const response = await server.api('POST', path, { body, token });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Page;
}

/** The germplasm ids of a germplasm/table answer for these filters (all rows, id order). */
export async function idsFor(server: TestServer, filter: unknown[], path = 'germplasm/table'): Promise<number[]> {
  const page = await tablePage(server, path, { filter, limit: 5000 });
  return page.data.map((r) => Number(r.germplasmId));
}

/** A filter object. */
export function f(column: string, comparator: string, values: unknown[] = [], operator?: 'and' | 'or') {
  return operator ? { column, comparator, values, operator } : { column, comparator, values };
}

/** Stack lines, source paths or module names must never reach a client. */
export function leaks(text: string): string[] {
  const found: string[] = [];
  if (/\n\s*at\s/.test(text) || /\bat\s+\S+\s+\(/.test(text) || /^\s*at\s/m.test(text)) found.push('stack line');
  if (/\/(work|home|root|tmp|usr|node_modules|src)\//.test(text)) found.push('path');
  if (/\.(ts|js|mjs|cjs):\d+/.test(text)) found.push('source location');
  if (/SQLITE_|syntax error|no such (table|column)|relation "|violates|out of range for type|SqliteError|DatabaseError/i.test(text)) {
    found.push('database error');
  }
  return found;
}
