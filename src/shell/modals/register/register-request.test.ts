import { describe, expect, it } from 'vitest';
import {
  EMPTY_NEW_ACCOUNT,
  NEW_INSTITUTION,
  newAccountBody,
  newAccountProblem,
  registrationFailureKey,
  registrationSuccessKey,
  type NewAccountFields,
} from './register-request.js';

const complete: NewAccountFields = {
  ...EMPTY_NEW_ACCOUNT,
  username: ' jane ',
  fullName: 'Jane Doe',
  email: 'jane@example.org',
  password: 'correct horse battery staple',
  confirmation: 'correct horse battery staple',
  institution: '4',
  acceptTerms: true,
};

describe('newAccountProblem', () => {
  it('accepts a complete form', () => {
    expect(newAccountProblem(complete)).toBeNull();
    expect(
      newAccountProblem({ ...complete, institution: NEW_INSTITUTION, institutionName: 'JHI', institutionAcronym: 'JHI', institutionAddress: 'Dundee' }),
    ).toBeNull();
  });

  it.each([
    ['username', { username: '  ' }],
    ['full name', { fullName: '' }],
    ['email', { email: '' }],
    ['password', { password: '' }],
    ['confirmation', { confirmation: '' }],
    ['institution', { institution: '' }],
    ['new institution address', { institution: NEW_INSTITUTION, institutionName: 'JHI', institutionAcronym: 'JHI' }],
    ['terms', { acceptTerms: false }],
  ])('asks for all fields when the %s is missing', (_name, change) => {
    expect(newAccountProblem({ ...complete, ...change })).toEqual({ key: 'reasonPhrase.BAD_REQUEST_MISSING_FIELDS' });
  });

  it('refuses a malformed email and a confirmation that differs', () => {
    expect(newAccountProblem({ ...complete, email: 'jane@example' })).toEqual({ key: 'reasonPhrase.BAD_REQUEST_INVALID_EMAIL' });
    expect(newAccountProblem({ ...complete, confirmation: 'other' })).toEqual({ key: 'register.passwordMismatch' });
  });
});

describe('newAccountBody', () => {
  it('sends an existing institution by id, without the confirmation', () => {
    expect(newAccountBody(complete, 'de_DE')).toEqual({
      user: { userUsername: 'jane', userPassword: complete.password, userFullName: 'Jane Doe', userEmailAddress: 'jane@example.org', institutionId: 4 },
      locale: 'de_DE',
    });
  });
  it('sends a new institution by name, acronym and address', () => {
    const body = newAccountBody({ ...complete, institution: NEW_INSTITUTION, institutionName: ' James Hutton ', institutionAcronym: 'JHI', institutionAddress: 'Dundee' }, 'en_GB');
    expect(body.user).toMatchObject({ institutionName: 'James Hutton', institutionAcronym: 'JHI', institutionAddress: 'Dundee' });
    expect(body.user.institutionId).toBeUndefined();
  });
});

describe('messages', () => {
  it('explains the Gatekeeper reason phrases and falls back to the generic registration failure', () => {
    expect(registrationFailureKey('CONFLICT_USERNAME_EMAIL_ALREADY_IN_USE')).toBe('reasonPhrase.CONFLICT_USERNAME_EMAIL_ALREADY_IN_USE');
    expect(registrationFailureKey('CONFLICT_USER_ALREADY_REQUESTED_ACCESS')).toBe('reasonPhrase.CONFLICT_USER_ALREADY_REQUESTED_ACCESS');
    expect(registrationFailureKey(null)).toBe('register.failed');
    expect(registrationFailureKey('SOMETHING_ELSE')).toBe('register.failed');
  });
  it('words the success by approval', () => {
    expect(registrationSuccessKey('new', true)).toBe('register.success.pending');
    expect(registrationSuccessKey('new', false)).toBe('register.success.ready');
    expect(registrationSuccessKey('existing', true)).toBe('register.success.accessRequested');
    expect(registrationSuccessKey('existing', false)).toBe('register.success.accessGranted');
  });
});
