import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, readState, restartTable, stepTab, tabsFor, writeState } from './state.js';

describe('trials export state', () => {
  it('reads its part of the pane state, and defaults for anything that does not fit', () => {
    expect(readState(undefined)).toEqual(DEFAULT_STATE);
    expect(readState({ trials: 'nonsense' })).toEqual(DEFAULT_STATE);
    const state = readState({
      other: 1,
      trials: {
        traits: [4, 2, 4, -1, 1.5, '3'],
        germplasm: 'groups',
        groups: [7],
        names: ['  Heris ', 'heris', '', 'Dialog', 5],
        colourBy: 'treatment',
        compareBy: 'nope',
        timelineTrait: 4,
        tab: 'matrix',
        table: { page: 2 },
      },
    });
    expect(state).toEqual({
      traits: [4, 2],
      germplasm: 'groups',
      groups: [7],
      names: ['Heris', 'Dialog'],
      colourBy: 'treatment',
      compareBy: null,
      timelineTrait: 4,
      tab: 'matrix',
      table: { page: 2 },
    });
    expect(readState({ trials: { tab: 'radar', germplasm: 'everything', colourBy: 'colour', timelineTrait: 0 } })).toEqual(DEFAULT_STATE);
    expect(readState({ trials: { compareBy: 'treatment' } }).compareBy).toBe('treatment');
  });

  it('writes only what differs from the defaults, keeping the pane’s other state', () => {
    expect(writeState({ other: 1 }, DEFAULT_STATE)).toEqual({ other: 1 });
    expect(writeState({ other: 1, trials: { tab: 'table' } }, DEFAULT_STATE)).toEqual({ other: 1 });
    const written = writeState({ other: 1 }, { ...DEFAULT_STATE, traits: [4, 2], tab: 'matrix' });
    expect(written).toEqual({ other: 1, trials: { traits: [4, 2], tab: 'matrix' } });
    // What is written reads back the same.
    expect(readState(written)).toEqual({ ...DEFAULT_STATE, traits: [4, 2], tab: 'matrix' });
  });

  it('starts the data table again at its first page, keeping its filters and sort', () => {
    expect(restartTable({ page: 3, cursor: 4, orderBy: 'traitValue', ascending: false, filters: [] })).toEqual({ orderBy: 'traitValue', ascending: false, filters: [] });
  });

  it('inserts the locations and timeline tabs before the last tab, and steps round the ends', () => {
    expect(tabsFor(false, false)).toEqual(['overview', 'matrix', 'comparison', 'table', 'export']);
    expect(tabsFor(true, true)).toEqual(['overview', 'matrix', 'comparison', 'table', 'locations', 'timeline', 'export']);
    expect(tabsFor(false, true)).toEqual(['overview', 'matrix', 'comparison', 'table', 'timeline', 'export']);
    const tabs = tabsFor(false, false);
    expect(stepTab(tabs, 'overview', 1)).toBe('matrix');
    expect(stepTab(tabs, 'export', 1)).toBe('overview');
    expect(stepTab(tabs, 'overview', -1)).toBe('export');
    // A tab that is not shown (no positions any more): the first.
    expect(stepTab(tabs, 'locations', 1)).toBe('overview');
  });
});
