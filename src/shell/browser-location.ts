import { navigate } from 'wouter/use-browser-location';
import type { HistoryLike } from './shell-controller.js';

/**
 * The shell's one door to the browser's address bar. Writes go through wouter's `navigate`, which
 * announces them to wouter's location hooks (the `<Router>` in App re-renders on them), so nothing
 * else in the client calls the History API or reads `window.location` for the workspace.
 */
export const browserHistory: HistoryLike = {
  push: (url) => navigate(url),
  replace: (url) => navigate(url, { replace: true }),
  location: () => ({ pathname: window.location.pathname, search: window.location.search, hash: window.location.hash }),
};

/** The path and query shown now: the target a login returns to and the page a request came from. */
export function currentUrl(): string {
  const here = browserHistory.location();
  return here.pathname + here.search;
}

/** An absolute link to `url` on this origin (the "copy link to this workspace" command). */
export function absoluteUrl(url: string): string {
  return new URL(url, window.location.href).href;
}
