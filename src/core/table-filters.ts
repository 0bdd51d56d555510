import type { Comparator, Filter } from './table-request.js';
import { COMPARATORS } from './table-types.js';

/**
 * The filter modal's rows and how they become the API's filters. Kept apart from the modal so the
 * mapping (value counts per comparator, dropped incomplete rows, And/Or) is tested without a browser.
 */

export type Operator = 'and' | 'or';

/** One line of the filter modal: values are kept as the text the user typed. */
export interface FilterRow {
  column: string;
  comparator: Comparator;
  operator: Operator;
  values: string[];
}

/** How many text inputs a comparator needs; 'many' = one comma-separated list. */
export function valueArity(comparator: Comparator): 0 | 1 | 2 | 'many' {
  switch (comparator) {
    case 'isNull':
    case 'isNotNull':
      return 0;
    case 'between':
      return 2;
    case 'inSet':
      return 'many';
    default:
      return 1;
  }
}

/** A fresh row with as many empty inputs as the comparator takes. */
export function emptyRow(column: string, comparator: Comparator = 'contains'): FilterRow {
  return { column, comparator, operator: 'and', values: inputsFor(comparator, []) };
}

/** Resizes the inputs to the comparator's arity, keeping what was typed. */
export function inputsFor(comparator: Comparator, values: readonly string[]): string[] {
  const arity = valueArity(comparator);
  const count = arity === 'many' ? 1 : arity;
  return Array.from({ length: count }, (_, i) => values[i] ?? '');
}

/** The API filters for the rows: rows missing a column or a needed value are left out. */
export function buildFilters(rows: readonly FilterRow[]): Filter[] {
  const filters: Filter[] = [];
  for (const row of rows) {
    if (!row.column) continue;
    const arity = valueArity(row.comparator);
    let values: string[];
    if (arity === 'many') {
      values = (row.values[0] ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '');
      if (values.length === 0) continue;
    } else {
      values = row.values.slice(0, arity).map((v) => v.trim());
      if (values.length < arity || values.some((v) => v === '')) continue;
    }
    filters.push({ column: row.column, comparator: row.comparator, operator: row.operator, values });
  }
  return filters;
}

/** The modal's rows for filters read back from a URL (unknown shapes dropped). */
export function rowsFromFilters(filters: readonly Filter[]): FilterRow[] {
  return filters.map((filter) => {
    const values = (filter.values ?? []).map((v) => (v === null ? '' : String(v)));
    const arity = valueArity(filter.comparator);
    return {
      column: filter.column,
      comparator: filter.comparator,
      operator: String(filter.operator ?? 'and').toLowerCase() === 'or' ? 'or' : 'and',
      values: arity === 'many' ? [values.join(', ')] : inputsFor(filter.comparator, values),
    };
  });
}

export function isComparator(value: unknown): value is Comparator {
  return typeof value === 'string' && (COMPARATORS as readonly string[]).includes(value);
}

/**
 * The user's filters restricted by a pane's fixed ones (marked ids, list matches). The server folds
 * filters left to right, each joined to the next by its own operator, so the user's come first and the
 * last of them is joined with 'and': ((u1 or u2) and fixed) never lets rows outside the fixed set in.
 */
export function withFixed(user: readonly Filter[], fixed: readonly Filter[]): Filter[] {
  if (fixed.length === 0) return [...user];
  if (user.length === 0) return [...fixed];
  const last = user.length - 1;
  return [...user.map((f, i) => (i === last ? { ...f, operator: 'and' as const } : f)), ...fixed];
}
