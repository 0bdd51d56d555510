import type { Filter } from '../../../../core/table-request.js';
import { withFixed } from '../../../../core/table-filters.js';
import { readViewState, toRequest, type TableViewState } from '../../../../core/table-view-state.js';
import type { TableRequest } from '../../../../core/api-client.js';

/** The server's search column of the traits table: names, short names, synonyms and descriptions in one text. */
export const SEARCH_COLUMN = 'search';

/** The longest search text sent (the server's limit of a filter value). */
export const MAX_SEARCH = 1000;

/** The search box's text as the table's fixed filter: `contains` on the search column; none when blank. */
export function searchFilters(text: string): Filter[] {
  const value = text.trim().slice(0, MAX_SEARCH);
  return value === '' ? [] : [{ column: SEARCH_COLUMN, comparator: 'contains', operator: 'and', values: [value] }];
}

/**
 * The traits pane's view state: the search text, the open dialog, and the table's own state under `table`
 * (the table writes its state whole, so it gets a key of its own and leaves the others alone).
 */
export interface TraitsPaneState {
  search: string;
  table: TableViewState;
  dialog: string | null;
}

export function readTraitsPaneState(state: Record<string, unknown> | undefined): TraitsPaneState {
  return {
    search: typeof state?.search === 'string' ? state.search : '',
    table: readViewState(state?.table),
    dialog: typeof state?.dialog === 'string' ? state.dialog : null,
  };
}

/** The page request the traits table makes for a view state: its filters and the search together. */
export function traitsPageRequest(state: Record<string, unknown> | undefined, perPage: number): TableRequest {
  const pane = readTraitsPaneState(state);
  const filters = withFixed(pane.table.filters, searchFilters(pane.search));
  return toRequest({ ...pane.table, filters }, perPage, -1);
}
