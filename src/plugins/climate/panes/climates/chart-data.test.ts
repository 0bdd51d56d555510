import { describe, expect, it } from 'vitest';
import { lineRows, lineSpec } from './chart-data.js';

describe('a climate chart’s data', () => {
  it('keeps dated numeric values, by location and day, and names a location without a name by its id', () => {
    const rows = lineRows([
      { locationId: 2, locationName: 'B', recordingDate: '2024-01-02T00:00:00.000Z', climateValue: '1.5', datasetName: 'D' },
      { locationId: 1, locationName: 'A', recordingDate: '2024-01-03T00:00:00.000Z', climateValue: '2' },
      { locationId: 1, locationName: 'A', recordingDate: '2024-01-01T00:00:00.000Z', climateValue: '-3' },
      { locationId: 3, locationName: null, recordingDate: '2024-01-01T00:00:00.000Z', climateValue: '7' },
      { locationId: 1, locationName: 'A', recordingDate: null, climateValue: '9' },
      { locationId: 1, locationName: 'A', recordingDate: '2024-01-04T00:00:00.000Z', climateValue: 'sunny' },
      { locationId: 1, locationName: 'A', recordingDate: '2024-01-05T00:00:00.000Z', climateValue: ' ' },
    ]);
    expect(rows).toEqual([
      { location: '3', date: '2024-01-01', value: 7, dataset: '' },
      { location: 'A', date: '2024-01-01', value: -3, dataset: '' },
      { location: 'A', date: '2024-01-03', value: 2, dataset: '' },
      { location: 'B', date: '2024-01-02', value: 1.5, dataset: 'D' },
    ]);
  });

  it('draws a line per location over time, with a legend only while it stays readable', () => {
    const titles = { date: 'Date', value: 'Rain [mm]', location: 'Location', dataset: 'Dataset' };
    const spec = JSON.stringify(lineSpec(titles, 3));
    expect(spec).toContain('"type":"line"');
    expect(spec).toContain('"field":"location"');
    expect(JSON.stringify(lineSpec(titles, 21))).toContain('"legend":null');
    expect(spec).not.toContain('"legend":null');
  });
});
