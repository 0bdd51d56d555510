import { createIntl, IntlErrorCode, type FormatNumberOptions, type IntlShape } from '@formatjs/intl';

/**
 * UI texts: built-in English, overlaid with the built-in file of
 * the chosen locale, overlaid with the server's texts; and a translator over the result. Framework-free:
 * the shell wraps the same messages in react-intl.
 */

/** Locales the client ships texts for; en_GB is the default and the fallback. */
export const LOCALES = ['en_GB', 'de_DE'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en_GB';

export type Messages = Record<string, string>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export { isProtectedKey, LOCALE_COMPLETE_HEADER, PROTECTED_KEY_PREFIXES } from './locale-keys.js';
import { isProtectedKey } from './locale-keys.js';

/** The built-in texts: English always, the chosen locale's when shipped. */
export type BuiltInMessages = { en_GB: Messages } & Partial<Record<string, Messages>>;

/** A server's answer to GET clientlocale/<locale>. */
export interface ServerTexts {
  text: string;
  /**
   * True when the server vouches that the answer holds every built-in text, with the About Germinate
   * texts unchanged (our own server does): the built-in texts then need not be loaded at all.
   */
  complete: boolean;
}

export interface LoadMessagesOptions {
  /** GET of a path relative to the API base; resolves with the body (text alone = not complete), rejects on any failure. */
  fetchText: (path: string, headers: Record<string, string>) => Promise<string | ServerTexts>;
  /** The built-in texts, or a loader for them (called only when the server's answer is not complete). */
  builtIn: BuiltInMessages | (() => Promise<BuiltInMessages>);
}

/**
 * Never rejects: a missing or broken server answer yields the built-in texts, silently
 * (a locale failure is not worth an error toast).
 */
export async function loadMessages(locale: string, options: LoadMessagesOptions): Promise<Messages> {
  let server: Messages | null = null;
  let complete = false;
  try {
    const answer = await options.fetchText(`clientlocale/${encodeURIComponent(locale)}`, { 'Accept-Language': locale });
    const parsed: unknown = JSON.parse(typeof answer === 'string' ? answer : answer.text);
    if (isPlainObject(parsed)) {
      server = stringEntries(parsed);
      complete = typeof answer !== 'string' && answer.complete;
    }
  } catch {
    server = null;
  }
  // Our own server sends every text (built in, with an administrator's overrides), so the client does not
  // download them twice; another server (Germinate's) or a failure needs the built-in texts underneath.
  if (server && complete) return server;
  const builtIn = typeof options.builtIn === 'function' ? await options.builtIn() : options.builtIn;
  const base = { ...stringEntries(builtIn.en_GB), ...stringEntries(builtIn[locale]) };
  if (!server) return base;
  for (const key of Object.keys(server)) if (isProtectedKey(key)) delete server[key];
  return { ...base, ...server };
}

/** String values only; `__proto__` is dropped so no text can reach an object's prototype. */
function stringEntries(source: unknown): Messages {
  if (!isPlainObject(source)) return {};
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== '__proto__'),
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keys a plugin uses that have no text; for tests that check a plugin's keys exist. */
export function missingKeys(keys: Iterable<string>, messages: Messages): string[] {
  const missing = new Set<string>();
  for (const key of keys) {
    if (!Object.hasOwn(messages, key) || typeof messages[key] !== 'string') missing.add(key);
  }
  return [...missing].sort();
}

export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;
export type DateInput = Date | number | string | null | undefined;

export interface TranslatorOptions {
  /** Tests set this: any formatting problem, a missing key included, throws. */
  strict?: boolean;
  /** Where problems other than a missing key go when not strict (a broken server text, say). */
  report?: (error: Error) => void;
  /** IANA zone for dates and times; the browser's zone when absent. */
  timeZone?: string;
}

export interface Translator {
  locale: Locale;
  intl: IntlShape<string>;
  /** The text of key; the key itself when it has no text. */
  t(key: string, values?: MessageValues): string;
  /** DD/MM/YYYY; '' for a missing or invalid date. */
  formatDate(value: DateInput): string;
  /** DD/MM/YYYY hh:mm a, e.g. 05/03/2024 02:07 pm; '' for a missing or invalid date. */
  formatDateTime(value: DateInput): string;
  formatNumber(value: number, options?: FormatNumberOptions): string;
}

export function createTranslator(locale: Locale, messages: Messages, options: TranslatorOptions = {}): Translator {
  const intl = createIntl({
    locale: toLanguageTag(locale),
    defaultLocale: toLanguageTag(DEFAULT_LOCALE),
    messages,
    timeZone: options.timeZone,
    onError: (error) => {
      if (options.strict) throw error;
      // Missing texts are expected while translations catch up: the key (or English) is shown instead.
      if (error.code === IntlErrorCode.MISSING_TRANSLATION) return;
      options.report?.(error);
    },
  });

  const dateParts = (value: DateInput, withTime: boolean): Record<string, string> | null => {
    const date = toDate(value);
    if (!date) return null;
    // Date-only strings are calendar days, not instants: format them in UTC so no zone shifts the day.
    const dateOnly = typeof value === 'string' && DATE_ONLY.test(value);
    const parts = intl.formatDateToParts(date, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
      ...(dateOnly ? { timeZone: 'UTC' } : {}),
      numberingSystem: 'latn',
    });
    return Object.fromEntries(parts.map((part) => [part.type, part.value]));
  };

  return {
    locale,
    intl,
    t: (key, values) => {
      const text = intl.formatMessage({ id: key }, values);
      return typeof text === 'string' ? text : String(text);
    },
    formatDate: (value) => {
      const parts = dateParts(value, false);
      return parts ? `${parts.day}/${parts.month}/${parts.year}` : '';
    },
    formatDateTime: (value) => {
      const parts = dateParts(value, true);
      if (!parts) return '';
      const hour24 = Number(parts.hour) % 24;
      const hour12 = String(hour24 % 12 === 0 ? 12 : hour24 % 12).padStart(2, '0');
      // The pattern fixes the am/pm marker, so it does not follow the locale's day-period names.
      return `${parts.day}/${parts.month}/${parts.year} ${hour12}:${parts.minute} ${hour24 < 12 ? 'am' : 'pm'}`;
    },
    formatNumber: (value, numberOptions) => intl.formatNumber(value, numberOptions),
  };
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** en_GB → en-GB: Germinate's locale ids use an underscore, BCP 47 a hyphen. */
export function toLanguageTag(locale: string): string {
  return locale.replace('_', '-');
}
