import { afterEach, describe, expect, it } from 'vitest';
import { startServer, passwordOf, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { accountName } from '../../src/server/auth/rate-limit.js';

describe('the account name a rate-limited body is about', () => {
  it('reads username or user.userUsername, trimmed and lower-cased', () => {
    expect(accountName({ username: ' Regular ', password: 'x' })).toBe('regular');
    expect(accountName({ user: { userUsername: 'NewComer' }, locale: 'en_GB' })).toBe('newcomer');
    expect(accountName({ username: '' })).toBeNull();
    expect(accountName({ username: 42 })).toBeNull();
    expect(accountName(null)).toBeNull();
    expect(accountName('username')).toBeNull();
  });
});

describe.each(testDialects())('login and registration rate limits on %s', (dialect) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const login = (username: string, password: string) => server!.api('POST', 'token', { body: { username, password } });
  const requestAccess = (username: string, password: string) =>
    server!.api('POST', 'gatekeeper/user/existing', { body: { username, password, locale: 'en_GB' } });

  async function expectTooMany(response: Response): Promise<string> {
    expect(response.status).toBe(429);
    expect(response.statusText).toBe('TOO_MANY_REQUESTS');
    // A one-minute window: the client may try again within 60 s.
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ statusCode: 429, reasonPhrase: 'TOO_MANY_REQUESTS' });
    return text;
  }

  it('limits one client address across login and registration calls, whatever the names', async () => {
    server = await startServer(dialect, { rateLimitPerClient: 3 });
    expect((await login('regular', passwordOf('regular'))).status).toBe(200);
    expect((await login('nobody-1', 'wrong')).status).toBe(403);
    expect((await requestAccess('nobody-2', 'wrong')).status).toBe(403);
    await expectTooMany(await login('curator', passwordOf('curator')));
    await expectTooMany(await requestAccess('suspended', passwordOf('suspended')));
    await expectTooMany(await server.api('POST', 'gatekeeper/user/new', { body: { user: { userUsername: 'fresh' } } }));
    // Malformed bodies count too: the client limit comes before the body is read.
    await expectTooMany(await server.api('POST', 'token', { raw: '{not json' }));
    // Other calls are not limited.
    expect((await server.api('GET', 'settings')).status).toBe(200);
    expect((await server.api('POST', 'germplasm/table', { body: {} })).status).toBe(200);
  });

  it('limits captcha images and feedback forms per client, on a budget of their own', async () => {
    server = await startServer(dialect, { rateLimitPerClient: 2 });
    const captcha = () => server!.api('GET', `feedback/${crypto.randomUUID()}`);
    expect((await captcha()).status).toBe(200);
    expect((await server.api('POST', `feedback/${crypto.randomUUID()}`, { body: {} })).status).toBe(400);
    await expectTooMany(await captcha());
    // Logging in is counted separately.
    expect((await login('regular', passwordOf('regular'))).status).toBe(200);
  });

  it('limits one account name (ignoring case), even with the right password, and leaves other names alone', async () => {
    server = await startServer(dialect, { rateLimitPerAccount: 2 });
    expect((await login('regular', 'wrong-1')).status).toBe(403);
    expect((await login('REGULAR', 'wrong-2')).status).toBe(403);
    await expectTooMany(await login('regular', passwordOf('regular')));
    await expectTooMany(await requestAccess('Regular', passwordOf('regular')));
    await expectTooMany(await server.api('POST', 'gatekeeper/user/new', { body: { user: { userUsername: 'regular' }, locale: 'en_GB' } }));
    expect((await login('curator', passwordOf('curator'))).status).toBe(200);
  });

  it('gives the same answer for a known and an unknown account name', async () => {
    server = await startServer(dialect, { rateLimitPerAccount: 1 });
    // The answer says how many seconds are left: on a stopped clock both say the same.
    server.clock.freeze();
    expect((await login('regular', 'wrong')).status).toBe(403);
    expect((await login('ghost-of-nobody', 'wrong')).status).toBe(403);
    const known = await expectTooMany(await login('regular', 'wrong'));
    const unknown = await expectTooMany(await login('ghost-of-nobody', 'wrong'));
    expect(known).toBe(unknown);
  });

  it('takes both limits from the configuration', async () => {
    server = await startServer(dialect, { rateLimitPerClient: 5, rateLimitPerAccount: 5 });
    for (let i = 0; i < 5; i += 1) expect((await login(`name-${i % 2}`, 'wrong')).status).toBe(403);
    await expectTooMany(await login('name-9', 'wrong'));
  });
});
