import { describe, expect, it } from 'vitest';
import { distinctIds } from './genotype-write.js';
import { MarkerPlaces } from './marker-places.js';

describe('marker places', () => {
  it('keeps every place in order past its first capacity, and hands them out in batches', () => {
    const places = new MarkerPlaces();
    for (let i = 0; i < 2500; i += 1) places.add(i * 2, `${(i % 7) + 1}H`, i + 0.5);
    expect(places.size).toBe(2500);
    const batches = [...places.batches(1000)];
    expect(batches.map((batch) => batch.length)).toEqual([1000, 1000, 500]);
    const all = batches.flat();
    expect(all[0]).toEqual({ marker: 0, chromosome: '1H', position: 0.5 });
    expect(all[2499]).toEqual({ marker: 4998, chromosome: `${(2499 % 7) + 1}H`, position: 2499.5 });
    expect(new Set(all.map((place) => place.chromosome)).size).toBe(7);
  });

  it('has nothing to hand out when empty', () => {
    expect([...new MarkerPlaces().batches(10)]).toEqual([]);
  });
});

describe('distinct ids', () => {
  it('sorts and leaves out repeats without changing its input', () => {
    const ids = Int32Array.from([5, 3, 5, 1, 3, 9]);
    expect([...distinctIds(ids)]).toEqual([1, 3, 5, 9]);
    expect([...ids]).toEqual([5, 3, 5, 1, 3, 9]);
    expect(distinctIds(new Int32Array(0)).length).toBe(0);
  });
});
