import { sql, type RawBuilder } from 'kysely';
import { roleOf } from '../../../core/roles.js';
import type { SessionUser } from '../../../server/auth/tokens.js';

/** maps.visibility of a public map; a private map (0) is seen by its owner `user_id` only. */
export const PUBLIC_MAP = 1;

/**
 * Which maps a caller sees, as a condition on the alias of a `maps` row: public maps, and their own private
 * ones. As in Germinate, administrators see no one else's private maps (they may still delete them by id).
 * The user id travels as a bound parameter.
 */
export function mapVisibleSql(mapAlias: string, user: SessionUser | null): RawBuilder<unknown> {
  const m = sql.ref(mapAlias);
  if (!user || roleOf(user.userType) === 'UNKNOWN') return sql`(${m}.visibility = ${PUBLIC_MAP})`;
  return sql`(${m}.visibility = ${PUBLIC_MAP} OR ${m}.user_id = ${user.id})`;
}
