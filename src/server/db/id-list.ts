import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from './database.js';

/**
 * `column IN (ids)` with the whole list bound as one parameter: an array on PostgreSQL, JSON text on
 * SQLite. Marked-item lists reach tens of thousands of ids, beyond both databases' limits on parameters
 * per statement. An empty list matches nothing.
 */
export function idListSql(column: RawBuilder<unknown>, ids: readonly number[], dialect: DialectName): RawBuilder<unknown> {
  if (ids.length === 0) return sql`(1 = 0)`;
  return dialect === 'postgres' ? sql`${column} = ANY(${[...ids]}::bigint[])` : sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}
