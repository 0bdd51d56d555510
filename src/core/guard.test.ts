import { describe, expect, it } from 'vitest';
import type { PaneInstance, PaneTypeSpec } from './contracts.js';
import {
  FORBIDDEN_PANE_TYPE,
  guardLayout,
  guardPane,
  NOT_FOUND_PANE_TYPE,
  UNGUARDED_PAGES,
  type GuardDecision,
} from './guard.js';
import type { Layout } from './layout.js';
import type { AuthMode, Role } from './roles.js';

function spec(pageName: string, minRole: Role | null = null, extra: Partial<PaneTypeSpec> = {}): PaneTypeSpec {
  return { id: `test:${pageName}`, route: `/${pageName}`, pageName, titleKey: `page.${pageName}`, minRole, load: async () => null, ...extra };
}

/**
 * The expected decisions, written out by hand from the guard's rules rather than computed. One letter per pane minRole, in the order none, AUTH_USER, DATA_CURATOR, ADMIN:
 * a = allow, l = login, f = forbidden, n = notFound.
 */
const VISIBLE: Record<AuthMode, Record<string, string>> = {
  // NONE has no logins: role panes are refused to everyone, even if a role is passed in.
  NONE: { anonymous: 'afff', 'Regular User': 'afff', 'Data Curator': 'afff', Administrator: 'afff' },
  // SELECTIVE: only the role check; an anonymous visitor is refused role panes, not sent to login.
  SELECTIVE: { anonymous: 'afff', 'Regular User': 'aaff', 'Data Curator': 'aaaf', Administrator: 'aaaa' },
  // FULL: no login means login for every pane; then the role check.
  FULL: { anonymous: 'llll', 'Regular User': 'aaff', 'Data Curator': 'aaaf', Administrator: 'aaaa' },
};
/** A hideable page listed in hiddenPages: 404 before anything else, login included. */
const HIDDEN = 'nnnn';

const ROLE_OF: Record<string, Role | null> = {
  anonymous: null,
  'Regular User': 'AUTH_USER',
  'Data Curator': 'DATA_CURATOR',
  Administrator: 'ADMIN',
};
const MIN_ROLES: (Role | null)[] = [null, 'AUTH_USER', 'DATA_CURATOR', 'ADMIN'];
const KIND: Record<string, GuardDecision['kind']> = { a: 'allow', l: 'login', f: 'forbidden', n: 'notFound' };

type Hidden = 'visible' | 'hidden' | 'unhideable listed';
const cases: [AuthMode, string, string, Hidden, GuardDecision['kind']][] = [];
for (const mode of ['NONE', 'SELECTIVE', 'FULL'] as const) {
  for (const user of Object.keys(ROLE_OF)) {
    MIN_ROLES.forEach((minRole, column) => {
      for (const hidden of ['visible', 'hidden', 'unhideable listed'] as const) {
        const letters = hidden === 'hidden' ? HIDDEN : VISIBLE[mode][user];
        cases.push([mode, user, minRole ?? 'none', hidden, KIND[letters[column]]]);
      }
    });
  }
}

describe('guardPane matrix', () => {
  it('covers 3 modes × 4 users × 4 minimum roles × 3 hidden states', () => {
    expect(cases).toHaveLength(144);
  });

  it.each(cases)('%s, %s, minRole %s, %s → %s', (mode, user, minRole, hidden, expected) => {
    const pageName = hidden === 'unhideable listed' ? 'about-germinate' : 'germplasm';
    const pane = spec(pageName, minRole === 'none' ? null : (minRole as Role), hidden === 'unhideable listed' ? { hideable: false } : {});
    const hiddenPages = hidden === 'visible' ? ['maps', 'stories'] : ['maps', pageName, 'stories'];
    expect(guardPane({ authMode: mode, hiddenPages, role: ROLE_OF[user], pane })).toEqual({ kind: expected });
  });
});

describe('guardPane details', () => {
  it('always lets the login, setup, 403 and 404 pages through, even when listed as hidden', () => {
    expect(UNGUARDED_PAGES).toEqual(['login', 'setup', '403', '404']);
    for (const mode of ['NONE', 'SELECTIVE', 'FULL'] as const) {
      for (const pageName of UNGUARDED_PAGES) {
        const input = { authMode: mode, hiddenPages: [...UNGUARDED_PAGES], role: null, pane: spec(pageName) };
        expect(guardPane(input)).toEqual({ kind: 'allow' });
      }
    }
  });

  it('matches hiddenPages on the Germinate route name exactly, not on the pane id or route', () => {
    const pane = spec('passport', null, { id: 'germplasm:passport', route: '/data/germplasm/:germplasmId' });
    const base = { authMode: 'NONE' as const, role: null, pane };
    expect(guardPane({ ...base, hiddenPages: ['germplasm:passport', '/data/germplasm/:germplasmId', 'Passport', 'passport '] })).toEqual({ kind: 'allow' });
    expect(guardPane({ ...base, hiddenPages: ['passport'] })).toEqual({ kind: 'notFound' });
  });

  it('hides a page whose hideable is unset (the default is hideable)', () => {
    const pane = spec('images');
    delete pane.hideable;
    expect(guardPane({ authMode: 'SELECTIVE', hiddenPages: ['images'], role: 'ADMIN', pane })).toEqual({ kind: 'notFound' });
  });
});

describe('guardLayout', () => {
  const types: Record<string, PaneTypeSpec> = {
    'germplasm:table': spec('germplasm'),
    'germplasm:unifier': spec('germplasm-unifier', 'DATA_CURATOR'),
    'admin:settings': spec('germinate-settings', 'ADMIN'),
    'images:gallery': spec('images'),
    'core:login': spec('login'),
  };
  const paneType = (id: string): PaneTypeSpec | undefined => types[id];
  const instance = (type: string, state?: Record<string, unknown>): PaneInstance =>
    state ? { type, params: { id: '3' }, state } : { type, params: {} };
  const layout: Layout = {
    root: {
      direction: 'row',
      splitPercentage: 40,
      first: 'p1',
      second: { direction: 'column', first: 'p2', second: { direction: 'row', first: 'p3', second: 'p4' } },
    },
    panes: {
      p1: instance('germplasm:table'),
      p2: instance('germplasm:unifier', { tab: 2 }),
      p3: instance('images:gallery'),
      p4: instance('admin:settings'),
    },
    focused: 'p2',
    maximised: 'p2',
  };

  it('returns the layout itself when every pane is allowed', () => {
    const result = guardLayout({ authMode: 'SELECTIVE', hiddenPages: [], role: 'ADMIN', layout, paneType });
    expect(result).toEqual({ kind: 'layout', layout, refused: [] });
    if (result.kind === 'layout') expect(result.layout).toBe(layout);
  });

  it('replaces refused panes in place, keeping shape, keys, focus and maximise', () => {
    const result = guardLayout({ authMode: 'SELECTIVE', hiddenPages: ['images'], role: 'AUTH_USER', layout, paneType });
    expect(result).toEqual({
      kind: 'layout',
      refused: ['p2', 'p3', 'p4'],
      layout: {
        root: layout.root,
        panes: {
          p1: layout.panes.p1,
          p2: { type: FORBIDDEN_PANE_TYPE, params: {}, state: { refused: { type: 'germplasm:unifier', params: { id: '3' }, state: { tab: 2 } } } },
          p3: { type: NOT_FOUND_PANE_TYPE, params: {}, state: { refused: { type: 'images:gallery', params: {} } } },
          p4: { type: FORBIDDEN_PANE_TYPE, params: {}, state: { refused: { type: 'admin:settings', params: {} } } },
        },
        focused: 'p2',
        maximised: 'p2',
      },
    });
  });

  it('shows an unknown pane type as 404', () => {
    const odd: Layout = { root: 'p1', panes: { p1: instance('gone:pane') }, focused: 'p1' };
    const result = guardLayout({ authMode: 'NONE', hiddenPages: [], role: null, layout: odd, paneType });
    expect(result).toMatchObject({ kind: 'layout', refused: ['p1'], layout: { panes: { p1: { type: NOT_FOUND_PANE_TYPE } } } });
  });

  it('asks for one login for the whole layout under FULL without a login', () => {
    const result = guardLayout({ authMode: 'FULL', hiddenPages: ['germplasm'], role: null, layout, paneType });
    expect(result).toEqual({ kind: 'login', target: layout });
  });

  it('needs no login under FULL when every pane is hidden or unguarded', () => {
    const onlyHidden: Layout = {
      root: { direction: 'row', first: 'p1', second: 'p2' },
      panes: { p1: instance('images:gallery'), p2: instance('core:login') },
      focused: 'p2',
    };
    const result = guardLayout({ authMode: 'FULL', hiddenPages: ['images', 'login'], role: null, layout: onlyHidden, paneType });
    expect(result).toMatchObject({ kind: 'layout', refused: ['p1'] });
  });

  it('does not mutate the input layout', () => {
    const copy = structuredClone(layout);
    guardLayout({ authMode: 'NONE', hiddenPages: ['germplasm'], role: null, layout, paneType });
    expect(layout).toEqual(copy);
  });
});
