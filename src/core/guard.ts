import type { PaneInstance, PaneTypeSpec } from './contracts.js';
import { replacePane, leaves, type Layout } from './layout.js';
import { hasRole, type AuthMode, type Role } from './roles.js';

/**
 * The navigation guard (hidden pages are not found; FULL sends anonymous visitors to login; a
 * too-weak role is forbidden), applied to every pane of a layout
 * rather than to one path. Pure: the caller routes, remembers the login target and shows the panes.
 */

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'notFound' }
  | { kind: 'login' }
  | { kind: 'forbidden' };

export interface GuardInput {
  authMode: AuthMode;
  /** Germinate route names from the server settings (`hiddenPages`). */
  hiddenPages: readonly string[];
  /** The caller's role, or null when not logged in. */
  role: Role | null;
  pane: PaneTypeSpec;
}

/**
 * Pages the guard always lets through, by Germinate route name: the login and setup pages (where a
 * refused visitor is sent, and which must work before anyone can log in) and the 403 / 404 pages
 * (where refusals land; hiding them would leave nowhere to go). The original guarded none of these
 * but let hiddenPages hide them; we don't.
 */
export const UNGUARDED_PAGES: readonly string[] = ['login', 'setup', '403', '404'];

/** Pane types that stand in for refused panes; their pageNames are in UNGUARDED_PAGES. */
export const FORBIDDEN_PANE_TYPE = 'core:forbidden';
export const NOT_FOUND_PANE_TYPE = 'core:not-found';

const ALLOW: GuardDecision = { kind: 'allow' };

export function guardPane({ authMode, hiddenPages, role, pane }: GuardInput): GuardDecision {
  if (UNGUARDED_PAGES.includes(pane.pageName)) return ALLOW;
  if (pane.hideable !== false && hiddenPages.includes(pane.pageName)) return { kind: 'notFound' };
  if (authMode === 'FULL' && role === null) return { kind: 'login' };
  if (pane.minRole) {
    // NONE has no logins, so no one holds a role there, whatever the caller passes.
    const effective = authMode === 'NONE' ? null : role;
    if (effective === null || !hasRole(effective, pane.minRole)) return { kind: 'forbidden' };
  }
  return ALLOW;
}

export interface LayoutGuardInput {
  authMode: AuthMode;
  hiddenPages: readonly string[];
  role: Role | null;
  layout: Layout;
  /** The registered pane type behind an id; undefined for an unknown type (shown as 404). */
  paneType: (typeId: string) => PaneTypeSpec | undefined;
}

export type LayoutGuardResult =
  /** The layout to show: refused panes replaced in place; `refused` lists their keys. */
  | { kind: 'layout'; layout: Layout; refused: string[] }
  /** FULL without a login: log in first, then come back to `target` (the layout as asked). */
  | { kind: 'login'; target: Layout };

/**
 * Guards every leaf. A refused pane becomes a 403 / 404 pane under the same key (so the tree keeps
 * its shape and focus) that carries the refused instance in its state, so it can name what was
 * refused and be restored after a login. Returns the input layout itself when nothing is refused.
 */
export function guardLayout(input: LayoutGuardInput): LayoutGuardResult {
  const { layout } = input;
  let guarded = layout;
  const refused: string[] = [];
  for (const key of leaves(layout.root)) {
    const instance = layout.panes[key];
    const pane = input.paneType(instance.type);
    const decision: GuardDecision = pane ? guardPane({ ...input, pane }) : { kind: 'notFound' };
    if (decision.kind === 'allow') continue;
    if (decision.kind === 'login') return { kind: 'login', target: layout };
    const type = decision.kind === 'forbidden' ? FORBIDDEN_PANE_TYPE : NOT_FOUND_PANE_TYPE;
    guarded = replacePane(guarded, key, refusal(type, instance));
    refused.push(key);
  }
  return { kind: 'layout', layout: guarded, refused };
}

function refusal(type: string, refused: PaneInstance): PaneInstance {
  const kept: Record<string, unknown> = { type: refused.type, params: refused.params };
  if (refused.state !== undefined) kept.state = refused.state;
  return { type, params: {}, state: { refused: kept } };
}
