import type { ChartRow, ChartSpec } from '../../../../shell/chart/chart-spec.js';

/**
 * A climate's values over time, a line per location: the rows the chart draws (numeric values with a
 * date) and its vega-lite spec. Pure, so that it is unit-tested.
 */

export interface ValueRow {
  locationName?: string | null;
  locationId: number;
  datasetName?: string | null;
  recordingDate?: string | null;
  climateValue?: string | null;
}

/** One chart row per dated numeric value: location, day (YYYY-MM-DD), value, dataset. */
export function lineRows(values: readonly ValueRow[]): ChartRow[] {
  const rows: ChartRow[] = [];
  for (const value of values) {
    const number = value.climateValue === null || value.climateValue === undefined || value.climateValue.trim() === '' ? NaN : Number(value.climateValue);
    if (!value.recordingDate || !Number.isFinite(number)) continue;
    rows.push({ location: value.locationName || String(value.locationId), date: value.recordingDate.slice(0, 10), value: number, dataset: value.datasetName ?? '' });
  }
  return rows.sort((a, b) => String(a.location).localeCompare(String(b.location)) || String(a.date).localeCompare(String(b.date)));
}

/** Locations a legend lists readably; beyond them the tooltip names each line's. */
export const LEGEND_MAX = 20;

/** Lines of the value by recording date, one per location (days drawn in UTC: a day is that day everywhere). */
export function lineSpec(titles: { date: string; value: string; location: string; dataset: string }, locations: number): ChartSpec {
  // Month and year on every label: the values span years, and a label without its year is ambiguous.
  const x = { field: 'date', type: 'temporal', title: titles.date, scale: { type: 'utc' }, axis: { format: '%b %Y', labelOverlap: true } };
  const y = { field: 'value', type: 'quantitative', title: titles.value, scale: { zero: false } };
  const color = { field: 'location', type: 'nominal', title: titles.location, legend: locations <= LEGEND_MAX ? { orient: 'bottom', columns: 3, labelLimit: 200 } : null };
  const tooltip = [
    { field: 'location', type: 'nominal', title: titles.location },
    { field: 'dataset', type: 'nominal', title: titles.dataset },
    { field: 'date', type: 'temporal', timeUnit: 'utcyearmonthdate', title: titles.date, format: '%d/%m/%Y' },
    { field: 'value', type: 'quantitative', title: titles.value },
  ];
  return {
    layer: [
      { mark: { type: 'line', strokeWidth: 1.5 }, encoding: { x, y, color, detail: { field: 'location', type: 'nominal' } } },
      { mark: { type: 'point', filled: true, size: 28 }, encoding: { x, y, color, tooltip } },
    ],
  } as ChartSpec;
}
