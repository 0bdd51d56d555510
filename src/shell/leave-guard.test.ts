import { describe, expect, it } from 'vitest';
import type { PaneTypeSpec } from '../core/contracts.js';
import * as layouts from '../core/layout.js';
import type { Layout } from '../core/layout.js';
import type { Role } from '../core/roles.js';
import { guardsKept, panesLeft, type HeldGuard } from './leave-guard.js';
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
  pane('demo:passport', '/data/germplasm/:germplasmId', 'passport'),
  pane('demo:create', '/data/trials/create', 'trial-creation', 'DATA_CURATOR'),
];
const CREATE = { type: 'demo:create', params: {} };
const LIST = { type: 'demo:list', params: {} };
const MESSAGE = 'demo.leave';

function setup(start: string) {
  const calls: string[] = [];
  let here = new URL(start, 'http://x');
  let role: Role | null = 'DATA_CURATOR';
  const move = (url: string) => (here = new URL(url, 'http://x'));
  const history: HistoryLike = {
    push: (url) => (calls.push(`push ${url}`), move(url)),
    replace: (url) => (calls.push(`replace ${url}`), move(url)),
    location: () => ({ pathname: here.pathname, search: here.search, hash: here.hash }),
  };
  const shell = createShellController({
    history,
    paneTypes: () => TYPES,
    paneType: (id) => TYPES.find((t) => t.id === id),
    authMode: () => 'SELECTIVE',
    hiddenPages: () => [],
    role: () => role,
    rememberTarget: () => undefined,
  });
  shell.navigate(null, 'replace');
  const left: string[] = [];
  const guard = (key: string) => shell.setLeaveGuard(key, { messageKey: MESSAGE, onLeave: () => left.push(key) });
  const types = () => layouts.leaves(shell.get().layout.root).map((key) => shell.get().layout.panes[key].type);
  return { shell, calls, move, guard, left, types, url: () => here.pathname + here.search, setRole: (next: Role | null) => (role = next) };
}

describe('which changes leave a guarded pane', () => {
  const two: Layout = layouts.split(layouts.singlePane(CREATE), 'p1', 'right', LIST);
  const guards = new Map<string, HeldGuard>([['p1', { instance: CREATE, guard: { messageKey: MESSAGE } }]]);

  it('closing it, replacing it by another page or the same page with other params, dropping it from the tree', () => {
    expect(panesLeft(layouts.close(two, 'p1'), guards)).toEqual(['p1']);
    expect(panesLeft(layouts.replacePane(two, 'p1', LIST), guards)).toEqual(['p1']);
    expect(panesLeft(layouts.replacePane(two, 'p1', { type: 'demo:create', params: { id: '2' } }), guards)).toEqual(['p1']);
    expect(panesLeft(layouts.singlePane(LIST), guards)).toEqual(['p1']);
    // An entry under its key that is no leaf of the tree is not shown: the pane is gone.
    expect(panesLeft({ ...two, root: 'p2', focused: 'p2' }, guards)).toEqual(['p1']);
  });

  it('not its own view state, a move, a split, a maximise, a focus change or closing another pane', () => {
    expect(panesLeft(layouts.replacePane(two, 'p1', { ...CREATE, state: { step: 2 } }), guards)).toEqual([]);
    expect(panesLeft(layouts.swap(two, 'p1', 'p2'), guards)).toEqual([]);
    expect(panesLeft(layouts.split(two, 'p2', 'down', LIST), guards)).toEqual([]);
    expect(panesLeft(layouts.toggleMaximise(two, 'p2'), guards)).toEqual([]);
    expect(panesLeft(layouts.focus(two, 'p2'), guards)).toEqual([]);
    expect(panesLeft(layouts.close(two, 'p2'), guards)).toEqual([]);
    expect(panesLeft(layouts.replacePane(two, 'p1', { type: 'demo:create', params: {} }), guards)).toEqual([]);
  });

  it('keeps the guards of the panes still shown', () => {
    expect([...guardsKept(two, guards).keys()]).toEqual(['p1']);
    expect(guardsKept(layouts.close(two, 'p1'), guards).size).toBe(0);
  });
});

describe('the shell with a leave guard', () => {
  it('asks before closing a guarded pane: Stay changes nothing, Leave closes it and the guard goes', () => {
    const { shell, calls, guard, left, types, url } = setup('/data/trials/create');
    guard('p1');
    expect(shell.get().guarded).toBe(true);
    shell.close();
    expect(shell.get().leaving).toEqual({ messageKey: MESSAGE });
    expect(types()).toEqual(['demo:create']);
    shell.answerLeave(false);
    expect(shell.get().leaving).toBeNull();
    expect(types()).toEqual(['demo:create']);
    expect(url()).toBe('/data/trials/create');
    expect(calls).toEqual([]);
    expect(left).toEqual([]);

    shell.close();
    shell.answerLeave(true);
    expect(types()).toEqual(['home:home']);
    expect(calls).toEqual(['push /home']);
    expect(left).toEqual(['p1']);
    expect(shell.get().guarded).toBe(false);
    // A second answer (the dialog's close after Leave) finds no question.
    shell.answerLeave(false);
    expect(calls).toEqual(['push /home']);
  });

  it('asks before a replace onto it and before a layout that drops it, not before changes that keep it', () => {
    const { shell, guard, types } = setup('/data/trials/create');
    guard('p1');
    const other = shell.open(LIST, 'right');
    shell.focus('p1');
    shell.split('down');
    shell.swap('right');
    shell.toggleMaximise();
    shell.toggleMaximise();
    shell.setPaneState('p1', { step: 2 });
    shell.open({ type: 'demo:passport', params: { germplasmId: '1' } }, 'replace', other);
    shell.close(other);
    expect(shell.get().leaving).toBeNull();
    expect(types()).toContain('demo:create');

    shell.open(LIST, 'replace', 'p1');
    expect(shell.get().leaving).toEqual({ messageKey: MESSAGE });
    shell.answerLeave(false);
    // A layout command that keeps one other pane only.
    const keep = layouts.leaves(shell.get().layout.root).find((key) => key !== 'p1') ?? '';
    shell.commit(layouts.close(shell.get().layout, 'p1'), 'push');
    expect(shell.get().leaving).not.toBeNull();
    shell.answerLeave(true);
    expect(shell.get().layout.panes.p1).toBeUndefined();
    expect(shell.get().layout.panes[keep]).toBeDefined();
  });

  it('asks when back or a link drops it: Stay writes the workspace address again, Leave follows the address', () => {
    const { shell, calls, move, guard, types, url } = setup('/data/trials/create');
    guard('p1');
    move('/data/germplasm?layout=1.broken');
    shell.locationChanged();
    expect(shell.get().leaving).toEqual({ messageKey: MESSAGE });
    expect(types()).toEqual(['demo:create']);
    shell.answerLeave(false);
    expect(url()).toBe('/data/trials/create');
    expect(calls).toEqual(['push /data/trials/create']);
    // The broken link's notice shows only for the change made.
    expect(shell.get().toasts).toEqual([]);

    move('/data/germplasm?layout=1.broken');
    shell.locationChanged();
    shell.answerLeave(true);
    expect(types()).toEqual(['demo:list']);
    expect(url()).toBe('/data/germplasm?layout=1.broken');
    expect(calls).toHaveLength(1);
    expect(shell.get().toasts.map((toast) => toast.messageKey)).toEqual(['layout.linkBroken']);
  });

  it('asks once with the message of the pane that goes, and calls only its onLeave', () => {
    const { shell, guard, left } = setup('/data/trials/create');
    const second = shell.open(CREATE, 'right');
    guard('p1');
    shell.setLeaveGuard(second, { messageKey: 'demo.other', onLeave: () => left.push(second) });
    shell.close(second);
    expect(shell.get().leaving).toEqual({ messageKey: 'demo.other' });
    shell.answerLeave(true);
    expect(left).toEqual([second]);
    expect(shell.get().guarded).toBe(true);
  });

  it('drops guards with their pane however it went, ignores unknown keys and clears with null', () => {
    const { shell, guard, setRole, left } = setup('/data/trials/create');
    guard('nope');
    expect(shell.get().guarded).toBe(false);
    guard('p1');
    shell.setLeaveGuard('p1', null);
    expect(shell.get().guarded).toBe(false);
    guard('p1');
    // A session that ended: the role guard replaces the pane without a question, and the guard goes.
    setRole(null);
    shell.commit(shell.get().layout, 'replace');
    expect(shell.get().leaving).toBeNull();
    expect(shell.get().layout.panes.p1.type).toBe('core:forbidden');
    expect(shell.get().guarded).toBe(false);
    expect(left).toEqual([]);
  });
});
