import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, type Locale } from '../../core/i18n.js';

/**
 * Theme and language before the user chooses: the system's colour scheme (prefers-color-scheme) and
 * the browser's languages. A stored choice always wins; `darkMode: null` means none was made.
 */
const DARK_QUERY = '(prefers-color-scheme: dark)';

function darkQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
}

export function systemPrefersDark(): boolean {
  return darkQuery()?.matches ?? false;
}

/** Calls `listener` whenever the system switches between light and dark; returns the unsubscribe. */
export function onSystemSchemeChange(listener: () => void): () => void {
  const query = darkQuery();
  if (!query) return () => {};
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

export function isDark(choice: boolean | null): boolean {
  return choice ?? systemPrefersDark();
}

/** Whether the page shows the dark theme now, re-rendering when the system scheme changes. */
export function useIsDark(choice: boolean | null): boolean {
  const system = useSyncExternalStore(onSystemSchemeChange, systemPrefersDark, () => false);
  return choice ?? system;
}

/**
 * The locale for a browser whose preferred languages are `languages` (navigator.languages, most
 * wanted first): the first one we have, by language (de-AT and de-CH read German too).
 */
export function localeFromLanguages(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const language = tag.toLowerCase().split(/[-_]/)[0];
    if (language === 'de') return 'de_DE';
    if (language === 'en') return 'en_GB';
  }
  return DEFAULT_LOCALE;
}
