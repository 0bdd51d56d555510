import { type } from 'arktype';

/**
 * The PaginatedRequest and Filter of the Germinate 4 API (docs/germinate-api.md, Table requests), shared by the client
 * (which builds them) and the server (which validates them). Page is 0-based on the wire.
 */
import { COMPARATORS } from './table-types.js';

export { COMPARATORS, MAX_INTEGER, toSnakeCase, type Comparator, type PaginatedResult } from './table-types.js';

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
