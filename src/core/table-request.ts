import { type } from 'arktype';

/**
 * The PaginatedRequest and Filter of the Germinate 4 API (api/README.md §3–§4), shared by the client
 * (which builds them) and the server (which validates them). Page is 0-based on the wire.
 */
export const COMPARATORS = [
  'isNull',
  'isNotNull',
  'equals',
  'contains',
  'between',
  'greaterThan',
  'greaterOrEquals',
  'lessThan',
  'lessOrEquals',
  'inSet',
  'jsonSearch',
  'arrayContains',
] as const;
export type Comparator = (typeof COMPARATORS)[number];

export const MAX_INTEGER = 2147483647;

const filterValue = type('string | number | boolean | null');

export const Filter = type({
  column: 'string',
  comparator: type.enumerated(...COMPARATORS),
  'operator?': "'and' | 'or' | 'AND' | 'OR' | null",
  'values?': filterValue.array().or('null'),
});
export type Filter = typeof Filter.infer;

export const PaginatedRequest = type({
  'page?': 'number.integer >= 0 | null',
  'limit?': 'number.integer >= 0 | null',
  'prevCount?': 'number.integer >= -1 | null',
  'orderBy?': 'string | null',
  'ascending?': 'number.integer | null',
  'minimal?': 'boolean | null',
  'filter?': Filter.array().or('null'),
});
export type PaginatedRequest = typeof PaginatedRequest.infer;

export const ExportRequest = type({
  'filter?': Filter.array().or('null'),
  'columnNameMapping?': type({ '[string]': 'string' }).or('null'),
  'forcedFileExtension?': 'string | null',
});
export type ExportRequest = typeof ExportRequest.infer;

export interface PaginatedResult<T> {
  data: T[];
  count: number;
}

/** Germinate's column-name rule (api/README.md §5): strip odd characters, camelCase to snake_case. */
export function toSnakeCase(column: string): string {
  return column
    .replace(/[^a-zA-Z0-9._-]/g, '')
    .replace(/(.)(\p{Lu})/gu, '$1_$2')
    .toLowerCase();
}
