import { sql, type Kysely, type RawBuilder } from 'kysely';
import { roleOf } from '../../core/roles.js';
import type { SessionUser } from '../auth/tokens.js';

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

/**
 * The licence gate — a seam, NOT implemented yet: licences come with a later
 * issue. It will keep the datasets without a licence or whose licence the caller accepted (a licenselogs row
 * for logged-in callers; the `accepted-licenses` cookie for anonymous callers and in NONE mode), which is
 * why it already takes the caller and the accepted-licence ids from the cookie. Today it keeps them all.
 */
export async function licensedDatasetIds(
  _db: Kysely<unknown>,
  _user: SessionUser | null,
  visible: readonly number[],
  _cookieLicenseIds: readonly number[] = [],
): Promise<number[]> {
  return [...visible];
}

/**
 * The datasets a data call may read: the requested ids that the caller sees
 * (and, once licences exist, whose licence was accepted); an absent or empty request means every such
 * dataset. Ids the caller may not see are dropped silently, as in Germinate.
 */
export async function allowedDatasetIds(
  db: Kysely<unknown>,
  user: SessionUser | null,
  requested?: readonly number[] | null,
): Promise<number[]> {
  const allowed = await licensedDatasetIds(db, user, await visibleDatasetIds(db, user));
  if (!requested || requested.length === 0) return allowed;
  const wanted = new Set(requested.map(Number));
  return allowed.filter((id) => wanted.has(id));
}
