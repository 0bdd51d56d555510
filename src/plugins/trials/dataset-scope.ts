import { sql, type Kysely } from 'kysely';
import { allowedDatasetIds } from '../../server/access/datasets.js';
import type { GateCaller } from '../../server/access/licences.js';
import type { DialectName } from '../../server/db/database.js';
import { idListSql } from '../../server/db/id-list.js';

/** datasettypes.id of trials datasets. */
export const TRIALS_DATASET_TYPE = 3;
/** datasettypes.id of climate datasets (the cross comparison reads them by SQL name). */
export const CLIMATE_DATASET_TYPE = 5;

/**
 * The datasets of one type a call may read: of the requested ones (none named, or an empty list, means
 * all of them), those the caller sees and whose licence they accepted, ascending. The shared gate decides
 * visibility and licences; this only keeps the type.
 */
export async function datasetsOfType(
  db: Kysely<unknown>,
  dialect: DialectName,
  caller: GateCaller,
  typeId: number,
  requested: readonly number[] | null | undefined,
): Promise<number[]> {
  const allowed = await allowedDatasetIds(db, caller, requested);
  if (allowed.length === 0) return [];
  const rows = await sql<{ id: number }>`SELECT d.id FROM datasets d WHERE d.datasettype_id = ${typeId} AND ${idListSql(sql`d.id`, allowed, dialect)}
    ORDER BY d.id`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}

/** The trials datasets a call may read, of those requested (datasetsOfType). */
export function trialsDatasetIds(db: Kysely<unknown>, dialect: DialectName, caller: GateCaller, requested: readonly number[] | null | undefined): Promise<number[]> {
  return datasetsOfType(db, dialect, caller, TRIALS_DATASET_TYPE, requested);
}
