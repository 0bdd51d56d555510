import { describe, expect, it } from 'vitest';
import { matches } from './palette-filter.js';

describe('palette matching', () => {
  it('matches word starts in any order, and ids', () => {
    expect(matches('', 'Split right', 'workspace:split-right')).toBe(true);
    expect(matches('key hel', 'Keyboard help', 'shell:keyboard-help')).toBe(true);
    expect(matches('help key', 'Keyboard help', 'shell:keyboard-help')).toBe(true);
    expect(matches('tastatur', 'Tastenkürzel', 'shell:keyboard-help')).toBe(false);
    expect(matches('workspace:split', 'Rechts teilen', 'workspace:split-right')).toBe(true);
    expect(matches('ard', 'Keyboard help', 'shell:keyboard-help')).toBe(true);
    expect(matches('xyz', 'Keyboard help', 'shell:keyboard-help')).toBe(false);
  });

  it('matches a hyphenated title typed whole (German compounds)', () => {
    expect(matches('cookie-einwilligung', 'Cookie-Einwilligung', 'shell:cookie-consent')).toBe(true);
    expect(matches('cookie-ein', 'Cookie-Einwilligung', 'shell:cookie-consent')).toBe(true);
    expect(matches('api-tok', 'API-Token anzeigen', 'shell:session-token')).toBe(true);
    expect(matches('kie-ein', 'Cookie-Einwilligung', 'shell:cookie-consent')).toBe(false);
  });
});
