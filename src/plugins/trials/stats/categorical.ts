import { sql, type RawBuilder } from 'kysely';
import type { GateCaller } from '../../../server/access/licences.js';
import type { DialectName } from '../../../server/db/database.js';
import { idListSql } from '../../../server/db/id-list.js';
import { MARKED_ITEMS } from '../api-types.js';
import { type Db } from './selection.js';
import { visibleGroups } from '../../../server/stats/selection.js';
import { listOrNull, type Subset } from '../../../server/http/dataset-request.js';
import { trialsDatasetIds } from '../dataset-scope.js';

/** The columns of the counts file; `group` only when the request selects germplasm. */
export const CATEGORICAL_HEADER = ['dataset_id', 'dataset_name', 'trait_id', 'trait_name', 'value', 'count'] as const;
export const CATEGORICAL_GROUP_HEADER = ['dataset_id', 'dataset_name', 'trait_id', 'trait_name', 'group', 'value', 'count'] as const;

/** A cell of the file: on one line and in its column (the file is read by the chart, so values stay exact otherwise). */
export function tsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/[\t\r\n]+/g, ' ');
}

interface CountRow {
  dataset_id: number;
  dataset_name: string;
  trait_id: number;
  trait_name: string;
  /** The group's id (groups), else NULL. */
  label: number | null;
  value: string;
  count: number;
}

export interface CategoricalCounts {
  datasetIds: number[];
  text: string;
}

/**
 * `dataset/categorical/trial`: how often each value of the requested categorical traits was recorded, per
 * dataset the caller may read, as tab-separated text (CRLF). Without a germplasm selection one row per
 * dataset × trait × value; with groups (`yGroupIds`, the caller's visible ones) or marked germplasm
 * (`yIds`) per dataset × trait × group × value, the group named (marked germplasm as "Marked items").
 * Null when no trials dataset of the request may be read. Rows of the groups first, then of the marked
 * germplasm, each by dataset, trait name, group and value.
 */
export async function categoricalCounts(db: Db, dialect: DialectName, caller: GateCaller, body: Subset, traits: readonly number[]): Promise<CategoricalCounts | null> {
  const datasets = await trialsDatasetIds(db, dialect, caller, body.datasetIds);
  if (datasets.length === 0) return null;
  const marked = listOrNull(body.yIds);
  const groupIds = listOrNull(body.yGroupIds);

  const counts = (label: RawBuilder<unknown>, join: RawBuilder<unknown>, where: RawBuilder<unknown>, groupBy: RawBuilder<unknown>) =>
    sql<CountRow>`SELECT ts.dataset_id, d.name AS dataset_name, p.id AS trait_id, p.name AS trait_name, ${label} AS label,
        pd.phenotype_value AS value, COUNT(*) AS count
      FROM phenotypedata pd JOIN trialsetup ts ON ts.id = pd.trialsetup_id JOIN phenotypes p ON p.id = pd.phenotype_id
        JOIN datasets d ON d.id = ts.dataset_id ${join}
      WHERE ${idListSql(sql`ts.dataset_id`, datasets, dialect)} AND ${idListSql(sql`p.id`, traits, dialect)} AND p.datatype = 'categorical'
        AND pd.phenotype_value IS NOT NULL AND ${where}
      GROUP BY ts.dataset_id, d.name, p.id, p.name, ${groupBy}pd.phenotype_value
      ORDER BY ts.dataset_id, p.name, p.id, ${groupBy}pd.phenotype_value`.execute(db);

  const lines: string[] = [];
  const write = (rows: CountRow[], group: (row: CountRow) => string | null) => {
    for (const r of rows) {
      const label = group(r);
      const cells = [r.dataset_id, r.dataset_name, r.trait_id, r.trait_name, ...(label === null ? [] : [label]), r.value, Number(r.count)];
      lines.push(cells.map(tsvCell).join('\t'));
    }
  };

  if (!marked && !groupIds) {
    write((await counts(sql`NULL`, sql``, sql`(1 = 1)`, sql``)).rows, () => null);
  } else {
    const byGroup: { rows: CountRow[]; name: (id: number) => string }[] = [];
    if (groupIds) {
      const groups = await visibleGroups(db, dialect, caller.user, groupIds, 'germinatebase');
      if (groups.length > 0) {
        const names = new Map(groups.map((g) => [g.id, g.name]));
        const join = sql`JOIN groupmembers gm ON gm.foreign_id = ts.germinatebase_id AND ${idListSql(sql`gm.group_id`, [...names.keys()], dialect)}`;
        byGroup.push({ rows: (await counts(sql`gm.group_id`, join, sql`(1 = 1)`, sql`gm.group_id, `)).rows, name: (id) => names.get(id) ?? '' });
      }
    }
    if (marked) {
      byGroup.push({ rows: (await counts(sql`NULL`, sql``, idListSql(sql`ts.germinatebase_id`, marked, dialect), sql``)).rows, name: () => MARKED_ITEMS });
    }
    for (const { rows, name } of byGroup) write(rows, (r) => name(Number(r.label)));
  }
  const header = (marked || groupIds ? CATEGORICAL_GROUP_HEADER : CATEGORICAL_HEADER).join('\t');
  return { datasetIds: datasets, text: [header, ...lines].join('\r\n') + '\r\n' };
}
