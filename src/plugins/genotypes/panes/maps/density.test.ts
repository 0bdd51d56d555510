import { describe, expect, it } from 'vitest';
import { binCount, binPositions, byChromosome, isSmallChromosome, markerDensity, MAX_BINS, readFlapjackMap } from './density.js';

describe('marker density', () => {
  it('reads a Flapjack map file by chromosome in file order, skipping its header and lines without a position', () => {
    const text = '# fjFile = MAP\r\nm1\t2H\t0.0\r\nm2\t2H\t12.5\r\nm3\t1H\t3.0E-4\r\nbroken\t1H\r\nm4\t1H\tx\r\n\r\nm5\t1H\t7\r\n';
    const positions = readFlapjackMap(text);
    expect([...positions.keys()]).toEqual(['2H', '1H']);
    expect(positions.get('2H')).toEqual([0, 12.5]);
    expect(positions.get('1H')).toEqual([0.0003, 7]);
  });

  it('orders chromosomes as they read: numbers by value, then names', () => {
    expect(['10', '2', '1', 'X', '1H', '11', 'unplaced', '2H'].sort(byChromosome)).toEqual(['1', '1H', '2', '2H', '10', '11', 'unplaced', 'X']);
    expect(['b', 'B', 'a'].sort(byChromosome)).toEqual(['a', 'B', 'b']);
  });

  it('calls a chromosome small below 1% of the map\'s markers', () => {
    expect(isSmallChromosome(9, 1000)).toBe(true);
    expect(isSmallChromosome(10, 1000)).toBe(false);
    expect(isSmallChromosome(1, 50)).toBe(false);
  });

  it('takes the square root of the smallest chromosome\'s markers as bins, between 1 and the maximum', () => {
    expect(binCount(98)).toBe(10);
    expect(binCount(100)).toBe(10);
    expect(binCount(101)).toBe(11);
    expect(binCount(1)).toBe(1);
    expect(binCount(0)).toBe(1);
    expect(binCount(100_000)).toBe(MAX_BINS);
  });

  it('counts positions into equal bins from the lowest to the highest, the highest in the last bin', () => {
    expect(binPositions([0, 1, 2, 3, 9, 10], 2)).toEqual([
      { from: 0, to: 5, markers: 4 },
      { from: 5, to: 10, markers: 2 },
    ]);
    expect(binPositions([4, 4, 4], 3)).toEqual([
      { from: 4, to: 4, markers: 3 },
      { from: 4, to: 4, markers: 0 },
      { from: 4, to: 4, markers: 0 },
    ]);
    expect(binPositions([], 3)).toEqual([]);
  });

  it('leaves small chromosomes out, bins the others alike and keeps every drawn marker', () => {
    const positions = new Map<string, number[]>();
    for (const c of [1, 10, 11, 2, 3, 4, 5, 6, 7, 8, 9]) positions.set(String(c), c === 11 ? [1, 35] : Array.from({ length: c === 1 ? 98 : 100 }, (_, i) => i * 10));
    const density = markerDensity(positions);
    expect(density.total).toBe(1000);
    expect(density.leftOut).toEqual([{ chromosome: '11', markers: 2 }]);
    // In reading order, whatever order the file had.
    expect(density.shown.map((c) => c.chromosome)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(density.binsPerChromosome).toBe(10);
    expect(density.bins).toHaveLength(100);
    const perChromosome = new Map<string, number>();
    for (const bin of density.bins) perChromosome.set(bin.chromosome, (perChromosome.get(bin.chromosome) ?? 0) + bin.markers);
    expect(Object.fromEntries(perChromosome)).toEqual(Object.fromEntries(density.shown.map((c) => [c.chromosome, c.markers])));
    expect(density.bins[0]).toEqual({ chromosome: '1', bin: 1, from: 0, to: 97, markers: 10 });
  });

  it('draws nothing when every chromosome is small, and nothing for an empty map', () => {
    const scaffolds = new Map<string, number[]>(Array.from({ length: 200 }, (_, i) => [`scaffold_${i}`, [i]]));
    expect(markerDensity(scaffolds)).toMatchObject({ bins: [], shown: [], total: 200 });
    expect(markerDensity(scaffolds).leftOut).toHaveLength(200);
    expect(markerDensity(new Map())).toMatchObject({ bins: [], shown: [], leftOut: [], total: 0 });
  });
});
