import type { Kysely } from 'kysely';
import type { DialectName } from '../db/database.js';
import { tableExists } from '../db/table-exists.js';

/** The tables (of the given names) that exist in the database, read once when the routes are registered. */
export type PresentTables = ReadonlySet<string>;

/**
 * Which of another domain's tables a view can read. A view's columns over a domain that is not installed
 * (or not built yet) answer what a database without such data answers (0, false, absent); after the
 * domain's migrations created its tables, the next start reads them. Checked at boot, not per request.
 */
export async function presentTables(db: Kysely<unknown>, dialect: DialectName, names: readonly string[]): Promise<PresentTables> {
  const found = await Promise.all(names.map(async (name) => ((await tableExists(db, dialect, name)) ? name : null)));
  return new Set(found.filter((name): name is string => name !== null));
}
