import { sql, type RawBuilder } from 'kysely';
import type { GateCaller } from '../../../server/access/licences.js';
import type { DialectName } from '../../../server/db/database.js';
import { idListSql } from '../../../server/db/id-list.js';
import { MARKED_ITEMS, type Quantiles, type TraitDatasetStats, type TraitSummary } from '../api-types.js';
import { listOrNull, type Subset } from '../../../server/http/dataset-request.js';
import { trialsDatasetIds } from '../dataset-scope.js';
import { numericSql } from '../../../server/stats/numeric-sql.js';
import { quantileNumbers, quantilesSql, type QuantileRow } from '../../../server/stats/quantiles-sql.js';
import { traitSummaries, treatmentsOf, type Db } from './selection.js';
import { datasetSummaries, visibleGroups } from '../../../server/stats/selection.js';

export interface Scope {
  dialect: DialectName;
  datasets: readonly number[];
  traits: readonly number[] | null;
}

/**
 * The numeric values of numeric traits in the datasets (and traits, when given), with each row's
 * treatment and trait and the caller's key columns. Values that are not numbers are left out.
 */
export function valuesSql(scope: Scope, keys: RawBuilder<unknown>, join: RawBuilder<unknown>, where: RawBuilder<unknown>): RawBuilder<unknown> {
  const { dialect } = scope;
  const traitFilter = scope.traits ? sql`AND ${idListSql(sql`pd.phenotype_id`, scope.traits, dialect)}` : sql``;
  return sql`SELECT x.* FROM (SELECT ${keys}, ts.treatment_id AS treatment_id, pd.phenotype_id AS phenotype_id,
      ${numericSql(dialect, sql`pd.phenotype_value`)} AS v
    FROM phenotypedata pd JOIN trialsetup ts ON ts.id = pd.trialsetup_id JOIN phenotypes p ON p.id = pd.phenotype_id ${join}
    WHERE ${idListSql(sql`ts.dataset_id`, scope.datasets, dialect)} AND p.datatype = 'numeric' ${traitFilter} AND ${where}) x
    WHERE x.v IS NOT NULL`;
}

const idOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * `dataset/stats/trial`: box plots of numeric traits, null when the caller may read no trials dataset of
 * the request. Without a germplasm selection one box per dataset × treatment × trait. With groups
 * (`yGroupIds`) one box per group the caller sees × treatment × trait over all the datasets (a
 * germplasm in two groups counts in both; `datasetId` null, `groupIds` the group's name as a JSON array);
 * with marked germplasm (`yIds`) boxes labelled "Marked items" (only those when no group is given).
 * Traits that are not numeric have no box, and a numeric trait's values that are not numbers are left out
 * (Germinate counts them as 0, which moves the box): categorical traits get bar charts from the counts of
 * their values instead.
 */
export async function trialStats(db: Db, dialect: DialectName, caller: GateCaller, body: Subset): Promise<TraitDatasetStats | null> {
  const datasets = await trialsDatasetIds(db, dialect, caller, body.datasetIds);
  if (datasets.length === 0) return null;
  const scope: Scope = { dialect, datasets, traits: listOrNull(body.xIds) };
  const marked = listOrNull(body.yIds);
  const groupIds = listOrNull(body.yGroupIds);
  const stats: Quantiles[] = [];
  const rank: number[] = [];
  const box = (row: QuantileRow, datasetId: number | null, groupLabel: string | null, order: number) => {
    rank.push(order);
    stats.push({ datasetId, treatmentId: idOrNull(row.treatment_id), xId: Number(row.phenotype_id), groupIds: groupLabel, ...quantileNumbers(row) });
  };

  if (!marked && !groupIds) {
    const values = valuesSql(scope, sql`ts.dataset_id AS dataset_id`, sql``, sql`(1 = 1)`);
    const rows = await quantilesSql(dialect, { values, keys: ['dataset_id', 'treatment_id', 'phenotype_id'] }).execute(db);
    for (const row of rows.rows) box(row, Number(row.dataset_id), null, 0);
  }
  if (groupIds) {
    const groups = await visibleGroups(db, dialect, caller.user, groupIds, 'germinatebase');
    if (groups.length > 0) {
      const names = new Map(groups.map((g) => [g.id, g.name]));
      const order = new Map(groups.map((g, i) => [g.id, i + 1]));
      const join = sql`JOIN groupmembers gm ON gm.foreign_id = ts.germinatebase_id AND ${idListSql(sql`gm.group_id`, [...names.keys()], dialect)}`;
      const values = valuesSql(scope, sql`gm.group_id AS group_id`, join, sql`(1 = 1)`);
      const rows = await quantilesSql(dialect, { values, keys: ['group_id', 'treatment_id', 'phenotype_id'] }).execute(db);
      for (const row of rows.rows) {
        const group = Number(row.group_id);
        box(row, null, JSON.stringify([names.get(group) ?? '']), order.get(group) ?? 0);
      }
    }
  }
  if (marked) {
    const values = valuesSql(scope, sql`1 AS marked`, sql``, idListSql(sql`ts.germinatebase_id`, marked, dialect));
    const rows = await quantilesSql(dialect, { values, keys: ['treatment_id', 'phenotype_id'] }).execute(db);
    for (const row of rows.rows) box(row, null, MARKED_ITEMS, Number.MAX_SAFE_INTEGER);
  }

  const traits = await traitSummaries(db, dialect, [...new Set(stats.map((s) => s.xId))]);
  const treatmentIds = [...new Set(stats.flatMap((s) => (s.treatmentId === null ? [] : [s.treatmentId])))];
  // Boxes of datasets name their datasets; boxes of groups were drawn from every dataset read.
  const named = marked || groupIds ? datasets : [...new Set(stats.flatMap((s) => (s.datasetId === null ? [] : [s.datasetId])))];
  return {
    datasets: await datasetSummaries(db, dialect, named),
    traits,
    treatments: await treatmentsOf(db, dialect, treatmentIds),
    stats: sortBoxes(stats, rank, traits),
  };
}

/**
 * Boxes in a stable order: by dataset, then by group (in the order of `rank`: groups by id, marked items
 * last), treatment and trait name.
 */
function sortBoxes(stats: Quantiles[], rank: readonly number[], traits: readonly TraitSummary[]): Quantiles[] {
  const traitOrder = new Map(traits.map((t, i) => [t.traitId, i]));
  const nullsFirst = (a: number | null, b: number | null) => (a ?? -1) - (b ?? -1);
  return stats
    .map((s, index) => ({ s, rank: rank[index] ?? 0 }))
    .sort(
      (a, b) =>
        nullsFirst(a.s.datasetId, b.s.datasetId) ||
        a.rank - b.rank ||
        nullsFirst(a.s.treatmentId, b.s.treatmentId) ||
        (traitOrder.get(a.s.xId) ?? 0) - (traitOrder.get(b.s.xId) ?? 0),
    )
    .map((e) => e.s);
}
