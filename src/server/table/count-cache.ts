import { createQueryId, PostgresQueryCompiler, SqliteQueryCompiler, type RawBuilder } from 'kysely';
import type { DialectName } from '../db/database.js';

/** How long a slow count is reused (a page count may lag a write by this much, never more). */
export const COUNT_REUSE_MS = 10_000;
/** Counts faster than this are never reused: they cost nothing worth a stale answer. */
export const SLOW_COUNT_MS = 50;
/** Totals below this are never reused: on small tables every write shows in the next count at once. */
export const LARGE_COUNT = 10_000;
/** At most this many counts are kept (the oldest goes first). */
const MAX_ENTRIES = 500;

const compilers = { sqlite: new SqliteQueryCompiler(), postgres: new PostgresQueryCompiler() } as const;

/** The statement and its parameters: equal keys are the same question to the same database. */
export function countKey(dialect: DialectName, query: RawBuilder<unknown>): string {
  const compiled = compilers[dialect].compileQuery(query.toOperationNode(), createQueryId());
  return `${dialect}\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
}

/**
 * The totals of table pages, shared where that is safe. Rule: the key is the whole statement with its
 * parameters (the caller's user id and accepted licences among them), so only the same question shares an
 * answer. Identical counts running at the same moment run once (many visitors opening the same large
 * table); a total of LARGE_COUNT rows or more that took SLOW_COUNT_MS or more to count is reused for
 * COUNT_REUSE_MS, so at 10^6 rows the unfiltered total is not recounted for every visitor's first page.
 * Small and fast counts are always fresh.
 */
export class CountCache {
  private readonly kept = new Map<string, { count: number; until: number }>();
  private readonly running = new Map<string, Promise<number>>();

  constructor(
    private readonly options: { reuseMs: number; slowMs: number; largeCount: number; maxEntries: number; now: () => number } = {
      reuseMs: COUNT_REUSE_MS,
      slowMs: SLOW_COUNT_MS,
      largeCount: LARGE_COUNT,
      maxEntries: MAX_ENTRIES,
      now: () => performance.now(),
    },
  ) {}

  async count(key: string, run: () => Promise<number>): Promise<number> {
    const now = this.options.now();
    const kept = this.kept.get(key);
    if (kept && kept.until > now) return kept.count;
    if (kept) this.kept.delete(key);
    const shared = this.running.get(key);
    // Another request's count failed (its client went away, say): this one asks for itself.
    if (shared) return shared.catch(() => run());
    const started = now;
    const counting = run().finally(() => this.running.delete(key));
    this.running.set(key, counting);
    const count = await counting;
    const ended = this.options.now();
    if (ended - started >= this.options.slowMs && count >= this.options.largeCount) this.keep(key, count, ended + this.options.reuseMs);
    return count;
  }

  private keep(key: string, count: number, until: number): void {
    this.kept.delete(key);
    this.kept.set(key, { count, until });
    if (this.kept.size > this.options.maxEntries) this.kept.delete(this.kept.keys().next().value as string);
  }
}

const caches = new WeakMap<object, CountCache>();

/** The page totals of one database (a process may serve several: tests, benchmarks). */
export function countCacheOf(database: object): CountCache {
  let cache = caches.get(database);
  if (!cache) caches.set(database, (cache = new CountCache()));
  return cache;
}
