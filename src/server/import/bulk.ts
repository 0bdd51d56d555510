import { CompiledQuery } from 'kysely';
import type { ImportDb } from './importer.js';

/**
 * Set-based writes for the importers (germplasm, trials): many rows in few precompiled statements.
 * Table and column names always come from the callers' constants, never from an import file.
 */

export type BulkType = 'integer' | 'double precision' | 'text' | 'jsonb';
export type BulkValue = string | number | null;

export interface BulkColumn {
  name: string;
  type: BulkType;
}

export interface BulkOptions {
  /** Columns to return from the inserted rows (both dialects support INSERT … RETURNING). */
  returning?: readonly string[];
  /** ON CONFLICT DO NOTHING: skip rows that hit a unique key (e.g. an existing link). */
  ignoreConflicts?: boolean;
  /**
   * Leave out columns that are null in every row of a batch: a mostly empty table such as mcpd then
   * costs far less to compile and to send. Only for tables whose omitted columns default to NULL.
   */
  omitNullColumns?: boolean;
  /** Checked between batches: a cancelled job stops at the next one. */
  signal?: AbortSignal;
}

// PostgreSQL receives one array per column (unnest), so its batches are bounded by memory, not parameters.
const PG_ROWS = 10_000;
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

const quote = (name: string) => `"${name}"`;

/**
 * Inserts many rows with a handful of statements, as precompiled SQL: the import's hot path skips the
 * query builder, whose per-value nodes cost more than the database work at 100,000 rows. SQLite gets
 * multi-row VALUES (under its bound-parameter limit), PostgreSQL `SELECT … FROM unnest($1::type[], …)`.
 * `returning` rows come back in no promised order: callers match them by content, not by position.
 */
export async function bulkInsert<R extends object = Record<string, never>>(
  target: ImportDb,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly BulkValue[][],
  options: BulkOptions = {},
): Promise<R[]> {
  const out: R[] = [];
  if (rows.length === 0) return out;
  const tail = `${options.ignoreConflicts ? ' ON CONFLICT DO NOTHING' : ''}${
    options.returning ? ` RETURNING ${options.returning.map(quote).join(', ')}` : ''
  }`;
  const pg = target.dialect === 'postgres';
  const size = pg ? PG_ROWS : batchSize(columns.length);
  const cache = new Map<string, string>();
  for (const batch of chunks(rows, size)) {
    options.signal?.throwIfAborted();
    const used = options.omitNullColumns ? columns.flatMap((_, i) => (batch.some((row) => row[i] !== null) ? [i] : [])) : columns.map((_, i) => i);
    // Batches of equal shape share the statement text.
    const key = `${batch.length}:${used.join(',')}`;
    let text = cache.get(key);
    if (text === undefined) {
      text = pg ? unnestInsert(table, used.map((i) => columns[i]), tail) : valuesInsert(table, used.map((i) => columns[i]), batch.length, tail);
      cache.set(key, text);
    }
    const parameters = pg
      ? used.map((i) => batch.map((row) => row[i]))
      : used.length === columns.length
        ? batch.flat()
        : batch.flatMap((row) => used.map((i) => row[i]));
    const result = await target.db.executeQuery<R>(CompiledQuery.raw(text, parameters));
    for (const row of result.rows) out.push(row);
  }
  return out;
}

/** PostgreSQL: one array parameter per column, so the statement text does not grow with the rows. */
function unnestInsert(table: string, columns: readonly BulkColumn[], tail: string): string {
  const arrays = columns.map((c, i) => `$${i + 1}::${c.type === 'jsonb' ? 'text' : c.type}[]`).join(', ');
  const select = columns.map((c, i) => (c.type === 'jsonb' ? `u.c${i}::jsonb` : `u.c${i}`)).join(', ');
  const aliases = columns.map((_, i) => `c${i}`).join(', ');
  return `INSERT INTO ${quote(table)} (${columns.map((c) => quote(c.name)).join(', ')}) SELECT ${select} FROM unnest(${arrays}) AS u(${aliases})${tail}`;
}

/** SQLite: multi-row VALUES, kept under the bound-parameter limit by batchSize. */
function valuesInsert(table: string, columns: readonly BulkColumn[], rows: number, tail: string): string {
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  return `INSERT INTO ${quote(table)} (${columns.map((c) => quote(c.name)).join(', ')}) VALUES ${Array(rows).fill(tuple).join(', ')}${tail}`;
}

/** One column of a set-based update; a `keep` column leaves the stored value where the new one is null. */
export interface UpdateColumn extends BulkColumn {
  keep?: boolean;
}

/**
 * Updates many rows by key with one statement per batch: `UPDATE … FROM unnest(…)` on PostgreSQL,
 * `WITH v AS (VALUES …) UPDATE … FROM v` on SQLite (≥ 3.33). `rows` are [key, ...values in `columns`
 * order]. A `keep` column is written as COALESCE(new, stored): update mode's "an empty cell never
 * clears a field". Also sets updated_on to `updatedOn` (ISO-8601 UTC text, as the column defaults).
 */
export async function bulkUpdate(
  target: ImportDb,
  table: string,
  key: string,
  columns: readonly UpdateColumn[],
  rows: readonly BulkValue[][],
  updatedOn: string,
): Promise<void> {
  if (rows.length === 0) return;
  const pg = target.dialect === 'postgres';
  for (const batch of chunks(rows, pg ? PG_ROWS : batchSize(columns.length + 2))) {
    // A kept column that is empty in the whole batch changes nothing: leave it out of the statement.
    const used = columns.flatMap((c, i) => (c.keep && batch.every((row) => row[i + 1] === null) ? [] : [i]));
    const sets = used
      .map((i, n) => {
        const c = columns[i];
        return `${quote(c.name)} = ${c.keep ? `coalesce(v.c${n}, ${quote(table)}.${quote(c.name)})` : `v.c${n}`}`;
      })
      .concat(`"updated_on" = ${pg ? `$${used.length + 2}::text` : '?'}`)
      .join(', ');
    const aliases = ['k', ...used.map((_, n) => `c${n}`)].join(', ');
    const where = `${quote(table)}.${quote(key)} = v.k`;
    const positions = [0, ...used.map((i) => i + 1)];
    if (pg) {
      const arrays = ['$1::integer[]', ...used.map((i, n) => `$${n + 2}::${columns[i].type === 'jsonb' ? 'text' : columns[i].type}[]`)];
      const text = `UPDATE ${quote(table)} SET ${sets} FROM unnest(${arrays.join(', ')}) AS v(${aliases}) WHERE ${where}`;
      await target.db.executeQuery(CompiledQuery.raw(text, [...positions.map((p) => batch.map((row) => row[p])), updatedOn]));
    } else {
      const tuple = `(${positions.map(() => '?').join(', ')})`;
      const text = `WITH v(${aliases}) AS (VALUES ${Array(batch.length).fill(tuple).join(', ')}) UPDATE ${quote(table)} SET ${sets} FROM v WHERE ${where}`;
      // The SET clause's parameter follows the VALUES ones in the text, so it comes last.
      const parameters: BulkValue[] = batch.flatMap((row) => positions.map((p) => row[p]));
      parameters.push(updatedOn);
      await target.db.executeQuery(CompiledQuery.raw(text, parameters));
    }
  }
}

/**
 * Reads `columns` of the rows whose integer `key` is in `ids`, in few statements (`= ANY($1)` on
 * PostgreSQL, `IN (?, …)` batches on SQLite). Row order is unspecified.
 */
export async function bulkSelect<R extends object>(
  target: ImportDb,
  table: string,
  key: string,
  columns: readonly string[],
  ids: readonly number[],
): Promise<R[]> {
  const out: R[] = [];
  const list = [key, ...columns].map(quote).join(', ');
  const pg = target.dialect === 'postgres';
  for (const batch of chunks(ids, pg ? PG_ROWS : batchSize(1))) {
    const text = pg
      ? `SELECT ${list} FROM ${quote(table)} WHERE ${quote(key)} = ANY($1::integer[])`
      : `SELECT ${list} FROM ${quote(table)} WHERE ${quote(key)} IN (${batch.map(() => '?').join(', ')})`;
    const result = await target.db.executeQuery<R>(CompiledQuery.raw(text, pg ? [batch] : batch));
    for (const row of result.rows) out.push(row);
  }
  return out;
}
