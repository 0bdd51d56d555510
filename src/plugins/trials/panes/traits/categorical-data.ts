import { categoryOrder } from './restrictions.js';

/** One line of `dataset/categorical/trial`'s counts: how often a value of the trait was recorded in a dataset. */
export type CategoryCount = {
  datasetId: number;
  dataset: string;
  value: string;
  count: number;
};

/**
 * The counts file (tab-separated, a header line naming the columns) as rows of one trait. Columns are
 * found by name, so a file with a group column reads the same; lines of other traits are left out.
 */
export function parseCategoryCounts(text: string, traitId: number): CategoryCount[] {
  const lines = text.split(/\r?\n/).filter((line) => line !== '');
  if (lines.length === 0) return [];
  const header = lines[0].split('\t');
  const at = (name: string) => header.indexOf(name);
  const [datasetId, datasetName, trait, value, count] = ['dataset_id', 'dataset_name', 'trait_id', 'value', 'count'].map(at);
  if ([datasetId, trait, value, count].some((index) => index < 0)) return [];
  const rows: CategoryCount[] = [];
  for (const line of lines.slice(1)) {
    const cells = line.split('\t');
    if (Number(cells[trait]) !== traitId) continue;
    const id = Number(cells[datasetId]);
    const n = Number(cells[count]);
    if (!Number.isFinite(id) || !Number.isFinite(n)) continue;
    rows.push({ datasetId: id, dataset: (datasetName >= 0 ? cells[datasetName] : '') || String(id), value: cells[value] ?? '', count: n });
  }
  return rows;
}

/** A bar of the counts chart: the value, named with its dataset when several datasets are shown. */
export type CategoryBar = { bar: string; dataset: string; value: string; count: number };

/**
 * The bars in reading order: per dataset, the values in the order of the trait's categories (its
 * restrictions), values outside them after, alphabetically.
 */
export function categoryBars(rows: readonly CategoryCount[], restrictions: unknown): CategoryBar[] {
  const order = categoryOrder(restrictions);
  const rank = (value: string) => {
    const index = order.indexOf(value);
    return index < 0 ? order.length : index;
  };
  const several = new Set(rows.map((r) => r.datasetId)).size > 1;
  return [...rows]
    .sort((a, b) => a.datasetId - b.datasetId || rank(a.value) - rank(b.value) || a.value.localeCompare(b.value))
    .map((r) => ({ bar: several ? `${r.dataset}: ${r.value}` : r.value, dataset: r.dataset, value: r.value, count: r.count }));
}
