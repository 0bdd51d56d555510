import { sql, type Kysely, type RawBuilder } from 'kysely';
import { roleOf } from '../../core/roles.js';
import type { SessionUser } from '../auth/tokens.js';
import type { DialectName } from '../db/database.js';
import { idListSql } from '../db/id-list.js';

/** groups.visibility of a public group; a private group (0) is its creator's. */
export const PUBLIC_GROUP = 1;

/**
 * Which groups a caller sees, as a condition on the alias of a `groups` row: public groups for everyone,
 * private ones for their creator, every group for administrators. The user id travels as a bound parameter.
 */
export function groupVisibleSql(groupAlias: string, user: SessionUser | null): RawBuilder<unknown> {
  const g = sql.ref(groupAlias);
  if (user && roleOf(user.userType) === 'ADMIN') return sql`(1 = 1)`;
  if (!user || roleOf(user.userType) === 'UNKNOWN') return sql`(${g}.visibility = ${PUBLIC_GROUP})`;
  return sql`(${g}.visibility = ${PUBLIC_GROUP} OR ${g}.created_by = ${user.id})`;
}

/**
 * The members (foreign ids) of the given groups the caller sees, of one group type's target table
 * (`germinatebase`, `locations`, `markers`, `phenotypes`), as a subquery to use in `x IN (…)`. Group ids
 * are bound parameters; an empty list matches nothing.
 */
export function visibleGroupMembersSql(groupIds: readonly number[], targetTable: string, user: SessionUser | null): RawBuilder<unknown> {
  if (groupIds.length === 0) return sql`SELECT NULL AS foreign_id WHERE 1 = 0`;
  return sql`SELECT gm.foreign_id FROM groupmembers gm JOIN groups vg ON vg.id = gm.group_id
    JOIN grouptypes vgt ON vgt.id = vg.grouptype_id
    WHERE gm.group_id IN (${sql.join(groupIds.map((id) => sql`${id}`))}) AND vgt.target_table = ${targetTable} AND ${groupVisibleSql('vg', user)}`;
}

/**
 * The items a data request selects, as a condition on an item id column: the listed items (`yIds`, marked
 * items) or the members of the listed groups of `targetTable` the caller sees (`yGroupIds`); either selects.
 * Null when neither list names anything (an empty list names nothing).
 */
export function itemSelectionSql(
  item: RawBuilder<unknown>,
  yIds: readonly number[] | null | undefined,
  yGroupIds: readonly number[] | null | undefined,
  targetTable: string,
  user: SessionUser | null,
  dialect: DialectName,
): RawBuilder<unknown> | null {
  const parts: RawBuilder<unknown>[] = [];
  if (yIds && yIds.length > 0) parts.push(idListSql(item, [...new Set(yIds)], dialect));
  if (yGroupIds && yGroupIds.length > 0) parts.push(sql`${item} IN (${visibleGroupMembersSql([...new Set(yGroupIds)], targetTable, user)})`);
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` OR `)})`;
}

/**
 * The groups of `targetTable` the caller sees that hold each of the given items, by item id, each list by
 * group name: one query for a page's rows, never one per row.
 */
export async function itemGroups(
  db: Kysely<unknown>,
  itemIds: readonly number[],
  targetTable: string,
  user: SessionUser | null,
  dialect: DialectName,
): Promise<Map<number, { id: number; name: string }[]>> {
  const byItem = new Map<number, { id: number; name: string }[]>();
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return byItem;
  const rows = await sql<{ foreign_id: number; id: number; name: string | null }>`
    SELECT gm.foreign_id, g.id, g.name FROM groupmembers gm JOIN groups g ON g.id = gm.group_id JOIN grouptypes gt ON gt.id = g.grouptype_id
    WHERE gt.target_table = ${targetTable} AND ${groupVisibleSql('g', user)} AND ${idListSql(sql`gm.foreign_id`, ids, dialect)}
    ORDER BY g.name, g.id`.execute(db);
  for (const row of rows.rows) {
    const item = Number(row.foreign_id);
    const list = byItem.get(item) ?? [];
    list.push({ id: Number(row.id), name: row.name ?? '' });
    byItem.set(item, list);
  }
  return byItem;
}
