import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, readState, writeState } from './state.js';

describe('genotype export state', () => {
  it('reads its part of the pane state, and defaults for anything that does not fit', () => {
    expect(readState(undefined)).toEqual(DEFAULT_STATE);
    expect(readState({ genotype: [1, 2] })).toEqual(DEFAULT_STATE);
    const state = readState({
      other: 1,
      genotype: {
        germplasm: 'list',
        groups: [3, 3, -1, 'x'],
        names: [' Heris ', 'heris', 'Dialog', 4],
        markers: 'groups',
        markerGroups: [9, 1.5],
        map: 7,
        formats: ['vcf', 'flapjackProject', 'flatFile', 'vcf'],
        unticked: [2, 0],
        phenotypeDatasets: [4, 4, 'x'],
        phenotypeTraits: [9, -2, 3],
      },
    });
    expect(state).toEqual({
      germplasm: 'list', groups: [3], names: ['Heris', 'Dialog'], markers: 'groups', markerGroups: [9], map: 7, formats: ['flatFile', 'vcf'], unticked: [2],
      phenotypeDatasets: [4], phenotypeTraits: [9, 3],
    });
    // Hand-edited nonsense falls back to the defaults, one value at a time.
    expect(readState({ genotype: { germplasm: 'everyone', markers: 'some', map: 'best', formats: 'vcf' } })).toEqual(DEFAULT_STATE);
    expect(readState({ genotype: { map: 'none', formats: [] } })).toEqual({ ...DEFAULT_STATE, map: 'none', formats: [] });
    expect(readState({ genotype: { map: -3 } }).map).toBeNull();
  });

  it('writes only what differs from the defaults, keeping the pane’s other state, and reads it back the same', () => {
    expect(writeState({ other: 1 }, DEFAULT_STATE)).toEqual({ other: 1 });
    expect(writeState({ other: 1, genotype: { map: 'none' } }, DEFAULT_STATE)).toEqual({ other: 1 });
    const chosen = { ...DEFAULT_STATE, germplasm: 'groups' as const, groups: [3], map: 'none' as const, formats: ['flatFile' as const, 'hapMap' as const] };
    const written = writeState({ other: 1 }, chosen);
    expect(written).toEqual({ other: 1, genotype: { germplasm: 'groups', groups: [3], map: 'none', formats: ['flatFile', 'hapMap'] } });
    expect(readState(written)).toEqual(chosen);
  });
});
