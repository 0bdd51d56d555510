import { CompiledQuery } from 'kysely';
import type { ImportDb } from '../../../server/import/importer.js';
import { batchSize, chunks } from './mcpd-sql.js';

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
   * Leave out columns that are null in every row of a batch (SQLite): a mostly empty table such as
   * mcpd then costs far less to compile. Only for tables whose omitted columns default to NULL.
   */
  omitNullColumns?: boolean;
}

// PostgreSQL receives one array per column (unnest), so its batches are bounded by memory, not parameters.
const PG_ROWS = 10_000;

const quote = (name: string) => `"${name}"`;

/**
 * Inserts many rows with a handful of statements, as precompiled SQL: the import's hot path skips the
 * query builder, whose per-value nodes cost more than the database work at 100,000 rows. SQLite gets
 * multi-row VALUES (under its bound-parameter limit), PostgreSQL `SELECT … FROM unnest($1::type[], …)`.
 * Table and column names come from this module's callers (constants), never from the file.
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
  const names = columns.map((c) => quote(c.name)).join(', ');
  const tail = `${options.ignoreConflicts ? ' ON CONFLICT DO NOTHING' : ''}${
    options.returning ? ` RETURNING ${options.returning.map(quote).join(', ')}` : ''
  }`;
  if (target.dialect === 'postgres') {
    const arrays = columns.map((c, i) => `$${i + 1}::${c.type === 'jsonb' ? 'text' : c.type}[]`).join(', ');
    const select = columns.map((c, i) => (c.type === 'jsonb' ? `u.c${i}::jsonb` : `u.c${i}`)).join(', ');
    const aliases = columns.map((_, i) => `c${i}`).join(', ');
    const text = `INSERT INTO ${quote(table)} (${names}) SELECT ${select} FROM unnest(${arrays}) AS u(${aliases})${tail}`;
    for (const batch of chunks(rows, PG_ROWS)) {
      const parameters = columns.map((_, i) => batch.map((row) => row[i]));
      const result = await target.db.executeQuery<R>(CompiledQuery.raw(text, parameters));
      out.push(...result.rows);
    }
    return out;
  }
  const size = batchSize(columns.length);
  const cache = new Map<string, string>();
  for (const batch of chunks(rows, size)) {
    const used = options.omitNullColumns ? columns.flatMap((_, i) => (batch.some((row) => row[i] !== null) ? [i] : [])) : columns.map((_, i) => i);
    // SQLite compiles each statement anew; batches of equal shape share the text at least.
    const key = `${batch.length}:${used.join(',')}`;
    let text = cache.get(key);
    if (text === undefined) {
      const tuple = `(${used.map(() => '?').join(', ')})`;
      text = `INSERT INTO ${quote(table)} (${used.map((i) => quote(columns[i].name)).join(', ')}) VALUES ${Array(batch.length).fill(tuple).join(', ')}${tail}`;
      cache.set(key, text);
    }
    const parameters = used.length === columns.length ? batch.flat() : batch.flatMap((row) => used.map((i) => row[i]));
    const result = await target.db.executeQuery<R>(CompiledQuery.raw(text, parameters));
    out.push(...result.rows);
  }
  return out;
}

/** One column of a set-based update; a `keep` column leaves the stored value where the new one is null. */
export interface UpdateColumn extends BulkColumn {
  keep?: boolean;
}

/**
 * Updates many rows by key with one statement per batch: `UPDATE … FROM unnest(…)` on PostgreSQL,
 * `WITH v AS (VALUES …) UPDATE … FROM v` on SQLite (≥ 3.33). `rows` are [key, ...values in `columns`
 * order]. A `keep` column is written as COALESCE(new, stored): update mode's "an empty cell never
 * clears a field". Also sets updated_on.
 */
export async function bulkUpdate(
  target: ImportDb,
  table: string,
  key: string,
  columns: readonly UpdateColumn[],
  rows: readonly BulkValue[][],
): Promise<void> {
  if (rows.length === 0) return;
  const sets = columns
    .map((c, i) => `${quote(c.name)} = ${c.keep ? `coalesce(v.c${i}, ${quote(table)}.${quote(c.name)})` : `v.c${i}`}`)
    .concat('"updated_on" = CURRENT_TIMESTAMP')
    .join(', ');
  const aliases = ['k', ...columns.map((_, i) => `c${i}`)].join(', ');
  const where = `${quote(table)}.${quote(key)} = v.k`;
  if (target.dialect === 'postgres') {
    const arrays = ['$1::integer[]', ...columns.map((c, i) => `$${i + 2}::${c.type === 'jsonb' ? 'text' : c.type}[]`)].join(', ');
    const text = `UPDATE ${quote(table)} SET ${sets} FROM unnest(${arrays}) AS v(${aliases}) WHERE ${where}`;
    for (const batch of chunks(rows, PG_ROWS)) {
      await target.db.executeQuery(CompiledQuery.raw(text, [0, ...columns.map((_, i) => i + 1)].map((i) => batch.map((row) => row[i]))));
    }
    return;
  }
  const tuple = `(${['?', ...columns.map(() => '?')].join(', ')})`;
  for (const batch of chunks(rows, batchSize(columns.length + 1))) {
    const text = `WITH v(${aliases}) AS (VALUES ${Array(batch.length).fill(tuple).join(', ')}) UPDATE ${quote(table)} SET ${sets} FROM v WHERE ${where}`;
    await target.db.executeQuery(CompiledQuery.raw(text, batch.flat()));
  }
}
