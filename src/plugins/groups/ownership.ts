import type { Kysely } from 'kysely';
import type { CoreTables } from '../../server/db/tables.js';
import type { GroupsTables } from './tables.js';

export type GroupsDb = Kysely<CoreTables & GroupsTables>;

/** The same connection (or transaction) typed for core's helpers such as recordAudit: Kysely's types do not let a wider table set stand for a narrower one. */
export function coreOf(db: GroupsDb): Kysely<CoreTables> {
  return db as unknown as Kysely<CoreTables>;
}
