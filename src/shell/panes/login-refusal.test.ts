import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createIntl } from '@formatjs/intl';
import { tooManyAttemptsMessage } from './login-refusal.js';

const catalogue = (locale: string) => JSON.parse(fs.readFileSync(new URL(`../../../locales/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;

function translator(locale: 'en-GB' | 'de-DE') {
  const intl = createIntl({ locale, messages: catalogue(locale.replace('-', '_')) });
  return (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
}

describe('the login pane after too many attempts', () => {
  it("says in how many seconds to try again, from the server's retryAfter", () => {
    const en = translator('en-GB');
    expect(tooManyAttemptsMessage({ body: { statusCode: 429, retryAfter: 42 } }, en)).toBe('Too many attempts. Please try again in 42 seconds.');
    expect(tooManyAttemptsMessage({ body: { retryAfter: 1 } }, en)).toBe('Too many attempts. Please try again in 1 second.');
    expect(tooManyAttemptsMessage({ body: { retryAfter: 42 } }, translator('de-DE'))).toBe('Zu viele Versuche. Bitte versuchen Sie es in 42 Sekunden erneut.');
  });

  it('falls back to the general sentence when the server gives no time', () => {
    const en = translator('en-GB');
    const general = 'Too many attempts. Please wait a minute and try again.';
    for (const body of [undefined, 'Too Many Requests', { statusCode: 429 }, { retryAfter: 'soon' }, { retryAfter: 0 }, { retryAfter: 2.5 }]) {
      expect(tooManyAttemptsMessage({ body }, en)).toBe(general);
    }
  });
});
