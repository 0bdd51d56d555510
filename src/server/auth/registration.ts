import { sql, type Kysely, type Transaction } from 'kysely';
import { roleOf } from '../../core/roles.js';
import { MINIMUM_STRENGTH, passwordStrength } from '../../core/password-strength.js';
import type { CoreTables } from '../db/tables.js';
import { HttpError } from '../http/errors.js';
import { recordAudit } from '../audit.js';
import type { SessionUser } from './tokens.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { createUser, DUMMY_PASSWORD_HASH, findUserByName, isUniqueViolation } from './users.js';

/**
 * The built-in user access (after Germinate's Gatekeeper flows): new accounts and access
 * requests of existing (suspended) accounts, waiting for an administrator or granted at once.
 */

export interface NewAccount {
  username: string;
  password: string;
  fullName: string;
  email: string;
  institutionId: number | null;
  institutionName: string | null;
  institutionAcronym: string | null;
  institutionAddress: string | null;
  locale: string | null;
}

type Db = Kysely<CoreTables>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed text, or null when blank. */
export function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** A page of the institutions new users may pick, by name. */
export async function listInstitutions(db: Db, page: number, limit: number) {
  const rows = await db
    .selectFrom('user_institutions')
    .select(['id', 'name', 'acronym', 'address'])
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .offset(page * limit)
    .execute();
  const total = await db.selectFrom('user_institutions').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  return { data: rows, count: Number(total.count) };
}

/** Whether an account has this name or email (ignoring case). */
async function accountUses(db: Db, username: string, email: string | null): Promise<boolean> {
  const emailKey = email?.toLowerCase() ?? null;
  const found = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => {
      const byName = eb('username_key', '=', username.toLowerCase());
      return emailKey === null ? byName : eb.or([byName, eb(sql`lower(email)`, '=', emailKey)]);
    })
    .executeTakeFirst();
  return found !== undefined;
}

/** Whether a pending registration has this name or email (ignoring case). */
async function pendingRegistrationUses(db: Db, username: string, email: string): Promise<boolean> {
  const found = await db
    .selectFrom('access_requests')
    .select('id')
    .where('status', '=', 'pending')
    .where('kind', '=', 'new')
    .where((eb) => eb.or([eb('username_key', '=', username.toLowerCase()), eb('email_key', '=', email.toLowerCase())]))
    .executeTakeFirst();
  return found !== undefined;
}

const IN_USE = () => new HttpError(409, 'CONFLICT_USERNAME_EMAIL_ALREADY_IN_USE');

/** The institution of a registration: an existing one by id, else the one named (reused or created). */
async function institutionFor(trx: Transaction<CoreTables>, account: NewAccount, now: string): Promise<number> {
  if (account.institutionId !== null) {
    const found = await trx.selectFrom('user_institutions').select('id').where('id', '=', account.institutionId).executeTakeFirst();
    if (!found) throw new HttpError(404, 'NOT_FOUND_INSTITUTION');
    return found.id;
  }
  const name = account.institutionName as string;
  // The same name typed again picks the existing institution instead of making a duplicate.
  const same = await trx
    .selectFrom('user_institutions')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .orderBy('id')
    .executeTakeFirst();
  if (same) return same.id;
  const created = await trx
    .insertInto('user_institutions')
    .values({ name, acronym: account.institutionAcronym, address: account.institutionAddress, created_on: now, updated_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/**
 * Registers a new account (POST gatekeeper/user/new): a pending request when approval is required,
 * otherwise the account at once ('Regular User'; the request is kept as approved with no decider).
 */
export async function registerAccount(db: Db, account: NewAccount, requiresApproval: boolean, nowMs: number): Promise<void> {
  const { username, password, fullName, email } = account;
  if (!username || !password || !fullName || !email || (account.institutionId === null && !account.institutionName)) {
    throw new HttpError(400, 'BAD_REQUEST_MISSING_FIELDS');
  }
  if (!EMAIL.test(email)) throw new HttpError(400, 'BAD_REQUEST_INVALID_EMAIL');
  if ((await passwordStrength(password, [username, fullName, email])) < MINIMUM_STRENGTH) {
    throw new HttpError(400, 'BAD_REQUEST_WEAK_PASSWORD');
  }
  if ((await accountUses(db, username, email)) || (await pendingRegistrationUses(db, username, email))) throw IN_USE();
  const passwordHash = await hashPassword(password);
  const now = new Date(nowMs).toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      const institutionId = await institutionFor(trx, account, now);
      const userId = requiresApproval
        ? null
        : await createUser(trx, { username, passwordHash, userType: 'Regular User', fullName, email, institutionId }, new Date(nowMs));
      await trx
        .insertInto('access_requests')
        .values({
          kind: 'new',
          user_id: userId,
          username,
          username_key: username.toLowerCase(),
          full_name: fullName,
          email,
          email_key: email.toLowerCase(),
          // Kept only until the decision: the account takes it over on approval.
          password_hash: requiresApproval ? passwordHash : null,
          institution_id: institutionId,
          locale: account.locale,
          status: requiresApproval ? 'pending' : 'approved',
          decided_on: requiresApproval ? null : now,
          decided_by: null,
          created_on: now,
          updated_on: now,
        })
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw IN_USE();
    throw error;
  }
}

/**
 * An existing account asks for access again (POST gatekeeper/user/existing): only a suspended account
 * can, with its password. Wrong name and wrong password answer alike and take the same time.
 */
export async function requestExistingAccess(
  db: Db,
  credentials: { username: string; password: string; locale: string | null },
  requiresApproval: boolean,
  nowMs: number,
): Promise<void> {
  if (credentials.username.trim() === '' || credentials.password === '') throw new HttpError(400, 'BAD_REQUEST_MISSING_FIELDS');
  const user = await findUserByName(db, credentials.username.trim());
  const ok = await verifyPassword(credentials.password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
  if (!user || !ok) throw new HttpError(403, 'FORBIDDEN_INVALID_CREDENTIALS');
  if (roleOf(user.user_type) !== 'UNKNOWN') throw new HttpError(409, 'CONFLICT_USER_ALREADY_HAS_ACCESS');
  const now = new Date(nowMs).toISOString();
  await db.transaction().execute(async (trx) => {
    const pending = await trx
      .selectFrom('access_requests')
      .select('id')
      .where('user_id', '=', user.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (pending) throw new HttpError(409, 'CONFLICT_USER_ALREADY_REQUESTED_ACCESS');
    if (!requiresApproval) await trx.updateTable('users').set({ user_type: 'Regular User' }).where('id', '=', user.id).execute();
    await trx
      .insertInto('access_requests')
      .values({
        kind: 'existing',
        user_id: user.id,
        username: user.username,
        username_key: user.username_key,
        full_name: user.full_name,
        email: user.email,
        email_key: user.email?.toLowerCase() ?? null,
        password_hash: null,
        institution_id: user.institution_id,
        locale: credentials.locale,
        status: requiresApproval ? 'pending' : 'approved',
        decided_on: requiresApproval ? null : now,
        decided_by: null,
        created_on: now,
        updated_on: now,
      })
      .execute();
  });
}

/**
 * An administrator approves or rejects a pending request. Approving a registration creates the account
 * with the password chosen at registration; approving an existing account's request lifts its suspension.
 */
export async function decideRequest(db: Db, admin: SessionUser, requestId: number, approve: boolean, nowMs: number): Promise<void> {
  const now = new Date(nowMs).toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      const request = await trx
        .selectFrom('access_requests')
        .selectAll()
        .where('id', '=', requestId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (!request) throw new HttpError(404, 'NOT_FOUND_ACTIVATION_REQUEST');
      let userId = request.user_id;
      if (approve && request.kind === 'new') {
        // The request itself is the pending registration with this name, so only accounts count here.
        if (await accountUses(trx, request.username, request.email)) throw IN_USE();
        if (!request.password_hash) throw new HttpError(404, 'NOT_FOUND_ACTIVATION_REQUEST');
        userId = await createUser(
          trx,
          {
            username: request.username,
            passwordHash: request.password_hash,
            userType: 'Regular User',
            fullName: request.full_name,
            email: request.email,
            institutionId: request.institution_id,
          },
          new Date(nowMs),
        );
      } else if (approve && request.user_id !== null) {
        // Only a still-suspended account changes: one promoted meanwhile keeps its role.
        const user = await trx.selectFrom('users').select('user_type').where('id', '=', request.user_id).executeTakeFirst();
        if (user && roleOf(user.user_type) === 'UNKNOWN') {
          await trx.updateTable('users').set({ user_type: 'Regular User' }).where('id', '=', request.user_id).execute();
        }
      }
      const updated = await trx
        .updateTable('access_requests')
        .set({ status: approve ? 'approved' : 'rejected', decided_on: now, decided_by: admin.id, user_id: userId, password_hash: null, updated_on: now })
        .where('id', '=', requestId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      // Another administrator decided at the same moment.
      if (Number(updated.numUpdatedRows) !== 1) throw new HttpError(404, 'NOT_FOUND_ACTIVATION_REQUEST');
      await recordAudit(
        trx,
        admin,
        {
          action: approve ? 'access-request.approve' : 'access-request.reject',
          target: `access-request ${requestId}`,
          details: { kind: request.kind, username: request.username, userId },
        },
        nowMs,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw IN_USE();
    throw error;
  }
}
