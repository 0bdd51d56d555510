import type { ChartRow } from '../../../../shell/chart/chart-spec.js';
import { groupLabel } from '../../../../shell/export/group-label.js';
import { MARKED_ITEMS, type BoxNames } from '../../api-types.js';

/**
 * The overview's data: the boxes of `dataset/stats/trial` (one per dataset or group, treatment and trait)
 * and the counts of categorical values of `dataset/categorical/trial` (a tab-separated file), shaped as
 * chart rows. Pure, so that the labels and the parsing are unit-tested.
 */

/**
 * The box plot rows of one trait: each box labelled by its dataset or group (`marked` names the boxes of
 * the chosen germplasm) and, when it has one, its treatment.
 */
export function boxRows(stats: BoxNames, traitId: number, marked: string): ChartRow[] {
  const datasets = new Map(stats.datasets.map((d) => [d.datasetId, d.datasetName]));
  const treatments = new Map(stats.treatments.map((t) => [t.id, t.name]));
  return stats.stats
    .filter((box) => box.xId === traitId)
    .map((box) => {
      const base =
        box.groupIds === MARKED_ITEMS ? marked
        : box.groupIds !== null ? groupLabel(box.groupIds)
        : datasets.get(box.datasetId ?? -1) ?? String(box.datasetId ?? '');
      const treatment = box.treatmentId === null ? null : (treatments.get(box.treatmentId) ?? null);
      return {
        box: treatment ? `${base} · ${treatment}` : base,
        min: box.min,
        q1: box.q1,
        median: box.median,
        q3: box.q3,
        max: box.max,
        avg: Number(box.avg.toPrecision(6)),
        count: box.count,
      };
    });
}

export interface CategoryCount {
  datasetName: string;
  traitId: number;
  /** The group (or "Marked items") when the request chose germplasm; null otherwise. */
  group: string | null;
  value: string;
  count: number;
}

/** The counts file: a header row naming the columns, then one row per dataset × trait (× group) × value. */
export function parseCategoricalTsv(text: string): CategoryCount[] {
  const lines = text.split(/\r\n|\n/).filter((line) => line !== '');
  if (lines.length === 0) return [];
  const header = lines[0].split('\t');
  const at = (name: string) => header.indexOf(name);
  const [dataset, trait, group, value, count] = [at('dataset_name'), at('trait_id'), at('group'), at('value'), at('count')];
  if (trait < 0 || value < 0 || count < 0) return [];
  return lines.slice(1).map((line) => {
    const cells = line.split('\t');
    return {
      datasetName: dataset >= 0 ? (cells[dataset] ?? '') : '',
      traitId: Number(cells[trait]),
      group: group >= 0 ? (cells[group] ?? '') : null,
      value: cells[value] ?? '',
      count: Number(cells[count]) || 0,
    };
  });
}

/**
 * The bar rows of one categorical trait: one bar per value and series (the dataset, or the dataset and
 * group), labelled with both, in the order of the trait's categories when it declares them.
 */
export function categoryRows(counts: readonly CategoryCount[], traitId: number, marked: string, order: readonly string[] = []): ChartRow[] {
  const rank = (value: string) => {
    const index = order.indexOf(value);
    return index < 0 ? order.length : index;
  };
  return counts
    .filter((c) => c.traitId === traitId)
    .map((c) => {
      const series = c.group === null ? c.datasetName : `${c.datasetName} · ${c.group === MARKED_ITEMS ? marked : c.group}`;
      return { label: `${c.value} (${series})`, value: c.value, series, count: c.count };
    })
    .sort((a, b) => rank(a.value) - rank(b.value) || a.value.localeCompare(b.value) || a.series.localeCompare(b.series));
}
