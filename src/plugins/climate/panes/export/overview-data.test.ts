import { describe, expect, it } from 'vitest';
import type { ClimateDatasetStats } from '../../api-types.js';
import { boxRows, categoryRows } from './overview-data.js';

const box = { treatmentId: null, min: 1, q1: 2, median: 3, q3: 4, max: 5, avg: 3.333333333, count: 6 } as const;

describe('the climate overview’s data', () => {
  it('labels each box of a climate by its dataset, group or the marked locations', () => {
    const stats = {
      datasets: [{ datasetId: 4, datasetName: 'Weather' }],
      climates: [],
      stats: [
        { ...box, datasetId: 4, xId: 1, groupIds: null },
        { ...box, datasetId: null, xId: 1, groupIds: '["Coastal","North"]' },
        { ...box, datasetId: null, xId: 1, groupIds: 'Marked items' },
        { ...box, datasetId: 4, xId: 2, groupIds: null },
      ],
    } as unknown as ClimateDatasetStats;
    const rows = boxRows(stats, 1, 'Marked locations');
    expect(rows.map((r) => r.box)).toEqual(['Weather', 'Coastal, North', 'Marked locations']);
    expect(rows[0]).toEqual({ box: 'Weather', min: 1, q1: 2, median: 3, q3: 4, max: 5, avg: 3.33333, count: 6 });
  });

  it('counts the values of a categorical climate per dataset and group', () => {
    const file = ['name\tdbId\tdataset_name\tdate\tgroup\tSky\tWind', 'A\t1\tW\t2024-01-01\tCoastal\tsunny\tlow', 'B\t2\tW\t2024-01-01\tMarked items\tsunny\t', 'A\t1\tW\t2024-01-02\tCoastal\tsunny\thigh', 'C\t3\tW\t2024-01-02\tCoastal\t\tlow', ''].join('\r\n');
    expect(categoryRows(file, 'Sky', 'Marked locations')).toEqual([
      { label: 'sunny (W · Coastal)', value: 'sunny', series: 'W · Coastal', count: 2 },
      { label: 'sunny (W · Marked locations)', value: 'sunny', series: 'W · Marked locations', count: 1 },
    ]);
    const plain = 'name\tdbId\tdataset_name\tdate\tSky\nA\t1\tW\t2024-01-01\train\n';
    expect(categoryRows(plain, 'Sky', 'x')).toEqual([{ label: 'rain (W)', value: 'rain', series: 'W', count: 1 }]);
    expect(categoryRows(plain, 'Wind', 'x')).toEqual([]);
  });
});
