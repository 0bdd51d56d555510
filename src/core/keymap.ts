import type { ContextKeys } from './contracts.js';
import { KeyBindingError, normalizeKeys, type Platform } from './key-parse.js';
import { scopeOf, type PaneFacts } from './when.js';

/**
 * The keymap: bindings in layers (core < plugin < user), each with its command's `when`, so one key can
 * run different commands in different panes. The shell tries a key's candidates in order and runs the
 * first enabled one; two bindings that may be enabled at the same moment are a reported conflict.
 */

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
  /**
   * The command's `when`. One key may run different commands in different panes: bindings whose `when`
   * can never pass together (different pane types) share the key without a conflict.
   */
  when?: (context: ContextKeys) => boolean;
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
  /**
   * One layer binds one key to two commands that may be enabled at the same moment: at run time the
   * first registered of the enabled ones runs.
   */
  | { kind: 'same-key'; keys: string; layer: KeyLayer; kept: KeyBinding; shadowed: KeyBinding }
  /** A key is also the start of a chord (`g` and `g g`): both stay, and both fire. */
  | { kind: 'prefix'; keys: string; chordKeys: string; prefix: KeyBinding; chord: KeyBinding };

export interface Keymap {
  /** Adds bindings (validated; throws KeyBindingError naming the command); returns a disposer. */
  add(...bindings: KeyBinding[]): () => void;
  /** Normalized key → the command it runs when every candidate is enabled (the first candidate). */
  resolve(): Record<string, string>;
  /**
   * Normalized key → every command it may run, in the order they are tried: higher layer first, then
   * registration order. The shell runs the first whose `when` passes now.
   */
  candidates(): Record<string, string[]>;
  /** Every binding with its fate, for the help pane. */
  bindings(): ResolvedBinding[];
  /** The normalized keys that may run a command (in the panes where its `when` passes). */
  keysOf(command: string): string[];
  conflicts(): KeyConflict[];
  /** Called after every change, so the shell can rebind tinykeys. */
  subscribe(listener: () => void): () => void;
}

export interface KeymapOptions {
  platform: Platform;
  /** Called once for each conflict when it arises; default logs a warning. */
  onConflict?: (conflict: KeyConflict) => void;
  /** The registered pane types and their kinds, so `when` scopes can be compared; default none. */
  panes?: () => readonly PaneFacts[];
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
    ? `Key conflict on '${conflict.keys}' in the ${conflict.layer} layer: ${who(conflict.kept)} and ${who(conflict.shadowed)} may be enabled together; the first enabled one runs`
    : `Key conflict: '${conflict.keys}' runs ${who(conflict.prefix)} and also starts '${conflict.chordKeys}' of ${who(conflict.chord)}`;
}

/**
 * Whether two `when`s can never pass at the same moment. Only pane scopes are compared (the focused
 * pane is one pane): every distinguishable focused pane is tried, which is every registered pane type
 * with its kind, plus an unregistered one of each type and kind the scopes name, plus none. Anything
 * else (no `when`, a plain function, a condition on role or selection) cannot be told apart, so it
 * counts as possibly together and a shared key is reported.
 */
export function neverTogether(
  a: ((context: ContextKeys) => boolean) | undefined,
  b: ((context: ContextKeys) => boolean) | undefined,
  panes: readonly PaneFacts[],
): boolean {
  const first = scopeOf(a);
  const second = scopeOf(b);
  if (first === null || second === null) return false;
  const known = new Set(panes.map((pane) => pane.type));
  const kinds = [null, ...new Set([...first.kinds, ...second.kinds])];
  const unknownTypes = [...new Set([...first.types, ...second.types, '\u0000other'])].filter((type) => !known.has(type));
  const tried: (PaneFacts | null)[] = [
    null,
    ...panes,
    ...unknownTypes.flatMap((type) => kinds.map((kind) => ({ type, kind }))),
  ];
  return !tried.some((pane) => first.test(pane) && second.test(pane));
}

export function createKeymap(options: KeymapOptions): Keymap {
  const { platform } = options;
  const onConflict = options.onConflict ?? ((conflict: KeyConflict) => console.warn(describeConflict(conflict)));
  const panes = options.panes ?? (() => []);
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

  // The bindings that can run, per key, in the order they are tried: higher layer, then first added.
  function live(): Map<string, Entry[]> {
    const byKey = new Map<string, Entry[]>();
    for (const entry of entries) {
      if (entry.binding.enabled === false || removedBy(entry)) continue;
      byKey.set(entry.keys, [...(byKey.get(entry.keys) ?? []), entry]);
    }
    for (const list of byKey.values()) {
      list.sort((a, b) => LAYER_RANK[b.binding.layer] - LAYER_RANK[a.binding.layer]);
    }
    return byKey;
  }

  // What happens to each live binding: an earlier candidate that may be enabled with it hides it.
  function fates(): Map<Entry, { status: BindingStatus; by?: Entry }> {
    const known = panes();
    const fate = new Map<Entry, { status: BindingStatus; by?: Entry }>();
    for (const list of live().values()) {
      list.forEach((entry, index) => {
        const before = list.slice(0, index).find(
          (other) => fate.get(other)?.status !== 'overridden' && !neverTogether(other.binding.when, entry.binding.when, known),
        );
        if (!before) fate.set(entry, { status: 'active' });
        else if (before.binding.layer !== entry.binding.layer) fate.set(entry, { status: 'overridden', by: before });
        else if (before.binding.command === entry.binding.command) fate.set(entry, { status: 'active' });
        else fate.set(entry, { status: 'conflict', by: before });
      });
    }
    return fate;
  }

  function computeConflicts(): KeyConflict[] {
    const found: KeyConflict[] = [];
    const fate = fates();
    for (const [entry, { status, by }] of fate) {
      if (status === 'conflict' && by) {
        found.push({ kind: 'same-key', keys: entry.keys, layer: entry.binding.layer, kept: by.binding, shadowed: entry.binding });
      }
    }
    const known = panes();
    const running = [...fate].filter(([, { status }]) => status === 'active').map(([entry]) => entry);
    for (const short of running) {
      for (const long of running) {
        const isPrefix =
          short.presses.length < long.presses.length && short.presses.every((press, i) => press === long.presses[i]);
        if (isPrefix && !neverTogether(short.binding.when, long.binding.when, known))
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

  function candidates(): Record<string, string[]> {
    const fate = fates();
    const map: Record<string, string[]> = {};
    for (const [keys, list] of live()) {
      const commands = list.filter((entry) => fate.get(entry)?.status !== 'overridden').map((e) => e.binding.command);
      map[keys] = [...new Set(commands)];
    }
    return map;
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
      for (const [keys, commands] of Object.entries(candidates())) map[keys] = commands[0];
      return map;
    },
    candidates,
    bindings() {
      const fate = fates();
      return entries.map((entry): ResolvedBinding => {
        let status: BindingStatus;
        if (entry.binding.enabled === false) status = 'remover';
        else if (removedBy(entry)) status = 'removed';
        else status = fate.get(entry)?.status ?? 'overridden';
        return { binding: entry.binding, keys: entry.keys, status };
      });
    },
    keysOf(command) {
      const fate = fates();
      const keys = entries
        .filter((entry) => entry.binding.command === command)
        .filter((entry) => ['active', 'conflict'].includes(fate.get(entry)?.status ?? ''))
        .map((entry) => entry.keys);
      return [...new Set(keys)];
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

/** The bindings a list of commands declares, for one layer, each with its command's `when`. */
export function bindingsOf(
  commands: readonly { id: string; keys?: readonly string[]; when?: (context: ContextKeys) => boolean }[],
  layer: KeyLayer,
  source?: string,
): KeyBinding[] {
  return commands.flatMap((command) =>
    (command.keys ?? []).map((keys) => ({
      keys,
      command: command.id,
      layer,
      source,
      ...(command.when ? { when: command.when } : {}),
    })),
  );
}
