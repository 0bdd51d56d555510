import { afterEach, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { passwordOf } from '../support/server.js';
import { accountDelayMs, retryAfterSeconds } from '../../src/server/auth/rate-limit.js';
import { clientKey } from '../../src/server/auth/rate-limit-store.js';
import { startLimitApps, type LimitApps } from './rate-limit-apps.js';

describe('the pieces of the login limits', () => {
  it('slows an account down only beyond its limit, doubling up to 5 s', () => {
    expect(accountDelayMs(0, 3)).toBe(0);
    expect(accountDelayMs(3, 3)).toBe(0);
    expect(accountDelayMs(4, 3)).toBe(50);
    expect(accountDelayMs(5, 3)).toBe(100);
    expect(accountDelayMs(9, 3)).toBe(1600);
    expect(accountDelayMs(12, 3)).toBe(5000);
    expect(accountDelayMs(10_000, 3)).toBe(5000);
  });

  it('says how many whole seconds are left, at least one', () => {
    expect(retryAfterSeconds({ count: 5, resetAt: 60_000 }, 0)).toBe(60);
    expect(retryAfterSeconds({ count: 5, resetAt: 60_000 }, 59_001)).toBe(1);
    expect(retryAfterSeconds({ count: 5, resetAt: 60_000 }, 60_000)).toBe(1);
  });

  it('counts IPv4 addresses alone and IPv6 addresses by their /64', () => {
    expect(clientKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2::99')).toBe(clientKey('2001:0db8:0001:0002:ffff::1'));
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
  });
});

describe.each(testDialects())('nobody can lock an account out on %s', (dialect) => {
  let group: LimitApps | undefined;
  afterEach(async () => {
    await group?.close();
    group = undefined;
  });

  const ATTACKER = '203.0.113.66';
  const OWNER = '198.51.100.7';

  it("refuses the attacker's client but lets the owner in from another", async () => {
    group = await startLimitApps(dialect, { env: { RATE_LIMIT_PER_ACCOUNT: '3' } });
    const [server] = group.apps;
    for (let i = 0; i < 3; i += 1) expect((await server!.login('regular', `guess-${i}`, ATTACKER)).status).toBe(403);
    expect((await server!.login('regular', 'guess-3', ATTACKER)).status).toBe(429);
    // The attacking client is over its own limit for this name: even a right guess is refused…
    expect((await server!.login('Regular', passwordOf('regular'), ATTACKER)).status).toBe(429);
    // …but other names from it are not, and the owner, from their own address, logs in.
    expect((await server!.login('curator', passwordOf('curator'), ATTACKER)).status).toBe(200);
    expect((await server!.login('regular', passwordOf('regular'), OWNER)).status).toBe(200);
  });

  it('slows an account attacked from many clients down, but the right password still succeeds', async () => {
    group = await startLimitApps(dialect, { env: { RATE_LIMIT_PER_ACCOUNT: '2' } });
    const [server] = group.apps;
    // Three clients, each within its own limit, together over the account's: the later answers are slowed.
    for (let client = 1; client <= 3; client += 1) {
      for (let i = 0; i < 2; i += 1) expect((await server!.login('regular', `guess-${i}`, `203.0.113.${client}`)).status).toBe(403);
    }
    const owner = await server!.login('regular', passwordOf('regular'), OWNER);
    expect(owner.status).toBe(200);
    expect(await owner.json()).toMatchObject({ username: 'regular' });
  });

  it('forgets a client’s failures for an account once it logs in', async () => {
    group = await startLimitApps(dialect, { env: { RATE_LIMIT_PER_ACCOUNT: '2' } });
    const [server] = group.apps;
    expect((await server!.login('regular', 'typo', OWNER)).status).toBe(403);
    expect((await server!.login('regular', passwordOf('regular'), OWNER)).status).toBe(200);
    expect((await server!.login('regular', 'typo-1', OWNER)).status).toBe(403);
    expect((await server!.login('regular', 'typo-2', OWNER)).status).toBe(403);
    expect((await server!.login('regular', 'typo-3', OWNER)).status).toBe(429);
  });

  it('says when to try again, and lets the client in once the minute is over', async () => {
    group = await startLimitApps(dialect, { env: { RATE_LIMIT_PER_CLIENT: '1' } });
    group.clock.freeze();
    const [server] = group.apps;
    expect((await server!.login('regular', 'wrong', OWNER)).status).toBe(403);
    const refused = await server!.login('regular', passwordOf('regular'), OWNER);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      reasonPhrase: 'TOO_MANY_REQUESTS',
      message: 'Too many attempts. Please try again in 60 seconds.',
      retryAfter: 60,
    });
    group.clock.advance(45_500);
    const later = await server!.login('regular', passwordOf('regular'), OWNER);
    expect(later.headers.get('retry-after')).toBe('15');
    expect(await later.json()).toMatchObject({ retryAfter: 15 });
    group.clock.advance(14_500);
    expect((await server!.login('regular', passwordOf('regular'), OWNER)).status).toBe(200);
  });
});
