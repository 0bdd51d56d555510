import { describe, expect, it } from 'vitest';
import { geoSearchRequest, readGeoSearch } from './geo-search.js';

describe('geographic search requests', () => {
  it('asks the distance table for a point, with the radius as a fixed distance filter', () => {
    const request = geoSearchRequest('germplasm', { kind: 'point', point: { lat: 52.1, lng: 5.2 }, radiusKm: 25 });
    expect(request).toEqual({
      path: 'germplasm/distance/table',
      body: { latitude: 52.1, longitude: 5.2 },
      fixed: [{ column: 'distance', comparator: 'lessThan', operator: 'and', values: ['25'] }],
    });
  });

  it('asks the polygon table with Germinate’s {lat, lng} lists', () => {
    const square = [{ lat: 0, lng: 0 }, { lat: 0, lng: 1 }, { lat: 1, lng: 1 }];
    expect(geoSearchRequest('location', { kind: 'polygon', polygons: [square] })).toEqual({ path: 'location/polygon/table', body: { polygons: [square] }, fixed: [] });
  });

  it('reads back only well-formed searches', () => {
    expect(readGeoSearch({ kind: 'point', point: { lat: 10, lng: 20 }, radiusKm: 5 })).toEqual({ kind: 'point', point: { lat: 10, lng: 20 }, radiusKm: 5 });
    expect(readGeoSearch({ kind: 'point', point: { lat: 91, lng: 20 }, radiusKm: 5 })).toBeNull();
    expect(readGeoSearch({ kind: 'point', point: { lat: 10, lng: 20 }, radiusKm: 0 })).toBeNull();
    expect(readGeoSearch({ kind: 'point', point: { lat: 10, lng: 20 }, radiusKm: 40_000 })).toBeNull();
    expect(readGeoSearch({ kind: 'polygon', polygons: [[{ lat: 0, lng: 0 }, { lat: 1, lng: 1 }]] })).toBeNull();
    expect(readGeoSearch('point')).toBeNull();
  });
});
