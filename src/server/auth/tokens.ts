import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CoreTables } from '../db/tables.js';
import { roleOf } from '../../core/roles.js';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface IssuedToken {
  token: string;
  imageToken: string;
  createdOn: number;
}

/** Tokens live (hashed) in the database: several server processes share them and restarts keep them. */
export async function issueToken(db: Kysely<CoreTables>, userId: number, lifetime: number, now: number): Promise<IssuedToken> {
  const token = randomUUID();
  const imageToken = randomUUID();
  await db
    .insertInto('tokens')
    .values({
      token_hash: hashToken(token),
      image_token_hash: hashToken(imageToken),
      user_id: userId,
      created_on: now,
      last_used: now,
      lifetime,
    })
    .execute();
  return { token, imageToken, createdOn: now };
}

export interface SessionUser {
  id: number;
  username: string;
  userType: string;
  fullName: string | null;
  email: string | null;
  tokenHash: string;
}

/**
 * Looks a bearer token up; a token unused for longer than its lifetime, or whose user is suspended, is
 * removed and rejected.
 * A valid token's last use moves to now: sessions slide, so only a token unused for its lifetime expires.
 */
export async function validateToken(db: Kysely<CoreTables>, token: string, now: number): Promise<SessionUser | null> {
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select([
      'tokens.last_used',
      'tokens.lifetime',
      'users.id',
      'users.username',
      'users.user_type',
      'users.full_name',
      'users.email',
    ])
    .where('tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  // A user suspended (or demoted to an unknown type) after logging in loses the session at once.
  if (now - Number(row.last_used) > Number(row.lifetime) || roleOf(row.user_type) === 'UNKNOWN') {
    await db.deleteFrom('tokens').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  // The sliding refresh is written at most once per 1 % of the lifetime (a minute at most): on SQLite each
  // write waits for an import's write transaction, and the synchronous driver would stall every request.
  const lifetime = Number(row.lifetime);
  if (now - Number(row.last_used) >= Math.min(60_000, lifetime / 100)) {
    await db.updateTable('tokens').set({ last_used: now }).where('token_hash', '=', tokenHash).execute();
  }
  return {
    id: row.id,
    username: row.username,
    userType: row.user_type,
    fullName: row.full_name,
    email: row.email,
    tokenHash,
  };
}

export async function revokeToken(db: Kysely<CoreTables>, tokenHash: string): Promise<boolean> {
  const result = await db.deleteFrom('tokens').where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Removes every expired token (run now and then so the table does not grow). */
export async function purgeExpiredTokens(db: Kysely<CoreTables>, now: number): Promise<number> {
  const result = await db
    .deleteFrom('tokens')
    .where((eb) => eb(eb.val(now), '-', eb.ref('last_used')), '>', (eb) => eb.ref('lifetime'))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
