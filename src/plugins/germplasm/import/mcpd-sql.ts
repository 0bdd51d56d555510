import type { Kysely } from 'kysely';
import type { CoreTables } from '../../../server/db/tables.js';
import type { ImportDb } from '../../../server/import/importer.js';
import type { GermplasmTables } from '../tables.js';

export type GermplasmDb = Kysely<CoreTables & GermplasmTables>;

export function germplasmDb(target: ImportDb): GermplasmDb {
  return target.db.withTables<GermplasmTables>();
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
