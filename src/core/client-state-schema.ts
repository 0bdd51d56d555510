import { DEFAULT_LOCALE, isLocale, type Locale } from './i18n.js';
import { isItemId, MARKABLE_TYPES, MAX_RECENT, RECENT_TYPES, type MarkedIds, type RecentIds } from './marked-items.js';
import { MAX_INTEGER } from './table-types.js';

/**
 * The shape of the per-user client state, its defaults, and the strict
 * reading of a stored copy: each key is checked on its own, so one damaged key falls back to its
 * default without losing the others, and state written by an older version is upgraded in place.
 */

/**
 * Germinate does not fix the page-size options. 10 is its default; 25/50/100 are the usual steps,
 * and 100 keeps a page quick to fetch and render.
 */
export const TABLE_PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;
export type TablePerPage = (typeof TABLE_PER_PAGE_OPTIONS)[number];

export type SidebarState = 'open' | 'collapsed';

/** One row of GET stats/entitytype. */
export interface EntityTypeStat {
  entityTypeId: number;
  entityTypeName: string;
  count: number;
}

export interface UserState {
  locale: Locale;
  tablePerPage: TablePerPage;
  markedIds: MarkedIds;
  recentIds: RecentIds;
  /** Hidden column keys per table name; a table without an entry hides nothing (or the server's defaults). */
  hiddenColumns: Record<string, string[] | undefined>;
  /** Jobs started while anonymous; logged-in users' jobs are found by the server. */
  asyncJobUuids: string[];
  asyncJobCount: number;
  /** null = not decided yet. */
  cookiesAccepted: boolean | null;
  /** null = the server's chart colours. */
  customChartColors: string[] | null;
  /** null = not chosen yet: the theme follows the system's colour scheme. */
  darkMode: boolean | null;
  changelogVersionNumber: string | null;
  selectedProjects: number[];
  mapLayer: string;
  sidebarState: SidebarState;
  /** 0 = downloads, 1 = uploads. */
  asyncSidebarTabIndex: 0 | 1;
  entityTypeStats: EntityTypeStat[];
  /** Path to return to after a forced login. */
  originalTarget: string | null;
  /**
   * The usage logger's client id. Per user and not essential, unlike the
   * original's browser-wide id: it is only sent with consent, so without consent it is not kept either.
   */
  uniqueClientId: string | null;
}

export type UserStateKey = keyof UserState;

/**
 * What survives without consent where the GDPR setting applies: token, locale, baseUrl, server
 * settings, job uuids, marked ids, the consent itself and selected projects. Of these, token, baseUrl
 * and serverSettings are not per-user: they are browser-wide and always kept.
 */
export const KEYS_WITHOUT_CONSENT = [
  'locale',
  'asyncJobUuids',
  'asyncJobCount',
  'markedIds',
  'cookiesAccepted',
  'selectedProjects',
] as const satisfies readonly UserStateKey[];

export function defaultUserState(): UserState {
  return {
    locale: DEFAULT_LOCALE,
    tablePerPage: 10,
    markedIds: { germplasm: [], markers: [], locations: [], datasets: [], traits: [] },
    recentIds: { germplasm: [], markers: [] },
    hiddenColumns: {},
    asyncJobUuids: [],
    asyncJobCount: 0,
    cookiesAccepted: null,
    customChartColors: null,
    darkMode: null,
    changelogVersionNumber: null,
    selectedProjects: [],
    mapLayer: 'theme',
    sidebarState: 'open',
    asyncSidebarTabIndex: 0,
    entityTypeStats: [
      { entityTypeId: 1, entityTypeName: 'Accession', count: 0 },
      { entityTypeId: 2, entityTypeName: 'Plant/Plot', count: 0 },
      { entityTypeId: 3, entityTypeName: 'Sample', count: 0 },
    ],
    originalTarget: null,
    uniqueClientId: null,
  };
}

export const USER_STATE_KEYS = Object.keys(defaultUserState()) as UserStateKey[];

/** undefined = not acceptable, use the default. */
type Reader<K extends UserStateKey> = (value: unknown) => UserState[K] | undefined;

const MAX_TEXT = 2048;
const MAX_NAME = 128;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX_COLOUR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const VERSION = /^\d{1,6}\.\d{1,6}\.\d{1,6}(?:[-+][0-9A-Za-z.-]{1,40})?$/;
const TABLE_NAME = /^[A-Za-z][\w-]{0,63}$/;
const CONTROL = /\p{Cc}/u;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isName(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_NAME && !CONTROL.test(value);
}

/** A list whose every element passes, deduplicated; anything else is rejected as a whole. */
function listOf<T>(value: unknown, check: (item: unknown) => item is T, max = Infinity): T[] | undefined {
  if (!Array.isArray(value) || value.length > max || !value.every(check)) return undefined;
  return [...new Set(value)];
}

/**
 * An app path such as `/data/germplasm/12`. `//host` and `/\host` are rejected: browsers read them
 * as another site, and this value is navigated to after login.
 */
export function isSafeTarget(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= MAX_TEXT &&
    /^\/(?![/\\])/.test(value) &&
    !value.includes('\\') &&
    !CONTROL.test(value)
  );
}

function readIdLists<T extends string>(value: unknown, types: readonly T[], max = Infinity): Record<T, number[]> {
  const source = isRecord(value) ? value : {};
  return Object.fromEntries(
    types.map((type) => [type, listOf(source[type], isItemId)?.slice(0, max) ?? []]),
  ) as Record<T, number[]>;
}

function readHiddenColumns(value: unknown): UserState['hiddenColumns'] | undefined {
  if (!isRecord(value)) return undefined;
  const result: UserState['hiddenColumns'] = {};
  for (const [table, columns] of Object.entries(value)) {
    const list = TABLE_NAME.test(table) ? listOf(columns, isName, 1000) : undefined;
    if (list) result[table] = list;
  }
  return result;
}

function isEntityTypeStat(value: unknown): value is EntityTypeStat {
  return (
    isRecord(value) &&
    isItemId(value.entityTypeId) &&
    isName(value.entityTypeName) &&
    Number.isSafeInteger(value.count) &&
    Number(value.count) >= 0
  );
}

const READERS: { [K in UserStateKey]: Reader<K> } = {
  locale: (value) => (isLocale(value) ? value : undefined),
  tablePerPage: (value) => TABLE_PER_PAGE_OPTIONS.find((option) => option === value),
  markedIds: (value) => (isRecord(value) ? readIdLists(value, MARKABLE_TYPES) : undefined),
  recentIds: (value) => (isRecord(value) ? readIdLists(value, RECENT_TYPES, MAX_RECENT) : undefined),
  hiddenColumns: readHiddenColumns,
  asyncJobUuids: (value) => listOf(value, (item): item is string => typeof item === 'string' && UUID.test(item), 1000),
  asyncJobCount: (value) => (Number.isSafeInteger(value) && Number(value) >= 0 && Number(value) <= MAX_INTEGER ? Number(value) : undefined),
  cookiesAccepted: (value) => (typeof value === 'boolean' || value === null ? value : undefined),
  customChartColors: (value) =>
    value === null ? null : listOf(value, (item): item is string => typeof item === 'string' && HEX_COLOUR.test(item), 64),
  darkMode: (value) => (typeof value === 'boolean' || value === null ? value : undefined),
  changelogVersionNumber: (value) => (value === null || (typeof value === 'string' && VERSION.test(value)) ? value : undefined),
  selectedProjects: (value) => listOf(value, isItemId, 1000),
  mapLayer: (value) => (isName(value) ? value : undefined),
  sidebarState: (value) => (value === 'open' || value === 'collapsed' ? value : undefined),
  asyncSidebarTabIndex: (value) => (value === 0 || value === 1 ? value : undefined),
  entityTypeStats: (value) => listOf(value, isEntityTypeStat, 100),
  originalTarget: (value) => (value === null || isSafeTarget(value) ? value : undefined),
  uniqueClientId: (value) => (value === null || (typeof value === 'string' && UUID.test(value)) ? value : undefined),
};

function readKey<K extends UserStateKey>(key: K, value: unknown, fallback: UserState[K]): UserState[K] {
  return READERS[key](value) ?? fallback;
}

/** A stored per-user object → a complete, valid state; never throws. */
export function readUserState(stored: unknown): UserState {
  const state = defaultUserState();
  if (!isRecord(stored)) return state;
  const assign = <K extends UserStateKey>(key: K) => {
    if (Object.hasOwn(stored, key)) state[key] = readKey(key, stored[key], state[key]);
  };
  USER_STATE_KEYS.forEach(assign);
  return state;
}

export interface SharedState {
  baseUrl: string | null;
  serverSettings: Record<string, unknown> | null;
}

export function readSharedState(stored: unknown): SharedState {
  const source = isRecord(stored) ? stored : {};
  const baseUrl = source.baseUrl;
  return {
    baseUrl: typeof baseUrl === 'string' && baseUrl.length <= MAX_TEXT && !CONTROL.test(baseUrl) ? baseUrl : null,
    serverSettings: isRecord(source.serverSettings) ? source.serverSettings : null,
  };
}

/** JSON text → value, or undefined for anything unreadable. */
export function parseStored(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
