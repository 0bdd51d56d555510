import { describe, expect, it } from 'vitest';
import { locationMeans } from './matrix-data.js';

describe('the climate matrix’s data', () => {
  it('averages each climate per location, leaving out text and other climates', () => {
    const rows = locationMeans(
      [
        { locationId: 2, locationName: 'B', climateId: 1, climateValue: '4' },
        { locationId: 1, locationName: 'A', climateId: 1, climateValue: '1' },
        { locationId: 1, locationName: 'A', climateId: 1, climateValue: '2' },
        { locationId: 1, locationName: 'A', climateId: 2, climateValue: '-0.5' },
        { locationId: 1, locationName: 'A', climateId: 3, climateValue: '9' },
        { locationId: 3, locationName: 'C', climateId: 2, climateValue: 'n/a' },
      ],
      [1, 2],
    );
    expect(rows).toEqual([
      { location: 'A', c1: 1.5, c2: -0.5 },
      { location: 'B', c1: 4, c2: null },
    ]);
  });
});
