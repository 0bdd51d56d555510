import { describe, expect, it } from 'vitest';
import type { MosaicNode } from 'react-mosaic-component';
import type { LayoutNode } from '../core/layout.js';
import { fromMosaic, toMosaic } from './mosaic-tree.js';

describe('mosaic tree conversion', () => {
  it('round-trips binary trees exactly', () => {
    const trees: LayoutNode[] = [
      'p1',
      { direction: 'row', first: 'p1', second: 'p2' },
      { direction: 'column', first: { direction: 'row', first: 'p1', second: 'p3', splitPercentage: 30 }, second: 'p2' },
    ];
    for (const tree of trees) expect(fromMosaic(toMosaic(tree))).toEqual(tree);
  });

  it('turns an n-ary split into a chain that keeps every share', () => {
    const nary: MosaicNode<string> = {
      type: 'split',
      direction: 'row',
      children: ['a', 'b', 'c'],
      splitPercentages: [20, 30, 50],
    };
    expect(fromMosaic(nary)).toEqual({
      direction: 'row',
      first: 'a',
      splitPercentage: 20,
      second: { direction: 'row', first: 'b', second: 'c', splitPercentage: 37.5 },
    });
  });

  it('splits evenly when percentages are missing or do not match the children', () => {
    const nary: MosaicNode<string> = { type: 'split', direction: 'column', children: ['a', 'b', 'c'] };
    expect(fromMosaic(nary)).toEqual({
      direction: 'column',
      first: 'a',
      splitPercentage: 33.33,
      second: { direction: 'column', first: 'b', second: 'c' },
    });
  });

  it('keeps every tab of a tab group as a row', () => {
    expect(fromMosaic({ type: 'tabs', tabs: ['a', 'b'], activeTabIndex: 1 })).toEqual({
      direction: 'row',
      first: 'a',
      second: 'b',
    });
  });

  it('collapses single-child and empty splits', () => {
    expect(fromMosaic(null)).toBeNull();
    expect(fromMosaic({ type: 'split', direction: 'row', children: ['a'] })).toBe('a');
    expect(fromMosaic({ type: 'split', direction: 'row', children: [] })).toBeNull();
    expect(
      fromMosaic({
        type: 'split',
        direction: 'row',
        children: [{ type: 'split', direction: 'column', children: [] }, 'b'],
        splitPercentages: [40, 60],
      }),
    ).toBe('b');
  });
});
