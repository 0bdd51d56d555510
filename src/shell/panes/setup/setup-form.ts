import { ApiError } from '../../../core/api-client.js';
import { MINIMUM_STRENGTH, type StrengthLevel } from '../../../core/password-strength.js';

/** What the setup wizard's three sections hold, and the bodies of the setup/* calls. */

export interface DatabaseForm {
  type: 'sqlite' | 'postgres';
  file: string;
  url: string;
  schema: string;
}

export interface GatekeeperForm {
  enabled: boolean;
  url: string;
  username: string;
  password: string;
}

export interface AdminForm {
  username: string;
  fullName: string;
  email: string;
  password: string;
  confirmation: string;
}

/** A section's check: not run (or outdated by an edit), running, passed, or refused with the server's text. */
export type CheckState = { status: 'idle' } | { status: 'checking' } | { status: 'ok' } | { status: 'failed'; message: string };

export const IDLE: CheckState = { status: 'idle' };

export const emptyDatabase = (): DatabaseForm => ({ type: 'sqlite', file: '', url: '', schema: '' });
export const emptyGatekeeper = (): GatekeeperForm => ({ enabled: false, url: '', username: '', password: '' });
export const emptyAdmin = (): AdminForm => ({ username: '', fullName: '', email: '', password: '', confirmation: '' });

export type DatabaseBody = { type: 'sqlite'; file: string } | { type: 'postgres'; url: string; schema: string | null };

export function databaseBody(form: DatabaseForm): DatabaseBody {
  return form.type === 'sqlite'
    ? { type: 'sqlite', file: form.file.trim() }
    : { type: 'postgres', url: form.url.trim(), schema: form.schema.trim() || null };
}

/** A PostgreSQL check needs a URL; a blank SQLite file means the default file, so it can always be checked. */
export function databaseCheckable(form: DatabaseForm): boolean {
  return form.type === 'sqlite' || form.url.trim() !== '';
}

export function gatekeeperBody(form: GatekeeperForm): { url: string; username: string; password: string } | null {
  return form.enabled ? { url: form.url.trim(), username: form.username.trim(), password: form.password } : null;
}

export function gatekeeperCheckable(form: GatekeeperForm): boolean {
  return form.enabled && form.url.trim() !== '' && form.username.trim() !== '';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Message keys of what keeps the administrator's details from being complete, most important first.
 * `strength` is null while it is being computed.
 */
export function adminProblems(form: AdminForm, strength: StrengthLevel | null): string[] {
  const problems: string[] = [];
  if (form.username.trim() === '') problems.push('setup.admin.usernameMissing');
  if (form.email.trim() !== '' && !EMAIL.test(form.email.trim())) problems.push('setup.admin.emailInvalid');
  if (form.password === '') problems.push('setup.admin.passwordMissing');
  else if (strength === null || strength < MINIMUM_STRENGTH) problems.push('setup.admin.tooWeak');
  if (form.password !== '' && form.password !== form.confirmation) problems.push('setup.admin.mismatch');
  return problems;
}

export function adminBody(form: AdminForm) {
  return {
    username: form.username.trim(),
    password: form.password,
    fullName: form.fullName.trim() || null,
    email: form.email.trim() || null,
  };
}

/** Every section valid: the database checked, the user-access tool checked or not used, the admin complete. */
export function setupComplete(database: CheckState, gatekeeper: GatekeeperForm, gatekeeperCheck: CheckState, problems: string[]): boolean {
  return database.status === 'ok' && (!gatekeeper.enabled || gatekeeperCheck.status === 'ok') && problems.length === 0;
}

/**
 * The server's own text for a refused call (its `message`, or Germinate's plain-text body), else the
 * message of its reason phrase, else a general one.
 */
export function serverText(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) {
    const body = error.body;
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) return body.message;
    if (typeof body === 'string' && body.trim() !== '') return body.trim();
    if (error.reasonPhrase) return t(`reasonPhrase.${error.reasonPhrase}`);
    if (error.kind === 'timeout') return t('setup.error.timeout');
    if (error.kind === 'network') return t('setup.error.network');
  }
  return t('setup.error.unknown');
}
