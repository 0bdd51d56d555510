import { sql, type RawBuilder } from 'kysely';
import { datasetLicensedSql } from '../../server/access/datasets.js';
import type { QueryCaller } from '../../server/table/engine.js';
import type { PresentTables } from '../../server/table/optional-tables.js';
import type { ColumnDef } from '../../server/table/view.js';

/** The other domains' tables the germplasm row reads when they exist (images, trials, pedigrees, genotypes). */
export const GERMPLASM_DATA_TABLES = ['images', 'imagetypes', 'trialsetup', 'phenotypedata', 'pedigrees', 'pedigreedefinitions', 'datasetmembers'] as const;

type Condition = (caller: QueryCaller) => RawBuilder<unknown>;

/**
 * A caller-dependent flag: 1 when a dataset holding such data for the row's germplasm passes the caller's
 * licence gate (seen and its licence accepted: README §2.6, as Germinate's flags use the licence-gated list),
 * else absent (NULL), never 0, as Germinate's "SELECT 1 … LIMIT 1" flags. Without the tables it is absent.
 */
function flag(exists: Condition | null): ColumnDef {
  const forGate = (caller: QueryCaller) => (exists ? sql`(CASE WHEN ${exists(caller)} THEN 1 END)` : sql`(CAST(NULL AS INTEGER))`);
  return { sql: forGate({ user: null }), type: 'integer', forGate };
}

/** Genotype (datasettype 1) or allele frequency (4) data: the germplasm is a member (type 2) of such a dataset. */
function memberOf(datasetType: number): Condition {
  // Germinate's datasetmembers (dataset_id, datasetmembertype_id, foreign_id); the genotypes domain indexes
  // (foreign_id, datasetmembertype_id) for this lookup.
  return (caller) => sql`EXISTS (SELECT 1 FROM datasetmembers dm JOIN datasets dmd ON dmd.id = dm.dataset_id
    WHERE dm.datasetmembertype_id = 2 AND dm.foreign_id = g.id AND dmd.datasettype_id = ${sql.lit(datasetType)}
      AND ${datasetLicensedSql(sql`dm.dataset_id`, caller)})`;
}

/**
 * imageCount, firstImagePath and the has…Data flags of ViewTableGermplasm, over the tables that exist.
 * Every lookup is by the germplasm id on an indexed column (images (imagetype_id, foreign_id), trialsetup,
 * pedigrees and pedigreedefinitions by germinatebase_id, phenotypedata by trialsetup_id), so a page of the
 * table costs a few index probes per row.
 */
export function germplasmDataColumns(present: PresentTables): Record<string, ColumnDef> {
  const has = (...tables: string[]) => tables.every((t) => present.has(t));
  const germplasmImages = `im.imagetype_id IN (SELECT it.id FROM imagetypes it WHERE it.reference_table = 'germinatebase') AND im.foreign_id = g.id`;
  const trials: Condition | null = has('trialsetup', 'phenotypedata')
    ? (caller) => sql`EXISTS (SELECT 1 FROM trialsetup ts WHERE ts.germinatebase_id = g.id AND ${datasetLicensedSql(sql`ts.dataset_id`, caller)}
        AND EXISTS (SELECT 1 FROM phenotypedata pd WHERE pd.trialsetup_id = ts.id))`
    : null;
  const pedigree: Condition | null = has('pedigrees', 'pedigreedefinitions')
    ? (caller) => sql`(EXISTS (SELECT 1 FROM pedigrees pe WHERE pe.germinatebase_id = g.id AND ${datasetLicensedSql(sql`pe.dataset_id`, caller)})
        OR EXISTS (SELECT 1 FROM pedigreedefinitions pf WHERE pf.germinatebase_id = g.id AND ${datasetLicensedSql(sql`pf.dataset_id`, caller)}))`
    : null;
  const members = has('datasetmembers');
  return {
    imageCount: {
      sql: has('images', 'imagetypes') ? sql.raw(`(SELECT COUNT(*) FROM images im WHERE ${germplasmImages})`) : sql`0`,
      type: 'integer',
    },
    firstImagePath: {
      sql: has('images', 'imagetypes') ? sql.raw(`(SELECT im.path FROM images im WHERE ${germplasmImages} ORDER BY im.id LIMIT 1)`) : sql`(CAST(NULL AS TEXT))`,
      type: 'string',
    },
    hasTrialsData: flag(trials),
    hasGenotypicData: flag(members ? memberOf(1) : null),
    hasAllelefreqData: flag(members ? memberOf(4) : null),
    hasPedigreeData: flag(pedigree),
  };
}
