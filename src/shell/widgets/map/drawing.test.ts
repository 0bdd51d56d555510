import { describe, expect, it } from 'vitest';
import { circleRing, drawingFeatures, selfIntersects } from './drawing.js';

const haversine = (a: [number, number], b: { lat: number; lng: number }) => {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a[1]) * rad;
  const dLng = (b.lng - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
};

describe('drawing geometry', () => {
  it('draws the radius circle at the radius from the centre, also across the antimeridian', () => {
    for (const centre of [{ lat: 52, lng: 5 }, { lat: -10, lng: 179.5 }, { lat: 80, lng: 0 }]) {
      const ring = circleRing(centre, 250);
      expect(ring).toHaveLength(73);
      for (const point of ring) {
        expect(haversine(point, centre)).toBeCloseTo(250, 3);
        expect(point[0]).toBeGreaterThanOrEqual(-180);
        expect(point[0]).toBeLessThanOrEqual(180);
      }
    }
  });

  it('finds a bow-tie, not a square or a triangle', () => {
    const p = (lat: number, lng: number) => ({ lat, lng });
    expect(selfIntersects([p(0, 0), p(10, 10), p(0, 10), p(10, 0)])).toBe(true);
    expect(selfIntersects([p(0, 0), p(0, 10), p(10, 10), p(10, 0)])).toBe(false);
    expect(selfIntersects([p(0, 0), p(5, 10), p(10, 0)])).toBe(false);
  });

  it('shows an open polygon as edges and a closed one as an area', () => {
    const vertices = [{ lat: 0, lng: 0 }, { lat: 0, lng: 10 }, { lat: 10, lng: 10 }];
    const open = drawingFeatures({ kind: 'polygon', point: null, radiusKm: null, vertices, closed: false });
    expect(open.features.map((f) => f.properties?.part)).toEqual(['vertex', 'vertex', 'vertex', 'edge']);
    const closed = drawingFeatures({ kind: 'polygon', point: null, radiusKm: null, vertices, closed: true });
    const area = closed.features.find((f) => f.properties?.part === 'area');
    expect(area?.geometry).toEqual({ type: 'Polygon', coordinates: [[[0, 0], [10, 0], [10, 10], [0, 0]]] });
  });
});
