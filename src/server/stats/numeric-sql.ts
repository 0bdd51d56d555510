import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../db/database.js';

/**
 * Values are stored as text (trials and climate data alike); statistics read only those that are plain
 * decimal numbers, the same rule on both databases so that both answer the same numbers:
 * `[+-]?(digits[.digits] | .digits)` with an optional exponent of one or two digits, at most 64
 * characters. The bounds keep every accepted text within a double (PostgreSQL fails a whole statement on a
 * cast out of range; SQLite would give infinity). Anything else (categories, dates, notes, blanks) is NULL.
 */
const MAX_NUMBER_TEXT = 64;
const POSTGRES_NUMBER = `'^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]{1,2})?$'`;

/** The number `text` holds, as a double, or NULL when it holds none. */
export function numericSql(dialect: DialectName, text: RawBuilder<unknown>): RawBuilder<number | null> {
  if (dialect === 'postgres') {
    // CASE evaluates the cast only for rows whose text passed the check.
    return sql<number | null>`(CASE WHEN length(${text}) <= ${sql.lit(MAX_NUMBER_TEXT)} AND ${text} ~ ${sql.raw(POSTGRES_NUMBER)}
      THEN CAST(${text} AS double precision) END)`;
  }
  // SQLite has no regular expressions: the same grammar in GLOB tests. The text without its sign splits at
  // its first e/E into a mantissa (digits with at most one point, at least one digit) and an exponent.
  const unsigned = sql`(CASE WHEN substr(${text}, 1, 1) IN ('+', '-') THEN substr(${text}, 2) ELSE ${text} END)`;
  const e = sql`instr(lower(${unsigned}), 'e')`;
  const mantissa = sql`(CASE WHEN ${e} > 0 THEN substr(${unsigned}, 1, ${e} - 1) ELSE ${unsigned} END)`;
  const exponent = sql`substr(${unsigned}, ${e} + 1)`;
  return sql<number | null>`(CASE WHEN length(${text}) <= ${sql.lit(MAX_NUMBER_TEXT)}
      AND ${mantissa} GLOB '*[0-9]*' AND ${mantissa} NOT GLOB '*[^0-9.]*' AND ${mantissa} NOT GLOB '*.*.*'
      AND (${e} = 0 OR ${exponent} GLOB '[0-9]' OR ${exponent} GLOB '[0-9][0-9]' OR ${exponent} GLOB '[+-][0-9]' OR ${exponent} GLOB '[+-][0-9][0-9]')
    THEN CAST(${text} AS REAL) END)`;
}
