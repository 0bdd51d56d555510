import { beforeEach, describe, expect, it, vi } from 'vitest';
import { logUsage, operatingSystem, resetUsageLoggerForTests, usageLogRequest, type UsageLogInput } from './usage-logger.js';

const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36';

const base: UsageLogInput = {
  url: 'https://logger.example.org/app-logger/log',
  cookiesAccepted: true,
  hostname: 'germinate.example.org',
  userAgent: WINDOWS,
  clientId: '123e4567-e89b-42d3-a456-426614174000',
  version: '0.2.0',
  locale: 'en_GB',
};

describe('usageLogRequest', () => {
  it('carries application, client id, version, locale and OS, spaces as %20', () => {
    const url = usageLogRequest(base);
    expect(url).toBe(
      'https://logger.example.org/app-logger/log?application=Germinate%20Workspace&id=123e4567-e89b-42d3-a456-426614174000&version=0.2.0&locale=en_GB&os=Windows%2010',
    );
  });

  it('keeps a query the administrator wrote into the URL', () => {
    expect(usageLogRequest({ ...base, url: 'https://l.example.org/log?site=a+b' })).toMatch(/^https:\/\/l\.example\.org\/log\?site=a\+b&application=/);
  });

  it.each([
    ['no URL configured', { url: undefined }],
    ['an empty URL', { url: '' }],
    ['a URL that is not http(s)', { url: 'javascript:alert(1)' }],
    ['consent not given yet', { cookiesAccepted: null }],
    ['consent declined', { cookiesAccepted: false }],
    ['localhost', { hostname: 'localhost' }],
    ['127.0.0.1', { hostname: '127.0.0.1' }],
    ['an empty hostname', { hostname: '' }],
    ['a search bot', { userAgent: GOOGLEBOT }],
    ['a headless browser', { userAgent: HEADLESS }],
    ['an unknown OS', { userAgent: 'curl/8.0' }],
    ['automation (navigator.webdriver)', { automated: true }],
  ] as const)('sends nothing with %s', (_name, change) => {
    expect(usageLogRequest({ ...base, ...change })).toBeNull();
  });
});

describe('operatingSystem', () => {
  it('names the OS with its version when known', () => {
    expect(operatingSystem(WINDOWS)).toBe('Windows 10');
    expect(operatingSystem(LINUX)).toBe('Linux');
    expect(operatingSystem(GOOGLEBOT)).toBeNull();
  });
});

describe('logUsage', () => {
  beforeEach(() => resetUsageLoggerForTests());

  it('sends once per load, without credentials, and asks for the client id only when sending', async () => {
    const fetch = vi.fn(async () => new Response(''));
    const clientId = vi.fn(() => base.clientId);
    const deps = { ...base, clientId, fetch };
    expect(logUsage({ ...deps, cookiesAccepted: null })).toBe(false);
    expect(clientId).not.toHaveBeenCalled();
    expect(logUsage(deps)).toBe(true);
    expect(logUsage(deps)).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('id=123e4567-e89b-42d3-a456-426614174000');
    expect(init.credentials).toBe('omit');
    expect(init.headers).toBeUndefined();
    expect(clientId).toHaveBeenCalledTimes(1);
  });

  it('swallows a failing logger', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('CORS');
    });
    expect(logUsage({ ...base, clientId: () => base.clientId, fetch })).toBe(true);
    await Promise.resolve();
  });
});
