import { memoryStorage } from './memory-storage.test-support.js';
import { describe, expect, it } from 'vitest';
import {
  createClientState,
  defaultUserState,
  featureAllowed,
  KEYS_WITHOUT_CONSENT,
  USER_STATE_KEYS,
  type ClientStateOptions,
  type StorageLike,
} from './client-state.js';

const ANON = 'germinate-workspace.state.anonymous';
const SHARED = 'germinate-workspace.state.shared';
const user = (id: number | string) => `germinate-workspace.state.user.${id}`;


function setup(options: Partial<ClientStateOptions> = {}, initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  // A long debounce: tests write through flush(), so no timer fires behind their back.
  const store = createClientState({ storage, gdprEnabled: () => false, debounceMs: 60_000, ...options });
  const stored = (key: string): Record<string, unknown> => JSON.parse(storage.data.get(key) ?? 'null');
  return { storage, store, state: store.state, stored };
}

const UUID = '123e4567-e89b-42d3-a456-426614174000';

describe('client state defaults', () => {
  it('starts anonymous with the default state', () => {
    const { state } = setup();
    expect(state.userId).toBeNull();
    expect(state.activeStory).toBeNull();
    expect(state.baseUrl).toBeNull();
    expect(state.serverSettings).toBeNull();
    expect(state.locale).toBe('en_GB');
    expect(state.tablePerPage).toBe(10);
    expect(state.markedIds).toEqual({ germplasm: [], markers: [], locations: [], datasets: [], traits: [] });
    expect(state.recentIds).toEqual({ germplasm: [], markers: [] });
    expect(state.hiddenColumns).toEqual({});
    expect(state.asyncJobUuids).toEqual([]);
    expect(state.asyncJobCount).toBe(0);
    expect(state.cookiesAccepted).toBeNull();
    expect(state.customChartColors).toBeNull();
    expect(state.darkMode).toBeNull();
    expect(state.changelogVersionNumber).toBeNull();
    expect(state.selectedProjects).toEqual([]);
    expect(state.mapLayer).toBe('theme');
    expect(state.sidebarState).toBe('open');
    expect(state.asyncSidebarTabIndex).toBe(0);
    expect(state.entityTypeStats.map((s) => s.entityTypeName)).toEqual(['Accession', 'Plant/Plot', 'Sample']);
    expect(state.originalTarget).toBeNull();
  });

  it('writes nothing until something changes', () => {
    const { storage, store } = setup();
    store.flush();
    expect(storage.data.size).toBe(0);
  });

  it('debounces writes', async () => {
    const { storage, state } = setup({ debounceMs: 5 });
    state.darkMode = true;
    state.tablePerPage = 25;
    expect(storage.data.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(JSON.parse(storage.data.get(ANON) ?? '{}')).toMatchObject({ darkMode: true, tablePerPage: 25 });
  });
});

describe('per-user persistence', () => {
  it("keeps each user's marks apart, and the anonymous user's too", () => {
    const { store, state, stored } = setup();
    store.markItems('germplasm', [1, 2]);
    store.switchUser(7);
    expect(state.userId).toBe('7');
    expect(state.markedIds.germplasm).toEqual([]);
    store.markItems('germplasm', [3]);
    store.switchUser(8);
    expect(state.markedIds.germplasm).toEqual([]);
    store.switchUser(7);
    expect(state.markedIds.germplasm).toEqual([3]);
    store.switchUser(null);
    expect(state.markedIds.germplasm).toEqual([1, 2]);
    store.flush();
    expect(stored(ANON).markedIds).toEqual({ germplasm: [1, 2], markers: [], locations: [], datasets: [], traits: [] });
    expect(stored(user(7)).markedIds).toEqual({ germplasm: [3], markers: [], locations: [], datasets: [], traits: [] });
    expect(stored(user(8)).markedIds).toEqual({ germplasm: [], markers: [], locations: [], datasets: [], traits: [] });
  });

  it('restores a user from storage in a new store', () => {
    const first = setup();
    first.store.switchUser(7);
    first.state.locale = 'de_DE';
    first.store.pushRecent('markers', 4);
    first.store.setHiddenColumns('germplasm', ['pdci', 'puid']);
    first.state.baseUrl = './api/';
    first.store.dispose();
    const initial = Object.fromEntries(first.storage.data);
    const second = setup({ userId: 7 }, initial);
    expect(second.state.locale).toBe('de_DE');
    expect(second.state.recentIds.markers).toEqual([4]);
    expect(second.state.hiddenColumns.germplasm).toEqual(['pdci', 'puid']);
    expect(second.state.baseUrl).toBe('./api/');
    expect(setup({}, initial).state.locale).toBe('en_GB');
  });

  it('keeps the active story out of storage and clears it on a user change', () => {
    const { store, state, storage } = setup();
    state.activeStory = { story: { id: 1, name: 'Tour' }, index: 2, isEdit: false };
    store.flush();
    expect(storage.data.size).toBe(0);
    state.darkMode = true;
    store.flush();
    expect(storage.data.get(ANON)).not.toContain('activeStory');
    expect(storage.data.get(ANON)).not.toContain('Tour');
    store.switchUser(3);
    expect(state.activeStory).toBeNull();
    state.activeStory = { story: { id: 1 }, index: 0, isEdit: true };
    store.switchUser(null);
    expect(state.activeStory).toBeNull();
    store.flush();
    for (const value of storage.data.values()) expect(value).not.toContain('activeStory');
  });

  it('saves pending changes to the user who made them', () => {
    const { store, state, stored } = setup();
    store.switchUser(1);
    state.darkMode = true;
    store.switchUser(2);
    expect(state.darkMode).toBeNull();
    store.flush();
    expect(stored(user(1)).darkMode).toBe(true);
    expect(stored(user(2)).darkMode).toBeNull();
  });
});

describe('GDPR matrix', () => {
  const changeEverything = (store: ReturnType<typeof setup>['store'], cookiesAccepted: boolean | null) => {
    const { state } = store;
    state.cookiesAccepted = cookiesAccepted;
    state.locale = 'de_DE';
    state.tablePerPage = 50;
    store.markItems('locations', [9]);
    store.pushRecent('germplasm', 5);
    store.setHiddenColumns('datasets', ['contact']);
    state.asyncJobUuids = [UUID];
    state.asyncJobCount = 1;
    state.customChartColors = ['#ff0000'];
    state.darkMode = true;
    state.changelogVersionNumber = '4.8.3';
    state.selectedProjects = [2];
    state.mapLayer = 'satellite';
    state.sidebarState = 'collapsed';
    state.asyncSidebarTabIndex = 1;
    state.originalTarget = '/data/germplasm/5';
    state.baseUrl = './api/';
    state.serverSettings = { showGdprNotification: true };
  };

  const cases: [gdpr: boolean, accepted: boolean | null, keys: readonly string[]][] = [
    [false, null, USER_STATE_KEYS],
    [false, true, USER_STATE_KEYS],
    [false, false, USER_STATE_KEYS],
    [true, true, USER_STATE_KEYS],
    [true, null, KEYS_WITHOUT_CONSENT],
    [true, false, KEYS_WITHOUT_CONSENT],
  ];

  it.each(cases)('gdpr %s, cookiesAccepted %s', (gdpr, accepted, keys) => {
    const { store, stored } = setup({ gdprEnabled: () => gdpr });
    changeEverything(store, accepted);
    store.flush();
    expect(Object.keys(stored(ANON)).sort()).toEqual([...keys].sort());
    expect(stored(SHARED)).toEqual({ baseUrl: './api/', serverSettings: { showGdprNotification: true } });
    if (keys === KEYS_WITHOUT_CONSENT) {
      expect(stored(ANON)).toEqual({
        locale: 'de_DE',
        asyncJobUuids: [UUID],
        asyncJobCount: 1,
        markedIds: accepted === false ? { germplasm: [], markers: [], locations: [], datasets: [], traits: [] } : { germplasm: [], markers: [], locations: [9], datasets: [], traits: [] },
        cookiesAccepted: accepted,
        selectedProjects: [2],
      });
    }
  });

  it('lists exactly the GDPR per-user keys as allowed without consent', () => {
    expect([...KEYS_WITHOUT_CONSENT].sort()).toEqual(
      ['asyncJobCount', 'asyncJobUuids', 'cookiesAccepted', 'locale', 'markedIds', 'selectedProjects'].sort(),
    );
  });

  it('declining removes stored keys that are not allowed, at once', () => {
    const gdpr = { on: true };
    const { store, state, stored } = setup({ gdprEnabled: () => gdpr.on });
    state.cookiesAccepted = true;
    changeEverything(store, true);
    store.flush();
    expect(stored(ANON).darkMode).toBe(true);
    state.cookiesAccepted = false; // no flush: a "no" is written without waiting for the debounce
    expect(Object.keys(stored(ANON)).sort()).toEqual([...KEYS_WITHOUT_CONSENT].sort());
    expect(stored(ANON).cookiesAccepted).toBe(false);
  });

  it('drops not-allowed keys stored earlier once the GDPR setting applies', () => {
    const gdpr = { on: false };
    const { store, state, stored } = setup({ gdprEnabled: () => gdpr.on });
    state.darkMode = true;
    store.flush();
    expect(stored(ANON).darkMode).toBe(true);
    gdpr.on = true;
    state.serverSettings = { showGdprNotification: true };
    store.flush();
    expect(stored(ANON).darkMode).toBeUndefined();
  });

  it('treats a failing gdprEnabled as applying', () => {
    const { store, state, stored } = setup({
      gdprEnabled: () => {
        throw new Error('settings not loaded');
      },
    });
    state.darkMode = true;
    store.flush();
    expect(stored(ANON).darkMode).toBeUndefined();
  });
});

describe('gated features', () => {
  it('declining disables login and item lists; accepting or not yet deciding does not', () => {
    for (const feature of ['login', 'itemLists'] as const) {
      expect(featureAllowed(feature, { cookiesAccepted: null })).toBe(true);
      expect(featureAllowed(feature, { cookiesAccepted: true })).toBe(true);
      expect(featureAllowed(feature, { cookiesAccepted: false })).toBe(false);
    }
  });

  it('does not mark items after declining, but still unmarks', () => {
    const { store, state } = setup();
    store.markItems('germplasm', [1, 2]);
    state.cookiesAccepted = false;
    expect(store.markItems('germplasm', [3])).toBe(false);
    expect(store.toggleMark('germplasm', 4)).toBe(false);
    expect(store.toggleMark('germplasm', 1)).toBe(false);
    store.unmarkItems('germplasm', [2]);
    expect(state.markedIds.germplasm).toEqual([]);
  });
});

describe('helpers', () => {
  it('marks idempotently and answers isMarked', () => {
    const { store, state } = setup();
    expect(store.markItems('markers', [5, 5, 6])).toBe(true);
    store.markItems('markers', [6, 5]);
    expect(state.markedIds.markers).toEqual([5, 6]);
    expect(store.isMarked('markers', 5)).toBe(true);
    expect(store.isMarked('germplasm', 5)).toBe(false);
    expect(store.toggleMark('markers', 5)).toBe(false);
    expect(store.toggleMark('markers', 5)).toBe(true);
  });

  it('keeps ten recent ids, most recent first', () => {
    const { store, state } = setup();
    for (let id = 1; id <= 11; id++) store.pushRecent('germplasm', id);
    store.pushRecent('germplasm', 4);
    expect(state.recentIds.germplasm).toEqual([4, 11, 10, 9, 8, 7, 6, 5, 3, 2]);
  });

  it('sets hidden columns per table, ignoring invalid input', () => {
    const { store, state } = setup();
    store.setHiddenColumns('germplasm', ['pdci', 'pdci', 'puid']);
    store.setHiddenColumns('maps', []);
    store.setHiddenColumns('__proto__', ['x']);
    store.setHiddenColumns('markers', ['ok', '']);
    expect(state.hiddenColumns).toEqual({ germplasm: ['pdci', 'puid'], maps: [] });
  });
});

describe('damaged storage', () => {
  const defaults = { ...defaultUserState(), userId: null, activeStory: null, baseUrl: null, serverSettings: null };
  const plain = (state: object) => JSON.parse(JSON.stringify(state));

  it.each([
    ['invalid JSON', '{"locale": "de_DE",'],
    ['a JSON array', '[1,2,3]'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['a 5 MB string', 'x'.repeat(5 * 1024 * 1024)],
    ['a 5 MB JSON string', JSON.stringify('x'.repeat(5 * 1024 * 1024))],
  ])('falls back to defaults for %s', (_name, text) => {
    const { state } = setup({}, { [ANON]: text, [SHARED]: text });
    expect(plain(state)).toEqual(plain(defaults));
  });

  it('falls back key by key for wrong types and values', () => {
    const stored = {
      locale: 'fr_FR',
      tablePerPage: 11,
      markedIds: { germplasm: [1, 2, 2], markers: ['3'], locations: 'x' },
      recentIds: { germplasm: Array.from({ length: 15 }, (_, i) => i + 1), markers: [0] },
      hiddenColumns: { germplasm: ['pdci'], maps: [1], 'bad name': ['x'] },
      asyncJobUuids: ['not-a-uuid'],
      asyncJobCount: -1,
      cookiesAccepted: 'yes',
      customChartColors: ['red'],
      darkMode: 'true',
      changelogVersionNumber: 'x'.repeat(5 * 1024 * 1024),
      selectedProjects: [1.5],
      mapLayer: '',
      sidebarState: 'sidebar-lg-show',
      asyncSidebarTabIndex: 2,
      entityTypeStats: [{ entityTypeId: 1, entityTypeName: 'Accession', count: -3 }],
      originalTarget: '//evil.example/login',
      activeStory: { story: { id: 1 }, index: 0, isEdit: false },
    };
    const { state } = setup({}, { [ANON]: JSON.stringify(stored), [SHARED]: JSON.stringify({ baseUrl: 3, serverSettings: [] }) });
    expect(plain(state)).toEqual(
      plain({
        ...defaults,
        markedIds: { germplasm: [1, 2], markers: [], locations: [], datasets: [], traits: [] },
        recentIds: { germplasm: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], markers: [] },
        hiddenColumns: { germplasm: ['pdci'] },
      }),
    );
  });

  it('keeps valid values next to damaged ones', () => {
    const stored = { locale: 'de_DE', tablePerPage: 100, darkMode: 'no', originalTarget: '/data/germplasm/1', cookiesAccepted: false };
    const { state } = setup({}, { [ANON]: JSON.stringify(stored) });
    expect(state.locale).toBe('de_DE');
    expect(state.tablePerPage).toBe(100);
    expect(state.darkMode).toBeNull();
    expect(state.originalTarget).toBe('/data/germplasm/1');
    expect(state.cookiesAccepted).toBe(false);
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example/', 'data/germplasm', '/ok\u0000'])(
    'refuses %j as a return target',
    (target) => {
      const { state } = setup({}, { [ANON]: JSON.stringify({ originalTarget: target }) });
      expect(state.originalTarget).toBeNull();
    },
  );

  it('works on when storage throws', () => {
    const failing: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const store = createClientState({ storage: failing, gdprEnabled: () => false, debounceMs: 60_000 });
    store.state.darkMode = true;
    expect(() => store.flush()).not.toThrow();
    expect(() => store.switchUser(4)).not.toThrow();
    expect(store.state.darkMode).toBeNull();
  });
});
