import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../db/database.js';

/*
 * Case-insensitive text matching that behaves the same on both databases.
 *
 * Equality and `contains` ignore the case of every letter, ASCII or not ("MÜLLER" finds "Müller"), as
 * Germinate's utf8mb4 collation does. PostgreSQL gets that from lower()/ILIKE (its database LC_CTYPE
 * must be a UTF-8 locale, e.g. C.UTF-8 or en_US.UTF-8; the plain "C" locale folds ASCII only).
 * SQLite's NOCASE and LIKE fold ASCII only and it has no Unicode lower() without ICU, so a value with
 * non-ASCII letters becomes a GLOB pattern whose letters are classes of both cases ("[üÜ]"): the
 * folding is done once on the request value, never per row in JavaScript.
 *
 * Ordering and range comparisons of text fold ASCII letters only and then compare code points, on both
 * databases (SQLite's NOCASE; translate(…) COLLATE "C" on PostgreSQL), so that sort order does not
 * depend on the PostgreSQL server's collation. Letters outside ASCII therefore sort after "z".
 *
 * In `contains`, "%" is the search wildcard (as in Germinate); "_" and every other character match themselves.
 */

const NON_ASCII = /[\u0080-\u{10ffff}]/u;

export function hasNonAscii(text: string): boolean {
  return NON_ASCII.test(text);
}

/** The single-character case variants of a character (ß has no single-character upper case). */
function caseVariants(ch: string): string[] {
  return [...new Set([ch, ch.toLowerCase(), ch.toUpperCase()])].filter((v) => [...v].length === 1);
}

/** A SQLite GLOB pattern for `text` with every letter in either case; '%' → '*' when it is a wildcard. */
export function caseFreeGlob(text: string, percentIsWildcard: boolean): string {
  let out = '';
  for (const ch of text) {
    if (ch === '%' && percentIsWildcard) out += '*';
    else if (ch === '*' || ch === '?' || ch === '[') out += `[${ch}]`;
    else {
      const variants = caseVariants(ch);
      out += variants.length > 1 ? `[${variants.join('')}]` : ch;
    }
  }
  return out;
}

/** A LIKE pattern (escape character '\') where only '%' stays a wildcard. */
export function likePattern(text: string): string {
  return text.replace(/[\\_]/g, (c) => `\\${c}`);
}

/** `expression` (text) contains `value`, ignoring case; '%' inside value is a wildcard. */
export function containsSql(expression: RawBuilder<unknown>, value: string, dialect: DialectName): RawBuilder<unknown> {
  if (dialect === 'postgres') return sql`${expression} ILIKE ${`%${likePattern(value)}%`} ESCAPE '\\'`;
  if (hasNonAscii(value)) return sql`${expression} GLOB ${`*${caseFreeGlob(value, true)}*`}`;
  return sql`${expression} LIKE ${`%${likePattern(value)}%`} ESCAPE '\\'`;
}

/** `expression` (text) equals `value`, ignoring case. */
export function equalsTextSql(expression: RawBuilder<unknown>, value: string, dialect: DialectName): RawBuilder<unknown> {
  if (dialect === 'postgres') return sql`lower(${expression}) = lower(${value}::text)`;
  // ASCII values keep the NOCASE comparison, which the *_nocase indexes serve.
  if (hasNonAscii(value)) return sql`${expression} GLOB ${caseFreeGlob(value, false)}`;
  return sql`${expression} = ${value} COLLATE NOCASE`;
}

/**
 * `expression` (text) is one of `values`, ignoring case. The list travels as one parameter (an array, or
 * JSON text on SQLite): lists of marked items exceed the databases' limits on parameters per statement.
 */
export function inTextSql(expression: RawBuilder<unknown>, values: string[], dialect: DialectName): RawBuilder<unknown> {
  if (dialect === 'postgres') return sql`lower(${expression}) IN (SELECT lower(v) FROM unnest(${values}::text[]) AS u(v))`;
  const ascii = values.filter((v) => !hasNonAscii(v));
  const parts = values.filter(hasNonAscii).map((v) => equalsTextSql(expression, v, dialect));
  if (ascii.length > 0) parts.unshift(sql`${expression} COLLATE NOCASE IN (SELECT value FROM json_each(${JSON.stringify(ascii)}))`);
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` OR `)})`;
}

/** The translate() arguments of PostgreSQL's sort key; indexes on the key repeat them (textSortKeyIndexSql). */
export const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const LOWER = 'abcdefghijklmnopqrstuvwxyz';

/** The sort key of a text expression: ASCII letters folded, then code-point order (see above). */
export function textSortKey(expression: RawBuilder<unknown>, dialect: DialectName): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql`translate(${expression}, ${sql.lit(UPPER)}, ${sql.lit(LOWER)}) COLLATE "C"`
    : sql`${expression} COLLATE NOCASE`;
}

/** A request value in the form textSortKey compares it with. */
export function textSortValue(value: string, dialect: DialectName): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql`translate(${value}::text, ${sql.lit(UPPER)}, ${sql.lit(LOWER)})` : sql`${value}`;
}

/**
 * The sort key of a plain column as index DDL, the same expression as textSortKey so that an index on it
 * serves ordering and range comparisons (`column` is a name written by a migration, never request text).
 */
export function textSortKeyIndexSql(column: string, dialect: DialectName): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(column)) throw new Error(`Invalid column ${column}`);
  return dialect === 'postgres' ? `(translate(${column}, '${UPPER}', '${LOWER}') COLLATE "C")` : `${column} COLLATE NOCASE`;
}
