import type { Layout, LayoutNode } from '../core/layout.js';

/** Keyboard resizing stops short of the edges, so no pane can be squeezed out of sight. */
export const MIN_SHARE = 10;
export const MAX_SHARE = 90;

/**
 * Grows (positive delta) or shrinks the focused pane by moving the split bar next to it, in percent
 * of its parent split. Returns the input itself when there is nothing to resize (one pane, at a limit).
 */
export function resizeFocused(layout: Layout, delta: number): Layout {
  const key = layout.focused;
  let changed = false;
  const walk = (node: LayoutNode): LayoutNode => {
    if (typeof node === 'string') return node;
    const side = node.first === key ? 1 : node.second === key ? -1 : 0;
    if (side === 0) {
      const first = walk(node.first);
      const second = changed ? node.second : walk(node.second);
      return first === node.first && second === node.second ? node : { ...node, first, second };
    }
    const current = node.splitPercentage ?? 50;
    const next = Math.min(MAX_SHARE, Math.max(MIN_SHARE, current + side * delta));
    if (next === current) return node;
    changed = true;
    return { ...node, splitPercentage: next };
  };
  const root = walk(layout.root);
  return root === layout.root ? layout : { ...layout, root };
}
