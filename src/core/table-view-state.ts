import type { TableRequest } from './api-client.js';
import type { Filter } from './table-request.js';
import { isComparator } from './table-filters.js';

/**
 * A table pane's view state (what goes into the URL's layout) and the request it makes. Reading is
 * defensive: a hand-edited or old link must never break the pane, so bad parts fall back to defaults.
 */
export interface TableViewState {
  filters: Filter[];
  orderBy: string | null;
  ascending: boolean;
  page: number;
  /** The row under the cursor, 0-based on the page: a shared link comes back on the same row. */
  cursor: number;
}

export const DEFAULT_VIEW: TableViewState = { filters: [], orderBy: null, ascending: true, page: 1, cursor: 0 };

export function readViewState(raw: unknown): TableViewState {
  if (typeof raw !== 'object' || raw === null) return { ...DEFAULT_VIEW };
  const record = raw as Record<string, unknown>;
  const filters = Array.isArray(record.filters)
    ? record.filters.filter(isFilter)
    : [];
  const page = typeof record.page === 'number' && Number.isInteger(record.page) && record.page >= 1 ? record.page : 1;
  const orderBy = typeof record.orderBy === 'string' && record.orderBy !== '' ? record.orderBy : null;
  const ascending = record.ascending !== false;
  const cursor = typeof record.cursor === 'number' && Number.isInteger(record.cursor) && record.cursor >= 0 ? record.cursor : 0;
  return { filters, orderBy, ascending, page, cursor };
}

const SCALAR = new Set(['string', 'number', 'boolean']);

/** The Filter shape checked by hand: arktype would add its weight to the table's chunk for one check. */
function isFilter(value: unknown): value is Filter {
  if (typeof value !== 'object' || value === null) return false;
  const f = value as Record<string, unknown>;
  if (typeof f.column !== 'string' || !isComparator(f.comparator)) return false;
  if (f.operator !== undefined && f.operator !== null && !['and', 'or', 'AND', 'OR'].includes(String(f.operator))) return false;
  if (f.values === undefined || f.values === null) return true;
  return Array.isArray(f.values) && f.values.every((v) => v === null || SCALAR.has(typeof v));
}

/** The view state as stored: defaults left out so links stay short. */
export function writeViewState(view: TableViewState): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (view.filters.length > 0) out.filters = view.filters;
  if (view.orderBy !== null) {
    out.orderBy = view.orderBy;
    out.ascending = view.ascending;
  }
  if (view.page !== 1) out.page = view.page;
  if (view.cursor !== 0) out.cursor = view.cursor;
  return out;
}

/** The request for a page. `prevCount` lets the server skip counting again while only the page changes. */
export function toRequest(view: TableViewState, limit: number, prevCount: number): TableRequest {
  return {
    page: view.page,
    limit,
    prevCount,
    orderBy: view.orderBy,
    ascending: view.orderBy === null ? null : view.ascending ? 1 : 0,
    filter: view.filters.length > 0 ? view.filters : null,
  };
}

/** Clicking a header: a new column sorts ascending, the same column flips; back to page 1, first row. */
export function sortBy(view: TableViewState, column: string): TableViewState {
  const ascending = view.orderBy === column ? !view.ascending : true;
  return { ...view, orderBy: column, ascending, page: 1, cursor: 0 };
}

export function pageCount(count: number, perPage: number): number {
  return Math.max(1, Math.ceil(Math.max(0, count) / perPage));
}

/** A page jump is a whole number between 1 and the last page. */
export function validPage(text: string, maxPage: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const page = Number(text);
  return page >= 1 && page <= maxPage ? page : null;
}
