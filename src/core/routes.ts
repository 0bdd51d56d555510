import type { Role } from './roles.js';

/**
 * Germinate's routes: patterns like `/data/germplasm/:germplasmId`, matched
 * segment by segment. No wildcards: every pattern has a fixed number of segments, so only patterns of
 * the path's length compete, and among those literal segments beat params from the left.
 */

type ParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? Name | ParamNames<`/${Tail}`>
    : Rest
  : never;

/** The params a pattern needs; any string record when the pattern is not a literal type. */
export type RouteParams<P extends string> = string extends P
  ? Readonly<Record<string, string | number>>
  : { readonly [K in ParamNames<P>]: string | number };

type Segment = { literal: string } | { param: string };

export interface CompiledRoute {
  readonly pattern: string;
  readonly params: readonly string[];
  /** The pattern with param names erased (`/data/germplasm/:`): two routes of one shape match the same paths. */
  readonly shape: string;
  /** Params of a matching path (already split and decoded), or null. */
  match(segments: readonly string[]): Record<string, string> | null;
  /** 1 per literal segment from the left, 0 per param: compared lexically to rank competing matches. */
  readonly rank: readonly number[];
}

const LITERAL = /^[A-Za-z0-9._~-]+$/;
const PARAM = /^:([A-Za-z_][A-Za-z0-9_]*)$/;
const cache = new Map<string, CompiledRoute>();

/** Parses a pattern once; throws on anything that could never match or build cleanly. */
export function compileRoute(pattern: string): CompiledRoute {
  const cached = cache.get(pattern);
  if (cached) return cached;
  if (!pattern.startsWith('/')) throw new Error(`Route pattern '${pattern}' must start with '/'`);
  const parts = pattern === '/' ? [] : pattern.slice(1).split('/');
  const segments: Segment[] = [];
  const params: string[] = [];
  for (const part of parts) {
    const param = PARAM.exec(part);
    if (param) {
      if (params.includes(param[1])) throw new Error(`Route pattern '${pattern}' repeats param ':${param[1]}'`);
      params.push(param[1]);
      segments.push({ param: param[1] });
    } else if (LITERAL.test(part) && part !== '.' && part !== '..') {
      segments.push({ literal: part });
    } else {
      throw new Error(`Route pattern '${pattern}' has an invalid segment '${part}'`);
    }
  }
  const compiled: CompiledRoute = {
    pattern,
    params,
    shape: '/' + segments.map((s) => ('literal' in s ? s.literal : ':')).join('/'),
    rank: segments.map((s) => ('literal' in s ? 1 : 0)),
    match(path) {
      if (path.length !== segments.length) return null;
      const values: Record<string, string> = {};
      for (let i = 0; i < segments.length; i++) {
        const segment = segments[i];
        if ('literal' in segment) {
          if (path[i] !== segment.literal) return null;
        } else {
          if (path[i] === '') return null;
          values[segment.param] = path[i];
        }
      }
      return values;
    },
  };
  cache.set(pattern, compiled);
  return compiled;
}

/**
 * A path's decoded segments, or null when it can't be a route (relative, empty inner segment,
 * malformed escape). A query or fragment is cut off; one trailing slash is tolerated.
 */
export function splitPath(path: string): string[] | null {
  const end = path.search(/[?#]/);
  let pathname = end === -1 ? path : path.slice(0, end);
  if (!pathname.startsWith('/')) return null;
  if (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  if (pathname === '/') return [];
  const raw = pathname.slice(1).split('/');
  try {
    // Split before decoding, so an encoded '/' (%2F) stays inside its param.
    return raw.map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

function outranks(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return a[i] > b[i];
  }
  return false;
}

/**
 * The route a path opens, with its decoded params. Works over pane types or SPEC_ROUTES (anything with
 * a `route`); on equal rank the earlier entry wins (the registry refuses two pane types of one shape).
 */
export function matchPath<T extends { readonly route: string }>(
  path: string,
  paneTypes: readonly T[],
): { paneType: T; params: Record<string, string> } | null {
  const segments = splitPath(path);
  if (segments === null) return null;
  let best: { paneType: T; params: Record<string, string>; rank: readonly number[] } | null = null;
  for (const paneType of paneTypes) {
    const route = compileRoute(paneType.route);
    const params = route.match(segments);
    if (params !== null && (best === null || outranks(route.rank, best.rank)))
      best = { paneType, params, rank: route.rank };
  }
  return best && { paneType: best.paneType, params: best.params };
}

// Keeps ',' (the export routes' id lists, `/data/export/trials/3,7,12`) and the other sub-delimiters
// readable: RFC 3986 allows them in a path segment.
function encodeSegment(value: string): string {
  if (value === '.' || value === '..') return value.replace(/\./g, '%2E'); // browsers would resolve them away
  return encodeURIComponent(value).replace(/%(2C|3A|40|21|24|26|27|28|29|2A|2B|3B|3D)/gi, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}

/** A path for a pattern; every param must be present and non-empty. */
export function buildPath<P extends string>(pattern: P, params: RouteParams<P>): string {
  const route = compileRoute(pattern);
  const values = params as Readonly<Record<string, string | number | undefined>>;
  const missing = route.params.filter((name) => values[name] === undefined || String(values[name]) === '');
  if (missing.length > 0) {
    throw new Error(`Route '${pattern}' needs ${missing.map((name) => `:${name}`).join(', ')}`);
  }
  if (route.params.length === 0) return pattern;
  return pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => encodeSegment(String(values[name])));
}

/** Redirects (`/` to `/home`, …), plus the original's nested area redirects. */
export const REDIRECTS: Readonly<Record<string, string>> = Object.freeze({
  '/': '/home',
  '/data': '/data/germplasm',
  // The original points at a missing `/admin/settings` and lands on /home; it means the settings page.
  '/admin': '/admin/germinate-settings',
  '/data/climate': '/data/climate/climates',
  '/data/trials': '/data/trials/traits',
  '/data/genotypes': '/data/genotypes/maps',
  '/data/geography': '/data/geography/locations',
  '/import': '/import/data-upload',
  '/about': '/about/germinate',
});

/**
 * Where a path redirects to, or the path itself (trailing slash dropped) when it does not. A query or
 * fragment is kept, so `/data?layout=…` keeps its layout.
 */
export function resolveRedirect(path: string): string {
  const end = path.search(/[?#]/);
  const pathname = end === -1 ? path : path.slice(0, end);
  const rest = end === -1 ? '' : path.slice(end);
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return (REDIRECTS[trimmed] ?? trimmed) + rest;
}

/**
 * The route in an old hash-mode link (`#/data/germplasm/12`: the original client's URLs, its emails
 * and stored login targets), or null when the fragment is not a route.
 */
export function legacyHashPath(hash: string): string | null {
  return hash.startsWith('#/') ? hash.slice(1) : null;
}

/** A route of the Germinate 4 client, named as the server's hiddenPages setting names it. */
export interface SpecRoute {
  readonly route: string;
  readonly name: string;
  readonly minRole: Role | null;
  /** False only for about-germinate. */
  readonly hideable: boolean;
  /** False where the original runs no auth guard (login, setup, 403, 404). */
  readonly guarded: boolean;
  /** False for routes the original has but our product does not specify. */
  readonly inSpec: boolean;
}

function r(route: string, name: string, options: Partial<Omit<SpecRoute, 'route' | 'name'>> = {}): SpecRoute {
  return Object.freeze({ route, name, minRole: null, hideable: true, guarded: true, inSpec: true, ...options });
}

const CURATOR = { minRole: 'DATA_CURATOR' } as const;
const ADMIN = { minRole: 'ADMIN' } as const;

/** Every named route of Germinate's client (`/` and the `*` fallback are redirects, not routes). */
export const SPEC_ROUTES: readonly SpecRoute[] = Object.freeze([
  r('/login', 'login', { guarded: false }),
  r('/setup', 'setup', { guarded: false }),
  r('/home', 'home'),
  r('/cookies', 'cookies'),
  r('/backup', 'backup', { ...ADMIN, inSpec: false }),
  r('/projects', 'projects'),
  r('/projects/:projectId', 'project-details'),
  r('/admin/user-permissions', 'user-permissions', ADMIN),
  r('/admin/germinate-settings', 'germinate-settings', ADMIN),
  r('/admin/user-feedback', 'user-feedback', ADMIN),
  r('/data/germplasm', 'germplasm'),
  r('/data/germplasm-match', 'germplasm-match', CURATOR),
  r('/data/germplasm-unifier', 'germplasm-unifier', CURATOR),
  r('/data/germplasm/:germplasmId', 'passport'),
  r('/data/climate/climates', 'climates'),
  r('/data/climate/climates/:climateId', 'climate-details'),
  r('/data/trials/traits', 'traits'),
  r('/data/trials/traits/:traitId', 'trait-details'),
  r('/data/trials/create', 'trial-creation', CURATOR),
  r('/data/genotypes/markers', 'markers'),
  r('/data/genotypes/marker/:markerId', 'marker-details'),
  r('/data/genotypes/maps', 'maps'),
  r('/data/genotypes/maps/:mapId', 'map-details'),
  r('/data/export/cross', 'export-cross-comparison'),
  r('/data/export/:datasetType', 'export'),
  r('/data/export/genotype/:datasetIds', 'export-genotypes'),
  r('/data/export/climate/:datasetIds', 'export-climates'),
  r('/data/export/trials/:datasetIds', 'export-trials'),
  r('/data/export/allelefreq/:datasetIds', 'export-allelefrequency'),
  r('/data/geography/locations', 'locations'),
  r('/data/geography/geographic-search', 'geographic-search'),
  r('/data/datasets', 'datasets'),
  // The original leaves this route unnamed by mistake; `datasets-details` is the name it meant.
  r('/data/datasets/:datasetId', 'datasets-details', { inSpec: false }),
  r('/data/experiments', 'experiments'),
  r('/data/experiments/:experimentId', 'experiment-details'),
  r('/data/genesys-request', 'genesys-request', { inSpec: false }),
  r('/data/data-resources', 'data-resources'),
  r('/data/statistics', 'statistics'),
  r('/images', 'images'),
  r('/marked-items', 'marked-items'),
  r('/marked-items/:itemType', 'marked-items-type'),
  r('/import/data-upload', 'import-upload', CURATOR),
  r('/import/data-upload/:templateType', 'import-upload-type', CURATOR),
  r('/search', 'search'),
  r('/search/:searchTerm', 'search-query'),
  r('/publications', 'publications'),
  r('/publications/:publicationId', 'publication-details'),
  r('/stories', 'stories'),
  r('/groups', 'groups'),
  r('/groups/upload/:file', 'group-upload'),
  r('/groups/:groupId', 'group-details'),
  r('/about/germinate', 'about-germinate', { hideable: false }),
  r('/about/project', 'about-project'),
  r('/about/export-formats', 'about-export-formats'),
  r('/about/export-formats/:format', 'about-export-formats-type'),
  r('/403', '403', { guarded: false }),
  r('/404', '404', { guarded: false }),
]);

/** The route pattern of a Germinate route name (e.g. from hiddenPages). */
export function specRouteByName(name: string): SpecRoute | undefined {
  return SPEC_ROUTES.find((route) => route.name === name);
}
