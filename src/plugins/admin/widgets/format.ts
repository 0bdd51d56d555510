import type { Services } from '../../../shell/pane-api.js';
import type { UserRow } from '../types.js';

/** A user as lists name them: full name and username, or the username alone. */
export function userLabel(user: Pick<UserRow, 'username' | 'fullName'>): string {
  return user.fullName ? `${user.fullName} (${user.username})` : user.username;
}

/** The success toast of an admin change (5 s, appended below older toasts). */
export function done(services: Pick<Services, 'toast'>, messageKey: string, values?: Record<string, string>): void {
  services.toast({ titleKey: 'admin.doneTitle', messageKey, values, variant: 'success', autoHideMs: 5000, append: true });
}

/** A failed call has been shown by the api client already (its toast); the caller only stops. */
export function shown(): void {}

const ROLE_KEYS: Readonly<Record<string, string>> = {
  'Regular User': 'admin.role.regular',
  'Data Curator': 'admin.role.curator',
  Administrator: 'admin.role.admin',
  'Suspended User': 'admin.role.suspended',
};

/** A user type in the reader's language; an unknown one as the server wrote it. */
export function roleText(t: Services['t'], userType: string): string {
  const key = ROLE_KEYS[userType];
  return key ? t(key) : userType;
}

/** The text of `key`, or `fallback` when no locale has one (a value the server added later). */
export function textOr(services: Pick<Services, 't' | 'translator'>, key: string, fallback: string): string {
  return Object.prototype.hasOwnProperty.call(services.translator.intl.messages, key) ? services.t(key) : fallback;
}
