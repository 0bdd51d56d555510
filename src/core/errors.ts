/**
 * The error catalogue as data: which message an API failure shows. Messages are keys into the
 * locale files; the shell translates and renders the toast.
 */

export type ToastVariant = 'danger' | 'success' | 'info' | 'warning';

export interface Toast {
  titleKey: string;
  messageKey: string;
  /** ICU placeholder values of the message. */
  values?: Record<string, string>;
  variant: ToastVariant;
  autoHideMs: number;
  /** Toasts stack below older ones instead of replacing them. */
  append: true;
}

/** What every API error toast looks like: titled Error, danger, 5 s, appended. */
export interface ErrorToast extends Toast {
  titleKey: 'error.title';
  variant: 'danger';
}

/** Toast hide delay. */
export const TOAST_HIDE_MS = 5000;

/** The statuses with a message of their own. */
export const SPEC_ERROR_STATUSES = [400, 401, 403, 404, 405, 408, 409, 410, 500, 501, 503] as const;
export type SpecErrorStatus = (typeof SPEC_ERROR_STATUSES)[number];

/** Statuses that end the session (401 and 403). */
export const SESSION_ENDING_STATUSES: readonly number[] = [401, 403];

/**
 * Reason phrases with a message of their own: Gatekeeper's codes plus the ones our
 * server adds (registration, rate limits, captcha, setup…). Each has a `reasonPhrase.<NAME>` key in
 * every locale, and errors.test.ts keeps this list and the locale keys equal.
 */
export const KNOWN_REASON_PHRASES = [
  'BAD_REQUEST_INVALID_EMAIL',
  'BAD_REQUEST_INVALID_PAYLOAD',
  'BAD_REQUEST_MISSING_FIELDS',
  'BAD_REQUEST_OWN_ROLE',
  'BAD_REQUEST_UNKNOWN_COLUMN',
  'BAD_REQUEST_UNREACHABLE',
  'BAD_REQUEST_WEAK_PASSWORD',
  'BAD_REQUEST_WINDOW_TOO_SCATTERED',
  'CONFLICT_SETUP_IN_PROGRESS',
  'CONFLICT_USERNAME_EMAIL_ALREADY_IN_USE',
  'CONFLICT_USER_ALREADY_HAS_ACCESS',
  'CONFLICT_USER_ALREADY_REQUESTED_ACCESS',
  'FORBIDDEN_ACCESS_TO_OTHER_USER',
  'FORBIDDEN_INSUFFICIENT_PERMISSIONS',
  'FORBIDDEN_INVALID_CREDENTIALS',
  'GENERIC_INVALID_GERMPLASM',
  'NOT_FOUND',
  'NOT_FOUND_ACTIVATION_KEY',
  'NOT_FOUND_ACTIVATION_REQUEST',
  'NOT_FOUND_CAPTCHA',
  'NOT_FOUND_FILE',
  'NOT_FOUND_ID',
  'NOT_FOUND_ID_OR_PAYLOAD',
  'NOT_FOUND_INSTITUTION',
  'NOT_FOUND_PAYLOAD',
  'NOT_FOUND_TOKEN',
  'NOT_FOUND_USER',
  'NOT_IMPLEMENTED',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_REQUESTS',
  'TRIALS_ROW_COL_MISMATCH',
  'UNAUTHORIZED_INVALID_DATABASE',
  'UNAUTHORIZED_INVALID_DETAILS',
  'UNAVAILABLE_ALREADY_CONFIGURED',
  'UNAVAILABLE_COMMENTS',
  'UNAVAILABLE_EMAIL',
  'UNAVAILABLE_GATEKEEPER',
  'UNAVAILABLE_IMPORT',
  'UNAVAILABLE_NOT_CONFIGURED',
  'UNAVAILABLE_REGISTRATION',
  'UNSUPPORTED_MEDIA_TYPE',
] as const;
export type KnownReasonPhrase = (typeof KNOWN_REASON_PHRASES)[number];

const KNOWN_PHRASES: ReadonlySet<string> = new Set(KNOWN_REASON_PHRASES);

export function isKnownReasonPhrase(phrase: string | null | undefined): phrase is KnownReasonPhrase {
  return typeof phrase === 'string' && KNOWN_PHRASES.has(phrase);
}

const SPEC_STATUSES: ReadonlySet<number> = new Set(SPEC_ERROR_STATUSES);

export interface ErrorInput {
  status?: number;
  reasonPhrase?: string;
  timeout?: boolean;
  /** No response at all: the server could not be reached. */
  network?: boolean;
}

function errorToast(messageKey: string, values?: Record<string, string>): ErrorToast {
  const toast: ErrorToast = { titleKey: 'error.title', messageKey, variant: 'danger', autoHideMs: TOAST_HIDE_MS, append: true };
  if (values) toast.values = values;
  return toast;
}

/** The message key for a status (404 and 405 share their text but keep their own keys). */
export function statusMessageKey(status: number): string | null {
  return SPEC_STATUSES.has(status) ? `error.status.${status}` : null;
}

/**
 * The toast for a failed call. A known reason phrase is more specific than the status, so it wins; a
 * timeout or an unreachable server has no status at all.
 */
export function toastForError(input: ErrorInput): ErrorToast {
  if (input.timeout) return errorToast('error.timeout');
  if (isKnownReasonPhrase(input.reasonPhrase)) return errorToast(`reasonPhrase.${input.reasonPhrase}`);
  if (input.status === undefined) return errorToast(input.network ? 'error.serverUnavailable' : 'error.unknown');
  const key = statusMessageKey(input.status);
  return key ? errorToast(key) : errorToast('error.status.unknown', { status: String(input.status) });
}

/** Success toasts; registration and feedback ones stay 10 s, as in Germinate's client. */
export const LONG_TOAST_MS = 10_000;

export function successToast(messageKey: string, autoHideMs: number = TOAST_HIDE_MS, values?: Record<string, string>): Toast {
  const toast: Toast = { titleKey: 'shell.toast.success', messageKey, variant: 'success', autoHideMs, append: true };
  if (values) toast.values = values;
  return toast;
}
