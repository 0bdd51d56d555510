/**
 * The arktype-free half of the table request (comparators, limits, the column-name rule): what the
 * client's first screen needs without loading arktype. table-request.ts adds the schemas.
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

export interface PaginatedResult<T> {
  data: T[];
  count: number;
}

/** Germinate's column-name rule: strip odd characters, camelCase to snake_case. */
export function toSnakeCase(column: string): string {
  return column
    .replace(/[^a-zA-Z0-9._-]/g, '')
    .replace(/(.)(\p{Lu})/gu, '$1_$2')
    .toLowerCase();
}
