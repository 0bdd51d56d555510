import { parseKeybinding } from 'tinykeys';
import { describe, expect, it, vi } from 'vitest';
import {
  KeyBindingError,
  bindingsOf,
  createKeymap,
  detectPlatform,
  formatKeys,
  normalizeKeys,
  parseKeys,
  type KeyBinding,
  type KeyConflict,
} from './keys.js';

describe('parseKeys', () => {
  it('reads modifiers, chords and the plus key', () => {
    expect(parseKeys('$mod+k')).toEqual([{ mods: ['$mod'], key: 'k' }]);
    expect(parseKeys('Shift+X')).toEqual([{ mods: ['Shift'], key: 'x' }]);
    expect(parseKeys('g g')).toEqual([
      { mods: [], key: 'g' },
      { mods: [], key: 'g' },
    ]);
    expect(parseKeys('Shift+Alt+Control+Delete')).toEqual([{ mods: ['Control', 'Alt', 'Shift'], key: 'Delete' }]);
    expect(parseKeys('+')).toEqual([{ mods: [], key: '+' }]);
    expect(parseKeys('$mod++')).toEqual([{ mods: ['$mod'], key: '+' }]);
    expect(parseKeys('Alt+-')).toEqual([{ mods: ['Alt'], key: '-' }]);
    expect(parseKeys('Shift+?')).toEqual([{ mods: ['Shift'], key: '?' }]);
  });

  it('canonicalises key names whatever their case', () => {
    expect(parseKeys('escape')[0].key).toBe('Escape');
    expect(parseKeys('ARROWUP')[0].key).toBe('ArrowUp');
    expect(parseKeys('keyk')[0].key).toBe('KeyK');
    expect(parseKeys('f12')[0].key).toBe('F12');
    expect(parseKeys('Space')[0].key).toBe('Space');
    expect(parseKeys('Shift Shift')).toEqual([
      { mods: [], key: 'Shift' },
      { mods: [], key: 'Shift' },
    ]);
  });

  it.each([
    ['', /empty/],
    ['   ', /empty/],
    [' g', /leading or trailing space/],
    ['g  g', /exactly one space/],
    ['Ctrl+k', /unknown modifier 'Ctrl'/],
    ['control+k', /unknown modifier 'control'/],
    ['Cmd+k', /unknown modifier/],
    ['Shift+', /ends without a key/],
    ['+k', /starts with '\+'/],
    ['++', /starts with '\+'/],
    ['Shift++k', /unknown modifier ''/],
    ['Shift+Shift+k', /repeats/],
    ['$mod+Esc', /unknown key 'Esc'/],
    ['$mod+F25', /unknown key/],
    ['k+Shift', /unknown modifier 'k'/],
    ['$mod+(a|b)', /regular-expression/],
    ['$mod', /unknown key '\$mod'/],
  ])('rejects %j', (binding, message) => {
    expect(() => parseKeys(binding)).toThrow(KeyBindingError);
    expect(() => parseKeys(binding)).toThrow(message);
  });

  it('parses what it accepts the way tinykeys does', () => {
    for (const binding of [
      '$mod+k',
      'Shift+x',
      'g g',
      'Control+Alt+Delete',
      '$mod++',
      'Alt+-',
      'Shift+?',
      'KeyK',
      'ü',
    ]) {
      for (const platform of ['mac', 'other'] as const) {
        const ours = normalizeKeys(binding, platform);
        const theirs = parseKeybinding(ours);
        expect(theirs.map(([mods, key]) => [...mods, key].join('+')).join(' ')).toBe(ours);
      }
    }
  });
});

describe('normalizeKeys and detectPlatform', () => {
  it('resolves $mod per platform and orders modifiers', () => {
    expect(normalizeKeys('Shift+$mod+p', 'mac')).toBe('Shift+Meta+p');
    expect(normalizeKeys('Shift+$mod+p', 'other')).toBe('Control+Shift+p');
    expect(normalizeKeys('$mod+Control+k', 'other')).toBe('Control+k');
    expect(normalizeKeys('G g', 'other')).toBe('g g');
  });

  it('detects mac the way tinykeys does', () => {
    expect(detectPlatform('MacIntel')).toBe('mac');
    expect(detectPlatform('iPhone')).toBe('mac');
    expect(detectPlatform('Win32')).toBe('other');
    expect(detectPlatform('Linux x86_64')).toBe('other');
    expect(detectPlatform('')).toBe('other');
  });
});

describe('formatKeys', () => {
  it('uses symbols on mac and names elsewhere', () => {
    expect(formatKeys('$mod+k', 'mac')).toBe('⌘K');
    expect(formatKeys('$mod+k', 'other')).toBe('Ctrl+K');
    expect(formatKeys('$mod+Shift+p', 'mac')).toBe('⇧⌘P');
    expect(formatKeys('$mod+Shift+p', 'other')).toBe('Ctrl+Shift+P');
    expect(formatKeys('Control+Alt+Delete', 'mac')).toBe('⌃⌥⌦');
    expect(formatKeys('Control+Alt+Delete', 'other')).toBe('Ctrl+Alt+Delete');
  });

  it('formats chords, codes and named keys', () => {
    expect(formatKeys('g g', 'other')).toBe('G G');
    expect(formatKeys('Shift+?', 'other')).toBe('Shift+?');
    expect(formatKeys('Alt+ArrowUp', 'other')).toBe('Alt+↑');
    expect(formatKeys('Escape', 'other')).toBe('Esc');
    expect(formatKeys('Escape', 'mac')).toBe('⎋');
    expect(formatKeys('Enter', 'mac')).toBe('↩');
    expect(formatKeys('KeyK', 'other')).toBe('K');
    expect(formatKeys('Digit1', 'other')).toBe('1');
    expect(formatKeys('NumpadAdd', 'other')).toBe('Num Add');
    expect(formatKeys('Numpad7', 'other')).toBe('Num 7');
    expect(formatKeys('Slash', 'other')).toBe('/');
    expect(formatKeys('$mod++', 'other')).toBe('Ctrl++');
    expect(formatKeys('F2', 'mac')).toBe('F2');
  });

  it('takes translated labels', () => {
    expect(formatKeys('Control+Delete', 'other', { Control: 'Strg', Delete: 'Entf' })).toBe('Strg+Entf');
  });

  it('refuses a bad binding', () => {
    expect(() => formatKeys('Ctrl+k', 'other')).toThrow(KeyBindingError);
  });
});

const core = (keys: string, command: string): KeyBinding => ({ keys, command, layer: 'core', source: 'core' });
const plugin = (keys: string, command: string, source = 'germplasm'): KeyBinding => ({
  keys,
  command,
  layer: 'plugin',
  source,
});
const user = (keys: string, command: string, enabled?: boolean): KeyBinding => ({
  keys,
  command,
  layer: 'user',
  source: 'user',
  enabled,
});

describe('createKeymap', () => {
  function keymap(platform: 'mac' | 'other' = 'other') {
    const reported: KeyConflict[] = [];
    const map = createKeymap({ platform, onConflict: (conflict) => reported.push(conflict) });
    return { map, reported };
  }

  it('produces normalized key → command', () => {
    const { map, reported } = keymap();
    map.add(core('$mod+k', 'palette:open'), plugin('g p', 'germplasm:open-table'));
    expect(map.resolve()).toEqual({ 'Control+k': 'palette:open', 'g p': 'germplasm:open-table' });
    expect(map.keysOf('palette:open')).toEqual(['Control+k']);
    expect(reported).toEqual([]);
  });

  it('lets plugin beat core and user beat plugin, without calling it a conflict', () => {
    const { map, reported } = keymap();
    map.add(core('$mod+k', 'palette:open'), plugin('$mod+k', 'germplasm:search'));
    expect(map.resolve()).toEqual({ 'Control+k': 'germplasm:search' });
    const removeUser = map.add(user('Control+k', 'core:help'));
    expect(map.resolve()).toEqual({ 'Control+k': 'core:help' });
    expect(map.bindings().map((b) => b.status)).toEqual(['overridden', 'overridden', 'active']);
    expect(reported).toEqual([]);
    removeUser();
    expect(map.resolve()).toEqual({ 'Control+k': 'germplasm:search' });
  });

  it('keeps the first of two bindings in one layer and reports the conflict once', () => {
    const { map, reported } = keymap();
    map.add(plugin('$mod+e', 'germplasm:export', 'germplasm'));
    map.add(plugin('Control+e', 'traits:export', 'traits'));
    expect(map.resolve()).toEqual({ 'Control+e': 'germplasm:export' });
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({ kind: 'same-key', keys: 'Control+e', layer: 'plugin' });
    expect(reported[0].kind === 'same-key' && reported[0].kept.command).toBe('germplasm:export');
    expect(map.conflicts()).toEqual(reported);
    expect(map.bindings().map((b) => b.status)).toEqual(['active', 'conflict']);
    // Later changes do not report it again.
    map.add(core('x', 'core:x'));
    expect(reported).toHaveLength(1);
  });

  it('treats $mod as the platform modifier when looking for conflicts', () => {
    const mac = keymap('mac');
    mac.map.add(plugin('$mod+e', 'a:one'), plugin('Control+e', 'b:two'));
    expect(mac.reported).toEqual([]);
    expect(mac.map.resolve()).toEqual({ 'Meta+e': 'a:one', 'Control+e': 'b:two' });
  });

  it('does not call one command bound twice a conflict', () => {
    const { map, reported } = keymap();
    map.add(plugin('$mod+k', 'a:one'), plugin('Control+k', 'a:one'), core('$mod+k', 'a:one'));
    expect(reported).toEqual([]);
    expect(map.keysOf('a:one')).toEqual(['Control+k']);
  });

  it('reports a key that also starts a chord, and keeps both', () => {
    const { map, reported } = keymap();
    map.add(core('g', 'core:go'), plugin('g g', 'germplasm:open-table'), plugin('g p', 'germplasm:open-passport'));
    expect(map.resolve()).toEqual({ g: 'core:go', 'g g': 'germplasm:open-table', 'g p': 'germplasm:open-passport' });
    expect(reported.map((c) => c.kind === 'prefix' && `${c.keys} < ${c.chordKeys}`)).toEqual(['g < g g', 'g < g p']);
  });

  it('lets a user remove a default binding', () => {
    const { map } = keymap();
    map.add(core('$mod+k', 'palette:open'), plugin('$mod+k', 'germplasm:search'), core('?', 'core:help'));
    map.add(user('$mod+k', 'germplasm:search', false));
    // The plugin binding is gone, so the core one shows through.
    expect(map.resolve()).toEqual({ 'Control+k': 'palette:open', '?': 'core:help' });
    map.add(user('$mod+k', 'palette:open', false));
    expect(map.resolve()).toEqual({ '?': 'core:help' });
    expect(map.bindings().map((b) => b.status)).toEqual(['removed', 'removed', 'active', 'remover', 'remover']);
    expect(map.keysOf('palette:open')).toEqual([]);
  });

  it('reports a conflict again when a removal brings it back', () => {
    const { map, reported } = keymap();
    map.add(plugin('x', 'a:one'), plugin('x', 'b:two'));
    const remove = map.add(user('x', 'b:two', false));
    expect(map.conflicts()).toEqual([]);
    remove();
    expect(map.conflicts()).toHaveLength(1);
    expect(reported).toHaveLength(2);
  });

  it('validates bindings before adding any of them', () => {
    const { map } = keymap();
    expect(() => map.add(core('x', 'a:one'), plugin('Ctrl+k', 'germplasm:search'))).toThrow(
      "Invalid key binding 'Ctrl+k': unknown modifier 'Ctrl' (use $mod, Control, Alt, Shift or Meta) (command germplasm:search)",
    );
    expect(map.resolve()).toEqual({});
    expect(() => map.add({ keys: 'x', command: 'a:one', layer: 'system' as 'core' })).toThrow(/unknown layer 'system'/);
    expect(() => map.add(core('x', ''))).toThrow(/names no command/);
  });

  it('disposes only its own bindings, once, and tells subscribers', () => {
    const { map } = keymap();
    const listener = vi.fn();
    const unsubscribe = map.subscribe(listener);
    const first = map.add(core('a', 'a:one'));
    const second = map.add(core('b', 'b:two'));
    expect(listener).toHaveBeenCalledTimes(2);
    first();
    first();
    expect(map.resolve()).toEqual({ b: 'b:two' });
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    second();
    expect(map.resolve()).toEqual({});
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('survives a failing listener and logs conflicts by default', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const map = createKeymap({ platform: 'other' });
      const later = vi.fn();
      map.subscribe(() => {
        throw new Error('boom');
      });
      map.subscribe(later);
      map.add(plugin('x', 'a:one', 'a'), plugin('x', 'b:two', 'b'));
      expect(later).toHaveBeenCalledTimes(1);
      expect(error).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith(
        "Key conflict on 'x' in the plugin layer: a:one (a) and b:two (b) may be enabled together; the first enabled one runs",
      );
      expect(map.resolve()).toEqual({ x: 'a:one' });
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it('copies bindings so later mutation cannot move them', () => {
    const { map } = keymap();
    const binding = core('a', 'a:one');
    map.add(binding);
    binding.command = 'b:two';
    expect(map.resolve()).toEqual({ a: 'a:one' });
  });
});

describe('bindingsOf', () => {
  it('lists the keys commands declare', () => {
    expect(
      bindingsOf(
        [{ id: 'germplasm:open-table', keys: ['g g', '$mod+g'] }, { id: 'germplasm:mark-all' }],
        'plugin',
        'germplasm',
      ),
    ).toEqual([
      { keys: 'g g', command: 'germplasm:open-table', layer: 'plugin', source: 'germplasm' },
      { keys: '$mod+g', command: 'germplasm:open-table', layer: 'plugin', source: 'germplasm' },
    ]);
  });
});
