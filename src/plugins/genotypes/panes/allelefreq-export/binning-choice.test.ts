import { describe, expect, it } from 'vitest';
import { checkBinning } from '../../allelefreq/binning.js';
import { BINNING_DEFAULTS, binEdges, binningConfig, FIELD_LIMITS, readTyped, type BinningField } from './binning-choice.js';

describe('allele-frequency binning choice', () => {
  it('clamps what is typed into each field’s limits and says whether it was valid as typed', () => {
    expect(readTyped('equalBins', '12')).toEqual({ value: 12, valid: true });
    expect(readTyped('equalBins', '25')).toEqual({ value: 20, valid: false });
    expect(readTyped('equalBins', '1')).toEqual({ value: 2, valid: false });
    expect(readTyped('equalBins', '3.4')).toEqual({ value: 3, valid: false });
    expect(readTyped('splitLeft', '0')).toEqual({ value: 1, valid: false });
    expect(readTyped('splitRight', '11')).toEqual({ value: 10, valid: false });
    expect(readTyped('splitPoint', '0,3')).toEqual({ value: 0.3, valid: true });
    expect(readTyped('splitPoint', '0')).toEqual({ value: 0.01, valid: false });
    expect(readTyped('splitPoint', '1')).toEqual({ value: 0.99, valid: false });
    expect(readTyped('autoBins', '')).toBeNull();
    expect(readTyped('autoBins', 'ten')).toBeNull();
    expect(readTyped('autoBins', '-')).toBeNull();
  });

  it('sends each method’s config as Germinate does, within the server’s limits', () => {
    expect(binningConfig(BINNING_DEFAULTS)).toEqual({ binningMethod: 'equal', binsLeft: 10 });
    expect(binningConfig({ ...BINNING_DEFAULTS, method: 'split' })).toEqual({ binningMethod: 'split', binsLeft: 5, splitPoint: 0.5, binsRight: 5 });
    expect(binningConfig({ ...BINNING_DEFAULTS, method: 'auto', autoBins: 3 })).toEqual({ binningMethod: 'auto', binsLeft: 3 });
    // Every clamped value is one the server takes.
    for (const field of Object.keys(FIELD_LIMITS) as BinningField[]) {
      for (const typed of ['-5', '0', '0.5', '1', '7', '99']) {
        const value = readTyped(field, typed)?.value ?? BINNING_DEFAULTS[field];
        for (const method of ['equal', 'split', 'auto'] as const) expect(checkBinning(binningConfig({ ...BINNING_DEFAULTS, method, [field]: value }))).toBeNull();
      }
    }
  });

  it('draws the edges the export bins by: equal, split, and auto from the histogram’s counts', () => {
    expect(binEdges({ ...BINNING_DEFAULTS, equalBins: 4 }, [])).toEqual([0.25, 0.5, 0.75]);
    expect(binEdges({ ...BINNING_DEFAULTS, method: 'split', splitLeft: 2, splitRight: 1, splitPoint: 0.4 }, [])).toEqual([0.2, 0.4]);
    // Four buckets, all values in the first and last: two bins meet at the first bucket's upper edge.
    expect(binEdges({ ...BINNING_DEFAULTS, method: 'auto', autoBins: 2 }, [5, 0, 0, 5])).toEqual([0.25]);
    expect(binEdges({ ...BINNING_DEFAULTS, method: 'auto', autoBins: 4 }, [0, 0, 0, 0])).toEqual([]);
  });
});
