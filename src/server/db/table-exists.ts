import { sql, type Kysely } from 'kysely';
import type { DialectName } from './database.js';

/**
 * Whether a table exists in the connection's schema (PostgreSQL: on the search path, so a test schema or
 * a configured schema is honoured). Domains use it for another domain's table that may be absent, such as
 * traits before the trials domain is installed.
 */
export async function tableExists<DB>(db: Kysely<DB>, dialect: DialectName, table: string): Promise<boolean> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ found: string | null }>`SELECT to_regclass(${table})::text AS found`.execute(db);
    return rows[0]?.found != null;
  }
  const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name = ${table}`.execute(db);
  return rows.length > 0;
}
