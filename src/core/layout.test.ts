import { describe, expect, it } from 'vitest';
import type { PaneInstance } from './contracts.js';
import {
  close,
  focus,
  focusNeighbour,
  HOME_PANE,
  layoutProblem,
  leaves,
  nextPaneKey,
  paneRects,
  replacePane,
  singlePane,
  split,
  swap,
  toggleMaximise,
  type Layout,
} from './layout.js';

const pane = (type: string, params: Record<string, string> = {}): PaneInstance => ({ type, params });
const A = pane('germplasm:table');
const B = pane('germplasm:passport', { germplasmId: '12' });
const C = pane('geography:locations');
const D = pane('trials:traits');

/** Deep-frozen, so any mutation of an input throws. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) frozen(item);
    Object.freeze(value);
  }
  return value;
}

/**
 * ┌────┬────┐
 * │    │ p2 │   p1 left half; right half split 50/50 into p2 (top) and p3 (bottom).
 * │ p1 ├────┤
 * │    │ p3 │
 * └────┴────┘
 */
const threePanes: Layout = frozen({
  root: { direction: 'row', first: 'p1', second: { direction: 'column', first: 'p2', second: 'p3' } },
  panes: { p1: A, p2: B, p3: C },
  focused: 'p1',
});

describe('singlePane and split', () => {
  it('starts with one pane p1', () => {
    expect(singlePane(A)).toEqual({ root: 'p1', panes: { p1: A }, focused: 'p1' });
  });

  it('splits right into a row and down into a column, focusing the new pane', () => {
    const right = split(frozen(singlePane(A)), 'p1', 'right', B);
    expect(right).toEqual({ root: { direction: 'row', first: 'p1', second: 'p2' }, panes: { p1: A, p2: B }, focused: 'p2' });
    const down = split(frozen(right), 'p1', 'down', C);
    expect(down.root).toEqual({
      direction: 'row',
      first: { direction: 'column', first: 'p1', second: 'p3' },
      second: 'p2',
    });
    expect(down.focused).toBe('p3');
    expect(layoutProblem(down)).toBeNull();
  });

  it('keeps the other splits (and their percentages) untouched', () => {
    const layout = frozen({ ...threePanes, root: { ...(threePanes.root as object), splitPercentage: 30 } } as Layout);
    const next = split(layout, 'p3', 'right', D);
    expect(next.root).toEqual({
      direction: 'row',
      splitPercentage: 30,
      first: 'p1',
      second: { direction: 'column', first: 'p2', second: { direction: 'row', first: 'p3', second: 'p4' } },
    });
  });

  it('leaves maximised mode so the new pane is visible', () => {
    const next = split(frozen(toggleMaximise(threePanes, 'p2')), 'p2', 'right', D);
    expect(next.maximised).toBeUndefined();
    expect(next.focused).toBe('p4');
  });

  it('returns the same layout for an unknown target', () => {
    expect(split(threePanes, 'p9', 'right', D)).toBe(threePanes);
  });
});

describe('nextPaneKey', () => {
  it('is one above the highest p<n>, deterministic, and never taken', () => {
    expect(nextPaneKey(threePanes)).toBe('p4');
    expect(nextPaneKey(threePanes)).toBe('p4');
    const odd: Layout = { root: { direction: 'row', first: 'p7', second: 'x' }, panes: { p7: A, x: B }, focused: 'x' };
    expect(nextPaneKey(odd)).toBe('p8');
    const noNumbers: Layout = { root: 'main', panes: { main: A }, focused: 'main' };
    expect(nextPaneKey(noNumbers)).toBe('p1');
  });

  it('does not reuse the key of a pane closed last', () => {
    const four = split(threePanes, 'p3', 'right', D);
    expect(nextPaneKey(close(four, 'p2'))).toBe('p5');
  });
});

describe('close', () => {
  it('lets the sibling take the parent place', () => {
    const next = close(threePanes, 'p2');
    expect(next).toEqual({ root: { direction: 'row', first: 'p1', second: 'p3' }, panes: { p1: A, p3: C }, focused: 'p1' });
  });

  it('moves focus to the pane that borders the freed space', () => {
    expect(close({ ...threePanes, focused: 'p2' }, 'p2').focused).toBe('p3');
    expect(close({ ...threePanes, focused: 'p3' }, 'p3').focused).toBe('p2');
    // p1 was the first child of the root: the right side takes over, focus on its first leaf.
    expect(close(threePanes, 'p1').focused).toBe('p2');
    expect(close(threePanes, 'p1').root).toEqual({ direction: 'column', first: 'p2', second: 'p3' });
  });

  it('focuses the last leaf of a first sibling that is itself split', () => {
    const layout: Layout = {
      root: { direction: 'row', first: { direction: 'column', first: 'p1', second: 'p2' }, second: 'p3' },
      panes: { p1: A, p2: B, p3: C },
      focused: 'p3',
    };
    expect(close(layout, 'p3').focused).toBe('p2');
  });

  it('leaves the home pane when the last pane closes', () => {
    expect(close(frozen(singlePane(B)), 'p1')).toEqual({ root: 'p1', panes: { p1: HOME_PANE }, focused: 'p1' });
    const custom = pane('core:welcome');
    expect(close(singlePane(B), 'p1', custom).panes.p1).toBe(custom);
  });

  it('clears maximise only when the maximised pane closes', () => {
    const maximised = toggleMaximise(threePanes, 'p2');
    expect(close(maximised, 'p2').maximised).toBeUndefined();
    expect(close(maximised, 'p3').maximised).toBe('p2');
  });

  it('returns the same layout for an unknown key', () => {
    expect(close(threePanes, 'p9')).toBe(threePanes);
  });
});

describe('swap, replacePane, focus, toggleMaximise', () => {
  it('swaps two leaves; panes keep their keys and focus stays with its pane', () => {
    const next = swap(threePanes, 'p1', 'p3');
    expect(next.root).toEqual({ direction: 'row', first: 'p3', second: { direction: 'column', first: 'p2', second: 'p1' } });
    expect(next.panes).toBe(threePanes.panes);
    expect(next.focused).toBe('p1');
    expect(swap(threePanes, 'p1', 'p1')).toBe(threePanes);
    expect(swap(threePanes, 'p1', 'nope')).toBe(threePanes);
  });

  it('replaces one pane instance', () => {
    const next = replacePane(threePanes, 'p2', D);
    expect(next.panes).toEqual({ p1: A, p2: D, p3: C });
    expect(next.root).toBe(threePanes.root);
    expect(replacePane(threePanes, 'p9', D)).toBe(threePanes);
  });

  it('focuses a leaf, leaving maximised mode', () => {
    expect(focus(threePanes, 'p3').focused).toBe('p3');
    expect(focus(toggleMaximise(threePanes), 'p3').maximised).toBeUndefined();
    expect(focus(threePanes, 'p9')).toBe(threePanes);
  });

  it('maximises the focused pane by default and toggles back', () => {
    const on = toggleMaximise(threePanes);
    expect(on.maximised).toBe('p1');
    expect(toggleMaximise(on)).toEqual(threePanes);
    const other = toggleMaximise(on, 'p3');
    expect(other).toMatchObject({ maximised: 'p3', focused: 'p3' });
  });
});

describe('leaves and paneRects', () => {
  it('lists leaves in tree order', () => {
    expect(leaves(threePanes.root)).toEqual(['p1', 'p2', 'p3']);
    expect(leaves('p1')).toEqual(['p1']);
  });

  it('places leaves by split percentages (absent = 50)', () => {
    const rects = paneRects({ direction: 'row', splitPercentage: 25, first: 'a', second: { direction: 'column', splitPercentage: 80, first: 'b', second: 'c' } });
    expect(rects).toEqual({
      a: { left: 0, top: 0, right: 25, bottom: 100 },
      b: { left: 25, top: 0, right: 100, bottom: 80 },
      c: { left: 25, top: 80, right: 100, bottom: 100 },
    });
    expect(paneRects(threePanes.root).p3).toEqual({ left: 50, top: 50, right: 100, bottom: 100 });
  });
});

describe('focusNeighbour', () => {
  const at = (key: string, layout: Layout = threePanes): Layout => ({ ...layout, focused: key });

  it('moves across and within splits', () => {
    expect(focusNeighbour(at('p1'), 'right').focused).toBe('p2'); // tie on overlap: the top one
    expect(focusNeighbour(at('p2'), 'left').focused).toBe('p1');
    expect(focusNeighbour(at('p3'), 'left').focused).toBe('p1');
    expect(focusNeighbour(at('p2'), 'down').focused).toBe('p3');
    expect(focusNeighbour(at('p3'), 'up').focused).toBe('p2');
  });

  it('stays put at the edge', () => {
    const layout = at('p1');
    expect(focusNeighbour(layout, 'left')).toBe(layout);
    expect(focusNeighbour(layout, 'up')).toBe(layout);
    expect(focusNeighbour(at('p3'), 'right').focused).toBe('p3');
  });

  it('prefers the larger overlap, and needs an overlap at all', () => {
    // Left column split 70/30 into p1 over p2; right column split 40/60 into p3 over p4.
    const layout: Layout = {
      root: {
        direction: 'row',
        first: { direction: 'column', splitPercentage: 70, first: 'p1', second: 'p2' },
        second: { direction: 'column', splitPercentage: 40, first: 'p3', second: 'p4' },
      },
      panes: { p1: A, p2: B, p3: C, p4: D },
      focused: 'p1',
    };
    // p1 spans 0–70: overlaps p3 (0–40) by 40 and p4 (40–100) by 30.
    expect(focusNeighbour(layout, 'right').focused).toBe('p3');
    // p2 spans 70–100: only p4 overlaps it.
    expect(focusNeighbour(at('p2', layout), 'right').focused).toBe('p4');
    // p4 spans 40–100: overlaps p1 by 30 and p2 by 30; tie goes to the topmost.
    expect(focusNeighbour(at('p4', layout), 'left').focused).toBe('p1');
  });

  it('picks the nearest pane, not one further away in the same direction', () => {
    const layout: Layout = {
      root: { direction: 'row', first: 'p1', second: { direction: 'row', first: 'p2', second: 'p3' } },
      panes: { p1: A, p2: B, p3: C },
      focused: 'p1',
    };
    expect(focusNeighbour(layout, 'right').focused).toBe('p2');
    expect(focusNeighbour(at('p3', layout), 'left').focused).toBe('p2');
  });

  it('copes with float percentages whose edges meet inexactly', () => {
    const layout: Layout = {
      root: {
        direction: 'column',
        splitPercentage: 100 / 3,
        first: { direction: 'row', splitPercentage: 100 / 3, first: 'p1', second: 'p2' },
        second: { direction: 'row', splitPercentage: 100 / 3, first: 'p3', second: 'p4' },
      },
      panes: { p1: A, p2: B, p3: C, p4: D },
      focused: 'p1',
    };
    expect(focusNeighbour(layout, 'down').focused).toBe('p3');
    expect(focusNeighbour(at('p4', layout), 'up').focused).toBe('p2');
    expect(focusNeighbour(at('p4', layout), 'left').focused).toBe('p3');
  });

  it('ignores zero-width panes at a 0% split', () => {
    const layout: Layout = {
      root: { direction: 'column', splitPercentage: 50, first: 'p1', second: { direction: 'row', splitPercentage: 0, first: 'p2', second: 'p3' } },
      panes: { p1: A, p2: B, p3: C },
      focused: 'p1',
    };
    expect(focusNeighbour(layout, 'down').focused).toBe('p3');
  });
});

describe('layoutProblem', () => {
  it('accepts consistent layouts', () => {
    expect(layoutProblem(threePanes)).toBeNull();
    expect(layoutProblem(toggleMaximise(threePanes))).toBeNull();
  });

  it.each([
    ['a leaf without pane', { ...threePanes, panes: { p1: A, p2: B } }, 'p3 has no instance'],
    ['a pane without leaf', { ...threePanes, panes: { ...threePanes.panes, p4: D } }, 'p4 is not in the tree'],
    ['a key twice', { ...threePanes, root: { direction: 'row', first: 'p1', second: 'p1' }, panes: { p1: A } }, 'twice'],
    ['a focus elsewhere', { ...threePanes, focused: 'p9' }, 'focused'],
    ['a maximise elsewhere', { ...threePanes, maximised: 'p9' }, 'maximised'],
    ['a bad key', { root: '__proto__', panes: {}, focused: '__proto__' }, 'invalid pane key'],
    ['a bad percentage', { ...threePanes, root: { direction: 'row', splitPercentage: 101, first: 'p1', second: { direction: 'column', first: 'p2', second: 'p3' } } }, 'outside'],
  ] as [string, Layout, string][])('refuses %s', (_name, layout, message) => {
    expect(layoutProblem(layout)).toContain(message);
  });
});
