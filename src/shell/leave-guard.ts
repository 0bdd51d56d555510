import type { PaneInstance } from '../core/contracts.js';
import { leaves, type Layout } from '../core/layout.js';
import type { LeaveGuard } from '../core/services.js';

/**
 * Which workspace changes leave a guarded pane (one with unsaved changes). A change leaves a pane when
 * the pane's key is gone from the next layout or holds another page there (another type or params): the
 * pane's component goes and its state with it. Its view state alone changing, a move, a split or a
 * maximise keeps the pane. React-free, so the rule is tested under Node and holds for every path that
 * changes the layout (close, replace, address, layout commands).
 */

/** A guard as the shell keeps it: bound to the page it was set for, so a replaced pane loses it. */
export interface HeldGuard {
  instance: PaneInstance;
  guard: LeaveGuard;
}

export type LeaveGuards = ReadonlyMap<string, HeldGuard>;

function samePage(a: PaneInstance, b: PaneInstance): boolean {
  if (a.type !== b.type) return false;
  const keys = Object.keys(a.params);
  return keys.length === Object.keys(b.params).length && keys.every((key) => Object.hasOwn(b.params, key) && a.params[key] === b.params[key]);
}

/** Whether `key` shows the same page in `layout` as `instance` (a leaf of the tree, not just an entry). */
function stillThere(layout: Layout, key: string, instance: PaneInstance): boolean {
  const now = Object.hasOwn(layout.panes, key) ? layout.panes[key] : undefined;
  return now !== undefined && samePage(now, instance) && leaves(layout.root).includes(key);
}

/** The keys of guarded panes that showing `next` would remove or replace, in the guards' order. */
export function panesLeft(next: Layout, guards: LeaveGuards): string[] {
  const left: string[] = [];
  for (const [key, held] of guards) if (!stillThere(next, key, held.instance)) left.push(key);
  return left;
}

/** The guards whose panes `shown` still holds (guards go when their pane goes, however it went). */
export function guardsKept(shown: Layout, guards: LeaveGuards): Map<string, HeldGuard> {
  return new Map([...guards].filter(([key, held]) => stillThere(shown, key, held.instance)));
}
