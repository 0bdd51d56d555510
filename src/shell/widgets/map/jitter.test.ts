import { describe, expect, it } from 'vitest';
import { JITTER_DEGREES, jittered } from './jitter.js';

describe('jittered', () => {
  it('moves every item a little, never more than the bound, and the same way each time', () => {
    const shifts = new Set<string>();
    for (let id = 1; id <= 500; id++) {
      const p = jittered(id, 52.1, 5.2);
      expect(Math.abs(p.latitude - 52.1)).toBeLessThanOrEqual(JITTER_DEGREES);
      expect(Math.abs(p.longitude - 5.2)).toBeLessThanOrEqual(JITTER_DEGREES);
      expect(jittered(id, 52.1, 5.2)).toEqual(p);
      shifts.add(`${p.latitude.toFixed(6)},${p.longitude.toFixed(6)}`);
    }
    // Items at one site end up on (nearly) all different spots.
    expect(shifts.size).toBeGreaterThan(490);
  });

  it('spreads shifts over both directions', () => {
    const ids = Array.from({ length: 400 }, (_, i) => i + 1);
    const north = ids.filter((id) => jittered(id, 0, 0).latitude > 0).length;
    const east = ids.filter((id) => jittered(id, 0, 0).longitude > 0).length;
    expect(north).toBeGreaterThan(120);
    expect(north).toBeLessThan(280);
    expect(east).toBeGreaterThan(120);
    expect(east).toBeLessThan(280);
  });

  it('keeps points at the edges of the map on it', () => {
    for (let id = 1; id <= 100; id++) {
      const p = jittered(id, 89.999, 179.999);
      expect(p.latitude).toBeLessThanOrEqual(85);
      expect(p.longitude).toBeLessThanOrEqual(180);
    }
  });
});
