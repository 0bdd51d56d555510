import { CompiledQuery, type Kysely } from 'kysely';
import type { ImportDb } from '../../../server/import/importer.js';
import type { CoreTables } from '../../../server/db/tables.js';
import type { TrialsTables } from '../tables.js';

export type TrialsDb = Kysely<CoreTables & TrialsTables>;

export function trialsDb(target: ImportDb): TrialsDb {
  return target.db.withTables<TrialsTables>();
}

export type BulkType = 'integer' | 'double precision' | 'text';
export type BulkValue = string | number | null;
export interface BulkColumn {
  name: string;
  type: BulkType;
}

// Bound parameters per SQLite statement stay well below its 32,766 limit; PostgreSQL gets one array per
// column (unnest), so its batches are bounded by memory only.
const SQLITE_PARAMETERS = 30_000;
const SQLITE_ROWS = 1_000;
const PG_ROWS = 10_000;
const quote = (name: string) => `"${name}"`;

/**
 * Many rows in few precompiled statements (the query builder's per-value cost dominates at 100,000 rows):
 * multi-row VALUES on SQLite, INSERT … SELECT FROM unnest(arrays) on PostgreSQL. Table and column names are
 * constants of this plugin, never file text. `returning` columns come back in no promised order, so callers
 * match them by content, not by position.
 */
export async function bulkInsert<R extends object = Record<string, never>>(
  target: ImportDb,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly BulkValue[][],
  returning: readonly string[] = [],
  signal?: AbortSignal,
): Promise<R[]> {
  const out: R[] = [];
  const pg = target.dialect === 'postgres';
  const size = pg ? PG_ROWS : Math.max(1, Math.min(SQLITE_ROWS, Math.floor(SQLITE_PARAMETERS / columns.length)));
  const names = columns.map((c) => quote(c.name)).join(', ');
  const tail = returning.length > 0 ? ` RETURNING ${returning.map(quote).join(', ')}` : '';
  for (let start = 0; start < rows.length; start += size) {
    signal?.throwIfAborted();
    const batch = rows.slice(start, start + size);
    let text: string;
    let parameters: BulkValue[] | BulkValue[][];
    if (pg) {
      const arrays = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ');
      const aliases = columns.map((_, i) => `c${i}`).join(', ');
      text = `INSERT INTO ${quote(table)} (${names}) SELECT ${aliases} FROM unnest(${arrays}) AS u(${aliases})${tail}`;
      parameters = columns.map((_, i) => batch.map((row) => row[i]));
    } else {
      const tuple = `(${columns.map(() => '?').join(', ')})`;
      text = `INSERT INTO ${quote(table)} (${names}) VALUES ${Array(batch.length).fill(tuple).join(', ')}${tail}`;
      parameters = batch.flat();
    }
    const result = await target.db.executeQuery<R>(CompiledQuery.raw(text, parameters));
    for (const row of result.rows) out.push(row);
  }
  return out;
}
