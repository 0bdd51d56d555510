import { sql } from 'kysely';
import type { GateCaller } from '../../../server/access/licences.js';
import type { DialectName } from '../../../server/db/database.js';
import { idListSql } from '../../../server/db/id-list.js';
import { listOrNull } from '../../../server/http/dataset-request.js';
import { trialsDatasetIds } from '../dataset-scope.js';
import { numericSql } from '../../../server/stats/numeric-sql.js';
import type { TraitDatasetRequest } from './request.js';
import { parseRestrictions, type Db } from './selection.js';

/** Germinate's TraitStats: one trait's range over the datasets, for the radar chart. */
export interface TraitStats {
  traitId: number;
  traitName: string;
  traitNameShort: string | null;
  dataType: string;
  min: number;
  avg: number;
  max: number;
  count: number;
  categories?: string[][];
}

interface TraitRow {
  id: number;
  name: string;
  short_name: string | null;
  datatype: string;
}

/** The category lists of a trait's restrictions, or null when it has none (or they are not lists of texts). */
export function categoriesOf(restrictions: unknown): string[][] | null {
  if (restrictions === null || typeof restrictions !== 'object' || !('categories' in restrictions)) return null;
  const { categories } = restrictions;
  if (!Array.isArray(categories) || categories.length === 0) return null;
  const lists: string[][] = [];
  for (const list of categories as unknown[]) {
    if (!Array.isArray(list)) return null;
    lists.push(list.map((v) => String(v)));
  }
  return lists;
}

/** A value's place in its category list (lists are alternative spellings of the same categories), or null. */
export function categoryIndex(value: string, categories: readonly (readonly string[])[]): number | null {
  for (const list of categories) {
    const index = list.indexOf(value);
    if (index >= 0) return index;
  }
  return null;
}

/**
 * `trait/stats`: per trait with data in the trials datasets the caller may read (those requested, or all):
 * numeric traits by the database's min, average, max and count of their numeric values; categorical
 * traits with category lists over each value's place in its list (count = values that are a category).
 * `traitIds` restricts both kinds (Germinate ignores it for categorical traits, listing every one of them,
 * which the radar chart then draws though nobody chose it); none given = every trait. By trait name.
 */
export async function traitStats(db: Db, dialect: DialectName, caller: GateCaller, body: TraitDatasetRequest): Promise<TraitStats[]> {
  const datasets = await trialsDatasetIds(db, dialect, caller, body.datasetIds);
  if (datasets.length === 0) return [];
  const traits = listOrNull(body.traitIds);
  const inDatasets = idListSql(sql`ts.dataset_id`, datasets, dialect);
  const traitFilter = traits ? sql`AND ${idListSql(sql`p.id`, traits, dialect)}` : sql``;
  const number = numericSql(dialect, sql`pd.phenotype_value`);

  const numeric = await sql<TraitRow & { min: number; avg: number; max: number; count: number }>`
    SELECT x.id, x.name, x.short_name, x.datatype, MIN(x.v) AS min, AVG(x.v) AS avg, MAX(x.v) AS max, COUNT(x.v) AS count
    FROM (SELECT p.id, p.name, p.short_name, p.datatype, ${number} AS v
      FROM phenotypedata pd JOIN trialsetup ts ON ts.id = pd.trialsetup_id JOIN phenotypes p ON p.id = pd.phenotype_id
      WHERE ${inDatasets} AND p.datatype = 'numeric' ${traitFilter}) x
    WHERE x.v IS NOT NULL GROUP BY x.id, x.name, x.short_name, x.datatype`.execute(db);
  const result: TraitStats[] = numeric.rows.map((r) => ({
    traitId: Number(r.id),
    traitName: r.name,
    traitNameShort: r.short_name,
    dataType: r.datatype,
    min: Number(r.min),
    avg: Number(r.avg),
    max: Number(r.max),
    count: Number(r.count),
  }));

  // Categorical values are few (the import admits only the categories): the database counts each
  // distinct value, and the counts are weighted by the value's place here.
  const counted = await sql<TraitRow & { restrictions: unknown; value: string; count: number }>`
    SELECT p.id, p.name, p.short_name, p.datatype, p.restrictions, pd.phenotype_value AS value, COUNT(*) AS count
    FROM phenotypedata pd JOIN trialsetup ts ON ts.id = pd.trialsetup_id JOIN phenotypes p ON p.id = pd.phenotype_id
    WHERE ${inDatasets} AND p.datatype = 'categorical' AND p.restrictions IS NOT NULL AND pd.phenotype_value IS NOT NULL ${traitFilter}
    GROUP BY p.id, p.name, p.short_name, p.datatype, p.restrictions, pd.phenotype_value`.execute(db);
  const categorical = new Map<number, TraitStats & { sum: number }>();
  for (const row of counted.rows) {
    const categories = categoriesOf(parseRestrictions(row.restrictions));
    const index = categories ? categoryIndex(row.value, categories) : null;
    if (!categories || index === null) continue;
    const id = Number(row.id);
    const count = Number(row.count);
    const stats = categorical.get(id) ?? { traitId: id, traitName: row.name, traitNameShort: row.short_name, dataType: row.datatype, min: index, avg: 0, max: index, count: 0, sum: 0, categories };
    stats.min = Math.min(stats.min, index);
    stats.max = Math.max(stats.max, index);
    stats.count += count;
    stats.sum += index * count;
    categorical.set(id, stats);
  }
  for (const { sum, ...stats } of categorical.values()) result.push({ ...stats, avg: sum / stats.count });
  return result.sort((a, b) => a.traitName.localeCompare(b.traitName) || a.traitId - b.traitId);
}
