import { describe, expect, it } from 'vitest';
import type { PaneTypeSpec } from '../core/contracts.js';
import { leaves } from '../core/layout.js';
import type { AuthMode, Role } from '../core/roles.js';
import { createShellController, type HistoryLike } from './shell-controller.js';

const pane = (id: string, route: string, pageName: string, minRole: Role | null = null): PaneTypeSpec => ({
  id,
  route,
  pageName,
  titleKey: `${id}.title`,
  minRole,
  load: async () => ({}),
});
const TYPES = [
  pane('home:home', '/home', 'home'),
  pane('core:login', '/login', 'login'),
  pane('core:forbidden', '/403', '403'),
  pane('core:not-found', '/404', '404'),
  pane('demo:list', '/data/germplasm', 'germplasm'),
  pane('demo:curate', '/data/germplasm-match', 'germplasm-match', 'DATA_CURATOR'),
];

function setup(start: string, authMode: AuthMode = 'SELECTIVE', role: Role | null = null) {
  const calls: string[] = [];
  let here = new URL(start, 'http://x');
  const move = (url: string) => (here = new URL(url, 'http://x'));
  const history: HistoryLike = {
    push: (url) => (calls.push(`push ${url}`), move(url)),
    replace: (url) => (calls.push(`replace ${url}`), move(url)),
    location: () => ({ pathname: here.pathname, search: here.search, hash: here.hash }),
  };
  const remembered: string[] = [];
  const shell = createShellController({
    history,
    paneTypes: () => TYPES,
    paneType: (id) => TYPES.find((t) => t.id === id),
    authMode: () => authMode,
    hiddenPages: () => [],
    role: () => role,
    rememberTarget: (url) => remembered.push(url),
  });
  return { shell, calls, remembered, move, url: () => here.pathname + here.search };
}

describe('shell controller', () => {
  it('opens the path of the URL, pushes splits and closes, and replaces focus moves', () => {
    const { shell, calls, url } = setup('/data/germplasm');
    shell.navigate(null, 'replace');
    expect(shell.get().layout.panes.p1.type).toBe('demo:list');
    expect(calls).toEqual([]);
    shell.split('right');
    expect(leaves(shell.get().layout.root)).toEqual(['p1', 'p2']);
    expect(calls[0]).toMatch(/^push \/data\/germplasm\?layout=1\./);
    shell.moveFocus('left');
    expect(shell.get().layout.focused).toBe('p1');
    expect(calls[1]).toMatch(/^replace /);
    shell.close();
    expect(url()).toBe('/data/germplasm');
    expect(calls).toHaveLength(3);
  });

  it('sends a visitor without login under FULL to /login and remembers the target', () => {
    const { shell, remembered, url } = setup('/data/germplasm', 'FULL');
    shell.navigate(null, 'replace');
    expect(shell.get().layout.panes.p1.type).toBe('core:login');
    expect(url()).toBe('/login');
    expect(remembered).toEqual(['/data/germplasm']);
  });

  it('replaces a pane the role may not open by a 403 pane in place', () => {
    const { shell } = setup('/home', 'SELECTIVE', 'AUTH_USER');
    shell.navigate(null, 'replace');
    const key = shell.open({ type: 'demo:curate', params: {} }, 'right');
    expect(shell.get().layout.panes[key].type).toBe('core:forbidden');
  });

  it('writes pane view state with replaceState, and toasts a broken link', () => {
    const { shell, calls } = setup('/data/germplasm?layout=1.broken');
    shell.navigate(null, 'replace');
    expect(shell.get().toasts.map((t) => t.messageKey)).toEqual(['layout.linkBroken']);
    shell.setPaneState('p1', { page: 3 });
    expect(calls.at(-1)).toMatch(/^replace \/data\/germplasm\?layout=/);
    expect(shell.get().layout.panes.p1.state).toEqual({ page: 3 });
  });

  it('publishes context keys for when clauses', () => {
    const { shell } = setup('/home');
    shell.navigate(null, 'replace');
    shell.publish('selectionCount', 2);
    shell.publish('germplasm.marked', 5);
    expect(shell.contextKeys()).toMatchObject({
      authMode: 'SELECTIVE',
      role: null,
      focusedPane: 'home:home',
      selectionCount: 2,
      'germplasm.marked': 5,
      'shell.paneCount': 1,
    });
  });

  it('follows an address it did not write (back, forward, a link) without writing history', () => {
    const { shell, calls, move } = setup('/data/germplasm');
    shell.navigate(null, 'replace');
    shell.split('right');
    expect(calls).toHaveLength(1);
    // Its own push: nothing to read, nothing written.
    shell.locationChanged();
    expect(leaves(shell.get().layout.root)).toEqual(['p1', 'p2']);
    // Back to the single pane: the layout follows, history is left as the browser made it.
    move('/data/germplasm');
    shell.locationChanged();
    expect(leaves(shell.get().layout.root)).toEqual(['p1']);
    expect(calls).toHaveLength(1);
    // An old hash-mode link typed into the address bar opens its page.
    move('/home#/data/germplasm');
    shell.locationChanged();
    expect(shell.get().layout.panes.p1.type).toBe('demo:list');
    expect(calls).toHaveLength(1);
  });
});
