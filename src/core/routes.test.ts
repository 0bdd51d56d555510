import { describe, expect, it } from 'vitest';
import {
  REDIRECTS,
  SPEC_ROUTES,
  buildPath,
  compileRoute,
  legacyHashPath,
  matchPath,
  resolveRedirect,
  specRouteByName,
  splitPath,
} from './routes.js';

const routes = (...patterns: string[]) => patterns.map((route) => ({ route, id: route }));

describe('compileRoute', () => {
  it('lists params, shape and rank', () => {
    const route = compileRoute('/data/export/genotype/:datasetIds');
    expect(route.params).toEqual(['datasetIds']);
    expect(route.shape).toBe('/data/export/genotype/:');
    expect(route.rank).toEqual([1, 1, 1, 0]);
    expect(compileRoute('/').params).toEqual([]);
  });

  it('caches compiled patterns', () => {
    expect(compileRoute('/groups/:groupId')).toBe(compileRoute('/groups/:groupId'));
  });

  it('rejects patterns that could never match cleanly', () => {
    expect(() => compileRoute('data/germplasm')).toThrow(/must start with '\/'/);
    expect(() => compileRoute('/data//germplasm')).toThrow(/invalid segment ''/);
    expect(() => compileRoute('/data/germplasm/')).toThrow(/invalid segment/);
    expect(() => compileRoute('/a/:')).toThrow(/invalid segment ':'/);
    expect(() => compileRoute('/a/:1x')).toThrow(/invalid segment/);
    expect(() => compileRoute('/a b')).toThrow(/invalid segment 'a b'/);
    expect(() => compileRoute('/a/..')).toThrow(/invalid segment '..'/);
    expect(() => compileRoute('/a/:id/b/:id')).toThrow(/repeats param ':id'/);
  });
});

describe('splitPath', () => {
  it('decodes segments after splitting, drops query, fragment and one trailing slash', () => {
    expect(splitPath('/search/a%2Fb')).toEqual(['search', 'a/b']);
    expect(splitPath('/home/')).toEqual(['home']);
    expect(splitPath('/home?layout=x#y')).toEqual(['home']);
    expect(splitPath('/')).toEqual([]);
    expect(splitPath('')).toBeNull();
    expect(splitPath('home')).toBeNull();
    expect(splitPath('/search/%E0%A4%A')).toBeNull();
  });
});

describe('matchPath', () => {
  const table = routes('/data/germplasm', '/data/germplasm/:germplasmId', '/groups/:groupId', '/groups/upload/:file');

  it('matches exact segments and decodes params', () => {
    expect(matchPath('/data/germplasm', table)).toEqual({ paneType: table[0], params: {} });
    expect(matchPath('/data/germplasm/12', table)).toEqual({ paneType: table[1], params: { germplasmId: '12' } });
    expect(matchPath('/data/germplasm/A%20B%2F%C3%BC', table)?.params).toEqual({ germplasmId: 'A B/ü' });
  });

  it('tolerates a trailing slash but not extra or empty segments', () => {
    expect(matchPath('/data/germplasm/', table)?.paneType).toBe(table[0]);
    expect(matchPath('/data/germplasm/12/', table)?.params).toEqual({ germplasmId: '12' });
    expect(matchPath('/data/germplasm/12/x', table)).toBeNull();
    expect(matchPath('/data/germplasm//', table)).toBeNull();
    expect(matchPath('/data', table)).toBeNull();
    expect(matchPath('/Data/Germplasm', table)).toBeNull();
  });

  it('rejects paths that are not routes', () => {
    expect(matchPath('data/germplasm', table)).toBeNull();
    expect(matchPath('/data/germplasm/%zz', table)).toBeNull();
    expect(matchPath('/anything', [])).toBeNull();
  });

  it('lets literal segments beat params, whatever the order', () => {
    const exportTable = routes('/data/export/:datasetType', '/data/export/cross');
    expect(matchPath('/data/export/cross', exportTable)?.paneType.route).toBe('/data/export/cross');
    expect(matchPath('/data/export/cross', [...exportTable].reverse())?.paneType.route).toBe('/data/export/cross');
    expect(matchPath('/data/export/trials', exportTable)?.params).toEqual({ datasetType: 'trials' });

    expect(matchPath('/groups/upload/f.txt', table)).toEqual({ paneType: table[3], params: { file: 'f.txt' } });
    expect(matchPath('/groups/upload', table)).toEqual({ paneType: table[2], params: { groupId: 'upload' } });

    // The leftmost difference decides: /a/b/:x is more specific than /a/:y/c.
    const left = routes('/a/:y/c', '/a/b/:x');
    expect(matchPath('/a/b/c', left)?.paneType.route).toBe('/a/b/:x');
  });

  it('keeps the first of two routes of the same shape', () => {
    const twins = routes('/a/:x', '/a/:y');
    expect(matchPath('/a/1', twins)?.params).toEqual({ x: '1' });
  });

  it('ignores query and fragment', () => {
    expect(matchPath('/data/germplasm/3?layout=abc#top', table)?.params).toEqual({ germplasmId: '3' });
  });
});

describe('buildPath', () => {
  it('fills and encodes params', () => {
    expect(buildPath('/data/germplasm/:germplasmId', { germplasmId: 12 })).toBe('/data/germplasm/12');
    expect(buildPath('/search/:searchTerm', { searchTerm: 'a b/c?d#e%ü' })).toBe('/search/a%20b%2Fc%3Fd%23e%25%C3%BC');
    expect(buildPath('/home', {})).toBe('/home');
  });

  it('keeps comma-separated id lists readable', () => {
    expect(buildPath('/data/export/trials/:datasetIds', { datasetIds: '3,7,12' })).toBe('/data/export/trials/3,7,12');
  });

  it('encodes dot segments that a browser would resolve away', () => {
    expect(buildPath('/search/:searchTerm', { searchTerm: '..' })).toBe('/search/%2E%2E');
    expect(
      matchPath(buildPath('/search/:searchTerm', { searchTerm: '.' }), routes('/search/:searchTerm'))?.params,
    ).toEqual({
      searchTerm: '.',
    });
  });

  it('throws on a missing or empty param', () => {
    // @ts-expect-error the pattern's literal type makes :file required
    expect(() => buildPath('/groups/upload/:file', {})).toThrow(/needs :file/);
    // @ts-expect-error and names every param of a longer pattern
    expect(() => buildPath('/a/:x/b/:y', { x: 1 })).toThrow(/needs :y/);
    expect(() => buildPath('/groups/:groupId', { groupId: '' })).toThrow(/needs :groupId/);
    const loose: string = '/a/:x/:y';
    expect(() => buildPath(loose, { x: 1 })).toThrow("Route '/a/:x/:y' needs :y");
  });

  it('ignores extra params', () => {
    const extra = { germplasmId: 1, tab: 'mcpd' };
    expect(buildPath('/data/germplasm/:germplasmId', extra)).toBe('/data/germplasm/1');
  });
});

describe('redirects', () => {
  it('follows the product routes', () => {
    expect(resolveRedirect('/')).toBe('/home');
    expect(resolveRedirect('/data')).toBe('/data/germplasm');
    expect(resolveRedirect('/data/')).toBe('/data/germplasm');
    expect(resolveRedirect('/admin')).toBe('/admin/germinate-settings');
    expect(resolveRedirect('/about')).toBe('/about/germinate');
  });

  it('keeps query and fragment, and leaves other paths alone', () => {
    expect(resolveRedirect('/data?layout=v1.abc')).toBe('/data/germplasm?layout=v1.abc');
    expect(resolveRedirect('/?x=1#y')).toBe('/home?x=1#y');
    expect(resolveRedirect('/data/germplasm/12')).toBe('/data/germplasm/12');
    expect(resolveRedirect('/data/germplasm/12/')).toBe('/data/germplasm/12');
    expect(resolveRedirect('/nowhere')).toBe('/nowhere');
  });

  it('always lands on a spec route', () => {
    for (const target of Object.values(REDIRECTS)) expect(matchPath(target, SPEC_ROUTES)).not.toBeNull();
  });

  it('reads old hash-mode links', () => {
    expect(legacyHashPath('#/data/germplasm/12')).toBe('/data/germplasm/12');
    expect(legacyHashPath('#top')).toBeNull();
    expect(legacyHashPath('')).toBeNull();
  });
});

describe('SPEC_ROUTES', () => {
  const sample = (name: string) => `${name} 1/ü,2`;

  it('has unique names and unique shapes', () => {
    const names = SPEC_ROUTES.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
    const shapes = SPEC_ROUTES.map((route) => compileRoute(route.route).shape);
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it.each(SPEC_ROUTES.map((route) => [route.name, route] as const))(
    '%s round-trips through buildPath and matchPath',
    (_, route) => {
      const params = Object.fromEntries(compileRoute(route.route).params.map((name) => [name, sample(name)]));
      const path = buildPath(route.route, params);
      expect(matchPath(path, SPEC_ROUTES)).toEqual({ paneType: route, params });
      expect(matchPath(`${path}/`, SPEC_ROUTES)?.paneType).toBe(route);
    },
  );

  it('carries the roles, guards and hiding rules of the route table', () => {
    expect(specRouteByName('passport')?.route).toBe('/data/germplasm/:germplasmId');
    expect(specRouteByName('trial-creation')?.minRole).toBe('DATA_CURATOR');
    expect(specRouteByName('user-feedback')?.minRole).toBe('ADMIN');
    expect(specRouteByName('home')?.minRole).toBeNull();
    expect(SPEC_ROUTES.filter((route) => !route.hideable).map((route) => route.name)).toEqual(['about-germinate']);
    expect(SPEC_ROUTES.filter((route) => !route.guarded).map((route) => route.name)).toEqual([
      'login',
      'setup',
      '403',
      '404',
    ]);
    expect(SPEC_ROUTES.filter((route) => !route.inSpec).map((route) => route.name)).toEqual([
      'backup',
      'datasets-details',
      'genesys-request',
    ]);
    expect(specRouteByName('fallback')).toBeUndefined();
  });

  it('sends export/cross to the cross comparison, not the dataset selector', () => {
    expect(matchPath('/data/export/cross', SPEC_ROUTES)?.paneType.name).toBe('export-cross-comparison');
    expect(matchPath('/data/export/genotype', SPEC_ROUTES)?.paneType.name).toBe('export');
    expect(matchPath('/data/export/genotype/1,2', SPEC_ROUTES)?.params).toEqual({ datasetIds: '1,2' });
  });
});
