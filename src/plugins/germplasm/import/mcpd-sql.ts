import { sql, type Kysely, type RawBuilder } from 'kysely';
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

export type SqlType = 'integer' | 'double precision' | 'text';

/** One column of a set-based update: its name, type, and whether an empty (null) value keeps the stored one. */
export interface UpdateColumn {
  name: string;
  type: SqlType;
  keep?: boolean;
}

/**
 * Updates many rows with one `UPDATE … FROM (VALUES …)` per batch (SQLite ≥ 3.33 and PostgreSQL).
 * `rows` are [key, ...values in `columns` order]. A `keep` column is written as COALESCE(new, stored),
 * which is how update mode leaves a field alone when its cell is empty.
 */
export async function updateFromValues(
  target: ImportDb,
  table: string,
  key: string,
  columns: UpdateColumn[],
  rows: (string | number | null)[][],
  touch = true,
): Promise<void> {
  const pg = target.dialect === 'postgres';
  const names = ['k', ...columns.map((_, i) => `c${i}`)];
  const types: SqlType[] = ['integer', ...columns.map((c) => c.type)];
  const value = (v: string | number | null, type: SqlType): RawBuilder<unknown> =>
    // PostgreSQL types untyped parameters in VALUES as text, so each one carries its type.
    pg ? sql`cast(${v} as ${sql.raw(type)})` : sql`${v}`;
  const sets = columns.map((column, i) => {
    const incoming = sql.ref(`v.c${i}`);
    return column.keep
      ? sql`${sql.id(column.name)} = coalesce(${incoming}, ${sql.ref(`${table}.${column.name}`)})`
      : sql`${sql.id(column.name)} = ${incoming}`;
  });
  if (touch) sets.push(sql`updated_on = CURRENT_TIMESTAMP`);
  for (const batch of chunks(rows, batchSize(names.length))) {
    const values = sql.join(batch.map((row) => sql`(${sql.join(row.map((v, i) => value(v, types[i])))})`));
    await sql`WITH v(${sql.join(names.map((n) => sql.id(n)))}) AS (VALUES ${values})
      UPDATE ${sql.table(table)} SET ${sql.join(sets)} FROM v WHERE ${sql.ref(`${table}.${key}`)} = v.k`.execute(target.db);
  }
}
