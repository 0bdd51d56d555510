import type { ChartRow } from '../../../../shell/chart/chart-spec.js';

/** The field of a climate's mean in the matrix rows. */
export const climateField = (climateId: number) => `c${climateId}`;

export interface MatrixValue {
  locationId: number;
  locationName?: string | null;
  climateId: number;
  climateValue?: string | null;
}

/**
 * The scatter matrix rows: one per location, the mean of each climate's numeric values there (null when
 * it has none); locations with no value of any of the climates are left out. Pure, and unit-tested.
 */
export function locationMeans(values: readonly MatrixValue[], climateIds: readonly number[]): ChartRow[] {
  const wanted = new Set(climateIds);
  const sums = new Map<number, { name: string; sum: Map<number, [number, number]> }>();
  for (const value of values) {
    const number = value.climateValue === null || value.climateValue === undefined || value.climateValue.trim() === '' ? NaN : Number(value.climateValue);
    if (!wanted.has(value.climateId) || !Number.isFinite(number)) continue;
    const entry = sums.get(value.locationId) ?? { name: value.locationName || String(value.locationId), sum: new Map<number, [number, number]>() };
    const [total, count] = entry.sum.get(value.climateId) ?? [0, 0];
    entry.sum.set(value.climateId, [total + number, count + 1]);
    sums.set(value.locationId, entry);
  }
  return [...sums.values()]
    .map((entry) => {
      const row: Record<string, string | number | null> = { location: entry.name };
      for (const id of climateIds) {
        const held = entry.sum.get(id);
        row[climateField(id)] = held ? Number((held[0] / held[1]).toPrecision(6)) : null;
      }
      return row;
    })
    .sort((a, b) => String(a.location).localeCompare(String(b.location)));
}
