/**
 * Key bindings as declarative strings in tinykeys syntax (STYLE §7): parsed and checked here, shown in
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

export type KeyLayer = 'core' | 'plugin' | 'user';
const LAYER_RANK: Record<KeyLayer, number> = { core: 0, plugin: 1, user: 2 };

export interface KeyBinding {
  keys: string;
  command: string;
  layer: KeyLayer;
  /** Who declared it (plugin id, `user`), for the help pane and conflict reports. */
  source?: string;
  /** False removes this key→command pair from the layers below (a user unbinding a default). */
  enabled?: boolean;
}

export type BindingStatus = 'active' | 'overridden' | 'conflict' | 'removed' | 'remover';

export interface ResolvedBinding {
  readonly binding: KeyBinding;
  /** The normalized keys on this keymap's platform. */
  readonly keys: string;
  readonly status: BindingStatus;
}

/** Two bindings where one silently winning would surprise someone, so it is reported. */
export type KeyConflict =
  /** One layer binds one key to two commands: the first registered is kept. */
  | { kind: 'same-key'; keys: string; layer: KeyLayer; kept: KeyBinding; shadowed: KeyBinding }
  /** A key is also the start of a chord (`g` and `g g`): both stay, and both fire. */
  | { kind: 'prefix'; keys: string; chordKeys: string; prefix: KeyBinding; chord: KeyBinding };

export interface Keymap {
  /** Adds bindings (validated; throws KeyBindingError naming the command); returns a disposer. */
  add(...bindings: KeyBinding[]): () => void;
  /** Normalized key → command id, for tinykeys. */
  resolve(): Record<string, string>;
  /** Every binding with its fate, for the help pane. */
  bindings(): ResolvedBinding[];
  /** The normalized keys that currently run a command. */
  keysOf(command: string): string[];
  conflicts(): KeyConflict[];
  /** Called after every change, so the shell can rebind tinykeys. */
  subscribe(listener: () => void): () => void;
}

export interface KeymapOptions {
  platform: Platform;
  /** Called once for each conflict when it arises; default logs a warning. */
  onConflict?: (conflict: KeyConflict) => void;
}

interface Entry {
  readonly binding: KeyBinding;
  readonly keys: string;
  readonly presses: readonly string[];
}

function conflictId(conflict: KeyConflict): string {
  return conflict.kind === 'same-key'
    ? `same|${conflict.layer}|${conflict.keys}|${conflict.kept.command}|${conflict.shadowed.command}`
    : `prefix|${conflict.keys}|${conflict.chordKeys}|${conflict.prefix.command}|${conflict.chord.command}`;
}

// A failing listener must not leave the keymap half-updated or starve the others.
function safely(call: () => void): void {
  try {
    call();
  } catch (error) {
    console.error('Keymap listener failed', error);
  }
}

function describeConflict(conflict: KeyConflict): string {
  const who = (binding: KeyBinding) => `${binding.command} (${binding.source ?? binding.layer})`;
  return conflict.kind === 'same-key'
    ? `Key conflict on '${conflict.keys}' in the ${conflict.layer} layer: ${who(conflict.kept)} is kept, ${who(conflict.shadowed)} is not bound`
    : `Key conflict: '${conflict.keys}' runs ${who(conflict.prefix)} and also starts '${conflict.chordKeys}' of ${who(conflict.chord)}`;
}

export function createKeymap(options: KeymapOptions): Keymap {
  const { platform } = options;
  const onConflict = options.onConflict ?? ((conflict: KeyConflict) => console.warn(describeConflict(conflict)));
  let entries: Entry[] = [];
  const listeners = new Set<() => void>();
  let reported = new Set<string>();

  function removedBy(entry: Entry): Entry | undefined {
    return entries.find(
      (other) =>
        other.binding.enabled === false &&
        other.keys === entry.keys &&
        other.binding.command === entry.binding.command &&
        LAYER_RANK[other.binding.layer] > LAYER_RANK[entry.binding.layer],
    );
  }

  // Each key's winner: the highest layer's first live binding.
  function winners(): Map<string, Entry> {
    const won = new Map<string, Entry>();
    for (const entry of entries) {
      if (entry.binding.enabled === false || removedBy(entry)) continue;
      const current = won.get(entry.keys);
      if (!current || LAYER_RANK[entry.binding.layer] > LAYER_RANK[current.binding.layer]) won.set(entry.keys, entry);
    }
    return won;
  }

  function computeConflicts(): KeyConflict[] {
    const found: KeyConflict[] = [];
    const firsts = new Map<string, Entry>();
    for (const entry of entries) {
      if (entry.binding.enabled === false || removedBy(entry)) continue;
      const slot = `${entry.binding.layer}|${entry.keys}`;
      const first = firsts.get(slot);
      if (!first) firsts.set(slot, entry);
      else if (first.binding.command !== entry.binding.command) {
        found.push({
          kind: 'same-key',
          keys: entry.keys,
          layer: entry.binding.layer,
          kept: first.binding,
          shadowed: entry.binding,
        });
      }
    }
    const live = [...winners().values()];
    for (const short of live) {
      for (const long of live) {
        const isPrefix =
          short.presses.length < long.presses.length && short.presses.every((press, i) => press === long.presses[i]);
        if (isPrefix)
          found.push({
            kind: 'prefix',
            keys: short.keys,
            chordKeys: long.keys,
            prefix: short.binding,
            chord: long.binding,
          });
      }
    }
    return found;
  }

  function changed(): void {
    const now = new Set<string>();
    for (const conflict of computeConflicts()) {
      const id = conflictId(conflict);
      now.add(id);
      if (!reported.has(id)) safely(() => onConflict(conflict));
    }
    // Forget resolved conflicts, so one that comes back is reported again.
    reported = now;
    for (const listener of [...listeners]) safely(listener);
  }

  return {
    add(...bindings) {
      const added = bindings.map((binding): Entry => {
        if (!(binding.layer in LAYER_RANK))
          throw new Error(`Key binding for '${binding.command}' has an unknown layer '${binding.layer}'`);
        if (binding.command === '') throw new Error(`Key binding '${binding.keys}' names no command`);
        let keys: string;
        try {
          keys = normalizeKeys(binding.keys, platform);
        } catch (error) {
          if (error instanceof KeyBindingError) {
            throw new KeyBindingError(binding.keys, `${error.reason} (command ${binding.command})`);
          }
          throw error;
        }
        // Copied so a caller mutating its object later cannot move a resolved binding.
        return { binding: { ...binding }, keys, presses: keys.split(' ') };
      });
      entries = [...entries, ...added];
      changed();
      let disposed = false;
      return () => {
        if (disposed) return;
        disposed = true;
        entries = entries.filter((entry) => !added.includes(entry));
        changed();
      };
    },
    resolve() {
      const map: Record<string, string> = {};
      for (const [keys, entry] of winners()) map[keys] = entry.binding.command;
      return map;
    },
    bindings() {
      const won = winners();
      const conflicts = computeConflicts();
      return entries.map((entry): ResolvedBinding => {
        let status: BindingStatus;
        if (entry.binding.enabled === false) status = 'remover';
        else if (removedBy(entry)) status = 'removed';
        else if (won.get(entry.keys)?.binding.command === entry.binding.command) status = 'active';
        else if (conflicts.some((c) => c.kind === 'same-key' && c.shadowed === entry.binding)) status = 'conflict';
        else status = 'overridden';
        return { binding: entry.binding, keys: entry.keys, status };
      });
    },
    keysOf(command) {
      return [...winners()].filter(([, entry]) => entry.binding.command === command).map(([keys]) => keys);
    },
    conflicts: computeConflicts,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The bindings a list of commands declares, for one layer. */
export function bindingsOf(
  commands: readonly { id: string; keys?: readonly string[] }[],
  layer: KeyLayer,
  source?: string,
): KeyBinding[] {
  return commands.flatMap((command) =>
    (command.keys ?? []).map((keys) => ({ keys, command: command.id, layer, source })),
  );
}
