import type { Kysely } from 'kysely';
import { datasetsOfType } from '../../server/access/datasets-of-type.js';
import type { GateCaller } from '../../server/access/licences.js';
import type { DialectName } from '../../server/db/database.js';

/** datasettypes.id of trials datasets. */
export const TRIALS_DATASET_TYPE = 3;
/** datasettypes.id of climate datasets (the cross comparison reads them by SQL name). */
export const CLIMATE_DATASET_TYPE = 5;

/** The trials datasets a call may read, of those requested (datasetsOfType). */
export function trialsDatasetIds(db: Kysely<unknown>, dialect: DialectName, caller: GateCaller, requested: readonly number[] | null | undefined): Promise<number[]> {
  return datasetsOfType(db, dialect, caller, TRIALS_DATASET_TYPE, requested);
}
