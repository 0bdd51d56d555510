import type { Database } from '../src/server/db/database.js';
import { generateGermplasm, loadIntoPostgres, mulberry32 } from './generate.js';

/**
 * The trials benchmark data set, deterministic for a seed (mulberry32), on top of `germplasm` generated
 * accessions (bench/generate.ts):
 * - TRAITS numeric traits (`Trait 01`…, unit-less), one experiment, DATASETS public trials datasets;
 * - per dataset, plots of random germplasm (rep 1–2, a row × column grid of 100 columns), each plot with
 *   one value per trait: points ÷ (DATASETS × TRAITS) plots per dataset, rounded up, so that
 *   `generatedPoints(points)` data points exist in all (exactly `points` when it is a multiple of 200);
 *   values are normal-ish around a trait mean (sum of three uniforms) with two decimals;
 * - recording dates on one of 5 days per dataset, all in one year (so the export has one row per plot).
 * Rows go in with the drivers directly (setup, not what is measured), with the tables' indexes in place.
 * The random numbers are drawn in the same order on both databases, so both hold the same data.
 */
export const TRAITS = 20;
export const DATASETS = 10;

export interface TrialsBenchData {
  datasetIds: number[];
  traitIds: number[];
}

interface Plot {
  id: number;
  datasetId: number;
  germplasmId: number;
  rep: string;
  row: number;
  column: number;
}

const plotsPerDataset = (points: number) => Math.ceil(points / (DATASETS * TRAITS));

/** The number of data points `generateTrials(…, points, …)` writes (whole plots of TRAITS values each). */
export function generatedPoints(points: number): number {
  return plotsPerDataset(points) * DATASETS * TRAITS;
}

export async function generateTrials(database: Database, points: number, germplasm: number, seed: number): Promise<TrialsBenchData> {
  await generateGermplasm(database, germplasm, seed);
  const random = mulberry32(seed + 7);
  const datasetIds = Array.from({ length: DATASETS }, (_, i) => i + 1);
  const traitIds = Array.from({ length: TRAITS }, (_, i) => i + 1);
  const plots: Plot[] = [];
  for (const datasetId of datasetIds) {
    for (let p = 0, n = plotsPerDataset(points); p < n; p++) {
      plots.push({ id: plots.length + 1, datasetId, germplasmId: 1 + Math.floor(random() * germplasm), rep: String(1 + (p % 2)), row: 1 + Math.floor(p / 100), column: 1 + (p % 100) });
    }
  }
  const value = (trait: number) => (10 * trait + (random() + random() + random() - 1.5) * trait).toFixed(2);
  const date = (datasetId: number) => `2024-0${1 + (datasetId % 9)}-${String(1 + Math.floor(random() * 5)).padStart(2, '0')}`;

  if (database.sqlite) {
    const s = database.sqlite;
    s.transaction(() => {
      s.prepare("INSERT INTO experiments (id, experiment_name) VALUES (1, 'Bench trials')").run();
      const dataset = s.prepare("INSERT INTO datasets (id, experiment_id, name, datasettype_id, dataset_state_id, is_external) VALUES (?, 1, ?, 3, 1, 0)");
      for (const id of datasetIds) dataset.run(id, `Bench trial ${id}`);
      const trait = s.prepare("INSERT INTO phenotypes (id, name, short_name, datatype, is_timeseries) VALUES (?, ?, ?, 'numeric', 0)");
      for (const id of traitIds) trait.run(id, `Trait ${String(id).padStart(2, '0')}`, `T${id}`);
      const plot = s.prepare("INSERT INTO trialsetup (id, germinatebase_id, dataset_id, rep, block, trial_row, trial_column) VALUES (?, ?, ?, ?, '1', ?, ?)");
      const data = s.prepare('INSERT INTO phenotypedata (trialsetup_id, phenotype_id, phenotype_value, recording_date) VALUES (?, ?, ?, ?)');
      for (const p of plots) {
        plot.run(p.id, p.germplasmId, p.datasetId, p.rep, p.row, p.column);
        for (const t of traitIds) data.run(p.id, t, value(t), date(p.datasetId));
      }
    })();
    s.exec('ANALYZE');
    return { datasetIds, traitIds };
  }
  // Only the tables written here are vacuumed: the germplasm's were by generateGermplasm, and a bare VACUUM
  // would walk every schema of the (shared) database.
  const written = ['experiments', 'datasets', 'phenotypes', 'trialsetup', 'phenotypedata'];
  await loadIntoPostgres(database, written, written, async (client) => {
    await client.query("INSERT INTO experiments (id, experiment_name) VALUES (1, 'Bench trials')");
    await client.query("INSERT INTO datasets (id, experiment_id, name, datasettype_id, dataset_state_id, is_external) SELECT id, 1, 'Bench trial ' || id, 3, 1, 0 FROM unnest($1::int[]) AS u(id)", [datasetIds]);
    await client.query("INSERT INTO phenotypes (id, name, short_name, datatype, is_timeseries) SELECT id, 'Trait ' || lpad(id::text, 2, '0'), 'T' || id, 'numeric', 0 FROM unnest($1::int[]) AS u(id)", [traitIds]);
    for (let start = 0; start < plots.length; start += 5_000) {
      const batch = plots.slice(start, start + 5_000);
      const col = <K extends keyof Plot>(k: K) => batch.map((p) => p[k]);
      await client.query(
        "INSERT INTO trialsetup (id, germinatebase_id, dataset_id, rep, block, trial_row, trial_column) SELECT a, b, c, d, '1', e, f FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::int[], $6::int[]) AS u(a, b, c, d, e, f)",
        [col('id'), col('germplasmId'), col('datasetId'), col('rep'), col('row'), col('column')],
      );
      const setup: number[] = [];
      const trait: number[] = [];
      const values: string[] = [];
      const dates: string[] = [];
      for (const p of batch) {
        for (const t of traitIds) {
          setup.push(p.id);
          trait.push(t);
          values.push(value(t));
          dates.push(date(p.datasetId));
        }
      }
      await client.query('INSERT INTO phenotypedata (trialsetup_id, phenotype_id, phenotype_value, recording_date) SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[])', [setup, trait, values, dates]);
    }
  });
  return { datasetIds, traitIds };
}
