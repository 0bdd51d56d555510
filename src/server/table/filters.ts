import { sql, type RawBuilder } from 'kysely';
import type { Comparator, Filter } from '../../core/table-request.js';
import type { DialectName } from '../db/database.js';
import { idListSql } from '../db/id-list.js';
import type { ColumnDef, ColumnType } from './view.js';
import { containsSql, equalsTextSql, inTextSql, likePattern, textSortKey, textSortValue } from './text-match.js';
import { narrowed, trigramNeed, trigramPrefilter, type TrigramNeed } from './trigram.js';

type Value = string | number | boolean;

/** Germinate's value clean-up: strings, trimmed, empty ones dropped. */
export function cleanValues(values: Filter['values']): string[] {
  return (values ?? [])
    .filter((v): v is string | number | boolean => v !== null && v !== undefined)
    .map((v) => String(v).trim())
    .filter((v) => v !== '');
}

const INTEGER = /^[+-]?\d{1,15}$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Converts a request value to the column's type, or undefined when the value cannot be of that type. */
export function coerce(value: string, type: ColumnType): Value | undefined {
  switch (type) {
    case 'integer':
      return INTEGER.test(value) ? Number(value) : undefined;
    case 'number':
      return NUMBER.test(value) && Number.isFinite(Number(value)) ? Number(value) : undefined;
    case 'date':
      return DATE.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
    case 'boolean': {
      const v = value.toLowerCase();
      if (v === 'true' || v === '1') return true;
      if (v === 'false' || v === '0') return false;
      return undefined;
    }
    case 'string':
    case 'json':
      return value;
  }
}

const COMPATIBLE: Record<ColumnType, ReadonlySet<Comparator>> = {
  integer: new Set(['isNull', 'isNotNull', 'equals', 'between', 'greaterThan', 'greaterOrEquals', 'lessThan', 'lessOrEquals', 'inSet']),
  number: new Set(['isNull', 'isNotNull', 'equals', 'between', 'greaterThan', 'greaterOrEquals', 'lessThan', 'lessOrEquals', 'inSet']),
  date: new Set(['isNull', 'isNotNull', 'equals', 'between', 'greaterThan', 'greaterOrEquals', 'lessThan', 'lessOrEquals', 'inSet', 'contains']),
  string: new Set(['isNull', 'isNotNull', 'equals', 'contains', 'between', 'greaterThan', 'greaterOrEquals', 'lessThan', 'lessOrEquals', 'inSet']),
  boolean: new Set(['isNull', 'isNotNull', 'equals', 'inSet']),
  json: new Set(['isNull', 'isNotNull', 'contains', 'jsonSearch', 'arrayContains']),
};

/** jsonSearch / arrayContains keep only [A-Za-z0-9_-] of each value, as Germinate does. */
function jsonToken(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]/g, '');
}

function textOf(column: ColumnDef, dialect: DialectName): RawBuilder<unknown> {
  if (dialect === 'postgres' && column.type !== 'string') return sql`(${column.sql})::text`;
  return column.sql;
}

/**
 * A typed request value as an SQL parameter. PostgreSQL would otherwise infer the parameter's type from
 * the column, so 99999999999 against an integer column would be an "out of range" error, not "no rows".
 */
function param(column: ColumnDef, dialect: DialectName, value: Value): RawBuilder<unknown> {
  if (dialect === 'sqlite') return typeof value === 'boolean' ? sql`${value ? 1 : 0}` : sql`${value}`;
  switch (column.type) {
    case 'integer':
      return sql`${value}::bigint`;
    case 'number':
      return sql`${value}::double precision`;
    case 'boolean':
      return sql`${value}::boolean`;
    default:
      return sql`${value}::text`;
  }
}

/** The left side of a comparison: text columns compare by their sort key (text-match.ts). */
function compared(column: ColumnDef, dialect: DialectName): RawBuilder<unknown> {
  return column.type === 'string' ? textSortKey(column.sql, dialect) : column.sql;
}

function comparedValue(column: ColumnDef, dialect: DialectName, value: Value): RawBuilder<unknown> {
  return column.type === 'string' ? textSortValue(String(value), dialect) : param(column, dialect, value);
}

/** JSON columns as jsonb on PostgreSQL (computed ones are json, to keep their key order). */
function jsonb(column: ColumnDef): RawBuilder<unknown> {
  return sql`(${column.sql})::jsonb`;
}

/**
 * The trigram narrowing of a JSON filter: a string value containing the token (jsonSearch) or equal to it
 * (arrayContains) puts the token into the JSON text as it is, because [A-Za-z0-9_-] is never escaped there
 * (JSON.stringify, PostgreSQL's jsonb output). Numeric tokens are not narrowed: 1e2 matches 100.
 */
function jsonPrefilter(column: ColumnDef, dialect: DialectName, token: string): RawBuilder<unknown> | null {
  if (!column.trigram) return null;
  if (dialect === 'postgres') return containsSql(textOf(column, dialect), token, dialect);
  return trigramPrefilter(column, token, dialect);
}

/** A LIKE pattern for the lower-cased token anywhere in a string ('_' is a plain character, as in `contains`). */
export function jsonSearchPattern(token: string): string {
  return `%${likePattern(token.toLowerCase())}%`;
}

function jsonSearchSql(column: ColumnDef, dialect: DialectName, token: string): RawBuilder<unknown> {
  // Strings only, as MySQL's JSON_SEARCH: numbers (e.g. institution ids) and keys do not match.
  const pattern = jsonSearchPattern(token);
  const exact =
    dialect === 'postgres'
      ? sql`EXISTS (SELECT 1 FROM jsonb_path_query(${jsonb(column)}, 'strict $.**') AS j(v) WHERE jsonb_typeof(j.v) = 'string' AND lower(j.v #>> '{}') LIKE ${pattern} ESCAPE '\\')`
      : sql`EXISTS (SELECT 1 FROM json_tree(${column.sql}) AS j WHERE j.type = 'text' AND lower(j.atom) LIKE ${pattern} ESCAPE '\\')`;
  return narrowed(jsonPrefilter(column, dialect, token), exact);
}

function arrayContainsSql(column: ColumnDef, dialect: DialectName, token: string): RawBuilder<unknown> {
  const numeric = INTEGER.test(token) || NUMBER.test(token);
  if (dialect === 'postgres') {
    const asText = sql`${jsonb(column)} @> jsonb_build_array(${token}::text)`;
    return numeric ? sql`(${asText} OR ${jsonb(column)} @> jsonb_build_array(${Number(token)}::numeric))` : narrowed(jsonPrefilter(column, dialect, token), asText);
  }
  return numeric
    ? sql`EXISTS (SELECT 1 FROM json_each(${column.sql}) AS j WHERE j.value = ${token} OR j.value = ${Number(token)})`
    : narrowed(jsonPrefilter(column, dialect, token), sql`EXISTS (SELECT 1 FROM json_each(${column.sql}) AS j WHERE j.value = ${token})`);
}

/**
 * `column IN (list)` with the whole list as one parameter, for values that are not ids (integer columns
 * take the id-list rule): lists reach tens of thousands of values, beyond SQLite's and PostgreSQL's limits
 * on the number of parameters of one statement.
 */
function inListSql(column: ColumnDef, dialect: DialectName, list: Value[]): RawBuilder<unknown> {
  if (dialect === 'sqlite') {
    const values = list.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v));
    return sql`${column.sql} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
  }
  switch (column.type) {
    case 'number':
      return sql`${column.sql} = ANY(${list}::double precision[])`;
    case 'boolean':
      return sql`${column.sql} = ANY(${list}::boolean[])`;
    default:
      return sql`${column.sql} = ANY(${list.map(String)}::text[])`;
  }
}

/** The expression a column is sorted by: text by its sort key, JSON by its text. */
export function sortKey(column: ColumnDef, dialect: DialectName): RawBuilder<unknown> {
  if (column.type === 'string') return textSortKey(column.sql, dialect);
  if (column.type === 'json' && dialect === 'postgres') return sql`(${column.sql})::text`;
  return column.sql;
}

function orAll(parts: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` OR `)})`;
}

/**
 * One filter as an SQL condition over a whitelisted column, or null when the filter does not apply to
 * the column's type or its values cannot be of that type (such filters are ignored; an inSet list is the
 * exception: with no usable member it matches nothing). Given `needs`, a `contains` leaves its trigram
 * narrowing out and adds what it asks of the index there, for one query with the other filters' (trigram.ts).
 */
export function filterCondition(
  column: ColumnDef,
  comparator: Comparator,
  rawValues: Filter['values'],
  dialect: DialectName,
  needs?: TrigramNeed[],
): RawBuilder<unknown> | null {
  if (!COMPATIBLE[column.type].has(comparator)) return null;
  const values = cleanValues(rawValues);
  const typed = (v: string) => coerce(v, column.type);
  switch (comparator) {
    case 'isNull':
      return sql`${column.sql} IS NULL`;
    case 'isNotNull':
      return sql`${column.sql} IS NOT NULL`;
    case 'equals': {
      const v = values.length ? typed(values[0]) : undefined;
      if (v === undefined) return null;
      return column.type === 'string' ? equalsTextSql(column.sql, String(v), dialect) : sql`${column.sql} = ${param(column, dialect, v)}`;
    }
    case 'contains': {
      if (!values.length) return null;
      const own = column.contains?.(values[0], dialect);
      if (own) return own;
      const need = needs ? trigramNeed(column, values[0], dialect) : null;
      if (need) {
        needs?.push(need);
        return containsSql(textOf(column, dialect), values[0], dialect);
      }
      return narrowed(trigramPrefilter(column, values[0], dialect), containsSql(textOf(column, dialect), values[0], dialect));
    }
    case 'between': {
      if (values.length < 2) return null;
      const [a, b] = [typed(values[0]), typed(values[1])];
      if (a === undefined || b === undefined) return null;
      return sql`${compared(column, dialect)} BETWEEN ${comparedValue(column, dialect, a)} AND ${comparedValue(column, dialect, b)}`;
    }
    case 'greaterThan':
    case 'greaterOrEquals':
    case 'lessThan':
    case 'lessOrEquals': {
      const v = values.length ? typed(values[0]) : undefined;
      if (v === undefined) return null;
      const op = { greaterThan: sql`>`, greaterOrEquals: sql`>=`, lessThan: sql`<`, lessOrEquals: sql`<=` }[comparator];
      return sql`${compared(column, dialect)} ${op} ${comparedValue(column, dialect, v)}`;
    }
    case 'inSet': {
      const list = values.length === 1 ? values[0].split(',').map((v) => v.trim()).filter(Boolean) : values;
      const typedList = list.map(typed).filter((v): v is Value => v !== undefined);
      // A set with no member (an empty list, or nothing of the column's type) matches no row, as Germinate's
      // `col IN ('')` does: clients ask with an empty list for "none of these" (e.g. nothing recently viewed).
      if (typedList.length === 0) return sql`1 = 0`;
      if (column.type === 'string') return inTextSql(column.sql, typedList.map(String), dialect);
      if (column.type === 'integer') return idListSql(column.sql, typedList.filter((v): v is number => typeof v === 'number'), dialect);
      return inListSql(column, dialect, typedList);
    }
    case 'jsonSearch':
    case 'arrayContains': {
      const tokens = values.map(jsonToken).filter(Boolean);
      if (tokens.length === 0) return null;
      // A computed JSON column answers over its source tables (view.ts, jsonFilter).
      const rewrite = column.jsonFilter;
      const build = rewrite
        ? (_: ColumnDef, d: DialectName, t: string) => rewrite(comparator, t, d)
        : comparator === 'jsonSearch' ? jsonSearchSql : arrayContainsSql;
      return orAll(tokens.map((t) => build(column, dialect, t)));
    }
  }
}
