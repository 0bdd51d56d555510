import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, readState, writeState } from './state.js';

describe('allele-frequency export state', () => {
  it('reads its part of the pane state: the genotype page’s selection, the step and the binning, clamped into the limits', () => {
    expect(readState(undefined)).toEqual(DEFAULT_STATE);
    expect(readState({ allelefreq: 'x' })).toEqual(DEFAULT_STATE);
    const state = readState({
      genotype: { markers: 'marked' },
      allelefreq: { germplasm: 'groups', groups: [3, 3, -1], markers: 'groups', markerGroups: [9], map: 'none', step: 'binning', method: 'split', splitLeft: 12, splitRight: 0, splitPoint: 0.999, equalBins: 7.6, autoBins: 'many', table: true },
    });
    expect(state).toEqual({
      ...DEFAULT_STATE,
      germplasm: 'groups',
      groups: [3],
      markers: 'groups',
      markerGroups: [9],
      map: 'none',
      step: 'binning',
      method: 'split',
      splitLeft: 10,
      splitRight: 1,
      splitPoint: 0.99,
      equalBins: 8,
      autoBins: 10,
      table: true,
    });
    // Hand-edited nonsense falls back to the defaults, one value at a time.
    expect(readState({ allelefreq: { step: 'three', method: 'quantiles', splitPoint: 'half', table: 'yes' } })).toEqual(DEFAULT_STATE);
  });

  it('writes only what differs from the defaults, keeping the pane’s other state, and reads it back the same', () => {
    expect(writeState({ genotype: { map: 'none' } }, DEFAULT_STATE)).toEqual({ genotype: { map: 'none' } });
    const chosen = { ...DEFAULT_STATE, step: 'binning' as const, method: 'auto' as const, autoBins: 4 };
    const written = writeState({ other: 1 }, chosen);
    expect(written).toEqual({ other: 1, allelefreq: { step: 'binning', method: 'auto', autoBins: 4 } });
    expect(readState(written)).toEqual(chosen);
  });
});
