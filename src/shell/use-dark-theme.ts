import { useSyncExternalStore } from 'react';

/**
 * Whether the page is dark, for widgets that draw on a canvas (the grid, maps) and so cannot take the
 * page's colours from CSS. The shell sets the root's `data-theme` from the user's choice or the system;
 * the hook follows it as it changes.
 */

function subscribe(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/** Whether the page is dark now (for code outside React, e.g. a command). */
export function pageIsDark(): boolean {
  return document.documentElement.dataset.theme === 'dark';
}

export function useDarkTheme(): boolean {
  return useSyncExternalStore(subscribe, pageIsDark, () => false);
}
