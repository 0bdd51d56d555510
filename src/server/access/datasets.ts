import { sql, type Kysely, type RawBuilder } from 'kysely';
import { roleOf } from '../../core/roles.js';
import type { SessionUser } from '../auth/tokens.js';
import { datasetLicenceOpenSql, type GateCaller } from './licences.js';

/** datasetstates.id of a public dataset; private (2) and hidden (3) are reached through permissions only. */
export const PUBLIC_DATASET_STATE = 1;

/**
 * Which datasets a caller sees (docs/germinate-api.md, Dataset access), as a condition on a SQL expression holding a
 * dataset id: administrators see every dataset; everyone else public datasets plus those with a
 * datasetpermissions row naming them directly or naming one of their user groups; anonymous callers
 * public datasets only. The user id travels as a bound parameter.
 *
 * The condition is read from the database on every query (no cache), so a permission, membership or group
 * removed by an administrator stops counting with the next request.
 */
export function datasetVisibleSql(datasetIdSql: RawBuilder<unknown>, user: SessionUser | null): RawBuilder<unknown> {
  if (user && roleOf(user.userType) === 'ADMIN') return sql`(1 = 1)`;
  if (!user || roleOf(user.userType) === 'UNKNOWN') {
    return sql`(${datasetIdSql} IN (SELECT vd.id FROM datasets vd WHERE vd.dataset_state_id = ${PUBLIC_DATASET_STATE}))`;
  }
  return sql`(${datasetIdSql} IN (
    SELECT vd.id FROM datasets vd WHERE vd.dataset_state_id = ${PUBLIC_DATASET_STATE}
    UNION
    SELECT vp.dataset_id FROM datasetpermissions vp WHERE vp.user_id = ${user.id}
    UNION
    SELECT vp.dataset_id FROM datasetpermissions vp JOIN usergroupmembers vm ON vm.usergroup_id = vp.group_id
      WHERE vm.user_id = ${user.id}))`;
}

/** datasetVisibleSql, where no dataset at all (NULL) also counts as visible: rows that belong to none. */
export function datasetOrNoneVisibleSql(datasetIdSql: RawBuilder<unknown>, user: SessionUser | null): RawBuilder<unknown> {
  return sql`(${datasetIdSql} IS NULL OR ${datasetVisibleSql(datasetIdSql, user)})`;
}

/** Every dataset id the caller sees, ascending. */
export async function visibleDatasetIds(db: Kysely<unknown>, user: SessionUser | null): Promise<number[]> {
  const result = await sql<{ id: number }>`SELECT d.id AS id FROM datasets d WHERE ${datasetVisibleSql(sql`d.id`, user)} ORDER BY d.id`.execute(db);
  return result.rows.map((r) => Number(r.id));
}

/** A caller for the gate given either as such or as a bare user (a bare user brings no cookie: fail closed). */
function asGateCaller(who: GateCaller | SessionUser | null): GateCaller {
  if (who === null) return { user: null };
  return 'user' in who ? who : { user: who };
}

/**
 * The licence gate in SQL (README §2.6 step 2): the datasets the caller sees (datasetVisibleSql) and whose
 * licence lets them in: no licence, or one they accepted (a licenselogs row when logged in, the
 * accepted-licenses cookie when anonymous or in NONE mode). Administrators see every dataset, but accept
 * licences like everyone else. Every call that returns or exports dataset data keeps only these.
 */
export function datasetLicensedSql(datasetIdSql: RawBuilder<unknown>, who: GateCaller | SessionUser | null): RawBuilder<unknown> {
  const caller = asGateCaller(who);
  return sql`(${datasetVisibleSql(datasetIdSql, caller.user)} AND ${datasetLicenceOpenSql(datasetIdSql, caller)})`;
}

/** datasetLicensedSql, where no dataset at all (NULL) passes too: rows that belong to none. */
export function datasetOrNoneLicensedSql(datasetIdSql: RawBuilder<unknown>, who: GateCaller | SessionUser | null): RawBuilder<unknown> {
  return sql`(${datasetIdSql} IS NULL OR ${datasetLicensedSql(datasetIdSql, who)})`;
}

/**
 * Of the `visible` dataset ids, those whose licence lets the caller in (no licence, or accepted: a
 * licenselogs row for logged-in callers, the `accepted-licenses` cookie's ids for anonymous callers and in
 * NONE mode), ascending.
 */
export async function licensedDatasetIds(
  db: Kysely<unknown>,
  user: SessionUser | null,
  visible: readonly number[],
  cookieLicenseIds: readonly number[] = [],
): Promise<number[]> {
  if (visible.length === 0) return [];
  const caller: GateCaller = { user, acceptedLicenses: cookieLicenseIds };
  const open = await sql<{ id: number }>`SELECT d.id AS id FROM datasets d
    WHERE ${datasetLicenceOpenSql(sql`d.id`, caller)} ORDER BY d.id`.execute(db);
  const keep = new Set(open.rows.map((r) => Number(r.id)));
  return visible.filter((id) => keep.has(Number(id))).map(Number);
}

/**
 * The datasets a data call may read: the requested ids that the caller sees and whose licence they
 * accepted; an absent or empty request means every such dataset. Ids the caller may not use are dropped
 * silently, as in Germinate. Pass `gateCaller(request)`, so that an anonymous caller's cookie counts; a bare
 * user (or null) counts as a caller without the cookie.
 */
export async function allowedDatasetIds(
  db: Kysely<unknown>,
  who: GateCaller | SessionUser | null,
  requested?: readonly number[] | null,
): Promise<number[]> {
  const caller = asGateCaller(who);
  const allowed = await licensedDatasetIds(db, caller.user, await visibleDatasetIds(db, caller.user), caller.acceptedLicenses ?? []);
  if (!requested || requested.length === 0) return allowed;
  const wanted = new Set(requested.map(Number));
  return allowed.filter((id) => wanted.has(id));
}
