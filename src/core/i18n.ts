import { createIntl, IntlErrorCode, type FormatNumberOptions, type IntlShape } from '@formatjs/intl';

/**
 * UI texts (SPEC §4 "Locale loading", §7, §9): built-in English, overlaid with the built-in file of
 * the chosen locale, overlaid with the server's texts; and a translator over the result. Framework-free:
 * the shell wraps the same messages in react-intl.
 */

/** Locales the client ships texts for; en_GB is the default and the fallback (SPEC §9). */
export const LOCALES = ['en_GB', 'de_DE'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en_GB';

export type Messages = Record<string, string>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The About Germinate page must read the same everywhere, so installations may not override it. The
 * old client deleted 23 keys that all start with `pageAboutGerminate`; our own keys for that page live
 * under `about.germinate.`. The About Project page stays overridable: it is the installation's own.
 */
export const PROTECTED_KEY_PREFIXES = ['pageAboutGerminate', 'about.germinate.'] as const;

export function isProtectedKey(key: string): boolean {
  return PROTECTED_KEY_PREFIXES.some((prefix) => key.startsWith(prefix));
}

export interface LoadMessagesOptions {
  /** GET of a path relative to the API base; resolves with the body text, rejects on any failure. */
  fetchText: (path: string, headers: Record<string, string>) => Promise<string>;
  builtIn: { en_GB: Messages } & Partial<Record<string, Messages>>;
}

/**
 * Never rejects: a missing or broken server answer yields the built-in texts, silently, as SPEC §4
 * and §8 ask (a locale failure is not worth an error toast).
 */
export async function loadMessages(locale: string, options: LoadMessagesOptions): Promise<Messages> {
  const base = { ...stringEntries(options.builtIn.en_GB), ...stringEntries(options.builtIn[locale]) };
  let server: Messages;
  try {
    const text = await options.fetchText(`clientlocale/${encodeURIComponent(locale)}`, { 'Accept-Language': locale });
    const parsed: unknown = JSON.parse(text);
    if (!isPlainObject(parsed)) return base;
    server = stringEntries(parsed);
  } catch {
    return base;
  }
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
  /** DD/MM/YYYY (SPEC §9); '' for a missing or invalid date. */
  formatDate(value: DateInput): string;
  /** DD/MM/YYYY hh:mm a (SPEC §9), e.g. 05/03/2024 02:07 pm; '' for a missing or invalid date. */
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
