import type { Kysely } from 'kysely';
import { itemGroups } from '../../../server/access/groups.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { DialectName } from '../../../server/db/database.js';

/** groups.grouptype_id of germplasm groups. */
export const GERMPLASM_GROUP_TYPE = 3;

export interface GroupRef {
  id: number;
  name: string;
}

/**
 * The germplasm groups the caller sees (public, their own, all for administrators) that hold each of the
 * given germplasm, by germplasm id, each list by group name. One query for all of them: a page's rows
 * get their groups at once, never one query per row.
 */
export function germplasmGroups(
  db: Kysely<unknown>,
  germplasmIds: readonly number[],
  user: SessionUser | null,
  dialect: DialectName,
): Promise<Map<number, GroupRef[]>> {
  return itemGroups(db, germplasmIds, 'germinatebase', user, dialect);
}
