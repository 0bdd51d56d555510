/** A dataset of an experiment as its details pane lists it (a `dataset/table` row, the keys it reads). */
export interface ExperimentDataset extends Record<string, unknown> {
  datasetId: number;
  datasetName?: string;
  datasetDescription?: string | null;
  datasetType?: string | null;
  isExternal?: boolean | number | null;
}

/** The order Germinate's pages list dataset types in; others follow by name. */
const TYPE_ORDER = ['trials', 'genotype', 'allelefreq', 'climate', 'pedigree', 'compound'];

/** An experiment's datasets grouped by dataset type, the types in a fixed order, datasets by name. */
export function byDatasetType(rows: readonly ExperimentDataset[]): { type: string; datasets: ExperimentDataset[] }[] {
  const groups = new Map<string, ExperimentDataset[]>();
  for (const row of rows) {
    const type = row.datasetType || 'unknown';
    groups.set(type, [...(groups.get(type) ?? []), row]);
  }
  const rank = (type: string) => (TYPE_ORDER.includes(type) ? TYPE_ORDER.indexOf(type) : TYPE_ORDER.length);
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([type, datasets]) => ({ type, datasets: [...datasets].sort((a, b) => (a.datasetName ?? '').localeCompare(b.datasetName ?? '') || a.datasetId - b.datasetId) }));
}
