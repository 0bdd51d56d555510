import { describe, expect, it } from 'vitest';
import {
  addMarked,
  clearMarked,
  hasMarked,
  MAX_RECENT,
  pushRecentId,
  removeMarked,
  toggleMarked,
  type MarkedIds,
  type RecentIds,
} from './marked-items.js';

const marked = (): MarkedIds => ({ germplasm: [], markers: [], locations: [], datasets: [], traits: [] });

describe('marked items', () => {
  it('marks idempotently, keeping first-marked order', () => {
    const lists = marked();
    addMarked(lists, 'germplasm', [3, 1, 3]);
    const before = lists.germplasm;
    addMarked(lists, 'germplasm', [1, 3]);
    expect(lists.germplasm).toEqual([3, 1]);
    // Nothing new: the list is not even replaced, so subscribers see no change.
    expect(lists.germplasm).toBe(before);
    addMarked(lists, 'germplasm', [2]);
    expect(lists.germplasm).toEqual([3, 1, 2]);
    expect(lists.markers).toEqual([]);
  });

  it('ignores values that are not item ids', () => {
    const lists = marked();
    addMarked(lists, 'markers', [0, -1, 1.5, Number.NaN, 2 ** 60, 7]);
    expect(lists.markers).toEqual([7]);
  });

  it('unmarks by value and clears per type', () => {
    const lists = marked();
    addMarked(lists, 'locations', [1, 2, 3]);
    addMarked(lists, 'germplasm', [1]);
    removeMarked(lists, 'locations', [2, 99]);
    expect(lists.locations).toEqual([1, 3]);
    clearMarked(lists, 'locations');
    expect(lists.locations).toEqual([]);
    expect(lists.germplasm).toEqual([1]);
  });

  it('toggles and reports the new state', () => {
    const lists = marked();
    expect(toggleMarked(lists, 'germplasm', 5)).toBe(true);
    expect(hasMarked(lists, 'germplasm', 5)).toBe(true);
    expect(toggleMarked(lists, 'germplasm', 5)).toBe(false);
    expect(hasMarked(lists, 'germplasm', 5)).toBe(false);
  });
});

describe('recent ids', () => {
  it('keeps the latest ten, most recent first, without duplicates', () => {
    const recent: RecentIds = { germplasm: [], markers: [] };
    for (let id = 1; id <= 12; id++) pushRecentId(recent, 'germplasm', id);
    expect(recent.germplasm).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(recent.germplasm).toHaveLength(MAX_RECENT);
    pushRecentId(recent, 'germplasm', 5);
    expect(recent.germplasm).toEqual([5, 12, 11, 10, 9, 8, 7, 6, 4, 3]);
    pushRecentId(recent, 'germplasm', 5);
    expect(recent.germplasm).toEqual([5, 12, 11, 10, 9, 8, 7, 6, 4, 3]);
    pushRecentId(recent, 'germplasm', -4);
    expect(recent.germplasm[0]).toBe(5);
    expect(recent.markers).toEqual([]);
  });
});
