import { sql, type Kysely } from 'kysely';
import { allowedDatasetIds } from '../../../server/access/datasets.js';
import type { GateCaller } from '../../../server/access/licences.js';
import type { DialectName } from '../../../server/db/database.js';
import { idListSql } from '../../../server/db/id-list.js';
import type { PresentTables } from '../../../server/table/optional-tables.js';
import { summarise, type PhenotypeTrait } from './phenotype-file.js';
import { someIds, type GenotypeExportRequest } from './request.js';

type Db = Kysely<unknown>;

/** The trials domain's tables the phenotype file reads; without them a request's traits are ignored. */
export const PHENOTYPE_TABLES = ['phenotypes', 'trialsetup', 'phenotypedata'] as const;

/** Germinate's dataset type of trials datasets (the trials domain's; its code is not imported here). */
const TRIALS_DATASET_TYPE = 3;

/** Germplasm per query: values of this many germplasm are held at once, before they are summarised. */
const BATCH = 500;

/** What a request's phenotype lists come to for one caller, resolved once for all its jobs. */
export interface PhenotypeChoice {
  /** The trials datasets the caller may use (visible, licence accepted), ascending. */
  datasetIds: number[];
  /** The requested datasets left out: not trials datasets, not visible, or their licence not accepted. */
  leftOut: number[];
  /** The requested traits that exist, in the request's order. */
  traits: PhenotypeTrait[];
}

/** Each germplasm member's summary per trait (in `traits` order), aligned with the members; null: no value. */
export interface PhenotypeColumns {
  traits: PhenotypeTrait[];
  cells: ((string | null)[] | null)[];
}

/**
 * The request's trials datasets and traits as this caller may use them; null when the request names none of
 * either, or the trials domain's tables are not there.
 */
export async function phenotypeChoice(db: Db, present: PresentTables, who: GateCaller, request: GenotypeExportRequest): Promise<PhenotypeChoice | null> {
  const requested = someIds(request.phenotypeDatasetIds);
  const traitIds = someIds(request.phenotypeTraitIds);
  if (!requested || !traitIds || PHENOTYPE_TABLES.some((name) => !present.has(name))) return null;
  const allowed = await allowedDatasetIds(db, who, requested);
  const trials =
    allowed.length === 0
      ? []
      : (await sql<{ id: number }>`SELECT id FROM datasets WHERE datasettype_id = ${TRIALS_DATASET_TYPE} AND id IN (${sql.join(allowed)}) ORDER BY id`.execute(db)).rows.map((r) => Number(r.id));
  const usable = new Set(trials);
  const rows = await sql<PhenotypeTrait>`SELECT id, name, datatype FROM phenotypes WHERE id IN (${sql.join([...new Set(traitIds)])})`.execute(db);
  const byId = new Map(rows.rows.map((r) => [Number(r.id), { id: Number(r.id), name: r.name, datatype: r.datatype }]));
  const traits = [...new Set(traitIds)].flatMap((id) => byId.get(id) ?? []);
  return { datasetIds: trials, leftOut: [...new Set(requested)].filter((id) => !usable.has(id)).sort((a, b) => a - b), traits };
}

/**
 * The summaries (phenotype-file.ts `summarise`) of the chosen traits' values recorded in the chosen trials
 * datasets, for the members (germinatebase ids) that `selected` keeps; read by batches of germplasm, so
 * that at most one batch's values and then one summary per germplasm and trait are held.
 */
export async function phenotypeColumns(db: Db, dialect: DialectName, choice: PhenotypeChoice, memberIds: readonly number[], selected: readonly boolean[] | null): Promise<PhenotypeColumns> {
  const cells: PhenotypeColumns['cells'] = memberIds.map(() => null);
  const { traits } = choice;
  if (traits.length === 0 || choice.datasetIds.length === 0) return { traits, cells };
  const indexOf = new Map<number, number>();
  memberIds.forEach((id, m) => {
    if (!selected || selected[m]) indexOf.set(id, m);
  });
  const place = new Map(traits.map((t, i) => [t.id, i]));
  const wanted = [...indexOf.keys()];
  for (let start = 0; start < wanted.length; start += BATCH) {
    const batch = wanted.slice(start, start + BATCH);
    // In recording order (row id), so that the first recorded of equally frequent values wins.
    const rows = await sql<{ germplasm: number; trait: number; value: string | null }>`SELECT ts.germinatebase_id AS germplasm, pd.phenotype_id AS trait, pd.phenotype_value AS value
      FROM phenotypedata pd JOIN trialsetup ts ON ts.id = pd.trialsetup_id
      WHERE ts.dataset_id IN (${sql.join(choice.datasetIds)}) AND pd.phenotype_id IN (${sql.join(traits.map((t) => t.id))})
        AND ${idListSql(sql`ts.germinatebase_id`, batch, dialect)}
      ORDER BY pd.id`.execute(db);
    const values = new Map<number, string[][]>();
    for (const row of rows.rows) {
      if (row.value === null) continue;
      const germplasm = Number(row.germplasm);
      let perTrait = values.get(germplasm);
      if (!perTrait) values.set(germplasm, (perTrait = traits.map(() => [])));
      perTrait[place.get(Number(row.trait)) ?? 0].push(row.value);
    }
    for (const [germplasm, perTrait] of values) {
      const summaries = perTrait.map((list, i) => summarise(traits[i].datatype, list));
      const m = indexOf.get(germplasm);
      if (m !== undefined && summaries.some((s) => s !== null)) cells[m] = summaries;
    }
  }
  return { traits, cells };
}
