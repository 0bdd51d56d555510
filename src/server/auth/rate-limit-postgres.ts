import { sql, type Kysely } from 'kysely';
import type { CounterStore, Hit } from './rate-limit-store.js';

/**
 * Counters in PostgreSQL (table rate_limit_counters), shared by every server process on the database.
 * One statement per hit: the upsert increments an open window or restarts a closed one, atomically under
 * the row lock, and returns the result. Closed windows are deleted at most once per window.
 */
export class PostgresCounterStore implements CounterStore {
  readonly kind = 'postgres';
  private nextSweep = 0;

  constructor(private readonly db: Kysely<unknown>) {}

  async hit(key: string, windowMs: number, now: number): Promise<Hit> {
    if (now >= this.nextSweep) {
      this.nextSweep = now + windowMs;
      await sql`DELETE FROM rate_limit_counters WHERE reset_at <= ${now}`.execute(this.db);
    }
    const resetAt = now + windowMs;
    const result = await sql<{ hits: number; reset_at: number }>`
      INSERT INTO rate_limit_counters (key, hits, reset_at) VALUES (${key}, 1, ${resetAt})
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN rate_limit_counters.reset_at <= ${now} THEN 1 ELSE rate_limit_counters.hits + 1 END,
        reset_at = CASE WHEN rate_limit_counters.reset_at <= ${now} THEN ${resetAt} ELSE rate_limit_counters.reset_at END
      RETURNING hits, reset_at`.execute(this.db);
    const row = result.rows[0]!;
    return { count: Number(row.hits), resetAt: Number(row.reset_at) };
  }

  async reset(key: string): Promise<void> {
    await sql`DELETE FROM rate_limit_counters WHERE key = ${key}`.execute(this.db);
  }

  async close(): Promise<void> {
    // The connection belongs to the app's database.
  }
}
