import { sql, type Kysely, type SqlBool } from 'kysely';
import { roleOf } from '../../core/roles.js';
import { groupVisibleSql } from '../../server/access/groups.js';
import type { SessionUser } from '../../server/auth/tokens.js';
import type { CoreTables } from '../../server/db/tables.js';
import type { GroupsTables } from './tables.js';

export type GroupsDb = Kysely<CoreTables & GroupsTables>;

/** A group as the routes check it: its creator, and its kind by the target table of its type. */
export interface StoredGroup {
  id: number;
  name: string | null;
  createdBy: number | null;
  targetTable: string;
}

/**
 * The group with this id, or undefined; with `visibleTo`, only when that caller sees it (the one rule of
 * src/server/access/groups.ts).
 */
export async function findGroup(db: GroupsDb, id: number, visibleTo?: { user: SessionUser | null }): Promise<StoredGroup | undefined> {
  let query = db
    .selectFrom('groups as g')
    .innerJoin('grouptypes as gt', 'gt.id', 'g.grouptype_id')
    .select(['g.id', 'g.name', 'g.created_by', 'gt.target_table'])
    .where('g.id', '=', id);
  if (visibleTo) query = query.where(sql<SqlBool>`${groupVisibleSql('g', visibleTo.user)}`);
  const row = await query.executeTakeFirst();
  return row ? { id: Number(row.id), name: row.name, createdBy: row.created_by === null ? null : Number(row.created_by), targetTable: row.target_table } : undefined;
}

/** Who may change a group (its details, members, deletion): its creator and administrators. */
export function mayChange(group: StoredGroup, user: SessionUser | null): boolean {
  if (!user) return false;
  return roleOf(user.userType) === 'ADMIN' || group.createdBy === user.id;
}

/** The same connection (or transaction) typed for core's helpers such as recordAudit: Kysely's types do not let a wider table set stand for a narrower one. */
export function coreOf(db: GroupsDb): Kysely<CoreTables> {
  return db as unknown as Kysely<CoreTables>;
}
