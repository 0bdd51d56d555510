import type { Kysely } from 'kysely';
import { hasRole, roleOf, type Role } from '../../core/roles.js';
import { hashToken } from '../auth/tokens.js';
import type { CoreTables } from '../db/tables.js';

/**
 * Whether an image token (the second token of a login, sent in image URLs where no header can go)
 * belongs to a live session whose user has at least `role`. Using it does not extend the session: only
 * calls with the bearer token do.
 */
export async function imageTokenHasRole(db: Kysely<CoreTables>, imageToken: string, role: Role, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select(['tokens.last_used', 'tokens.lifetime', 'users.user_type'])
    .where('tokens.image_token_hash', '=', hashToken(imageToken))
    .executeTakeFirst();
  if (!row) return false;
  if (now - Number(row.last_used) > Number(row.lifetime)) return false;
  return hasRole(roleOf(row.user_type), role);
}
