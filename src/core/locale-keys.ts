/** Facts about locale texts shared by the client and the server (no dependencies, so the server can use them). */

/**
 * The About Germinate page must read the same everywhere, so installations may not override it. The
 * old client deleted 23 keys that all start with `pageAboutGerminate`; our own keys for that page live
 * under `about.germinate.`. The About Project page stays overridable: it is the installation's own.
 */
export const PROTECTED_KEY_PREFIXES = ['pageAboutGerminate', 'about.germinate.'] as const;

export function isProtectedKey(key: string): boolean {
  return PROTECTED_KEY_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/** Our server's answer header saying its texts are complete (see ServerTexts in i18n.ts). */
export const LOCALE_COMPLETE_HEADER = 'x-locale-complete';
