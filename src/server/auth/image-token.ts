import type { Kysely } from 'kysely';
import { hasRole, roleOf, type Role } from '../../core/roles.js';
import { hashToken, type SessionUser } from './tokens.js';
import type { CoreTables } from '../db/tables.js';

/**
 * The user of a live session with this image token (the second token of a login, sent in image URLs where
 * no header can go), or null. Using it does not extend the session: only calls with the bearer token do.
 */
export async function imageTokenUser(db: Kysely<CoreTables>, imageToken: string, now: number): Promise<SessionUser | null> {
  const row = await db
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select(['tokens.last_used', 'tokens.lifetime', 'tokens.token_hash', 'users.id', 'users.username', 'users.user_type', 'users.full_name', 'users.email'])
    .where('tokens.image_token_hash', '=', hashToken(imageToken))
    .executeTakeFirst();
  if (!row || now - Number(row.last_used) > Number(row.lifetime) || roleOf(row.user_type) === 'UNKNOWN') return null;
  return { id: row.id, username: row.username, userType: row.user_type, fullName: row.full_name, email: row.email, tokenHash: row.token_hash };
}

/** Whether an image token belongs to a live session whose user has at least `role`. */
export async function imageTokenHasRole(db: Kysely<CoreTables>, imageToken: string, role: Role, now: number): Promise<boolean> {
  const user = await imageTokenUser(db, imageToken, now);
  return user !== null && hasRole(roleOf(user.userType), role);
}
