/**
 * The registration requests (gatekeeper/user/new and gatekeeper/user/existing) built from the forms, and which message
 * a failure shows. Kept apart from the React forms so the rules are unit-tested.
 */

export interface NewAccountFields {
  username: string;
  fullName: string;
  email: string;
  password: string;
  confirmation: string;
  /** An existing institution's id as text, '' for none chosen, NEW_INSTITUTION to enter one. */
  institution: string;
  institutionName: string;
  institutionAcronym: string;
  institutionAddress: string;
  acceptTerms: boolean;
}

export const NEW_INSTITUTION = 'new';

export const EMPTY_NEW_ACCOUNT: NewAccountFields = {
  username: '',
  fullName: '',
  email: '',
  password: '',
  confirmation: '',
  institution: '',
  institutionName: '',
  institutionAcronym: '',
  institutionAddress: '',
  acceptTerms: false,
};

/** Same rule as the server: something@something.something, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FormProblem = { key: string } | null;

/** The first problem of the form as a message key, before anything is sent. */
export function newAccountProblem(fields: NewAccountFields): FormProblem {
  const institutionGiven =
    fields.institution === NEW_INSTITUTION
      ? [fields.institutionName, fields.institutionAcronym, fields.institutionAddress].every((v) => v.trim() !== '')
      : /^\d+$/.test(fields.institution);
  const required = [fields.username, fields.fullName, fields.email, fields.password, fields.confirmation];
  if (required.some((v) => v.trim() === '') || !institutionGiven || !fields.acceptTerms) return { key: 'reasonPhrase.BAD_REQUEST_MISSING_FIELDS' };
  if (!EMAIL.test(fields.email.trim())) return { key: 'reasonPhrase.BAD_REQUEST_INVALID_EMAIL' };
  if (fields.password !== fields.confirmation) return { key: 'register.passwordMismatch' };
  return null;
}

export interface NewAccountBody {
  user: {
    userUsername: string;
    userPassword: string;
    userFullName: string;
    userEmailAddress: string;
    institutionId?: number;
    institutionName?: string;
    institutionAcronym?: string;
    institutionAddress?: string;
  };
  locale: string;
}

/** The body of POST gatekeeper/user/new: no confirmation, and institution fields only for a new one. */
export function newAccountBody(fields: NewAccountFields, locale: string): NewAccountBody {
  const user: NewAccountBody['user'] = {
    userUsername: fields.username.trim(),
    userPassword: fields.password,
    userFullName: fields.fullName.trim(),
    userEmailAddress: fields.email.trim(),
  };
  if (fields.institution === NEW_INSTITUTION) {
    user.institutionName = fields.institutionName.trim();
    user.institutionAcronym = fields.institutionAcronym.trim();
    user.institutionAddress = fields.institutionAddress.trim();
  } else {
    user.institutionId = Number(fields.institution);
  }
  return { user, locale };
}

/** Reason phrases the registration forms explain; anything else is the generic registration failure. */
const EXPLAINED: ReadonlySet<string> = new Set([
  'BAD_REQUEST_MISSING_FIELDS',
  'BAD_REQUEST_INVALID_EMAIL',
  'BAD_REQUEST_WEAK_PASSWORD',
  'CONFLICT_USERNAME_EMAIL_ALREADY_IN_USE',
  'CONFLICT_USER_ALREADY_HAS_ACCESS',
  'CONFLICT_USER_ALREADY_REQUESTED_ACCESS',
  'FORBIDDEN_INVALID_CREDENTIALS',
  'NOT_FOUND_INSTITUTION',
  'TOO_MANY_REQUESTS',
  'UNAVAILABLE_REGISTRATION',
  'UNAVAILABLE_GATEKEEPER',
  'UNAVAILABLE_EMAIL',
]);

export function registrationFailureKey(reasonPhrase: string | null): string {
  return reasonPhrase !== null && EXPLAINED.has(reasonPhrase) ? `reasonPhrase.${reasonPhrase}` : 'register.failed';
}

/** The success toasts: what happens next depends on whether an administrator must approve. */
export function registrationSuccessKey(kind: 'new' | 'existing', approvalRequired: boolean): string {
  if (kind === 'new') return approvalRequired ? 'register.success.pending' : 'register.success.ready';
  return approvalRequired ? 'register.success.accessRequested' : 'register.success.accessGranted';
}
