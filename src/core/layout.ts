import type { PaneInstance } from './contracts.js';

/**
 * The workspace layout: react-mosaic's binary tile tree (its "legacy" shape, which Mosaic 7 still
 * accepts as `value`) whose leaves are pane keys, plus the pane instance behind each key. Every
 * operation is pure: it returns a new layout and never mutates its input; an operation that does not
 * apply (unknown key, no neighbour) returns the input object itself, so callers can test identity.
 */

export type SplitDirection = 'row' | 'column';

export interface LayoutSplit {
  /** `row`: first is left of second; `column`: first is above second. */
  direction: SplitDirection;
  first: LayoutNode;
  second: LayoutNode;
  /** Share of `first`, 0–100; absent means 50 (react-mosaic's default). */
  splitPercentage?: number;
}

/** A leaf is a pane key. */
export type LayoutNode = string | LayoutSplit;

export interface Layout {
  root: LayoutNode;
  panes: Record<string, PaneInstance>;
  focused: string;
  /** Key of the pane shown alone over the whole workspace, if any. */
  maximised?: string;
}

/** What closing the last pane leaves behind (`/` goes to `/home`). */
export const HOME_PANE: PaneInstance = { type: 'home:home', params: {} };

/**
 * Keys are short and URL-safe, so links stay compact; the leading letter rules out `__proto__`, which
 * as a key of `panes` would replace the object's prototype.
 */
export const PANE_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;

export function singlePane(instance: PaneInstance): Layout {
  return { root: 'p1', panes: { p1: instance }, focused: 'p1' };
}

/** Leaf keys in tree order (first before second). */
export function leaves(root: LayoutNode): string[] {
  const out: string[] = [];
  const walk = (node: LayoutNode): void => {
    if (typeof node === 'string') out.push(node);
    else {
      walk(node.first);
      walk(node.second);
    }
  };
  walk(root);
  return out;
}

/**
 * The next free key `p<n>`: one above the highest in use, so a closed pane's key is not handed to a
 * different pane at once (React would keep the old pane's state), and the same layout always yields
 * the same key, so URLs are stable.
 */
export function nextPaneKey(layout: Layout): string {
  let highest = 0;
  for (const key of Object.keys(layout.panes)) {
    const match = /^p(\d{1,9})$/.exec(key);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  let n = highest + 1;
  while (`p${n}` in layout.panes) n += 1;
  return `p${n}`;
}

function hasLeaf(layout: Layout, key: string): boolean {
  return Object.hasOwn(layout.panes, key) && leaves(layout.root).includes(key);
}

/** Replaces the leaf `key` by whatever `replace` returns. */
function mapLeaf(node: LayoutNode, key: string, replace: (leaf: string) => LayoutNode): LayoutNode {
  if (typeof node === 'string') return node === key ? replace(node) : node;
  const first = mapLeaf(node.first, key, replace);
  const second = mapLeaf(node.second, key, replace);
  return first === node.first && second === node.second ? node : { ...node, first, second };
}

/** New pane to the right of (or below) the target; focus moves to it. */
export function split(
  layout: Layout,
  targetKey: string,
  direction: 'right' | 'down',
  instance: PaneInstance,
): Layout {
  if (!hasLeaf(layout, targetKey)) return layout;
  const key = nextPaneKey(layout);
  const splitDirection: SplitDirection = direction === 'right' ? 'row' : 'column';
  const root = mapLeaf(layout.root, targetKey, (leaf) => ({ direction: splitDirection, first: leaf, second: key }));
  // A maximised pane would hide the new, focused pane, so splitting returns to the tiling.
  return { root, panes: { ...layout.panes, [key]: instance }, focused: key };
}

function firstLeaf(node: LayoutNode): string {
  return typeof node === 'string' ? node : firstLeaf(node.first);
}

function lastLeaf(node: LayoutNode): string {
  return typeof node === 'string' ? node : lastLeaf(node.second);
}

/**
 * Removes a leaf; its sibling takes the parent's place. Returns the new tree and the leaf that now
 * borders the freed space (where focus goes), or null when the leaf was the whole tree.
 */
function removeLeaf(node: LayoutNode, key: string): { root: LayoutNode; heir: string } | null {
  if (typeof node === 'string') return null;
  if (node.first === key) return { root: node.second, heir: firstLeaf(node.second) };
  if (node.second === key) return { root: node.first, heir: lastLeaf(node.first) };
  for (const side of ['first', 'second'] as const) {
    const inner = removeLeaf(node[side], key);
    if (inner) return { root: { ...node, [side]: inner.root }, heir: inner.heir };
  }
  return null;
}

/** Closes a pane; closing the last one leaves `fallback` (the home pane) alone. */
export function close(layout: Layout, key: string, fallback: PaneInstance = HOME_PANE): Layout {
  if (!hasLeaf(layout, key)) return layout;
  const removed = removeLeaf(layout.root, key);
  if (!removed) return singlePane(fallback);
  const panes = { ...layout.panes };
  delete panes[key];
  const focused = layout.focused === key ? removed.heir : layout.focused;
  const next: Layout = { root: removed.root, panes, focused };
  if (layout.maximised !== undefined && layout.maximised !== key) next.maximised = layout.maximised;
  return next;
}

/** Exchanges two panes' places; keys travel with their panes, so focus stays on the same pane. */
export function swap(layout: Layout, a: string, b: string): Layout {
  if (a === b || !hasLeaf(layout, a) || !hasLeaf(layout, b)) return layout;
  const exchange = (node: LayoutNode): LayoutNode => {
    if (typeof node === 'string') return node === a ? b : node === b ? a : node;
    return { ...node, first: exchange(node.first), second: exchange(node.second) };
  };
  return { ...layout, root: exchange(layout.root) };
}

export function replacePane(layout: Layout, key: string, instance: PaneInstance): Layout {
  if (!hasLeaf(layout, key)) return layout;
  return { ...layout, panes: { ...layout.panes, [key]: instance } };
}

export function focus(layout: Layout, key: string): Layout {
  if (layout.focused === key || !hasLeaf(layout, key)) return layout;
  const next: Layout = { ...layout, focused: key };
  // Focusing another pane while one is maximised shows the tiling again (as tmux does).
  delete next.maximised;
  return next;
}

/** Maximises `key` (default: the focused pane), or restores the tiling if it is the maximised one. */
export function toggleMaximise(layout: Layout, key: string = layout.focused): Layout {
  if (!hasLeaf(layout, key)) return layout;
  if (layout.maximised === key) {
    const next = { ...layout };
    delete next.maximised;
    return next;
  }
  return { ...layout, focused: key, maximised: key };
}

/** A leaf's place in the workspace, in percent of its width and height. */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export function paneRects(root: LayoutNode): Record<string, Rect> {
  const rects: Record<string, Rect> = {};
  const walk = (node: LayoutNode, r: Rect): void => {
    if (typeof node === 'string') {
      rects[node] = r;
      return;
    }
    const share = (node.splitPercentage ?? 50) / 100;
    if (node.direction === 'row') {
      const middle = r.left + (r.right - r.left) * share;
      walk(node.first, { ...r, right: middle });
      walk(node.second, { ...r, left: middle });
    } else {
      const middle = r.top + (r.bottom - r.top) * share;
      walk(node.first, { ...r, bottom: middle });
      walk(node.second, { ...r, top: middle });
    }
  };
  walk(root, { left: 0, top: 0, right: 100, bottom: 100 });
  return rects;
}

export type FocusDirection = 'left' | 'right' | 'up' | 'down';

// Split percentages are floats; edges that meet should compare equal.
const EPSILON = 1e-9;

/** How far `to` lies beyond `from` in `direction`, or null when it is not on that side. */
function gap(from: Rect, to: Rect, direction: FocusDirection): number | null {
  const distance = {
    left: from.left - to.right,
    right: to.left - from.right,
    up: from.top - to.bottom,
    down: to.top - from.bottom,
  }[direction];
  return distance > -EPSILON ? Math.max(0, distance) : null;
}

function overlap(a: Rect, b: Rect, direction: FocusDirection): number {
  const horizontal = direction === 'left' || direction === 'right';
  const [aStart, aEnd, bStart, bEnd] = horizontal
    ? [a.top, a.bottom, b.top, b.bottom]
    : [a.left, a.right, b.left, b.right];
  return Math.min(aEnd, bEnd) - Math.max(aStart, bStart);
}

/**
 * Moves focus to the nearest pane on that side that overlaps the focused one on the other axis;
 * ties go to the larger overlap, then to the topmost / leftmost pane.
 */
export function focusNeighbour(layout: Layout, direction: FocusDirection): Layout {
  const rects = paneRects(layout.root);
  const from = rects[layout.focused];
  if (!from) return layout;
  let best: { key: string; gap: number; overlap: number; start: number } | null = null;
  for (const [key, rect] of Object.entries(rects)) {
    if (key === layout.focused) continue;
    const distance = gap(from, rect, direction);
    const shared = overlap(from, rect, direction);
    if (distance === null || shared <= EPSILON) continue;
    const start = direction === 'left' || direction === 'right' ? rect.top : rect.left;
    const better =
      !best ||
      distance < best.gap - EPSILON ||
      (Math.abs(distance - best.gap) <= EPSILON &&
        (shared > best.overlap + EPSILON || (Math.abs(shared - best.overlap) <= EPSILON && start < best.start)));
    if (better) best = { key, gap: distance, overlap: shared, start };
  }
  return best ? focus(layout, best.key) : layout;
}

/**
 * Why a value is not a consistent layout, or null when it is: every leaf has a pane and every pane
 * a leaf, no key twice, keys URL-safe, percentages within 0–100, focus and maximise on a leaf.
 */
export function layoutProblem(layout: Layout): string | null {
  const keys = leaves(layout.root);
  const seen = new Set<string>();
  for (const key of keys) {
    if (!PANE_KEY_PATTERN.test(key)) return `invalid pane key ${JSON.stringify(key)}`;
    if (seen.has(key)) return `pane key ${key} appears twice`;
    if (!Object.hasOwn(layout.panes, key)) return `pane ${key} has no instance`;
    seen.add(key);
  }
  for (const key of Object.keys(layout.panes)) {
    if (!seen.has(key)) return `pane ${key} is not in the tree`;
  }
  const badSplit = findBadSplit(layout.root);
  if (badSplit) return badSplit;
  if (!seen.has(layout.focused)) return `focused pane ${layout.focused} is not in the tree`;
  if (layout.maximised !== undefined && !seen.has(layout.maximised)) {
    return `maximised pane ${layout.maximised} is not in the tree`;
  }
  return null;
}

function findBadSplit(node: LayoutNode): string | null {
  if (typeof node === 'string') return null;
  if (node.direction !== 'row' && node.direction !== 'column') return 'split direction must be row or column';
  const p = node.splitPercentage;
  if (p !== undefined && !(typeof p === 'number' && p >= 0 && p <= 100)) {
    return `split percentage ${String(p)} is outside 0–100`;
  }
  return findBadSplit(node.first) ?? findBadSplit(node.second);
}
