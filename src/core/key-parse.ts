/**
 * Key bindings as declarative strings in tinykeys syntax, so every binding can be listed: parsed and checked here, shown in
 * the help pane, and resolved by layer (core < plugin < user) into the one map the shell hands to
 * tinykeys. No DOM access: the shell passes the platform in.
 */

export type Platform = 'mac' | 'other';
export type Modifier = 'Control' | 'Alt' | 'Shift' | 'Meta';

/** One press of a binding; `$mod` is kept until a platform resolves it. */
export interface KeyPress {
  readonly mods: readonly (Modifier | '$mod')[];
  /** Canonical key: a lower-case character, or a KeyboardEvent key/code name in its usual casing. */
  readonly key: string;
}

/** The test tinykeys uses on `navigator.platform`, so our `$mod` resolves as its would. */
export function detectPlatform(navigatorPlatform: string): Platform {
  return /Mac|iPod|iPhone|iPad/.test(navigatorPlatform) ? 'mac' : 'other';
}

const MODIFIERS: readonly Modifier[] = ['Control', 'Alt', 'Shift', 'Meta'];
const MOD_ORDER: Record<Modifier | '$mod', number> = { $mod: 0, Control: 1, Alt: 2, Shift: 3, Meta: 4 };

// tinykeys matches a name against event.key (case-insensitive) or event.code (exact), so a name is
// accepted in any case and emitted in the casing that works for both.
const NAMED_KEYS: ReadonlyMap<string, string> = new Map(
  [
    ...['Enter', 'Escape', 'Tab', 'Backspace', 'Delete', 'Insert', 'Home', 'End', 'PageUp', 'PageDown'],
    ...['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'ContextMenu', 'Space', ...MODIFIERS],
    ...['Minus', 'Equal', 'BracketLeft', 'BracketRight', 'Backslash', 'Semicolon', 'Quote', 'Backquote'],
    ...['Comma', 'Period', 'Slash', 'IntlBackslash'],
    ...['Add', 'Subtract', 'Multiply', 'Divide', 'Decimal', 'Enter'].map((name) => `Numpad${name}`),
    ...Array.from({ length: 24 }, (_, i) => `F${i + 1}`),
    ...Array.from({ length: 26 }, (_, i) => `Key${String.fromCharCode(65 + i)}`),
    ...Array.from({ length: 10 }, (_, i) => `Digit${i}`),
    ...Array.from({ length: 10 }, (_, i) => `Numpad${i}`),
  ].map((name) => [name.toLowerCase(), name]),
);

export class KeyBindingError extends Error {
  constructor(
    readonly binding: string,
    readonly reason: string,
  ) {
    super(`Invalid key binding '${binding}': ${reason}`);
    this.name = 'KeyBindingError';
  }
}

function parseKey(binding: string, key: string): string {
  if (key.startsWith('(') && key.endsWith(')') && key.length > 2) {
    throw new KeyBindingError(binding, 'regular-expression keys cannot be listed or compared; name the key');
  }
  if ([...key].length === 1) return key.toLowerCase();
  const named = NAMED_KEYS.get(key.toLowerCase());
  if (named === undefined) {
    throw new KeyBindingError(
      binding,
      `unknown key '${key}' (a single character, or a name like Enter, ArrowUp, F2, KeyK)`,
    );
  }
  return named;
}

function parsePress(binding: string, press: string): KeyPress {
  // "Shift++" and "+" bind the plus key, as tinykeys reads them.
  let key: string;
  let modsText: string;
  if (press === '+') {
    key = '+';
    modsText = '';
  } else if (press.endsWith('++') && press.length > 2) {
    key = '+';
    modsText = press.slice(0, -2);
  } else {
    const plus = press.lastIndexOf('+');
    // tinykeys splits only at a '+' after a word, so '+k' or '++' would be one unmatchable key.
    if (plus === 0 || press === '++') throw new KeyBindingError(binding, `'${press}' starts with '+'`);
    key = press.slice(plus + 1);
    modsText = plus === -1 ? '' : press.slice(0, plus);
    if (key === '') throw new KeyBindingError(binding, `'${press}' ends without a key`);
  }
  const mods: (Modifier | '$mod')[] = [];
  for (const mod of modsText === '' ? [] : modsText.split('+')) {
    if (mod !== '$mod' && !MODIFIERS.includes(mod as Modifier)) {
      throw new KeyBindingError(binding, `unknown modifier '${mod}' (use $mod, Control, Alt, Shift or Meta)`);
    }
    if (mods.includes(mod as Modifier | '$mod')) throw new KeyBindingError(binding, `modifier '${mod}' repeats`);
    mods.push(mod as Modifier | '$mod');
  }
  mods.sort((a, b) => MOD_ORDER[a] - MOD_ORDER[b]);
  return { mods, key: parseKey(binding, key) };
}

/** Parses a binding (`$mod+k`, `Shift+x`, `g g`, `Control+Alt+Delete`); throws KeyBindingError. */
export function parseKeys(binding: string): KeyPress[] {
  if (binding.trim() === '') throw new KeyBindingError(binding, 'empty');
  if (binding !== binding.trim()) throw new KeyBindingError(binding, 'leading or trailing space');
  // tinykeys splits on single spaces, so a double space would be an empty press.
  const presses = binding.split(' ');
  if (presses.includes('')) throw new KeyBindingError(binding, 'presses are separated by exactly one space');
  return presses.map((press) => parsePress(binding, press));
}

function resolveMods(press: KeyPress, platform: Platform): Modifier[] {
  const mac = platform === 'mac' ? 'Meta' : 'Control';
  const mods = new Set<Modifier>(press.mods.map((mod) => (mod === '$mod' ? mac : mod)));
  return MODIFIERS.filter((mod) => mods.has(mod));
}

/** One spelling per binding on a platform (`$mod` resolved, modifiers ordered, key canonical). */
export function normalizeKeys(binding: string, platform: Platform): string {
  return parseKeys(binding)
    .map((press) => [...resolveMods(press, platform), press.key].join('+'))
    .join(' ');
}

const MAC_MODS: Record<Modifier, string> = { Control: '⌃', Alt: '⌥', Shift: '⇧', Meta: '⌘' };
const OTHER_MODS: Record<Modifier, string> = { Control: 'Ctrl', Alt: 'Alt', Shift: 'Shift', Meta: 'Meta' };
const KEY_GLYPHS: Record<string, string> = {
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  Escape: 'Esc',
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  Semicolon: ';',
  Quote: "'",
  Backquote: '`',
  Comma: ',',
  Period: '.',
  Slash: '/',
};
const MAC_KEYS: Record<string, string> = { Enter: '↩', Backspace: '⌫', Delete: '⌦', Tab: '⇥', Escape: '⎋' };

function keyLabel(key: string, platform: Platform, labels: Readonly<Record<string, string>>): string {
  if (labels[key] !== undefined) return labels[key];
  if (key in MAC_MODS) return platform === 'mac' ? MAC_MODS[key as Modifier] : OTHER_MODS[key as Modifier];
  if (platform === 'mac' && MAC_KEYS[key] !== undefined) return MAC_KEYS[key];
  if (KEY_GLYPHS[key] !== undefined) return KEY_GLYPHS[key];
  const code = /^(?:Key|Digit)(.)$/.exec(key);
  if (code) return code[1];
  if (key.startsWith('Numpad')) return `Num ${KEY_GLYPHS[key.slice(6)] ?? key.slice(6)}`;
  return [...key].length === 1 ? key.toUpperCase() : key;
}

/**
 * A binding for display: `⌘K` / `⇧⌘P` on mac, `Ctrl+K` / `Ctrl+Shift+P` elsewhere, presses of a chord
 * separated by a space. `labels` overrides names by canonical key (e.g. `{ Control: 'Strg' }` in German).
 */
export function formatKeys(binding: string, platform: Platform, labels: Readonly<Record<string, string>> = {}): string {
  return parseKeys(binding)
    .map((press) => {
      const mods = resolveMods(press, platform).map((mod) => keyLabel(mod, platform, labels));
      // Apple's menus list modifiers as ⌃⌥⇧⌘ with no separator.
      const parts = [...mods, keyLabel(press.key, platform, labels)];
      return platform === 'mac' ? parts.join('') : parts.join('+');
    })
    .join(' ');
}
