import { sql, type Kysely, type RawBuilder } from 'kysely';
import { datasetsOfType } from '../../server/access/datasets-of-type.js';
import { itemGroups, itemSelectionSql } from '../../server/access/groups.js';
import type { GateCaller } from '../../server/access/licences.js';
import type { SessionUser } from '../../server/auth/tokens.js';
import type { DialectName } from '../../server/db/database.js';
import { idListSql } from '../../server/db/id-list.js';
import { listOrNull } from '../../server/http/dataset-request.js';
import type { GroupRef } from './api-types.js';
import { CLIMATE_DATASET_TYPE } from './import/climate-write.js';

/** grouptypes.target_table of location groups. */
export const LOCATION_GROUP_TARGET = 'locations';

/** The climate datasets a call may read (seen, licence accepted), of those requested (none: all), ascending. */
export function climateDatasetIds(db: Kysely<unknown>, dialect: DialectName, caller: GateCaller, requested: readonly number[] | null | undefined): Promise<number[]> {
  return datasetsOfType(db, dialect, caller, CLIMATE_DATASET_TYPE, requested);
}

/**
 * The locations a request selects, as a condition on a location id: the listed locations (`yIds`) or the
 * members of the listed location groups the caller sees (`yGroupIds`), either selects; null when neither
 * list names anything.
 */
export function locationSelectionSql(
  location: RawBuilder<unknown>,
  yIds: readonly number[] | null | undefined,
  yGroupIds: readonly number[] | null | undefined,
  user: SessionUser | null,
  dialect: DialectName,
): RawBuilder<unknown> | null {
  return itemSelectionSql(location, yIds, yGroupIds, LOCATION_GROUP_TARGET, user, dialect);
}

/** What a climate data request restricts: the allowed datasets, the climates (`xIds`) and the locations. */
export interface DataScope {
  datasetIds: readonly number[];
  climateIds?: readonly number[] | null;
  yIds?: readonly number[] | null;
  yGroupIds?: readonly number[] | null;
}

/** The condition a data call adds, over the climate values `cd` alone (no join of the data view). */
export function dataScopeSql(scope: DataScope, user: SessionUser | null, dialect: DialectName): RawBuilder<unknown> {
  // The few dataset ids as literals' parameters (as trials' scope), which the planners read as a plain IN list.
  const parts: RawBuilder<unknown>[] = [sql`cd.dataset_id IN (${sql.join(scope.datasetIds.length > 0 ? [...scope.datasetIds] : [-1])})`];
  const climates = listOrNull(scope.climateIds);
  if (climates) parts.push(idListSql(sql`cd.climate_id`, climates, dialect));
  const locations = locationSelectionSql(sql`cd.location_id`, scope.yIds, scope.yGroupIds, user, dialect);
  if (locations) parts.push(locations);
  return sql.join(parts, sql` AND `);
}

/**
 * The location groups the caller sees (public, their own, all for administrators) that hold each of the
 * given locations, by location id, each list by group name: one query for a page's rows.
 */
export function locationGroups(db: Kysely<unknown>, locationIds: readonly number[], user: SessionUser | null, dialect: DialectName): Promise<Map<number, GroupRef[]>> {
  return itemGroups(db, locationIds, LOCATION_GROUP_TARGET, user, dialect);
}
