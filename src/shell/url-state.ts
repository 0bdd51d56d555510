import type { PaneInstance, PaneTypeSpec } from '../core/contracts.js';
import { decodeLayout, encodeLayout } from '../core/layout-codec.js';
import { HOME_PANE, leaves, singlePane, type Layout } from '../core/layout.js';
import { buildPath, legacyHashPath, matchPath, resolveRedirect } from '../core/routes.js';

/**
 * The URL ⇄ layout mapping (the layout lives in the URL, so it can be shared): the path is the focused pane's route and
 * `?layout=` carries the whole tile tree. React-free so it is tested under Node.
 */

export interface LocationInput {
  pathname: string;
  search: string;
  hash?: string;
}

export interface ReadLocation {
  layout: Layout;
  /** Message keys of toasts to show (a broken link, dropped panes). */
  notices: string[];
}

/** The pane a plain path opens; unknown paths open home. */
export function paneForPath(path: string, paneTypes: readonly PaneTypeSpec[]): PaneInstance {
  const match = matchPath(path, paneTypes);
  return match ? { type: match.paneType.id, params: match.params } : HOME_PANE;
}

export function readLocation(location: LocationInput, paneTypes: readonly PaneTypeSpec[]): ReadLocation {
  // Links of the original hash-mode client (`/#/data/germplasm/12`) still open their page.
  const legacy = location.hash ? legacyHashPath(location.hash) : null;
  const full = resolveRedirect(legacy ?? location.pathname + location.search);
  const queryAt = full.indexOf('?');
  const path = queryAt === -1 ? full : full.slice(0, queryAt);
  const query = new URLSearchParams(queryAt === -1 ? '' : full.slice(queryAt));
  const text = query.get('layout');
  const plain = (): Layout => singlePane(paneForPath(path, paneTypes));
  if (text === null) return { layout: plain(), notices: [] };
  const known = (id: string) => paneTypes.some((pane) => pane.id === id);
  const decoded = decodeLayout(text, known);
  if ('error' in decoded) return { layout: plain(), notices: ['layout.linkBroken'] };
  return { layout: decoded.layout, notices: decoded.dropped.length > 0 ? ['layout.panesDropped'] : [] };
}

/** The path of one pane; home when its type or params no longer build a route. */
export function pathOf(instance: PaneInstance, paneType: (id: string) => PaneTypeSpec | undefined): string {
  const spec = paneType(instance.type);
  if (!spec) return '/home';
  try {
    return buildPath(spec.route, instance.params);
  } catch {
    return '/home';
  }
}

/** A single stateless pane needs no `layout=`: its plain path opens it again. */
function needsLayout(layout: Layout): boolean {
  const keys = leaves(layout.root);
  if (keys.length > 1 || layout.maximised) return true;
  const state = layout.panes[keys[0]]?.state;
  return state !== undefined && Object.keys(state).length > 0;
}

export function urlOf(layout: Layout, paneType: (id: string) => PaneTypeSpec | undefined): string {
  const path = pathOf(layout.panes[layout.focused] ?? HOME_PANE, paneType);
  if (!needsLayout(layout)) return path;
  try {
    return `${path}?layout=${encodeLayout(layout)}`;
  } catch {
    // Too big or inconsistent to share: the path still opens the focused pane.
    return path;
  }
}
