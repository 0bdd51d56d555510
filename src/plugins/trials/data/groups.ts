import { sql, type Kysely } from 'kysely';
import { groupVisibleSql } from '../../../server/access/groups.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { DialectName } from '../../../server/db/database.js';
import { idListSql } from '../../../server/db/id-list.js';

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
export async function germplasmGroups(
  db: Kysely<unknown>,
  germplasmIds: readonly number[],
  user: SessionUser | null,
  dialect: DialectName,
): Promise<Map<number, GroupRef[]>> {
  const byGermplasm = new Map<number, GroupRef[]>();
  const ids = [...new Set(germplasmIds)];
  if (ids.length === 0) return byGermplasm;
  const rows = await sql<{ foreign_id: number; id: number; name: string | null }>`
    SELECT gm.foreign_id, g.id, g.name FROM groupmembers gm JOIN groups g ON g.id = gm.group_id
    WHERE g.grouptype_id = ${GERMPLASM_GROUP_TYPE} AND ${groupVisibleSql('g', user)} AND ${idListSql(sql`gm.foreign_id`, ids, dialect)}
    ORDER BY g.name, g.id`.execute(db);
  for (const row of rows.rows) {
    const germplasm = Number(row.foreign_id);
    const list = byGermplasm.get(germplasm) ?? [];
    list.push({ id: Number(row.id), name: row.name ?? '' });
    byGermplasm.set(germplasm, list);
  }
  return byGermplasm;
}
