import { describe, expect, it } from 'vitest';
import { readGridState, writeGridState } from './pane-state.js';

describe('grid pane state', () => {
  it('reads what a URL may hold, dropping what is no grid state', () => {
    expect(readGridState(undefined)).toEqual({ mapId: null, sort: null, descending: false, group: null, trialDatasetId: null, traitId: null, row: 0, column: 0, top: 0, left: 0, table: false });
    expect(readGridState({ mapId: 3, sort: 'countryName', descending: true, group: 'taxonomy', row: 12, column: 400, top: 5, left: 380, table: true })).toEqual({
      mapId: 3, sort: 'countryName', descending: true, group: 'taxonomy', trialDatasetId: null, traitId: null, row: 12, column: 400, top: 5, left: 380, table: true,
    });
    expect(readGridState({ mapId: -1, sort: 'password', group: 7, row: -3, column: 1.5, top: 'x', table: 'yes' })).toMatchObject({ mapId: null, sort: null, group: null, row: 0, column: 0, top: 0, table: false });
  });

  it('keeps a trait sort or group only with its trials dataset and trait', () => {
    expect(readGridState({ sort: 'trait', group: 'trait', trialDatasetId: 4, traitId: 9 })).toMatchObject({ sort: 'trait', group: 'trait', trialDatasetId: 4, traitId: 9 });
    expect(readGridState({ sort: 'trait', trialDatasetId: 4 })).toMatchObject({ sort: null, trialDatasetId: 4, traitId: null });
    expect(readGridState({ sort: 'trait', group: 'countryName', traitId: 9 })).toMatchObject({ sort: null, group: 'countryName', trialDatasetId: null, traitId: null });
    expect(readGridState({ sort: 'trait', trialDatasetId: '4', traitId: -9 })).toMatchObject({ sort: null, trialDatasetId: null, traitId: null });
    const state = readGridState({ sort: 'trait', descending: true, trialDatasetId: 4, traitId: 9 });
    expect(writeGridState(state)).toEqual({ sort: 'trait', descending: true, trialDatasetId: 4, traitId: 9 });
    expect(readGridState(writeGridState(state))).toEqual(state);
  });

  it('writes only what differs from the defaults, and reads it back', () => {
    expect(writeGridState(readGridState({}))).toEqual({});
    const state = readGridState({ sort: 'germplasmName', row: 4, left: 9 });
    expect(writeGridState(state)).toEqual({ sort: 'germplasmName', row: 4, left: 9 });
    expect(readGridState(writeGridState(state))).toEqual(state);
  });
});
