import type { Kysely } from 'kysely';
import type { CoreTables } from '../db/tables.js';
import { generatePassword, hashPassword } from './passwords.js';
import type { UserType } from '../../core/roles.js';

/** A new account: give the password, or (for an approved registration) the hash stored with the request. */
export type NewUser = {
  username: string;
  userType: UserType;
  fullName?: string | null;
  email?: string | null;
  institutionId?: number | null;
} & ({ password: string } | { passwordHash: string });

// Verifying against a throwaway hash when the user does not exist keeps the answer time the same, so the
// response does not reveal whether a username exists.
export const DUMMY_PASSWORD_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export async function createUser(db: Kysely<CoreTables>, user: NewUser, now: Date): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      username: user.username,
      username_key: user.username.toLowerCase(),
      full_name: user.fullName ?? null,
      email: user.email ?? null,
      password_hash: 'passwordHash' in user ? user.passwordHash : await hashPassword(user.password),
      user_type: user.userType,
      created_on: now.toISOString(),
      last_login: null,
      institution_id: user.institutionId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findUserByName(db: Kysely<CoreTables>, username: string) {
  return db.selectFrom('users').selectAll().where('username_key', '=', username.toLowerCase()).executeTakeFirst();
}

/** Whether an insert failed on a unique index (two registrations racing for one name). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Creates the first administrator when the database has no users. Returns the generated password when
 * one was made (so that the start-up banner can print it once), otherwise null.
 */
export async function ensureFirstAdmin(
  db: Kysely<CoreTables>,
  username: string,
  password: string | null,
  now: Date,
): Promise<{ username: string; generatedPassword: string | null } | null> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const chosen = password ?? generatePassword();
  await createUser(db, { username, password: chosen, userType: 'Administrator' }, now);
  return { username, generatedPassword: password ? null : chosen };
}
