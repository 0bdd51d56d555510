import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../../server/db/database.js';

/** A cell as row and column. */
export interface Cell {
  row: number;
  column: number;
}

/**
 * Of `cells`, those a plot of the dataset already holds (at most `limit`). The cells travel as one bound
 * list (JSON on SQLite, two arrays on PostgreSQL) and are looked up one by one through the index on
 * (dataset_id, trial_row, trial_column): the cost follows the layout, not the dataset. (SQLite's CROSS JOIN
 * keeps the cells the outer loop; its planner would otherwise read the dataset's plots and probe the cells.)
 */
export async function cellsInUse(db: Kysely<unknown>, dialect: DialectName, datasetId: number, cells: readonly Cell[], limit: number): Promise<Cell[]> {
  if (cells.length === 0) return [];
  const query =
    dialect === 'postgres'
      ? sql<Cell>`SELECT DISTINCT t.trial_row AS "row", t.trial_column AS "column"
          FROM unnest(${cells.map((c) => c.row)}::int[], ${cells.map((c) => c.column)}::int[]) AS u(r, c)
          JOIN trialsetup t ON t.dataset_id = ${datasetId} AND t.trial_row = u.r AND t.trial_column = u.c
          ORDER BY 1, 2 LIMIT ${limit}`
      : sql<Cell>`SELECT DISTINCT t.trial_row AS "row", t.trial_column AS "column"
          FROM json_each(${JSON.stringify(cells.map((c) => [c.row, c.column]))}) AS u
          CROSS JOIN trialsetup t WHERE t.dataset_id = ${datasetId}
            AND t.trial_row = json_extract(u.value, '$[0]') AND t.trial_column = json_extract(u.value, '$[1]')
          ORDER BY 1, 2 LIMIT ${limit}`;
  return (await query.execute(db)).rows.map((r) => ({ row: Number(r.row), column: Number(r.column) }));
}
