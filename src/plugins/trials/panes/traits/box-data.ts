import type { BoxNames, Distribution } from '../../api-types.js';

/**
 * The rows the box plots draw from `dataset/stats/trial` (Germinate's TraitDatasetStats): one box per
 * dataset × treatment of one trait, quantiles as the database computed them.
 */

/** A box as the chart and its table show it. */
export type BoxRow = Distribution & {
  box: string;
  dataset: string;
  treatment: string;
};

/** Numbers for a chart's table and tooltips: as many decimals as a reader can use. */
export function rounded(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * The boxes of one trait, in the server's order (by dataset, then treatment). A box is named by its
 * dataset, and by its treatment too when the trait was recorded under treatments (`noTreatment` names
 * the values recorded without one).
 */
export function boxRows(answer: BoxNames, traitId: number, noTreatment: string): BoxRow[] {
  const datasetNames = new Map(answer.datasets.map((d) => [d.datasetId, d.datasetName || String(d.datasetId)]));
  const treatmentNames = new Map(answer.treatments.map((t) => [t.id, t.name || String(t.id)]));
  const boxes = answer.stats.filter((s) => s.xId === traitId && s.datasetId !== null);
  const withTreatments = boxes.some((s) => s.treatmentId !== null);
  return unique(boxes.map((s) => {
    const dataset = datasetNames.get(s.datasetId ?? 0) ?? String(s.datasetId);
    const treatment = s.treatmentId === null ? noTreatment : (treatmentNames.get(s.treatmentId) ?? String(s.treatmentId));
    return {
      box: withTreatments ? `${dataset} – ${treatment}` : dataset,
      dataset,
      treatment: withTreatments ? treatment : '',
      count: s.count,
      min: rounded(s.min),
      q1: rounded(s.q1),
      median: rounded(s.median),
      q3: rounded(s.q3),
      max: rounded(s.max),
      avg: rounded(s.avg),
    };
  }));
}

/** Boxes that would share a name (two datasets named alike) are numbered, or the chart would draw them as one. */
function unique(rows: BoxRow[]): BoxRow[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const n = (seen.get(row.box) ?? 0) + 1;
    seen.set(row.box, n);
    return n === 1 ? row : { ...row, box: `${row.box} (${n})` };
  });
}
