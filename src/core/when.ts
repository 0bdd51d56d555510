import type { ContextKeys } from './contracts.js';
import { hasRole, type Role } from './roles.js';

/**
 * Typed builders for a command's `when` (typed helpers, never free strings): palette, menus and keys evaluate the same
 * predicate, and the help pane reads its description instead of a free string copied between entries.
 */

/** A `when` predicate that can explain itself. */
export interface When {
  (context: ContextKeys): boolean;
  /** Expression-like text for the help pane, e.g. `role >= DATA_CURATOR && selectionCount >= 1`. */
  readonly description: string;
  describe(): string;
  /**
   * A role every passing context has at least; null when the predicate needs no login. Lets the
   * "who may do what" table list commands without knowing the other context keys.
   */
  readonly minRole: Role | null;
  /**
   * A condition on the focused pane that every passing context meets, or null when the predicate says
   * nothing about the pane. The keymap uses it to tell that two bindings of one key can never be
   * enabled at the same moment (a table key in two different pane types).
   */
  readonly scope: PaneScope | null;
}

/** What a scope may know of the focused pane: its type and its kind (e.g. every table pane is 'table'). */
export interface PaneFacts {
  readonly type: string;
  readonly kind: string | null;
}

/** A necessary condition on the focused pane (null = no pane focused), with the constants it compares. */
export interface PaneScope {
  test(pane: PaneFacts | null): boolean;
  /** Pane types and kinds the test compares with: enough to enumerate every distinguishable pane. */
  readonly types: readonly string[];
  readonly kinds: readonly string[];
}

/** The keys core publishes; plugin keys are namespaced `domain.key`. */
export type CoreContextKey = 'authMode' | 'role' | 'focusedPane' | 'focusedPaneKind' | 'selectionCount';
export type PluginContextKey = `${string}.${string}`;
export type ContextValue = string | number | boolean | null;

const CORE_KEYS: ReadonlySet<string> = new Set<CoreContextKey>([
  'authMode',
  'role',
  'focusedPane',
  'focusedPaneKind',
  'selectionCount',
]);
const RANK: Record<Role, number> = { AUTH_USER: 1, DATA_CURATOR: 2, ADMIN: 3 };

// Binding strength of a description, so composites add parentheses only where needed.
const NAME = 4;
const COMPARE = 3;
const NOT = 2;
const AND = 1;
const OR = 0;
const strength = new WeakMap<When, number>();

function make(
  description: string,
  level: number,
  minRole: Role | null,
  test: (context: ContextKeys) => boolean,
  scope: PaneScope | null = null,
): When {
  const when = Object.assign((context: ContextKeys) => test(context), {
    description,
    describe: () => description,
    minRole,
    scope,
  });
  Object.freeze(when);
  strength.set(when, level);
  return when;
}

function wrap(part: When, level: number): string {
  return (strength.get(part) ?? COMPARE) < level ? `(${part.description})` : part.description;
}

function isWhen(value: unknown): value is When {
  return typeof value === 'function' && strength.has(value as When);
}

function requireParts(name: string, parts: readonly When[]): void {
  if (parts.length === 0) throw new TypeError(`${name}() needs at least one predicate`);
  for (const part of parts) {
    if (!isWhen(part)) throw new TypeError(`${name}() takes predicates built with core/when, got ${typeof part}`);
  }
}

/** The caller's role is `role` or stronger (a stronger role passes a weaker role's check). */
export function roleAtLeast(role: Role): When {
  if (!(role in RANK)) throw new TypeError(`Unknown role: ${String(role)}`);
  return make(`role >= ${role}`, COMPARE, role, (context) => hasRole(context.role ?? 'UNKNOWN', role));
}

/** Someone is logged in. */
export const loggedIn: When = make('loggedIn', NAME, 'AUTH_USER', (context) => context.role !== null);

/** The focused pane is of this type. */
export function paneFocused(typeId: string): When {
  if (typeId === '') throw new TypeError('paneFocused() needs a pane type id');
  const scope: PaneScope = { test: (pane) => pane?.type === typeId, types: [typeId], kinds: [] };
  return make(
    `focusedPane == ${JSON.stringify(typeId)}`,
    COMPARE,
    null,
    (context) => context.focusedPane === typeId,
    scope,
  );
}

/** The focused pane is of this kind (a pane type declares its kind, e.g. every table pane is 'table'). */
export function paneKindFocused(kind: string): When {
  if (kind === '') throw new TypeError('paneKindFocused() needs a kind');
  const scope: PaneScope = { test: (pane) => pane?.kind === kind, types: [], kinds: [kind] };
  return make(
    `focusedPaneKind == ${JSON.stringify(kind)}`,
    COMPARE,
    null,
    (context) => context.focusedPaneKind === kind,
    scope,
  );
}

function mentions(scopes: readonly PaneScope[]): Pick<PaneScope, 'types' | 'kinds'> {
  return {
    types: [...new Set(scopes.flatMap((scope) => scope.types))],
    kinds: [...new Set(scopes.flatMap((scope) => scope.kinds))],
  };
}

/** Between `min` and `max` (inclusive) items are selected in the focused pane; no `max` = no upper bound. */
export function selection(min: number, max?: number): When {
  if (!Number.isInteger(min) || min < 0)
    throw new RangeError(`selection(): min must be a whole number ≥ 0, got ${min}`);
  if (max !== undefined && (!Number.isInteger(max) || max < min)) {
    throw new RangeError(`selection(): max must be a whole number ≥ min (${min}), got ${max}`);
  }
  if (max === undefined) {
    return make(`selectionCount >= ${min}`, COMPARE, null, (context) => context.selectionCount >= min);
  }
  const description = min === max ? `selectionCount == ${min}` : `selectionCount in ${min}..${max}`;
  return make(description, COMPARE, null, (context) => context.selectionCount >= min && context.selectionCount <= max);
}

/** A context key equals a value. Core keys are typed; plugin keys must be namespaced `domain.key`. */
export function contextKey<K extends CoreContextKey>(name: K, value: ContextKeys[K]): When;
export function contextKey(name: PluginContextKey, value: ContextValue): When;
export function contextKey(name: string, value: unknown): When {
  if (!CORE_KEYS.has(name) && !/^[^.]+\.[^.]/.test(name)) {
    throw new TypeError(`contextKey(): '${name}' is neither a core key nor a namespaced plugin key (domain.key)`);
  }
  // A role equality implies that role; the others say nothing about the caller.
  const minRole = name === 'role' && typeof value === 'string' && value in RANK ? (value as Role) : null;
  return make(`${name} == ${JSON.stringify(value)}`, COMPARE, minRole, (context) => context[name] === value);
}

/** All parts pass (short-circuits in order). */
export function and(...parts: When[]): When {
  requireParts('and', parts);
  if (parts.length === 1) return parts[0];
  let minRole: Role | null = null;
  for (const part of parts) {
    if (part.minRole !== null && (minRole === null || RANK[part.minRole] > RANK[minRole])) minRole = part.minRole;
  }
  const description = parts.map((part) => wrap(part, AND)).join(' && ');
  // Every part must pass, so each part's pane condition holds: together they are one condition.
  const scoped = parts.flatMap((part) => (part.scope ? [part.scope] : []));
  const scope: PaneScope | null =
    scoped.length === 0 ? null : { test: (pane) => scoped.every((s) => s.test(pane)), ...mentions(scoped) };
  return make(description, AND, minRole, (context) => parts.every((part) => part(context)), scope);
}

/** Any part passes (short-circuits in order). */
export function or(...parts: When[]): When {
  requireParts('or', parts);
  if (parts.length === 1) return parts[0];
  // Only a bound every branch shares holds for the whole.
  let minRole: Role | null = parts[0].minRole;
  for (const part of parts) {
    if (part.minRole === null || minRole === null) minRole = null;
    else if (RANK[part.minRole] < RANK[minRole]) minRole = part.minRole;
  }
  const description = parts.map((part) => wrap(part, OR)).join(' || ');
  // Some part passes, so one of their pane conditions holds; a part without one says nothing.
  const scoped = parts.flatMap((part) => (part.scope ? [part.scope] : []));
  const scope: PaneScope | null =
    scoped.length < parts.length ? null : { test: (pane) => scoped.some((s) => s.test(pane)), ...mentions(scoped) };
  return make(description, OR, minRole, (context) => parts.some((part) => part(context)), scope);
}

/** The part fails. */
export function not(part: When): When {
  requireParts('not', [part]);
  // `!role >= ADMIN` would misread, so only names and negations go bare.
  const bare = strength.get(part) === NAME || strength.get(part) === NOT;
  return make(`!${bare ? part.description : `(${part.description})`}`, NOT, null, (context) => !part(context));
}

/**
 * A condition the helpers above can't express (e.g. a plugin key compared with `>`). The description
 * is required so the help pane still has something to show; `minRole` only if the test implies it.
 */
export function predicate(
  description: string,
  test: (context: ContextKeys) => boolean,
  minRole: Role | null = null,
): When {
  if (description.trim() === '') throw new TypeError('predicate() needs a description');
  return make(description, COMPARE, minRole, test);
}

/** Description of any `when`, including plain functions that were not built here. */
export function describeWhen(when: ((context: ContextKeys) => boolean) | undefined): string | null {
  if (when === undefined) return null;
  if (isWhen(when)) return when.description;
  // `{ when: () => … }` names the arrow 'when', which says nothing.
  return when.name && when.name !== 'when' ? `custom: ${when.name}` : 'custom';
}

/** The pane condition a `when` is known to need, or null (plain functions say nothing). */
export function scopeOf(when: ((context: ContextKeys) => boolean) | undefined): PaneScope | null {
  return when !== undefined && isWhen(when) ? when.scope : null;
}

/** The role a `when` is known to require, or null. */
export function minRoleOf(when: ((context: ContextKeys) => boolean) | undefined): Role | null {
  return when !== undefined && isWhen(when) ? when.minRole : null;
}
