import type { Kysely } from 'kysely';
import type { CoreTables } from '../../../server/db/tables.js';
import type { ImportDb } from '../../../server/import/importer.js';
import type { GermplasmTables } from '../tables.js';

export type GermplasmDb = Kysely<CoreTables & GermplasmTables>;

export function germplasmDb(target: ImportDb): GermplasmDb {
  return target.db.withTables<GermplasmTables>();
}

// Bound parameters per statement: below SQLite's 32,766 and PostgreSQL's 65,535, with room to spare.
const MAX_PARAMETERS = 30_000;
const MAX_ROWS = 1_000;

/** Rows per multi-row statement for rows of `columns` parameters each. */
export function batchSize(columns: number): number {
  return Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / columns)));
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Upper-case ISO alpha-3 code → countries.id. */
export async function loadCountries(db: GermplasmDb): Promise<Map<string, number>> {
  const rows = await db.selectFrom('countries').select(['id', 'country_code3']).execute();
  return new Map(rows.map((row) => [row.country_code3.toUpperCase(), row.id]));
}

/** Lower-cased general_identifier → id of every stored germplasm (the lowest id when several match). */
export async function loadAccessions(db: GermplasmDb): Promise<Map<string, number>> {
  const rows = await db.selectFrom('germinatebase').select(['id', 'general_identifier']).orderBy('id', 'desc').execute();
  // Descending order: the lowest id is set last and wins.
  return new Map(rows.map((row) => [row.general_identifier.toLowerCase(), row.id]));
}
