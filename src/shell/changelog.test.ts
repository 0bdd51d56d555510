import { describe, expect, it } from 'vitest';
import bundled from './changelog.json';
import { changelogOnLoad, localText, readChangelog, releasesSince } from './changelog.js';

const item = (type: string) => ({ type, title: { en_GB: 'T', de_DE: 'T-de' }, text: { en_GB: 'X' }, categories: ['users', 'other'] });

describe('readChangelog', () => {
  it('sorts releases newest first by semver and drops what does not fit', () => {
    const releases = readChangelog([
      { version: '0.9.0', date: '2026-01-01', items: [item('new')] },
      { version: '0.10.0', date: '2026-02-01', items: [item('fix'), item('bugfix'), { type: 'new' }] },
      { version: 'not-a-version', items: [] },
      'junk',
    ]);
    expect(releases.map((r) => r.version)).toEqual(['0.10.0', '0.9.0']);
    expect(releases[0].items.map((i) => i.type)).toEqual(['fix']);
    expect(releases[0].items[0].categories).toEqual(['users']);
  });

  it('reads the bundled changelog completely, German included', () => {
    const releases = readChangelog(bundled);
    expect(releases.map((r) => r.version)).toEqual(['0.2.0', '0.1.0']);
    const items = releases.flatMap((r) => r.items);
    expect(items.length).toBe(bundled.flatMap((r) => r.items).length);
    for (const entry of items) {
      expect(entry.title.de_DE, entry.title.en_GB).toBeDefined();
      expect(entry.text.de_DE, entry.title.en_GB).toBeDefined();
      expect(entry.categories.length).toBeGreaterThan(0);
      // Plain text only: nothing in it could be read as markup.
      expect(`${entry.title.en_GB}${entry.text.en_GB}${entry.title.de_DE}${entry.text.de_DE}`).not.toMatch(/[<>]/);
    }
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(['new', 'change', 'fix']));
  });
});

describe('releasesSince', () => {
  const releases = readChangelog([
    { version: '1.0.0', items: [] },
    { version: '1.1.0', items: [] },
    { version: '2.0.0', items: [] },
  ]);
  it('gives releases strictly newer than the previous version', () => {
    expect(releasesSince(releases, '1.0.0').map((r) => r.version)).toEqual(['2.0.0', '1.1.0']);
  });
  it('gives all releases without a previous version, with an invalid one, or when none is newer', () => {
    for (const previous of [null, 'x', '2.0.0', '3.0.0']) expect(releasesSince(releases, previous)).toHaveLength(3);
  });
});

describe('changelogOnLoad', () => {
  it('records the version silently on a first visit', () => {
    expect(changelogOnLoad(null, '0.2.0')).toEqual({ show: false, since: null, store: '0.2.0' });
  });
  it('shows what changed since an older version once, then stores the new one', () => {
    expect(changelogOnLoad('0.1.0', '0.2.0')).toEqual({ show: true, since: '0.1.0', store: '0.2.0' });
    expect(changelogOnLoad('0.2.0', '0.2.0')).toEqual({ show: false, since: null, store: null });
  });
  it('does not show it after a downgrade', () => {
    expect(changelogOnLoad('0.3.0', '0.2.0').show).toBe(false);
  });
});

describe('localText', () => {
  it('falls back to English', () => {
    expect(localText({ en_GB: 'a', de_DE: 'b' }, 'de_DE')).toBe('b');
    expect(localText({ en_GB: 'a' }, 'de_DE')).toBe('a');
  });
});
