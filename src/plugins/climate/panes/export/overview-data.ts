import type { ChartRow } from '../../../../shell/chart/chart-spec.js';
import { groupLabel } from '../../../../shell/export/group-label.js';
import { MARKED_ITEMS, type ClimateDatasetStats } from '../../api-types.js';

/**
 * The overview's data: the boxes of `dataset/stats/climate` (one per dataset, or per location group and
 * the marked locations, and climate) and the counted values of `dataset/categorical/climate` (a
 * tab-separated file: name, dbId, dataset_name, date, [group,] a column per climate), as chart rows. Pure,
 * so that the labels and the parsing are unit-tested.
 */

/** The box plot rows of one climate, each labelled by its dataset or group (`marked` names the marked locations' box). */
export function boxRows(stats: ClimateDatasetStats, climateId: number, marked: string): ChartRow[] {
  const datasets = new Map(stats.datasets.map((d) => [d.datasetId, d.datasetName]));
  return stats.stats
    .filter((box) => box.xId === climateId)
    .map((box) => ({
      box: box.groupIds === MARKED_ITEMS ? marked : box.groupIds !== null ? groupLabel(box.groupIds) : (datasets.get(box.datasetId ?? -1) ?? String(box.datasetId ?? '')),
      min: box.min,
      q1: box.q1,
      median: box.median,
      q3: box.q3,
      max: box.max,
      avg: Number(box.avg.toPrecision(6)),
      count: box.count,
    }));
}

/**
 * The bars of one categorical climate out of the values file: a bar per value and series (the dataset, or
 * the dataset and group; `marked` names the marked locations), by value then series.
 */
export function categoryRows(text: string, climateName: string, marked: string): ChartRow[] {
  const lines = text.split(/\r\n|\n/).filter((line) => line !== '');
  if (lines.length === 0) return [];
  const header = lines[0].split('\t');
  const [column, dataset, group] = [header.indexOf(climateName), header.indexOf('dataset_name'), header.indexOf('group')];
  if (column < 0) return [];
  const counts = new Map<string, { value: string; series: string; count: number }>();
  for (const line of lines.slice(1)) {
    const cells = line.split('\t');
    const value = cells[column] ?? '';
    if (value === '') continue;
    const groupCell = group >= 0 ? (cells[group] ?? '') : null;
    const series = groupCell === null ? (cells[dataset] ?? '') : `${cells[dataset] ?? ''} · ${groupCell === MARKED_ITEMS ? marked : groupCell}`;
    const key = JSON.stringify([value, series]);
    const entry = counts.get(key) ?? { value, series, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()]
    .sort((a, b) => a.value.localeCompare(b.value) || a.series.localeCompare(b.series))
    .map((c) => ({ label: `${c.value} (${c.series})`, value: c.value, series: c.series, count: c.count }));
}
