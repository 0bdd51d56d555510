import gt from 'semver/functions/gt.js';
import rcompare from 'semver/functions/rcompare.js';
import valid from 'semver/functions/valid.js';
import type { Locale } from '../core/i18n.js';

/**
 * The changelog (shown in its modal): our own releases bundled with the
 * client, item types new / change / fix and categories users / administrators. Texts are plain text in
 * every locale we ship, never HTML.
 */

export const CHANGE_TYPES = ['new', 'change', 'fix'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];
export const CHANGE_CATEGORIES = ['users', 'administrators'] as const;
export type ChangeCategory = (typeof CHANGE_CATEGORIES)[number];

/** A text in each shipped locale; a missing locale falls back to English. */
export type LocalText = Partial<Record<Locale, string>> & { en_GB: string };

export interface ChangelogItem {
  type: ChangeType;
  title: LocalText;
  text: LocalText;
  categories: ChangeCategory[];
}

export interface Release {
  version: string;
  /** YYYY-MM-DD */
  date: string;
  items: ChangelogItem[];
}

/** Releases per page of the modal, as in the original. */
export const RELEASES_PER_PAGE = 5;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function readText(value: unknown): LocalText | null {
  if (!isRecord(value) || !isText(value.en_GB)) return null;
  const text: LocalText = { en_GB: value.en_GB };
  if (isText(value.de_DE)) text.de_DE = value.de_DE;
  return text;
}

function readItem(value: unknown): ChangelogItem | null {
  if (!isRecord(value)) return null;
  const type = CHANGE_TYPES.find((t) => t === value.type);
  const title = readText(value.title);
  const text = readText(value.text);
  const categories = Array.isArray(value.categories) ? CHANGE_CATEGORIES.filter((c) => (value.categories as unknown[]).includes(c)) : [];
  return type && title && text ? { type, title, text, categories } : null;
}

/** The bundled JSON → releases newest first; entries that don't fit the shape are left out. */
export function readChangelog(raw: unknown): Release[] {
  if (!Array.isArray(raw)) return [];
  const releases: Release[] = [];
  for (const entry of raw) {
    if (!isRecord(entry) || typeof entry.version !== 'string' || valid(entry.version) === null) continue;
    const items = Array.isArray(entry.items) ? entry.items.map(readItem).filter((item): item is ChangelogItem => item !== null) : [];
    releases.push({ version: entry.version, date: typeof entry.date === 'string' ? entry.date : '', items });
  }
  return releases.sort((a, b) => rcompare(a.version, b.version));
}

/** Releases strictly newer than `previous`; all of them when there are none or `previous` is no version. */
export function releasesSince(releases: readonly Release[], previous: string | null): Release[] {
  if (previous === null || valid(previous) === null) return [...releases];
  const newer = releases.filter((release) => gt(release.version, previous));
  return newer.length > 0 ? newer : [...releases];
}

export interface ChangelogDecision {
  /** Open the modal with the releases after `since`. */
  show: boolean;
  since: string | null;
  /** What to store as changelogVersionNumber; null = leave it. */
  store: string | null;
}

/**
 * What a page load does. A first visit (nothing stored) records the version silently: someone new has
 * nothing to catch up on. An older stored version opens the modal with what changed since, once; the
 * original compared with `!==`, so a downgrade showed it too, which we don't.
 */
export function changelogOnLoad(stored: string | null, appVersion: string): ChangelogDecision {
  if (valid(appVersion) === null) return { show: false, since: null, store: null };
  if (stored === null || valid(stored) === null) return { show: false, since: null, store: appVersion };
  if (gt(appVersion, stored)) return { show: true, since: stored, store: appVersion };
  return { show: false, since: null, store: null };
}

/** A text in the reader's language, else English. */
export function localText(text: LocalText, locale: Locale): string {
  return text[locale] ?? text.en_GB;
}
