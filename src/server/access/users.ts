import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { MAX_INTEGER } from '../../core/table-request.js';
import type { CoreTables } from '../db/tables.js';
import { HttpError } from '../http/errors.js';

/** A path id: digits within Java's int range, else a 404 (with the given reason phrase, if any). */
export function pathId(value: string, reason?: string): number {
  if (!/^\d{1,10}$/.test(value) || Number(value) > MAX_INTEGER) throw new HttpError(404, reason);
  return Number(value);
}

/**
 * Germinate's ViewUserDetails plus the role, the shape of `GET user`, for the users whose id matches a
 * condition on `u.id` (e.g. the members of a group). Never a password.
 */
export async function userDetails(db: Kysely<CoreTables>, userIdCondition: RawBuilder<unknown>) {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('user_institutions as i', 'i.id', 'u.institution_id')
    .select(['u.id', 'u.username', 'u.full_name', 'u.email', 'u.last_login', 'u.created_on', 'u.user_type', 'i.name', 'i.acronym', 'i.address'])
    .where(sql<SqlBool>`${userIdCondition}`)
    .orderBy('u.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    fullName: r.full_name,
    emailAddress: r.email,
    lastLogin: r.last_login,
    createdOn: r.created_on,
    name: r.name,
    acronym: r.acronym,
    address: r.address,
    userType: r.user_type,
    userTypeString: r.user_type,
  }));
}

/** Of the given user ids, those of existing accounts (unknown ids are dropped, as Germinate drops them). */
export async function existingUserIds(db: Kysely<CoreTables>, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('users').select('id').where('id', 'in', [...new Set(ids)]).execute();
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}
