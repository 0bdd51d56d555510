import { describe, expect, it } from 'vitest';
import { isDark, localeFromLanguages } from './theme.js';

describe('localeFromLanguages', () => {
  it('takes the first language we have, by language', () => {
    expect(localeFromLanguages(['de-DE', 'en-GB'])).toBe('de_DE');
    expect(localeFromLanguages(['de-AT'])).toBe('de_DE');
    expect(localeFromLanguages(['fr-FR', 'de'])).toBe('de_DE');
    expect(localeFromLanguages(['en-US', 'de-DE'])).toBe('en_GB');
  });
  it('falls back to British English', () => {
    expect(localeFromLanguages([])).toBe('en_GB');
    expect(localeFromLanguages(['fr-FR', 'it'])).toBe('en_GB');
  });
});

describe('isDark', () => {
  it('follows a stored choice; without one the system (light where there is no window)', () => {
    expect(isDark(true)).toBe(true);
    expect(isDark(false)).toBe(false);
    expect(isDark(null)).toBe(false);
  });
});
