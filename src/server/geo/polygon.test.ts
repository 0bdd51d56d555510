import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.js';
import { planarPolygon, type LatLng } from './polygon.js';
import { radiusBoxes, searchRadius } from './request.js';
import { polygonBoxes } from './sql.js';

const ring = (...points: [number, number][]): LatLng[] => points.map(([lat, lng]) => ({ lat, lng }));
const message = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as HttpError).message;
  }
  throw new Error('no 400');
};

describe('planarPolygon', () => {
  it('keeps an ordinary polygon as drawn, without its repeated closing point', () => {
    const p = planarPolygon(ring([0, 0], [0, 10], [10, 10], [0, 0]), 0);
    expect(p.vertices).toEqual([[0, 0], [10, 0], [10, 10]]);
    expect([p.minX, p.maxX, p.minY, p.maxY]).toEqual([0, 10, 0, 10]);
  });

  it('unwraps a polygon across the antimeridian into one shape east of its westernmost point', () => {
    const p = planarPolygon(ring([-20, 175], [-20, -178], [-10, -178], [-10, 175]), 0);
    expect(p.vertices.map((v) => v[0])).toEqual([175, 182, 182, 175]);
    expect(polygonBoxes(p)).toEqual([
      { minLat: -20, maxLat: -10, minLng: 175, maxLng: 180 },
      { minLat: -20, maxLat: -10, minLng: -180, maxLng: -178 },
    ]);
  });

  it('closes a ring round the globe over the pole on its side', () => {
    const north = planarPolygon(ring([80, 0], [80, 90], [80, 180], [80, -90]), 0);
    expect(north.maxY).toBe(90);
    expect(north.maxX - north.minX).toBe(360);
    expect(polygonBoxes(north)).toEqual([{ minLat: 80, maxLat: 90, minLng: -180, maxLng: 180 }]);
    const south = planarPolygon(ring([-70, 0], [-70, -120], [-70, 120]), 0);
    expect(south.minY).toBe(-90);
  });

  it('names what is wrong with a polygon', () => {
    expect(message(() => planarPolygon(ring([0, 0], [1, 1]), 2))).toBe('Polygon 3 needs at least 3 distinct points (it has 2)');
    expect(message(() => planarPolygon(ring([0, 0], [10, 10], [0, 10], [10, 0]), 0))).toBe('Polygon 1 intersects itself: edge 1 crosses edge 3');
    expect(message(() => planarPolygon(ring([0, 0], [1, 1], [2, 2]), 0))).toMatch(/no area/);
    expect(message(() => planarPolygon(ring([0, 0], [-91, 1], [2, 2]), 0))).toMatch(/point 2: latitude must be between -90 and 90/);
  });
});

describe('search radius', () => {
  const filter = (comparator: 'lessThan' | 'between' | 'greaterThan', values: (string | number)[], operator: 'and' | 'or' = 'and') => ({ column: 'distance', comparator, operator, values });

  it('is the smallest upper bound on distance, and none when a filter is joined by OR', () => {
    expect(searchRadius([filter('lessThan', ['500']), filter('between', [10, 200])], 6372.8)).toBe(200);
    expect(searchRadius([filter('greaterThan', [10])], 6372.8)).toBeNull();
    expect(searchRadius([filter('lessThan', [500], 'or'), filter('greaterThan', [9000])], 6372.8)).toBeNull();
  });

  it('refuses 0 and more than half the circumference', () => {
    expect(message(() => searchRadius([filter('lessThan', [0])], 6372.8))).toMatch(/more than 0 km/);
    expect(message(() => searchRadius([filter('lessThan', [40000])], 6372.8))).toMatch(/at most 20020 km/);
  });

  it('boxes the circle: split at the antimeridian, every longitude near a pole', () => {
    const [east, west] = radiusBoxes(0, 179, 300, 6372.8);
    expect(east.maxLng).toBe(180);
    expect(west.minLng).toBe(-180);
    expect(west.maxLng).toBeGreaterThan(-179);
    expect(radiusBoxes(88, 0, 300, 6372.8)).toEqual([expect.objectContaining({ minLng: -180, maxLng: 180, maxLat: 90 })]);
  });
});
