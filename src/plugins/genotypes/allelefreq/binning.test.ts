import { describe, expect, it } from 'vitest';
import { autoEdges, binOf, binsText, checkBinning, equalEdges, Histogram, splitEdges } from './binning.js';

describe('allele frequency binning', () => {
  it('keeps the export page’s limits', () => {
    expect(checkBinning({ binningMethod: 'equal', binsLeft: 2 })).toBeNull();
    expect(checkBinning({ binningMethod: 'equal', binsLeft: 20 })).toBeNull();
    expect(checkBinning({ binningMethod: 'equal', binsLeft: 1 })).toMatch(/binsLeft .* 2 to 20/);
    expect(checkBinning({ binningMethod: 'auto', binsLeft: 21 })).toMatch(/binsLeft/);
    expect(checkBinning({ binningMethod: 'auto', binsLeft: 2.5 })).toMatch(/binsLeft/);
    expect(checkBinning({ binningMethod: 'split', binsLeft: 1, binsRight: 10, splitPoint: 0.01 })).toBeNull();
    expect(checkBinning({ binningMethod: 'split', binsLeft: 5, binsRight: 11, splitPoint: 0.5 })).toMatch(/binsRight .* 1 to 10/);
    expect(checkBinning({ binningMethod: 'split', binsLeft: 5, binsRight: null, splitPoint: 0.5 })).toMatch(/binsRight/);
    expect(checkBinning({ binningMethod: 'split', binsLeft: 5, binsRight: 5, splitPoint: 0.995 })).toMatch(/splitPoint/);
    expect(checkBinning({ binningMethod: 'split', binsLeft: 5, binsRight: 5 })).toMatch(/splitPoint/);
  });

  it('puts an edge into the bin above it and 1 into the last bin', () => {
    const edges = equalEdges(4);
    expect(edges).toEqual([0.25, 0.5, 0.75]);
    expect([0, 0.2499, 0.25, 0.5, 0.74, 0.75, 1].map((v) => binOf(v, edges))).toEqual([0, 0, 1, 2, 2, 3, 3]);
    // 0.29 × 100 is 28.999…: the bin follows the edge 29 / 100, not the product.
    expect(binOf(0.29, equalEdges(100))).toBe(29);
  });

  it('splits left and right of the split point', () => {
    expect(splitEdges(2, 3, 0.4)).toEqual([0.2, 0.4, 0.4 + 0.6 / 3, 0.4 + (2 * 0.6) / 3]);
    expect(splitEdges(1, 1, 0.3)).toEqual([0.3]);
    expect(binOf(0.3, splitEdges(1, 1, 0.3))).toBe(1);
  });

  it('counts values into histogram buckets exactly at their edges', () => {
    const histogram = new Histogram(200);
    for (const v of [0, 0.005, 0.0049, 0.29, 1, 0.995]) histogram.add(v);
    expect(histogram.bucketOf(0.29)).toBe(58);
    expect(histogram.counts[0]).toBe(2);
    expect(histogram.counts[1]).toBe(1);
    expect(histogram.counts[199]).toBe(2);
    const lines = histogram.text().trimEnd().split('\n');
    expect(lines[0]).toBe('position\tcount');
    expect(lines).toHaveLength(201);
    expect(lines[2]).toBe('0.005\t1');
    expect(new Histogram(200).text()).toBe('position\tcount\n');
  });

  it('finds auto edges holding about equal counts, never an empty bin', () => {
    const histogram = new Histogram(10);
    for (const v of [0.05, 0.05, 0.15, 0.15, 0.55, 0.55, 0.95, 0.95]) histogram.add(v);
    expect(autoEdges(histogram, 4)).toEqual([0.1, 0.2, 0.6]);
    expect(autoEdges(histogram, 2)).toEqual([0.2]);
    const lopsided = new Histogram(10);
    for (let i = 0; i < 9; i += 1) lopsided.add(0.5);
    lopsided.add(0.9);
    expect(autoEdges(lopsided, 5)).toEqual([0.6]);
    expect(autoEdges(new Histogram(10), 5)).toEqual([]);
    expect(binsText(histogram, [0.2, 0.6])).toBe('bin\tfrom\tto\tcount\n1\t0\t0.2\t4\n2\t0.2\t0.6\t2\n3\t0.6\t1\t2\n');
  });
});
