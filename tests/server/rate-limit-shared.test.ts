import { afterEach, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { passwordOf } from '../support/server.js';
import { startLimitApps, type LimitApps } from './rate-limit-apps.js';

/** Redis runs on every machine of this project (and in CI) on 127.0.0.1:6379. */
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const CLIENT = '198.51.100.7';

/**
 * Two server apps on one database, each with its own connection (as two processes), one client calling
 * both in turn: the limit of 3 per client counts calls to either.
 */
async function expectSharedCounting(group: LimitApps): Promise<void> {
  const [first, second] = group.apps;
  group.clock.freeze();
  expect((await first!.login('name-1', 'wrong', CLIENT)).status).toBe(403);
  expect((await second!.login('name-2', 'wrong', CLIENT)).status).toBe(403);
  expect((await first!.login('name-3', 'wrong', CLIENT)).status).toBe(403);
  const refused = await second!.login('regular', passwordOf('regular'), CLIENT);
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('60');
  expect((await first!.login('regular', passwordOf('regular'), CLIENT)).status).toBe(429);
  // Another client has its own budget on both.
  expect((await second!.login('regular', passwordOf('regular'), '198.51.100.8')).status).toBe(200);
  // The window closes for both at once.
  group.clock.advance(60_000);
  expect((await second!.login('regular', passwordOf('regular'), CLIENT)).status).toBe(200);
  expect((await first!.login('regular', passwordOf('regular'), CLIENT)).status).toBe(200);
}

describe.each(testDialects())('login limits across server processes on %s', (dialect) => {
  let group: LimitApps | undefined;
  afterEach(async () => {
    await group?.close();
    group = undefined;
  });

  it('counts in Redis when REDIS_URL is set', async () => {
    group = await startLimitApps(dialect, { count: 2, env: { REDIS_URL, RATE_LIMIT_PER_CLIENT: '3' } });
    await expectSharedCounting(group);
  });

  it('counts account failures in Redis across processes too', async () => {
    group = await startLimitApps(dialect, { count: 2, env: { REDIS_URL, RATE_LIMIT_PER_ACCOUNT: '2' } });
    const [first, second] = group.apps;
    expect((await first!.login('regular', 'guess-1', CLIENT)).status).toBe(403);
    expect((await second!.login('regular', 'guess-2', CLIENT)).status).toBe(403);
    expect((await first!.login('regular', 'guess-3', CLIENT)).status).toBe(429);
    expect((await second!.login('regular', passwordOf('regular'), '198.51.100.8')).status).toBe(200);
  });

  it('refuses to start when Redis does not answer at REDIS_URL', async () => {
    await expect(startLimitApps(dialect, { env: { REDIS_URL: 'redis://127.0.0.1:1' } })).rejects.toThrow(/REDIS_URL: cannot connect to Redis/);
  });
});

// Without REDIS_URL, PostgreSQL keeps the counters (SQLite servers count in memory: one process only).
describe.each(testDialects().filter((dialect) => dialect === 'postgres'))('login limits across server processes on %s without Redis', (dialect) => {
  let group: LimitApps | undefined;
  afterEach(async () => {
    await group?.close();
    group = undefined;
  });

  it('counts in the database', async () => {
    group = await startLimitApps(dialect, { count: 2, env: { RATE_LIMIT_PER_CLIENT: '3' } });
    await expectSharedCounting(group);
    // Counted in the table, with account names only as hashes.
    const rows = await group.db.database.pool!.query<{ key: string }>(`SELECT key FROM "${group.db.schema}".rate_limit_counters`);
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.map((row) => row.key).join(' ')).not.toContain('regular');
  });

  it('counts concurrent hits exactly', async () => {
    group = await startLimitApps(dialect, { count: 2, env: { RATE_LIMIT_PER_CLIENT: '10' } });
    const [first, second] = group.apps;
    group.clock.freeze();
    const answers = await Promise.all(Array.from({ length: 14 }, (_, i) => (i % 2 ? first! : second!).login(`name-${i}`, 'wrong', CLIENT)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    expect(statuses.filter((status) => status === 403)).toHaveLength(10);
  });
});
