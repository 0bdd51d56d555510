import { describe, expect, it } from 'vitest';
import { bindingsOf, createKeymap, neverTogether, type KeyBinding, type KeyConflict } from './keys.js';
import { and, loggedIn, not, or, paneFocused, paneKindFocused, roleAtLeast } from './when.js';

describe('keys scoped to the focused pane', () => {
  const panes = [
    { type: 'germplasm:table', kind: 'table' },
    { type: 'datasets:table', kind: 'table' },
    { type: 'germplasm:passport', kind: null },
    { type: 'maps:map', kind: 'map' },
  ];
  function keymap() {
    const reported: KeyConflict[] = [];
    const map = createKeymap({ platform: 'other', onConflict: (conflict) => reported.push(conflict), panes: () => panes });
    return { map, reported };
  }
  const bind = (keys: string, command: string, when?: KeyBinding['when']): KeyBinding => ({
    keys,
    command,
    layer: 'plugin',
    ...(when ? { when } : {}),
  });

  it('lets one key run different commands in different pane types, without a conflict', () => {
    const { map, reported } = keymap();
    map.add(bind('j', 'germplasm:next'), bind('j', 'x:next'));
    expect(reported).toHaveLength(1);
    const scoped = keymap();
    scoped.map.add(
      bind('j', 'germplasm:next', paneFocused('germplasm:table')),
      bind('j', 'datasets:next', paneFocused('datasets:table')),
    );
    expect(scoped.reported).toEqual([]);
    expect(scoped.map.candidates()).toEqual({ j: ['germplasm:next', 'datasets:next'] });
    expect(scoped.map.keysOf('datasets:next')).toEqual(['j']);
    expect(scoped.map.bindings().map((b) => b.status)).toEqual(['active', 'active']);
  });

  it('reasons through and, or and pane kinds', () => {
    const { map, reported } = keymap();
    map.add(
      bind('Shift+a', 'table:mark-all', paneKindFocused('table')),
      bind('Shift+a', 'passport:add', and(paneFocused('germplasm:passport'), roleAtLeast('ADMIN'))),
      bind('Shift+a', 'other:thing', or(paneFocused('maps:map'), paneKindFocused('chart'))),
    );
    expect(reported).toEqual([]);
    // A pane type that is a table is enabled together with the table kind's command: that is a conflict.
    map.add(bind('Shift+a', 'germplasm:mark-matches', paneFocused('datasets:table')));
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({ kind: 'same-key', keys: 'Shift+a' });
    expect(reported[0].kind === 'same-key' && reported[0].kept.command).toBe('table:mark-all');
    expect(map.bindings().map((b) => b.status)).toEqual(['active', 'active', 'active', 'conflict']);
  });

  it('reports what it cannot tell apart: no when, a plain function, conditions beyond the pane', () => {
    for (const [a, b] of [
      [undefined, paneFocused('germplasm:table')],
      [() => true, paneFocused('germplasm:table')],
      [roleAtLeast('ADMIN'), paneFocused('germplasm:table')],
      [not(paneFocused('germplasm:table')), paneFocused('germplasm:table')],
      [or(paneFocused('germplasm:table'), loggedIn), paneFocused('datasets:table')],
    ] as const) {
      const { map, reported } = keymap();
      map.add(bind('k', 'a:one', a), bind('k', 'b:two', b));
      expect(reported).toHaveLength(1);
    }
  });

  it('compares pane types it does not know as well as registered ones', () => {
    expect(neverTogether(paneFocused('a:x'), paneFocused('a:y'), [])).toBe(true);
    expect(neverTogether(paneFocused('a:x'), paneFocused('a:x'), [])).toBe(false);
    // An unregistered type might be of any kind, so it may be a table.
    expect(neverTogether(paneFocused('a:x'), paneKindFocused('table'), [])).toBe(false);
    expect(neverTogether(paneFocused('germplasm:passport'), paneKindFocused('table'), panes)).toBe(true);
    expect(neverTogether(paneKindFocused('table'), paneKindFocused('map'), [])).toBe(true);
  });

  it('orders candidates by layer, then registration, and a higher layer hides only what it may overlap', () => {
    const { map, reported } = keymap();
    map.add(bind('Enter', 'table:open', paneKindFocused('table')));
    map.add({ keys: 'Enter', command: 'user:thing', layer: 'user', when: paneFocused('germplasm:passport') });
    expect(map.candidates()).toEqual({ Enter: ['user:thing', 'table:open'] });
    map.add({ keys: 'Enter', command: 'user:everywhere', layer: 'user' });
    expect(map.candidates()).toEqual({ Enter: ['user:thing', 'user:everywhere'] });
    expect(map.bindings().map((b) => b.status)).toEqual(['overridden', 'active', 'conflict']);
    // Two user bindings that may be enabled together are a conflict in the user layer.
    expect(reported.map((c) => c.kind === 'same-key' && c.layer)).toEqual(['user']);
  });

  it('reports a prefix only when both may be enabled together', () => {
    const { map, reported } = keymap();
    map.add(bind('g', 'a:go', paneFocused('germplasm:passport')), bind('g g', 'table:top', paneKindFocused('table')));
    expect(reported).toEqual([]);
    map.add(bind('g t', 'b:other'));
    expect(reported).toMatchObject([{ kind: 'prefix', keys: 'g', chordKeys: 'g t' }]);
  });

  it('carries each command’s when into its bindings', () => {
    const when = paneFocused('germplasm:table');
    const [binding] = bindingsOf([{ id: 'a:b', keys: ['j'], when }], 'plugin', 'a');
    expect(binding.when).toBe(when);
  });
});
