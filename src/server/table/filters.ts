import { sql, type RawBuilder } from 'kysely';
import type { Comparator, Filter } from '../../core/table-request.js';
import type { DialectName } from '../db/database.js';
import type { ColumnDef, ColumnType } from './view.js';

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

function like(column: ColumnDef, dialect: DialectName, pattern: string): RawBuilder<unknown> {
  // '%' in a value stays a wildcard, as in Germinate (the spec's search wildcard).
  return dialect === 'postgres'
    ? sql`${textOf(column, dialect)} ILIKE ${pattern}`
    : sql`${textOf(column, dialect)} LIKE ${pattern}`;
}

function equalsSql(column: ColumnDef, dialect: DialectName, value: Value): RawBuilder<unknown> {
  if (column.type === 'string') {
    // Names compare case-insensitively, like Germinate's utf8mb4_general_ci collation.
    return dialect === 'postgres'
      ? sql`lower(${column.sql}) = lower(${value})`
      : sql`${column.sql} = ${value} COLLATE NOCASE`;
  }
  if (column.type === 'boolean' && dialect === 'sqlite') return sql`${column.sql} = ${value ? 1 : 0}`;
  return sql`${column.sql} = ${value}`;
}

function jsonSearchSql(column: ColumnDef, dialect: DialectName, token: string): RawBuilder<unknown> {
  const pattern = `%${token.toLowerCase()}%`;
  if (dialect === 'postgres') {
    return sql`EXISTS (SELECT 1 FROM jsonb_path_query(${column.sql}, 'strict $.**') AS j(v) WHERE jsonb_typeof(j.v) IN ('string', 'number') AND lower(j.v #>> '{}') LIKE ${pattern})`;
  }
  return sql`EXISTS (SELECT 1 FROM json_tree(${column.sql}) AS j WHERE j.atom IS NOT NULL AND lower(j.atom) LIKE ${pattern})`;
}

function arrayContainsSql(column: ColumnDef, dialect: DialectName, token: string): RawBuilder<unknown> {
  const numeric = INTEGER.test(token) || NUMBER.test(token);
  if (dialect === 'postgres') {
    const asText = sql`${column.sql} @> jsonb_build_array(${token}::text)`;
    return numeric ? sql`(${asText} OR ${column.sql} @> jsonb_build_array(${Number(token)}::numeric))` : asText;
  }
  return numeric
    ? sql`EXISTS (SELECT 1 FROM json_each(${column.sql}) AS j WHERE j.value = ${token} OR j.value = ${Number(token)})`
    : sql`EXISTS (SELECT 1 FROM json_each(${column.sql}) AS j WHERE j.value = ${token})`;
}

function orAll(parts: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` OR `)})`;
}

/**
 * One filter as an SQL condition over a whitelisted column, or null when the filter does not apply to
 * the column's type or its values cannot be of that type (SPEC §5: such filters are ignored).
 */
export function filterCondition(
  column: ColumnDef,
  comparator: Comparator,
  rawValues: Filter['values'],
  dialect: DialectName,
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
      return v === undefined ? null : equalsSql(column, dialect, v);
    }
    case 'contains':
      return values.length ? like(column, dialect, `%${values[0]}%`) : null;
    case 'between': {
      if (values.length < 2) return null;
      const [a, b] = [typed(values[0]), typed(values[1])];
      return a === undefined || b === undefined ? null : sql`${column.sql} BETWEEN ${a} AND ${b}`;
    }
    case 'greaterThan':
    case 'greaterOrEquals':
    case 'lessThan':
    case 'lessOrEquals': {
      const v = values.length ? typed(values[0]) : undefined;
      if (v === undefined) return null;
      const op = { greaterThan: sql`>`, greaterOrEquals: sql`>=`, lessThan: sql`<`, lessOrEquals: sql`<=` }[comparator];
      return sql`${column.sql} ${op} ${v}`;
    }
    case 'inSet': {
      const list = values.length === 1 ? values[0].split(',').map((v) => v.trim()).filter(Boolean) : values;
      const typedList = list.map(typed).filter((v): v is Value => v !== undefined);
      if (typedList.length === 0) return null;
      if (column.type === 'string') {
        return dialect === 'postgres'
          ? sql`lower(${column.sql}) IN (${sql.join(typedList.map((v) => sql`lower(${v})`))})`
          : sql`${column.sql} COLLATE NOCASE IN (${sql.join(typedList)})`;
      }
      return sql`${column.sql} IN (${sql.join(typedList.map((v) => (typeof v === 'boolean' && dialect === 'sqlite' ? (v ? 1 : 0) : v)))})`;
    }
    case 'jsonSearch':
    case 'arrayContains': {
      const tokens = values.map(jsonToken).filter(Boolean);
      if (tokens.length === 0) return null;
      const build = comparator === 'jsonSearch' ? jsonSearchSql : arrayContainsSql;
      return orAll(tokens.map((t) => build(column, dialect, t)));
    }
  }
}
