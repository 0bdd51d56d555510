import type { ContextKeys, PaneInstance, PaneTypeSpec } from '../core/contracts.js';
import type { Toast } from '../core/errors.js';
import { guardLayout } from '../core/guard.js';
import * as layouts from '../core/layout.js';
import type { FocusDirection, Layout } from '../core/layout.js';
import type { AuthMode, Role } from '../core/roles.js';
import type { LeaveGuard } from '../core/services.js';
import { isSafeTarget } from '../core/client-state.js';
import { legacyHashPath } from '../core/routes.js';
import { guardsKept, panesLeft, type LeaveGuards } from './leave-guard.js';
import { resizeFocused } from './layout-resize.js';
import { readLocation, urlOf, type LocationInput } from './url-state.js';

/**
 * The shell's state outside React: the layout, toasts, the loading flag and the palette. Every
 * workspace change goes through `commit`, which guards the layout and writes the URL, so a pane that
 * opens another pane gets the same rules as a link. It is also the one place where leaving a pane with
 * unsaved changes asks first: a change that would remove or replace a guarded pane waits for the answer.
 */

export interface ShownToast extends Toast {
  id: number;
}

export interface ShellState {
  layout: Layout;
  toasts: ShownToast[];
  loading: boolean;
  paletteOpen: boolean;
  /** Plugin context keys (`domain.key`) and selectionCount. */
  published: Record<string, unknown>;
  /** The question asked before a change leaves a guarded pane (its message key), or null. */
  leaving: { messageKey: string } | null;
  /** Some pane has unsaved changes: closing or reloading the tab gets the browser's prompt. */
  guarded: boolean;
}

export interface HistoryLike {
  push(url: string): void;
  replace(url: string): void;
  location(): LocationInput;
}

export interface ShellControllerOptions {
  history: HistoryLike;
  paneTypes: () => readonly PaneTypeSpec[];
  paneType: (id: string) => PaneTypeSpec | undefined;
  authMode: () => AuthMode;
  hiddenPages: () => readonly string[];
  role: () => Role | null;
  /** Where a refused (not logged-in) visitor wanted to go; the login pane returns there. */
  rememberTarget: (url: string) => void;
  /** Toast hide delay: toasts go after 5 s. */
  now?: () => number;
}

export type CommitMode = 'push' | 'replace' | 'none';

export interface ShellController {
  get(): ShellState;
  subscribe(listener: () => void): () => void;
  /** Reads the URL (load, popstate, navigation by path) and shows what it asks for, guarded. */
  navigate(url: string | null, mode: CommitMode): void;
  /**
   * The browser's address changed (back, forward, a link): shows what it asks for without writing
   * history, unless it is the address of the layout showing now (the shell's own push or replace).
   */
  locationChanged(): void;
  commit(layout: Layout, mode: CommitMode): void;
  open(instance: PaneInstance, where: 'replace' | 'right' | 'down', from?: string): string;
  close(key?: string): void;
  focus(key: string): void;
  split(direction: 'right' | 'down'): void;
  toggleMaximise(): void;
  /** Grows (positive) or shrinks the focused pane by `delta` percent of its split. */
  resize(delta: number): void;
  moveFocus(direction: FocusDirection): void;
  swap(direction: FocusDirection): void;
  setPaneState(key: string, state: Record<string, unknown>): void;
  toast(toast: Toast): void;
  dismissToast(id: number): void;
  setLoading(loading: boolean): void;
  setPaletteOpen(open: boolean): void;
  publish(key: string, value: unknown): void;
  contextKeys(): ContextKeys;
  setLeaveGuard(key: string, guard: LeaveGuard | null): void;
  /** The answer to the leave question: Leave makes the change that was asked for; Stay keeps the workspace (and its address). */
  answerLeave(leave: boolean): void;
}

/** A change waiting for the leave question's answer; `after` runs once it is made (a link's notices). */
interface PendingChange {
  layout: Layout;
  mode: CommitMode;
  left: string[];
  after?: () => void;
}

export function createShellController(options: ShellControllerOptions): ShellController {
  const listeners = new Set<() => void>();
  let toastId = 0;
  let state: ShellState = {
    layout: layouts.singlePane(layouts.HOME_PANE),
    toasts: [],
    loading: false,
    paletteOpen: false,
    published: {},
    leaving: null,
    guarded: false,
  };
  let guards: LeaveGuards = new Map();
  let pending: PendingChange | null = null;

  function set(patch: Partial<ShellState>): void {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  }

  function loginLayout(): Layout {
    const login = options.paneTypes().find((pane) => pane.pageName === 'login');
    return layouts.singlePane(login ? { type: login.id, params: {} } : layouts.HOME_PANE);
  }

  function write(layout: Layout, mode: CommitMode): void {
    if (mode === 'none') return;
    const url = urlOf(layout, options.paneType);
    const here = options.history.location();
    if (url === here.pathname + here.search) return;
    if (mode === 'push') options.history.push(url);
    else options.history.replace(url);
  }

  function setGuards(next: LeaveGuards): void {
    guards = next;
    if (state.guarded !== next.size > 0) set({ guarded: next.size > 0 });
  }

  /** Every layout change asked for: one that leaves a guarded pane asks first; the others are shown. */
  function commit(layout: Layout, mode: CommitMode, after?: () => void): void {
    const left = panesLeft(layout, guards);
    const first = left.length > 0 ? guards.get(left[0]) : undefined;
    if (first) {
      // A newer request replaces an unanswered one: the answer is about the latest.
      pending = { layout, mode, left, after };
      set({ leaving: { messageKey: first.guard.messageKey } });
      return;
    }
    show(layout, mode);
    after?.();
  }

  function show(layout: Layout, mode: CommitMode): void {
    showAllowed(layout, mode);
    // Guards go with their panes, also when the role guard replaced one (a session that ended).
    const kept = guardsKept(state.layout, guards);
    if (kept.size !== guards.size) setGuards(kept);
  }

  function showAllowed(layout: Layout, mode: CommitMode): void {
    const guarded = guardLayout({
      authMode: options.authMode(),
      hiddenPages: options.hiddenPages(),
      role: options.role(),
      layout,
      paneType: options.paneType,
    });
    if (guarded.kind === 'login') {
      const target = urlOf(guarded.target, options.paneType);
      if (isSafeTarget(target)) options.rememberTarget(target);
      const login = loginLayout();
      set({ layout: login });
      write(login, mode === 'none' ? 'none' : 'replace');
      return;
    }
    set({ layout: guarded.layout });
    write(guarded.layout, mode);
  }

  const current = () => state.layout;
  const controller: ShellController = {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(url, mode) {
      let location = options.history.location();
      if (url !== null) {
        const parsed = new URL(url, 'http://workspace.invalid');
        location = { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash };
      }
      const read = readLocation(location, options.paneTypes());
      commit(read.layout, mode, () => {
        for (const key of read.notices) controller.toast(noticeToast(key));
      });
    },
    locationChanged() {
      const here = options.history.location();
      const legacy = here.hash ? legacyHashPath(here.hash) !== null : false;
      if (!legacy && here.pathname + here.search === urlOf(state.layout, options.paneType)) return;
      controller.navigate(null, 'none');
    },
    commit: (layout, mode) => commit(layout, mode),
    open(instance, where, from) {
      const layout = current();
      const target = from !== undefined && layout.panes[from] ? from : layout.focused;
      if (where === 'replace') {
        commit(layouts.focus(layouts.replacePane(layout, target, instance), target), 'push');
        return target;
      }
      const next = layouts.split(layout, target, where, instance);
      commit(next, 'push');
      return next.focused;
    },
    close(key) {
      commit(layouts.close(current(), key ?? current().focused), 'push');
    },
    focus(key) {
      const next = layouts.focus(current(), key);
      if (next !== current()) commit(next, 'replace');
    },
    split(direction) {
      const layout = current();
      // A new tile starts as a copy of the focused pane, as editors split a view.
      const copy = layout.panes[layout.focused] ?? layouts.HOME_PANE;
      commit(layouts.split(layout, layout.focused, direction, { ...copy }), 'push');
    },
    toggleMaximise() {
      commit(layouts.toggleMaximise(current()), 'push');
    },
    resize(delta) {
      const next = resizeFocused(current(), delta);
      if (next !== current()) commit(next, 'replace');
    },
    moveFocus(direction) {
      const next = layouts.focusNeighbour(current(), direction);
      if (next !== current()) commit(next, 'replace');
    },
    swap(direction) {
      const layout = current();
      const neighbour = layouts.focusNeighbour(layout, direction).focused;
      if (neighbour !== layout.focused) commit(layouts.swap(layout, layout.focused, neighbour), 'push');
    },
    setPaneState(key, paneState) {
      const instance = current().panes[key];
      if (!instance) return;
      commit(layouts.replacePane(current(), key, { ...instance, state: paneState }), 'replace');
    },
    toast(toast) {
      toastId += 1;
      set({ toasts: [...state.toasts, { ...toast, id: toastId }] });
    },
    dismissToast(id) {
      set({ toasts: state.toasts.filter((toast) => toast.id !== id) });
    },
    setLoading(loading) {
      if (loading !== state.loading) set({ loading });
    },
    setPaletteOpen(open) {
      if (open !== state.paletteOpen) set({ paletteOpen: open });
    },
    publish(key, value) {
      if (state.published[key] === value) return;
      set({ published: { ...state.published, [key]: value } });
    },
    contextKeys() {
      const layout = current();
      const focusedPane = layout.panes[layout.focused]?.type ?? null;
      return {
        ...state.published,
        authMode: options.authMode(),
        role: options.role(),
        focusedPane,
        focusedPaneKind: (focusedPane !== null ? options.paneType(focusedPane)?.kind : undefined) ?? null,
        selectionCount: typeof state.published.selectionCount === 'number' ? state.published.selectionCount : 0,
        'shell.paneCount': layouts.leaves(layout.root).length,
      };
    },
    setLeaveGuard(key, guard) {
      const instance = Object.hasOwn(current().panes, key) ? current().panes[key] : undefined;
      const next = new Map(guards);
      if (guard === null || instance === undefined) next.delete(key);
      else next.set(key, { instance, guard });
      setGuards(next);
    },
    answerLeave(leave) {
      const asked = pending;
      if (!asked) return;
      pending = null;
      set({ leaving: null });
      if (!leave) {
        // Back, forward or a link may have moved the address already: it shows the workspace again.
        write(current(), 'push');
        return;
      }
      for (const key of asked.left) guards.get(key)?.guard.onLeave?.();
      setGuards(new Map([...guards].filter(([key]) => !asked.left.includes(key))));
      show(asked.layout, asked.mode);
      asked.after?.();
    },
  };
  return controller;
}

function noticeToast(messageKey: string): Toast {
  return { titleKey: 'shell.notice', messageKey, variant: 'warning', autoHideMs: 5000, append: true };
}
