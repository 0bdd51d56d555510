import { sql, type RawBuilder } from 'kysely';
import { datasetLicensedSql } from '../../../server/access/datasets.js';
import type { DialectName } from '../../../server/db/database.js';
import type { QueryCaller } from '../../../server/table/engine.js';
import type { ColumnDef } from '../../../server/table/view.js';
import { TRIALS_DATASET_TYPE } from '../dataset-scope.js';

/*
 * A trait's datasets and number of values, for one caller, without walking all its values.
 *
 * The plots of the caller's trials datasets are cut into runs of consecutive ids (an import writes a
 * dataset's plots as one run; plots added later make more). Every id in a run is a plot of the run's
 * dataset, so a trait's values in a run are one range of the index phenotypedata (phenotype_id,
 * trialsetup_id): "has values" is one index seek per run and the count an index range count. The runs are
 * computed once per statement (an uncorrelated subquery), from the plots of the datasets the caller may
 * read (the shared gate: seen, licence accepted), so no other dataset's plots or values count.
 */

/** The runs of plot ids of the trials datasets `d` for which `datasets` holds: dataset_id, lo, hi. */
function runs(datasets: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`SELECT g.dataset_id, MIN(g.id) AS lo, MAX(g.id) AS hi
    FROM (SELECT t.dataset_id, t.id, t.id - ROW_NUMBER() OVER (PARTITION BY t.dataset_id ORDER BY t.id) AS run FROM trialsetup t
      WHERE t.dataset_id IN (SELECT d.id FROM datasets d WHERE d.datasettype_id = ${sql.lit(TRIALS_DATASET_TYPE)} AND ${datasets})) g
    GROUP BY g.dataset_id, g.run`;
}

/** The datasets the caller may read: the shared gate (seen, licence accepted), as a condition on `d.id`. */
const readable = (caller: QueryCaller) => datasetLicensedSql(sql`d.id`, caller);

/**
 * The runs (of the trials datasets `d` for which `datasets` holds) as a FROM item `cr` (dataset_id, lo, hi),
 * and the values of trait `p` in run `cr` as a condition on phenotypedata `pd`. PostgreSQL: an array of ranges (its planner counts ten elements for an array it
 * cannot see, so a page's plan stays small), each run's dataset read from its first plot; the plot range
 * also as a row-value range, which only the index that begins with the trait can bound (with a plain range
 * PostgreSQL read every trait's values at the run's plots). SQLite: JSON rows.
 */
export function runSource(datasets: RawBuilder<unknown>, dialect: DialectName): { from: RawBuilder<unknown>; values: RawBuilder<unknown> } {
  const values = sql`pd.phenotype_id = p.id AND pd.trialsetup_id BETWEEN cr.lo AND cr.hi`;
  if (dialect === 'postgres') {
    return {
      from: sql`(SELECT (SELECT ts.dataset_id FROM trialsetup ts WHERE ts.id = lower(u.r)) AS dataset_id, lower(u.r) AS lo, upper(u.r) - 1 AS hi
        FROM unnest(ARRAY(SELECT int8range(x.lo, x.hi, '[]') FROM (${runs(datasets)}) x)) AS u(r)) cr`,
      values: sql`${values} AND (pd.phenotype_id, pd.trialsetup_id) >= (p.id, cr.lo) AND (pd.phenotype_id, pd.trialsetup_id) <= (p.id, cr.hi)`,
    };
  }
  return {
    from: sql`(SELECT j.value->>0 AS dataset_id, j.value->>1 AS lo, j.value->>2 AS hi
      FROM json_each((SELECT json_group_array(json_array(x.dataset_id, x.lo, x.hi)) FROM (${runs(datasets)}) x)) j) cr`,
    values,
  };
}

/**
 * Trait `p` has values in run `cr`: its first value there, a scalar read where the index range starts
 * (PostgreSQL planned an EXISTS as a join over all the trait's values, or as a table scan that stops at the
 * first match).
 */
export const hasValues = (values: RawBuilder<unknown>) => sql`(SELECT MIN(pd.trialsetup_id) FROM phenotypedata pd WHERE ${values}) IS NOT NULL`;

/** ViewTableTraits' datasetIds for the caller: the datasets they may read that hold values of the trait, ascending. */
export function datasetIdsColumn(dialect: DialectName): ColumnDef {
  const forGate = (caller: QueryCaller): RawBuilder<unknown> => {
    const { from, values } = runSource(readable(caller), dialect);
    const found = sql`SELECT DISTINCT cr.dataset_id FROM ${from} WHERE ${hasValues(values)}`;
    return dialect === 'postgres'
      ? sql`(SELECT COALESCE(json_agg(f.dataset_id ORDER BY f.dataset_id), '[]'::json) FROM (${found}) f)`
      : sql`(SELECT json_group_array(f.dataset_id ORDER BY f.dataset_id) FROM (${found}) f)`;
  };
  return { sql: forGate({ user: null }), type: 'json', forGate };
}

/** ViewTableTraits' count for the caller: the trait's values in the datasets they may read. */
export function countColumn(dialect: DialectName): ColumnDef {
  const forGate = (caller: QueryCaller): RawBuilder<unknown> => {
    const { from, values } = runSource(readable(caller), dialect);
    return sql`(SELECT COALESCE(SUM((SELECT COUNT(*) FROM phenotypedata pd WHERE ${values})), 0) FROM ${from})`;
  };
  return { sql: forGate({ user: null }), type: 'integer', forGate };
}
