import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { GateCaller } from '../../../server/access/licences.js';
import type { DialectName } from '../../../server/db/database.js';
import { idListSql } from '../../../server/db/id-list.js';
import { listOrNull, type Subset } from '../../../server/http/dataset-request.js';
import { numericSql } from '../../../server/stats/numeric-sql.js';
import { quantileNumbers, quantilesSql, type QuantileRow } from '../../../server/stats/quantiles-sql.js';
import { datasetSummaries, visibleGroups } from '../../../server/stats/selection.js';
import type { PresentTables } from '../../../server/table/optional-tables.js';
import { MARKED_ITEMS, type ClimateDatasetStats, type ClimateQuantiles, type ClimateRow } from '../api-types.js';
import { climateRows } from '../climate-rows.js';
import { climateDatasetIds, LOCATION_GROUP_TARGET } from '../scope.js';

interface Scope {
  dialect: DialectName;
  datasets: readonly number[];
  climates: readonly number[] | null;
}

/**
 * The numeric values of numeric climates in the datasets (and climates, when given), with each row's
 * climate and the caller's key columns. Values that are not numbers are left out.
 */
function valuesSql(scope: Scope, keys: RawBuilder<unknown>, join: RawBuilder<unknown>, where: RawBuilder<unknown>): RawBuilder<unknown> {
  const { dialect } = scope;
  const climateFilter = scope.climates ? sql`AND ${idListSql(sql`cd.climate_id`, scope.climates, dialect)}` : sql``;
  return sql`SELECT x.* FROM (SELECT ${keys}, cd.climate_id AS climate_id, ${numericSql(dialect, sql`cd.climate_value`)} AS v
    FROM climatedata cd JOIN climates c ON c.id = cd.climate_id ${join}
    WHERE ${idListSql(sql`cd.dataset_id`, scope.datasets, dialect)} AND c.datatype = 'numeric' ${climateFilter} AND ${where}) x
    WHERE x.v IS NOT NULL`;
}

/**
 * `dataset/stats/climate`: box plots of numeric climates, null when the caller may read no climate dataset
 * of the request. Without a location selection one box per dataset × climate; with location groups
 * (`yGroupIds`, those the caller sees) one box per group × climate over all the datasets (a location in two
 * groups counts in both; `datasetId` null, `groupIds` the group's name as a JSON array); with marked
 * locations (`yIds`) boxes labelled "Marked items". As for trials, a numeric climate's values that are not
 * numbers are left out rather than counted as 0, and other climates have no box. Every number is computed
 * by the database.
 */
export async function climateStats(db: Kysely<unknown>, dialect: DialectName, caller: GateCaller, body: Subset, present: PresentTables): Promise<ClimateDatasetStats | null> {
  const datasets = await climateDatasetIds(db, dialect, caller, body.datasetIds);
  if (datasets.length === 0) return null;
  const scope: Scope = { dialect, datasets, climates: listOrNull(body.xIds) };
  const marked = listOrNull(body.yIds);
  const groupIds = listOrNull(body.yGroupIds);
  const boxes: { stat: ClimateQuantiles; rank: number }[] = [];
  const box = (row: QuantileRow, datasetId: number | null, groupLabel: string | null, rank: number) => {
    boxes.push({ stat: { datasetId, treatmentId: null, xId: Number(row.climate_id), groupIds: groupLabel, ...quantileNumbers(row) }, rank });
  };

  if (!marked && !groupIds) {
    const values = valuesSql(scope, sql`cd.dataset_id AS dataset_id`, sql``, sql`(1 = 1)`);
    const rows = await quantilesSql(dialect, { values, keys: ['dataset_id', 'climate_id'] }).execute(db);
    for (const row of rows.rows) box(row, Number(row.dataset_id), null, 0);
  }
  if (groupIds) {
    const groups = await visibleGroups(db, dialect, caller.user, groupIds, LOCATION_GROUP_TARGET);
    if (groups.length > 0) {
      const names = new Map(groups.map((g) => [g.id, g.name]));
      const order = new Map(groups.map((g, i) => [g.id, i + 1]));
      const join = sql`JOIN groupmembers gm ON gm.foreign_id = cd.location_id AND ${idListSql(sql`gm.group_id`, [...names.keys()], dialect)}`;
      const values = valuesSql(scope, sql`gm.group_id AS group_id`, join, sql`(1 = 1)`);
      const rows = await quantilesSql(dialect, { values, keys: ['group_id', 'climate_id'] }).execute(db);
      for (const row of rows.rows) {
        const group = Number(row.group_id);
        box(row, null, JSON.stringify([names.get(group) ?? '']), order.get(group) ?? 0);
      }
    }
  }
  if (marked) {
    const values = valuesSql(scope, sql`1 AS marked`, sql``, idListSql(sql`cd.location_id`, marked, dialect));
    const rows = await quantilesSql(dialect, { values, keys: ['climate_id'] }).execute(db);
    for (const row of rows.rows) box(row, null, MARKED_ITEMS, Number.MAX_SAFE_INTEGER);
  }

  const climateIds = [...new Set(boxes.map((b) => b.stat.xId))];
  const climates = climateIds.length === 0 ? [] : await climateRows(db, present, idListSql(sql`c.id`, climateIds, dialect));
  // Boxes of datasets name their datasets; boxes of groups were drawn from every dataset read.
  const named = marked || groupIds ? datasets : [...new Set(boxes.flatMap((b) => (b.stat.datasetId === null ? [] : [b.stat.datasetId])))];
  return { datasets: await datasetSummaries(db, dialect, named), climates, stats: sortBoxes(boxes, climates) };
}

/** Boxes in a stable order: by dataset, then group (groups by id, marked items last), then climate name. */
function sortBoxes(boxes: { stat: ClimateQuantiles; rank: number }[], climates: readonly ClimateRow[]): ClimateQuantiles[] {
  const climateOrder = new Map(climates.map((c, i) => [c.climateId, i]));
  return [...boxes]
    .sort(
      (a, b) =>
        (a.stat.datasetId ?? -1) - (b.stat.datasetId ?? -1) || a.rank - b.rank || (climateOrder.get(a.stat.xId) ?? 0) - (climateOrder.get(b.stat.xId) ?? 0),
    )
    .map((b) => b.stat);
}
