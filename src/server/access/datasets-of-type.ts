import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/database.js';
import { idListSql } from '../db/id-list.js';
import { allowedDatasetIds } from './datasets.js';
import type { GateCaller } from './licences.js';

/**
 * The datasets of one type (datasettypes.id) a call may read: of the requested ones (none named, or an
 * empty list, means all of them), those the caller sees and whose licence they accepted, ascending. The
 * shared gate decides visibility and licences; this only keeps the type. Every dataset data call (trials,
 * climate) reads its datasets through here.
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
