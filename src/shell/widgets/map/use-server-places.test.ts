import { describe, expect, it } from 'vitest';
import { placeCellDegrees } from '../../../core/map-places.js';
import { cellAligned } from './use-server-places.js';

describe('cellAligned', () => {
  it('widens a view to whole cells of its zoom, one more on each side, so small pans ask nothing new', () => {
    const size = placeCellDegrees(6);
    const a = cellAligned({ west: 10.2, south: 40.1, east: 12.9, north: 42.3, zoom: 6 });
    const b = cellAligned({ west: 10.25, south: 40.15, east: 12.95, north: 42.35, zoom: 6 });
    expect(a).toEqual(b);
    expect(a.west).toBeLessThanOrEqual(10.2 - size);
    expect(a.east).toBeGreaterThanOrEqual(12.9 + size);
    expect(Number.isInteger(Math.round(a.west / size * 1e6) / 1e6)).toBe(true);
  });

  it('asks for the whole world when the view goes round it, wherever it is centred', () => {
    const world = { west: -180, south: -90, east: 180, north: 90, zoom: 1 };
    expect(cellAligned({ west: -200, south: -70, east: 120, north: 80, zoom: 1 })).toEqual(world);
    expect(cellAligned({ west: -150, south: -60, east: 200, north: 70, zoom: 1 })).toEqual(world);
  });

  it('keeps latitudes within the poles', () => {
    const high = cellAligned({ west: 0, south: 80, east: 10, north: 89.9, zoom: 3 });
    expect(high.north).toBe(90);
  });
});
