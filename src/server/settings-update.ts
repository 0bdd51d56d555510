import { type } from 'arktype';
import type { AuthMode } from '../core/roles.js';
import { SPEC_ROUTES } from '../core/routes.js';
import { HttpError } from './http/errors.js';
import { OVERVIEW_KEYS } from './hidden-pages.js';
import { HIDDEN_COLUMN_TABLES, STORED_PASSWORD, type AdminSettings } from './settings.js';

/** What `POST settings/admin` may write (checked per key; anything else is a 400). */
type Validator = (value: unknown) => unknown;

const colour = type(/^#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$/).describe('a colour like #1a2b3c or #abc');
const palette = colour.array().atLeastLength(1).atMostLength(100);
const httpUrl = type('string <= 2000')
  .narrow((text, ctx) => {
    try {
      return ['http:', 'https:'].includes(new URL(text).protocol) || ctx.mustBe('an http(s) URL');
    } catch {
      return ctx.mustBe('an http(s) URL');
    }
  });
/** A raster tile URL template: http(s), with the {z}, {x} and {y} a map fills in. */
const tileUrl = httpUrl.narrow((text, ctx) => ['{z}', '{x}', '{y}'].every((part) => text.includes(part)) || ctx.mustBe('a tile URL with {z}, {x} and {y}'));
const hours = type('number.integer').atLeast(1).atMost(8760);
const text = (max: number) => type(`string <= ${max}`).or('null');
const columnKey = type(/^[A-Za-z][A-Za-z0-9_]{0,63}$/).describe('a column key');

export const DASHBOARD_SECTIONS = ['publications', 'news', 'projects', 'dataupdates', 'datastories'] as const;

/** Page names an administrator may hide: every named route of the client except about-germinate. */
const HIDEABLE_PAGES = new Set(SPEC_ROUTES.filter((route) => route.hideable).map((route) => route.name));

const VALIDATORS: Record<Exclude<keyof AdminSettings, 'gatekeeperPassword'>, Validator> = {
  colorsTemplate: palette,
  colorsCharts: palette,
  colorsGradient: palette,
  colorPrimary: colour.or('null'),
  commentsEnabled: type('boolean'),
  dashboardCategories: type.enumerated(...OVERVIEW_KEYS).array().atMostLength(50),
  dashboardSections: type.enumerated(...DASHBOARD_SECTIONS).array().atMostLength(20),
  dataImportMode: type("'NONE' | 'VERIFY' | 'IMPORT'"),
  externalLinkIdentifier: text(255),
  externalLinkTemplate: httpUrl.or('null'),
  googleAnalyticsKey: text(255),
  plausibleDomain: text(255),
  plausibleHashMode: type('boolean'),
  plausibleApiHost: httpUrl,
  hiddenPages: type('string <= 100').array().atMostLength(200),
  hiddenColumns: type({ '[string]': columnKey.array().atMostLength(200) }),
  registrationEnabled: type('boolean'),
  showGdprNotification: type('boolean'),
  brapiEnabled: type('boolean'),
  pdciEnabled: type('boolean'),
  filesDeleteAfterHoursAsync: hours,
  filesDeleteAfterHoursTemp: hours,
  hiddenPagesAutodiscover: type('boolean'),
  gatekeeperRegistrationRequiresApproval: type('boolean'),
  gatekeeperUrl: httpUrl.or('null'),
  gatekeeperUsername: text(255),
  usageLoggerUrl: httpUrl.or('null'),
  mapTileUrl: tileUrl.or('null'),
  mapTileAttribution: text(500),
  databaseBackupEveryDays: type('number.integer').atLeast(0).atMost(3650).or('null'),
  databaseBackupMaxSizeGB: type('number').atLeast(0).atMost(1_000_000).or('null'),
};

/**
 * Keys of Germinate's settings that `GET settings/admin` answers but this server does not take from a form
 * (set by the deployment, fixed, or for features it has not: bcrypt cost, data directory, companion
 * tool URLs). A form posting them back is fine: they are checked for their type and ignored, with a note
 * when the value differs from what this server runs with. `gatekeeperPasswordSet` was our own earlier name.
 */
const IGNORED: Record<string, Validator> = {
  bcryptSalt: type('number.integer'),
  dataDirectoryExternal: type('string <= 4000').or('null'),
  gridscoreUrl: type('string <= 2000').or('null'),
  heliumUrl: type('string <= 2000').or('null'),
  fieldhubUrl: type('string <= 2000').or('null'),
  genesysUrl: type('string <= 2000').or('null'),
  supportsFeedback: type('boolean'),
  gatekeeperPasswordSet: type('boolean'),
};

/** A setting the update left alone, and why (the caller logs it). */
export interface IgnoredSetting {
  key: string;
  value: unknown;
}

/** Optional texts and URLs: an emptied form field means "unset". */
const NULLABLE_TEXT = new Set([
  'colorPrimary', 'externalLinkIdentifier', 'externalLinkTemplate', 'googleAnalyticsKey', 'plausibleDomain', 'gatekeeperUrl',
  'gatekeeperUsername', 'usageLoggerUrl', 'mapTileUrl', 'mapTileAttribution',
]);

const unique = <T>(values: T[]): T[] => [...new Set(values)];

/** Lists of names where a repeat means nothing (palettes may repeat a colour on purpose). */
const SETS = new Set(['hiddenPages', 'dashboardCategories', 'dashboardSections']);

/** Checks beyond the shapes: page names and the HiddenColumns tables. */
function extraProblem(key: string, value: unknown): string | null {
  if (key === 'hiddenPages') {
    const pages = value as string[];
    if (pages.includes('about-germinate')) return 'about-germinate cannot be hidden';
    const unknown = pages.filter((page) => !HIDEABLE_PAGES.has(page));
    if (unknown.length > 0) return `unknown page ${unknown.slice(0, 5).map((p) => JSON.stringify(p)).join(', ')}`;
  }
  if (key === 'hiddenColumns') {
    const unknown = Object.keys(value as object).filter((table) => !HIDDEN_COLUMN_TABLES.includes(table));
    if (unknown.length > 0) return `unknown table ${unknown.slice(0, 5).map((t) => JSON.stringify(t)).join(', ')}`;
  }
  return null;
}

/**
 * A `POST settings/admin` body → the settings to store (the whole new value of each key sent). Strict:
 * unknown keys and invalid values are one 400 naming every bad field. What `GET settings/admin` answers may
 * come back unchanged (a form posting what it read): `authMode` only with the deployment's own value; the
 * IGNORED keys are checked and left alone, those whose value differs from `fixed` (what GET answers for them)
 * reported through `ignored`. gatekeeperPassword: absent, null or STORED_PASSWORD keeps the stored one, ''
 * clears it, any other text replaces it. hiddenColumns replaces the lists of the tables sent and keeps the
 * others.
 */
export function parseSettingsUpdate(
  body: unknown,
  current: AdminSettings,
  authMode: AuthMode,
  fixed: Readonly<Record<string, unknown>> = {},
  ignored: IgnoredSetting[] = [],
): Partial<AdminSettings> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'The settings must be a JSON object');
  }
  const problems: [string, string][] = [];
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(body)) {
    if (key === 'authMode') {
      if (raw !== authMode) problems.push([key, 'read-only: set by the deployment configuration']);
      continue;
    }
    if (Object.hasOwn(IGNORED, key)) {
      const result = IGNORED[key](raw);
      if (result instanceof type.errors) problems.push([key, `${result.summary} (not stored here, ignored)`]);
      else if (key !== 'gatekeeperPasswordSet' && JSON.stringify(raw) !== JSON.stringify(fixed[key] ?? null)) ignored.push({ key, value: raw });
      continue;
    }
    if (key === 'gatekeeperPassword') {
      if (raw === null || raw === STORED_PASSWORD) continue;
      if (typeof raw !== 'string' || raw.length > 1000) problems.push([key, 'must be a text of at most 1000 characters or null']);
      else out[key] = raw === '' ? null : raw;
      continue;
    }
    if (!Object.hasOwn(VALIDATORS, key)) {
      problems.push([key.slice(0, 64), 'unknown setting']);
      continue;
    }
    const value = NULLABLE_TEXT.has(key) && typeof raw === 'string' && raw.trim() === '' ? null : raw;
    const result = VALIDATORS[key as keyof typeof VALIDATORS](value);
    if (result instanceof type.errors) {
      problems.push([key, result.summary]);
      continue;
    }
    const problem = extraProblem(key, result);
    if (problem) {
      problems.push([key, problem]);
      continue;
    }
    out[key] = SETS.has(key) ? unique(result as string[]) : result;
  }
  if (problems.length > 0) {
    const names = problems.map(([key]) => key).join(', ');
    const details = problems.map(([key, why]) => `${key}: ${why}`).join('; ');
    throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', `Invalid settings fields: ${names}. ${details}`);
  }
  if (out.hiddenColumns) {
    const posted = out.hiddenColumns as Record<string, string[]>;
    out.hiddenColumns = { ...current.hiddenColumns, ...Object.fromEntries(Object.entries(posted).map(([t, cols]) => [t, unique(cols)])) };
  }
  return out as Partial<AdminSettings>;
}

/** The keys whose stored value an update changes (compared as JSON, as they are stored). */
export function changedSettings(current: AdminSettings, update: Partial<AdminSettings>): Partial<AdminSettings> {
  const before = current as unknown as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(update).filter(([key, value]) => JSON.stringify(before[key]) !== JSON.stringify(value)),
  ) as Partial<AdminSettings>;
}
