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
