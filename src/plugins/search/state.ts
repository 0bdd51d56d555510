import type { Filter } from '../../core/table-request.js';
import { SEARCH_TYPES, type SearchSection, type SearchType } from './sections.js';
import { searchFilters } from './term.js';

/**
 * The search pane's state (in the URL's layout; the term itself is the route's `searchTerm`): the search
 * type, the open section, and each section's table view. A section's table starts with the search as its
 * filters, editable as in Germinate (a fixed restriction could not be an 'or' group: the server folds filters
 * left to right, so the user's filters before it would let other rows in). They are kept out of the URL
 * while they are the search's own.
 */
export interface SearchPaneState {
  type: SearchType;
  /** The section shown open; null: the first with results; '': none. */
  open: string | null;
  tables: Record<string, Record<string, unknown>>;
}

export function readPaneState(raw: Record<string, unknown> | undefined): SearchPaneState {
  const state = raw ?? {};
  const type = SEARCH_TYPES.find((t) => t === state.type) ?? 'all';
  const open = typeof state.open === 'string' ? state.open : null;
  const tables = typeof state.tables === 'object' && state.tables !== null && !Array.isArray(state.tables) ? (state.tables as Record<string, Record<string, unknown>>) : {};
  return { type, open, tables };
}

export const sectionFilters = (term: string, section: SearchSection): Filter[] => searchFilters(term, section.searchColumns, section.variantColumns);

/** A section's table state: as stored, with the search's filters unless the user changed them. */
export function tableStateOf(stored: Record<string, unknown> | undefined, seeded: Filter[]): Record<string, unknown> {
  if (stored && Array.isArray(stored.filters)) return stored;
  return { ...(stored ?? {}), filters: seeded };
}

/** The state to keep of a section's table: the search's own filters left out, no filters at all written as []. */
export function storedTableState(next: Record<string, unknown>, seeded: Filter[]): Record<string, unknown> {
  if (!Array.isArray(next.filters)) return { ...next, filters: [] };
  if (JSON.stringify(next.filters) === JSON.stringify(seeded)) {
    const { filters: _own, ...rest } = next;
    return rest;
  }
  return next;
}

/** The section shown open: the chosen one while it has rows, else the first with rows (counts in order). */
export function openSection(chosen: string | null, ids: readonly string[], counts: Record<string, number | undefined>): string | null {
  // '' is every section closed by the user.
  if (chosen === '') return null;
  if (chosen !== null && ids.includes(chosen) && (counts[chosen] ?? 0) > 0) return chosen;
  return ids.find((id) => (counts[id] ?? 0) > 0) ?? null;
}
