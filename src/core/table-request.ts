import { type } from 'arktype';

/**
 * The PaginatedRequest and Filter of the Germinate 4 API (docs/germinate-api.md, Table requests), shared by the client
 * (which builds them) and the server (which validates them). Page is 0-based on the wire.
 */
import { COMPARATORS } from './table-types.js';

export { COMPARATORS, MAX_INTEGER, toSnakeCase, type Comparator, type PaginatedResult } from './table-types.js';

/**
 * The limits of every table request, far above what Germinate's client and ours send (a few filters of two
 * value slots; marked-item and "from a list" inSets of tens of thousands of ids) and below what the
 * databases refuse or what would hold a query for long (SQLite's LIKE pattern and expression depth limits).
 */
export const TABLE_LIMITS = {
  /** Filters in one request. */
  filters: 50,
  /** Characters of one value, and of one member of an inSet's comma-separated text. */
  valueLength: 1000,
  /** Values of one filter other than inSet (two slots are used; arrayContains sends a few project ids). */
  values: 50,
  /** Members of one inSet: its values, or the comma-separated parts of its single text value. */
  setMembers: 100_000,
  /** Characters of a column name (filter column, orderBy). */
  nameLength: 100,
} as const;

const filterValue = type('string | number | boolean | null');
type FilterValue = typeof filterValue.infer;

/**
 * What the server reads of a filter's values: non-empty texts; an inSet with one value is that value split
 * on commas (Germinate's client sends the typed list as one text).
 */
function members(comparator: string, values: readonly FilterValue[]): string[] {
  const texts = values.filter((v) => v !== null).map((v) => String(v).trim()).filter((v) => v !== '');
  return comparator === 'inSet' && texts.length === 1 ? texts[0].split(',') : texts;
}

export const Filter = type({
  column: `string <= ${TABLE_LIMITS.nameLength}`,
  comparator: type.enumerated(...COMPARATORS),
  'operator?': "'and' | 'or' | 'AND' | 'OR' | null",
  'values?': filterValue.array().or('null'),
}).narrow((filter, ctx) => {
  const values = filter.values ?? [];
  const inSet = filter.comparator === 'inSet';
  const most = inSet ? TABLE_LIMITS.setMembers : TABLE_LIMITS.values;
  const list = members(filter.comparator, values);
  if (Math.max(values.length, list.length) > most) {
    return ctx.reject({ path: [...ctx.path, 'values'], expected: `at most ${most} values`, actual: `${Math.max(values.length, list.length)}` });
  }
  const long = list.find((member) => member.length > TABLE_LIMITS.valueLength);
  if (long !== undefined) {
    return ctx.reject({ path: [...ctx.path, 'values'], expected: `texts of at most ${TABLE_LIMITS.valueLength} characters`, actual: `${long.length} characters` });
  }
  return true;
});
export type Filter = typeof Filter.infer;

const filters = Filter.array().atMostLength(TABLE_LIMITS.filters).describe(`a list of at most ${TABLE_LIMITS.filters} filters`).or('null');

export const PaginatedRequest = type({
  'page?': 'number.integer >= 0 | null',
  'limit?': 'number.integer >= 0 | null',
  'prevCount?': 'number.integer >= -1 | null',
  'orderBy?': `string <= ${TABLE_LIMITS.nameLength} | null`,
  'ascending?': 'number.integer | null',
  'minimal?': 'boolean | null',
  'filter?': filters,
});
export type PaginatedRequest = typeof PaginatedRequest.infer;

export const ExportRequest = type({
  'filter?': filters,
  'columnNameMapping?': type({ '[string]': 'string' }).or('null'),
  'forcedFileExtension?': 'string | null',
});
export type ExportRequest = typeof ExportRequest.infer;
