import { sql, type RawBuilder } from 'kysely';
import type { Distribution } from '../../core/stats-types.js';
import type { DialectName } from '../db/database.js';

export type { Distribution };


/** The rows to summarise: a SELECT whose rows hold the group's key columns and `v`, a number (never NULL). */
export interface QuantileSource {
  values: RawBuilder<unknown>;
  /** Key columns of `values` that make a group (names written in code, never request text). */
  keys: readonly string[];
  /** Further aggregates over a group's rows (as `name` ← `expression`); the rows are aliased `r`. */
  extra?: readonly { name: string; expression: RawBuilder<unknown> }[];
}

/** One group's summary; the key and extra columns come along under their names. */
export interface QuantileRow extends Distribution {
  [column: string]: unknown;
}

const QUARTILES = [
  { name: 'q1', quarters: 1 },
  { name: 'median', quarters: 2 },
  { name: 'q3', quarters: 3 },
] as const;

/**
 * Per group: min, quartiles, max, average and count, computed by the database. The quartiles follow
 * percentile_cont: the value at position f·(n−1) of the sorted values, interpolated linearly between its
 * neighbours as lo + f'·(hi − lo), f' the fractional part. PostgreSQL has percentile_cont; SQLite gets the
 * same arithmetic from window functions (each value's rank and its group's size, then the two ranks
 * around the position). For f = k/4 the position and its fraction are exact, so both databases answer
 * the same numbers.
 */
export function quantilesSql(dialect: DialectName, source: QuantileSource): RawBuilder<QuantileRow> {
  const all = (parts: RawBuilder<unknown>[]) => (parts.length === 0 ? sql`` : sql.join(parts, sql``));
  const keys = (alias: string) => source.keys.map((k) => sql.ref(`${alias}.${k}`));
  const keyList = (alias: string) => (source.keys.length === 0 ? sql`` : sql`${sql.join(keys(alias))}, `);
  const groupBy = (alias: string) => (source.keys.length === 0 ? sql`` : sql`GROUP BY ${sql.join(keys(alias))}`);
  const extra = (source.extra ?? []).map((e) => sql`, ${e.expression} AS ${sql.ref(e.name)}`);

  if (dialect === 'postgres') {
    const outerKeys = source.keys.map((k) => sql.ref(`a.${k}`));
    const outerExtra = (source.extra ?? []).map((e) => sql`, ${sql.ref(`a.${e.name}`)}`);
    // The rows of `values` are aliased `r` here too, so that extra aggregates read the same on both databases.
    // OFFSET 0 keeps the subquery a subquery: inlined, its value expression (the numeric check and cast)
    // would be computed again inside every aggregate.
    return sql<QuantileRow>`SELECT ${outerKeys.length === 0 ? sql`` : sql`${sql.join(outerKeys)}, `}a.min, a.max, a.avg, a.count,
        a.pc[1] AS q1, a.pc[2] AS median, a.pc[3] AS q3${all(outerExtra)}
      FROM (SELECT ${keyList('r')}MIN(r.v) AS min, MAX(r.v) AS max, AVG(r.v) AS avg, COUNT(*) AS count,
          percentile_cont(ARRAY[0.25, 0.5, 0.75]::double precision[]) WITHIN GROUP (ORDER BY r.v) AS pc${all(extra)}
        FROM (${source.values} OFFSET 0) r ${groupBy('r')}) a`;
  }

  const partition = source.keys.length === 0 ? sql`` : sql`PARTITION BY ${sql.join(keys('s'))}`;
  // Rank (0-based) at the position's floor: integer division of k·(n−1) by 4; the fraction is its remainder / 4.
  const quartiles = QUARTILES.map(({ name, quarters }) => {
    const floor = sql`((${sql.lit(quarters)} * (r.n - 1)) / 4)`;
    const lo = sql`MAX(CASE WHEN r.rn = ${floor} THEN r.v END)`;
    const hi = sql`MAX(CASE WHEN r.rn = ${floor} + 1 THEN r.v END)`;
    const fraction = sql`(((${sql.lit(quarters)} * (MAX(r.n) - 1)) % 4) / 4.0)`;
    return sql`, (${lo} + ${fraction} * (COALESCE(${hi}, ${lo}) - ${lo})) AS ${sql.ref(name)}`;
  });
  return sql<QuantileRow>`SELECT ${keyList('r')}MIN(r.v) AS min, MAX(r.v) AS max, AVG(r.v) AS avg, COUNT(*) AS count${all(quartiles)}${all(extra)}
    FROM (SELECT s.*, ROW_NUMBER() OVER (${partition} ORDER BY s.v) - 1 AS rn, COUNT(*) OVER (${partition}) AS n
      FROM (${source.values}) s) r
    ${groupBy('r')}`;
}

/** A row's numbers as numbers (PostgreSQL may hand counts over as text). */
export function quantileNumbers(row: QuantileRow): Distribution {
  return {
    min: Number(row.min),
    q1: Number(row.q1),
    median: Number(row.median),
    q3: Number(row.q3),
    max: Number(row.max),
    avg: Number(row.avg),
    count: Number(row.count),
  };
}
