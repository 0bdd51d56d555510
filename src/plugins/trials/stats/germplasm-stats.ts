import { sql } from 'kysely';
import type { GateCaller } from '../../../server/access/licences.js';
import type { DialectName } from '../../../server/db/database.js';
import { idListSql } from '../../../server/db/id-list.js';
import { numericSql } from '../../../server/stats/numeric-sql.js';
import { quantileNumbers, quantilesSql } from '../../../server/stats/quantiles-sql.js';
import type { Db } from './selection.js';
import type { GermplasmStats } from '../api-types.js';
import { trialsDatasetIds } from '../dataset-scope.js';

/**
 * `germplasm/{id}/stats/trait`, the passport's trait performance: per numeric trait this germplasm has
 * numeric values of in trials datasets the caller may read, its own average against the range of every
 * germplasm's values of that trait in the same datasets (those where this germplasm has values of the
 * trait). Germinate compares with the trait's values in all datasets, where other trials' conditions
 * would blur the comparison. By trait name; [] for an unknown germplasm or one without such data.
 */
export async function germplasmTraitStats(db: Db, dialect: DialectName, caller: GateCaller, germplasmId: number): Promise<GermplasmStats[]> {
  const germplasm = await sql<{ name: string }>`SELECT g.name FROM germinatebase g WHERE g.id = ${germplasmId}`.execute(db);
  const name = germplasm.rows[0]?.name;
  if (name === undefined) return [];
  const datasets = await trialsDatasetIds(db, dialect, caller, null);
  if (datasets.length === 0) return [];

  const number = (alias: string) => numericSql(dialect, sql`${sql.ref(`${alias}.phenotype_value`)}`);
  // The (dataset, trait) pairs this germplasm has numeric values in; then every germplasm's values there.
  const values = sql`SELECT x.* FROM (
      SELECT pd.phenotype_id AS phenotype_id, ts.germinatebase_id AS germplasm_id, ${number('pd')} AS v
      FROM (SELECT DISTINCT ots.dataset_id, opd.phenotype_id
          FROM trialsetup ots JOIN phenotypedata opd ON opd.trialsetup_id = ots.id JOIN phenotypes op ON op.id = opd.phenotype_id
          WHERE ots.germinatebase_id = ${germplasmId} AND ${idListSql(sql`ots.dataset_id`, datasets, dialect)} AND op.datatype = 'numeric'
            AND ${number('opd')} IS NOT NULL) own
        JOIN trialsetup ts ON ts.dataset_id = own.dataset_id
        JOIN phenotypedata pd ON pd.trialsetup_id = ts.id AND pd.phenotype_id = own.phenotype_id) x
    WHERE x.v IS NOT NULL`;
  const ownValue = sql`CASE WHEN r.germplasm_id = ${germplasmId} THEN r.v END`;
  const stats = quantilesSql(dialect, {
    values,
    keys: ['phenotype_id'],
    extra: [
      { name: 'own_avg', expression: sql`AVG(${ownValue})` },
      { name: 'own_count', expression: sql`COUNT(${ownValue})` },
    ],
  });
  const rows = await sql<{
    phenotype_id: number; name: string; short_name: string | null; unit_name: string | null; own_avg: number; own_count: number;
    min: number; q1: number; median: number; q3: number; max: number; avg: number; count: number;
  }>`SELECT s.*, p.name, p.short_name, u.unit_name FROM (${stats}) s JOIN phenotypes p ON p.id = s.phenotype_id
      LEFT JOIN units u ON u.id = p.unit_id ORDER BY p.name, p.id`.execute(db);
  return rows.rows.map((r) => {
    const all = quantileNumbers(r);
    return {
      germplasmId,
      germplasmName: name,
      traitId: Number(r.phenotype_id),
      traitName: r.name,
      traitNameShort: r.short_name,
      unitName: r.unit_name,
      min: all.min,
      q1: all.q1,
      median: all.median,
      q3: all.q3,
      max: all.max,
      count: all.count,
      avg: Number(r.own_avg),
      germplasmCount: Number(r.own_count),
    };
  });
}
