import { describe, expect, it } from 'vitest';
import { Histogram } from '../../allelefreq/binning.js';
import { readHistogram } from './histogram.js';

describe('allele-frequency histogram file', () => {
  it('reads the server’s buckets with their upper edges and the total', () => {
    const histogram = new Histogram(4);
    for (const value of [0, 0.1, 0.3, 0.5, 0.99, 1]) histogram.add(value);
    expect(readHistogram(histogram.text())).toEqual({
      buckets: [
        { from: 0, to: 0.25, count: 2 },
        { from: 0.25, to: 0.5, count: 1 },
        { from: 0.5, to: 0.75, count: 1 },
        { from: 0.75, to: 1, count: 2 },
      ],
      total: 6,
    });
  });

  it('reads an empty selection’s header-only file as no buckets', () => {
    expect(readHistogram(new Histogram(200).text())).toEqual({ buckets: [], total: 0 });
    expect(readHistogram('position\tcount\r\n0\t3\r\n0.5\t1\r\n')).toEqual({ buckets: [{ from: 0, to: 0.5, count: 3 }, { from: 0.5, to: 1, count: 1 }], total: 4 });
  });
});
