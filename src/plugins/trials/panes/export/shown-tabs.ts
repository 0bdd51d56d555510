import { BASE_TABS, type TabId } from './state.js';

/**
 * The tabs each open trials export page shows, by pane key, for the next/previous tab commands: which
 * optional tabs appear depends on the page's data (plot positions, recording days), which the page has
 * loaded and the commands have not. A page that has not said yet has the base tabs.
 */
const shown = new Map<string, readonly TabId[]>();

export function setShownTabs(paneKey: string, tabs: readonly TabId[]): void {
  shown.set(paneKey, tabs);
}

export function forgetShownTabs(paneKey: string): void {
  shown.delete(paneKey);
}

export function shownTabs(paneKey: string): readonly TabId[] {
  return shown.get(paneKey) ?? BASE_TABS;
}
