import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { ColumnDef } from './view.js';

/*
 * Trigram indexes narrow `contains` down to the rows that can match; the exact condition of text-match.ts
 * still decides, so results never depend on whether an index was used. The rule that keeps them
 * identical: the index's answer must hold every row the exact condition accepts (a superset).
 *
 * SQLite: an FTS5 table with the trigram tokenizer (folds ASCII case like LIKE does). The index is asked
 * only for the ASCII runs of the value, split at the `%` wildcard and at every non-ASCII or control
 * character, and only for runs of 3 characters or more: a row that contains the value (ASCII case
 * folded, or non-ASCII letters in either case) contains each such run, ASCII case folded, so the FTS5
 * phrase finds it. Values without such a run (fewer than 3 characters, say) scan as before.
 *
 * PostgreSQL: ILIKE itself is served by pg_trgm GIN indexes on the column's text (the planner rechecks
 * each candidate), so no extra condition is needed there.
 */

/** Longest run given to the index: any part of a run is still in every matching row. */
const MAX_RUN = 64;
/** At most this many runs (the longest), which narrow enough. */
const MAX_RUNS = 4;

/** The parts of a `contains` value the trigram index can look for (see above), longest first. */
export function trigramRuns(value: string): string[] {
  // Printable ASCII only: the value is cut at '%' and at every other character.
  const runs = value
    .split(/[^ -$&-~]+/u)
    .filter((run) => run.length >= 3)
    .map((run) => run.slice(0, MAX_RUN));
  return [...new Set(runs)].sort((a, b) => b.length - a.length).slice(0, MAX_RUNS);
}

/** An FTS5 query: each run as a phrase (a substring, for the trigram tokenizer) in one column. */
export function ftsMatch(column: string, runs: string[]): string {
  return runs.map((run) => `{${column}} : "${run.replace(/"/g, '""')}"`).join(' AND ');
}

/** What a `contains` asks of a trigram index: some runs of its value in one column of one FTS5 table. */
export interface TrigramNeed {
  index: NonNullable<ColumnDef['trigram']>;
  runs: string[];
}

/**
 * What a search for `value` in `column` asks of its trigram index, or null when the column has no trigram
 * index, the database finds its index by itself (PostgreSQL), or the value has no run to look for.
 */
export function trigramNeed(column: ColumnDef, value: string, dialect: DialectName): TrigramNeed | null {
  const index = column.trigram;
  if (dialect !== 'sqlite' || !index) return null;
  const runs = trigramRuns(value);
  return runs.length === 0 ? null : { index, runs };
}

/**
 * The index conditions for searches that must all hold: one FTS5 query per table, the AND of every
 * search's phrases, so that FTS5 intersects its lists itself. Asked one by one, each search's rowids
 * were listed in full first (a common word's tens of thousands of rows) and intersected afterwards.
 * Rule: columns naming the same FTS5 table map its rowids to the view's rows alike (their `matching`).
 */
export function trigramPrefilters(needs: readonly TrigramNeed[]): RawBuilder<unknown>[] {
  const byTable = new Map<string, TrigramNeed[]>();
  for (const need of needs) byTable.set(need.index.table, [...(byTable.get(need.index.table) ?? []), need]);
  return [...byTable.values()].map((group) => {
    const table = sql.table(group[0].index.table);
    const query = group.map((need) => ftsMatch(need.index.column, need.runs)).join(' AND ');
    return group[0].index.matching(sql`SELECT rowid FROM ${table} WHERE ${table} MATCH ${query}`);
  });
}

/** The index condition that narrows a search for `value` in `column` alone (trigramNeed), or null. */
export function trigramPrefilter(column: ColumnDef, value: string, dialect: DialectName): RawBuilder<unknown> | null {
  const need = trigramNeed(column, value, dialect);
  return need ? trigramPrefilters([need])[0] : null;
}

/** `exact`, narrowed by the trigram index when there is one for the value. */
export function narrowed(prefilter: RawBuilder<unknown> | null, exact: RawBuilder<unknown>): RawBuilder<unknown> {
  return prefilter ? sql`(${prefilter} AND ${exact})` : exact;
}
