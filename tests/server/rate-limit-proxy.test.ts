import { afterEach, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { ConfigError, readConfig, trustProxyNote } from '../../src/server/config.js';
import { startLimitApps, type LimitApps } from './rate-limit-apps.js';

const trustOf = (value: string) => readConfig({ TRUST_PROXY: value, DATA_DIR: '/tmp/unused' }).trustProxy;

describe('TRUST_PROXY and REDIS_URL', () => {
  it('reads nobody, a hop count (true is one hop) or the proxies’ addresses', () => {
    expect(readConfig({ DATA_DIR: '/tmp/unused' }).trustProxy).toBe(false);
    expect(trustOf('false')).toBe(false);
    expect(trustOf('0')).toBe(false);
    expect(trustOf('true')).toBe(1);
    expect(trustOf('2')).toBe(2);
    expect(trustOf('10.0.0.1, 10.1.0.0/16,::1,fd00::/8,loopback')).toEqual(['10.0.0.1', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['yes', '10.0.0.1/33', '10.0.0/8', 'proxy.example', '10.0.0.1/8/2']) expect(() => trustOf(bad)).toThrow(ConfigError);
  });

  it('tells the operator what a hop count trusts', () => {
    expect(trustProxyNote({ trustProxy: 1 })).toMatch(/last 1 X-Forwarded-For hop.*"true" means 1/);
    expect(trustProxyNote({ trustProxy: ['10.0.0.1'] })).toBeNull();
    expect(trustProxyNote({ trustProxy: false })).toBeNull();
  });

  it('takes redis:// and rediss:// URLs only', () => {
    expect(readConfig({ DATA_DIR: '/tmp/unused' }).redisUrl).toBeNull();
    expect(readConfig({ DATA_DIR: '/tmp/unused', REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl).toBe('redis://127.0.0.1:6379/2');
    expect(() => readConfig({ DATA_DIR: '/tmp/unused', REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(ConfigError);
  });
});

describe.each(testDialects())('the client address behind a proxy on %s', (dialect) => {
  let group: LimitApps | undefined;
  afterEach(async () => {
    await group?.close();
    group = undefined;
  });

  /** request.ip as the server sees it for a connection from `remoteAddress` with that X-Forwarded-For. */
  async function ipSeen(trustProxy: string, cases: [remoteAddress: string, forwardedFor: string | null][]): Promise<string[]> {
    const seen: string[] = [];
    group = await startLimitApps(dialect, {
      env: { TRUST_PROXY: trustProxy },
      beforeListen: (app) => app.addHook('onRequest', async (request) => void seen.push(request.ip)),
    });
    const { app } = group.apps[0]!;
    for (const [remoteAddress, forwardedFor] of cases) {
      await app.inject({ method: 'GET', url: '/api/settings', remoteAddress, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
    }
    return seen;
  }

  it('ignores X-Forwarded-For from a client that is not a named proxy', async () => {
    const seen = await ipSeen('10.0.0.1', [
      ['203.0.113.5', '1.2.3.4'],
      ['10.0.0.1', '1.2.3.4, 198.51.100.7'],
      ['10.0.0.1', null],
    ]);
    // The forged entry in front of what the proxy appended never counts.
    expect(seen).toEqual(['203.0.113.5', '198.51.100.7', '10.0.0.1']);
  });

  it('takes TRUST_PROXY=true as one hop: what the proxy appended, not what the client wrote before it', async () => {
    const seen = await ipSeen('true', [['10.0.0.1', '1.2.3.4, 198.51.100.7']]);
    expect(seen).toEqual(['198.51.100.7']);
  });

  it('keeps counting a client that forges a new X-Forwarded-For each time behind TRUST_PROXY=true', async () => {
    group = await startLimitApps(dialect, { env: { TRUST_PROXY: 'true', RATE_LIMIT_PER_CLIENT: '3' } });
    const [server] = group.apps;
    // The proxy (this test, 127.0.0.1) appends the real client; the client wrote the first entry itself.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await server!.login(`name-${i}`, 'wrong', `10.9.8.${i}, 198.51.100.7`)).status);
    expect(statuses).toEqual([403, 403, 403, 429, 429]);
    // Another real client is not affected.
    expect((await server!.login('name-9', 'wrong', '10.9.8.1, 198.51.100.8')).status).toBe(403);
  });
});
