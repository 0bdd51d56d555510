import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CountCache, countKey } from './count-cache.js';

/** A cache on a clock the test moves; each `run` takes `took` ms of that clock and answers `answer`. */
function setup() {
  let now = 0;
  const cache = new CountCache({ reuseMs: 10_000, slowMs: 50, largeCount: 10_000, maxEntries: 2, now: () => now });
  let runs = 0;
  const counter = (answer: number, took: number) => async () => {
    runs++;
    now += took;
    return answer;
  };
  return { cache, counter, runs: () => runs, advance: (ms: number) => (now += ms) };
}

describe('CountCache', () => {
  it('reuses a slow count of a large table for its reuse time, then counts again', async () => {
    const { cache, counter, runs, advance } = setup();
    expect(await cache.count('a', counter(1_000_000, 120))).toBe(1_000_000);
    expect(await cache.count('a', counter(1_000_001, 120))).toBe(1_000_000);
    expect(runs()).toBe(1);
    advance(10_000);
    expect(await cache.count('a', counter(1_000_001, 120))).toBe(1_000_001);
    expect(runs()).toBe(2);
  });

  it('always counts again when the count was fast or the total small', async () => {
    const { cache, counter, runs } = setup();
    await cache.count('fast', counter(1_000_000, 10));
    expect(await cache.count('fast', counter(7, 10))).toBe(7);
    await cache.count('small', counter(9_999, 500));
    expect(await cache.count('small', counter(5, 500))).toBe(5);
    expect(runs()).toBe(4);
  });

  it('runs identical counts that arrive together once, and a waiter counts itself when the shared one fails', async () => {
    const { cache } = setup();
    let release = (_: number) => {};
    let calls = 0;
    const slow = () => {
      calls++;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const first = cache.count('same', slow);
    const second = cache.count('same', slow);
    release(42);
    expect(await Promise.all([first, second])).toEqual([42, 42]);
    expect(calls).toBe(1);

    const failing = cache.count('broken', () => Promise.reject(new Error('client went away')));
    const waiter = cache.count('broken', async () => 3);
    await expect(failing).rejects.toThrow('client went away');
    expect(await waiter).toBe(3);
  });

  it('keeps a bounded number of counts, dropping the oldest', async () => {
    const { cache, counter, runs } = setup();
    for (const key of ['a', 'b', 'c']) await cache.count(key, counter(50_000, 100));
    expect(runs()).toBe(3);
    await cache.count('c', counter(1, 100));
    await cache.count('b', counter(1, 100));
    expect(runs()).toBe(3);
    expect(await cache.count('a', counter(60_000, 100))).toBe(60_000);
    expect(runs()).toBe(4);
  });

  it('keys by dialect, statement and parameters', () => {
    const query = (country: string) => sql`SELECT COUNT(*) FROM germinatebase g WHERE g.country = ${country}`;
    expect(countKey('sqlite', query('DE'))).toBe(countKey('sqlite', query('DE')));
    expect(countKey('sqlite', query('DE'))).not.toBe(countKey('sqlite', query('GB')));
    expect(countKey('sqlite', query('DE'))).not.toBe(countKey('postgres', query('DE')));
  });
});
