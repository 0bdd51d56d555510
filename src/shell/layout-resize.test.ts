import { describe, expect, it } from 'vitest';
import { singlePane, split, type Layout } from '../core/layout.js';
import { resizeFocused } from './layout-resize.js';

const pane = { type: 'home:home', params: {} };

describe('keyboard resizing', () => {
  it('moves the split bar next to the focused pane so it grows or shrinks', () => {
    const two = split(singlePane(pane), 'p1', 'right', pane); // p2 focused, on the right
    expect(resizeFocused(two, 10).root).toMatchObject({ splitPercentage: 40 });
    const left: Layout = { ...two, focused: 'p1' };
    expect(resizeFocused(left, 10).root).toMatchObject({ splitPercentage: 60 });
    expect(resizeFocused(left, -10).root).toMatchObject({ splitPercentage: 40 });
  });

  it('resizes only the innermost split and stops at the limits', () => {
    const three = split(split(singlePane(pane), 'p1', 'right', pane), 'p2', 'down', pane); // p3 below p2
    const grown = resizeFocused(three, 10);
    expect(grown.root).toMatchObject({ second: { direction: 'column', splitPercentage: 40 } });
    expect(grown.root).not.toHaveProperty('splitPercentage');
    let layout = three;
    for (let i = 0; i < 10; i++) layout = resizeFocused(layout, 10);
    expect(layout.root).toMatchObject({ second: { splitPercentage: 10 } });
    expect(resizeFocused(layout, 10)).toBe(layout);
    expect(resizeFocused(singlePane(pane), 10).root).toBe('p1');
  });
});
