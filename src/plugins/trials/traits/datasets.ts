import type { Kysely } from 'kysely';
import { allowedDatasetIds } from '../../../server/access/datasets.js';
import type { GateCaller } from '../../../server/access/licences.js';
import type { CoreTables } from '../../../server/db/tables.js';
import { TRIALS_DATASET_TYPE } from './tables.js';

/**
 * The trials datasets a caller may read (seen and licence accepted, through the shared gate), of the
 * requested ones; no request or an empty one means all of them. Ascending.
 */
export async function allowedTrialsDatasetIds(db: Kysely<CoreTables>, caller: GateCaller, requested?: readonly number[] | null): Promise<number[]> {
  const allowed = await allowedDatasetIds(db as unknown as Kysely<unknown>, caller, requested);
  if (allowed.length === 0) return [];
  const rows = await db.selectFrom('datasets').select('id').where('id', 'in', allowed).where('datasettype_id', '=', TRIALS_DATASET_TYPE).orderBy('id').execute();
  return rows.map((r) => Number(r.id));
}
