import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type } from 'arktype';
import { MAX_INTEGER } from '../../core/table-request.js';
import { HttpError } from '../http/errors.js';
import { validate } from '../http/validate.js';
import { loginRateLimits } from '../auth/rate-limit.js';
import { listInstitutions, registerAccount, requestExistingAccess, text } from '../auth/registration.js';
import { databaseIdentity, gatekeeperOf, GatekeeperRelay } from '../auth/gatekeeper-client.js';
import type { AdminSettings } from '../settings.js';

// Lengths are generous but bounded: the password strength check and scrypt should not chew on megabytes.
const Field = 'string <= 255 | null';
const NewUnapprovedUserRequest = type({
  'user?': type({
    'userUsername?': Field,
    'userPassword?': 'string <= 1024 | null',
    'userFullName?': Field,
    'userEmailAddress?': Field,
    'institutionId?': 'number.integer | null',
    'institutionName?': Field,
    'institutionAcronym?': Field,
    'institutionAddress?': 'string <= 1000 | null',
  }).or('null'),
  'locale?': 'string <= 32 | null',
});

const NewUserAccessRequest = type({
  'username?': Field,
  'password?': 'string <= 1024 | null',
  'locale?': 'string <= 32 | null',
});

const PagingQuery = type({ 'page?': 'string', 'limit?': 'string' });

function integerParameter(value: string | undefined, name: string, fallback: number, min: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) > MAX_INTEGER || Number(value) < min) {
    throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', `${name} must be an integer ≥ ${min}`);
  }
  return Number(value);
}

/** Registration and access requests (gatekeeper/*), built in or relayed to an external user-access tool. */
export const gatekeeperRoutes: FastifyPluginAsync = async (app) => {
  const limits = await loginRateLimits(app);
  const limited = { config: { access: 'none' as const }, ...limits.login };

  /** The settings when registering is possible at all (there are no logins in NONE mode). */
  async function registrationSettings(): Promise<AdminSettings> {
    const settings = await app.settings.read();
    if (app.config.authMode === 'NONE' || !settings.registrationEnabled) {
      throw new HttpError(503, 'UNAVAILABLE_REGISTRATION', 'Registration is not available on this server.');
    }
    return settings;
  }

  const relayOf = (settings: AdminSettings) => {
    const connection = gatekeeperOf(settings);
    return connection ? new GatekeeperRelay(connection) : null;
  };

  app.get('/gatekeeper/institution', { config: { access: 'none' } }, async (request: FastifyRequest) => {
    const settings = await registrationSettings();
    const query = validate(PagingQuery, request.query ?? {});
    const page = integerParameter(query.page, 'page', 0, 0);
    const limit = Math.min(integerParameter(query.limit, 'limit', app.config.maxPageSize, 1), app.config.maxPageSize);
    const relay = relayOf(settings);
    if (relay) return relay.institutions(page, limit);
    return listInstitutions(app.database.db, page, limit);
  });

  app.post('/gatekeeper/user/new', limited, async (request) => {
    const settings = await registrationSettings();
    const body = validate(NewUnapprovedUserRequest, request.body ?? {});
    const user = body.user ?? {};
    const relay = relayOf(settings);
    if (relay) {
      // Only the declared fields travel on; as Germinate, a blank username becomes the email address.
      const relayed = {
        userUsername: text(user.userUsername) ?? text(user.userEmailAddress),
        userPassword: user.userPassword ?? null,
        userFullName: text(user.userFullName),
        userEmailAddress: text(user.userEmailAddress),
        institutionId: user.institutionId ?? null,
        institutionName: text(user.institutionName),
        institutionAcronym: text(user.institutionAcronym),
        institutionAddress: text(user.institutionAddress),
      };
      return relay.newUser(relayed, text(body.locale), settings.gatekeeperRegistrationRequiresApproval, databaseIdentity(app.config));
    }
    await registerAccount(
      app.database.db,
      {
        username: text(user.userUsername) ?? '',
        // Passwords are taken as typed: spaces may be part of them.
        password: user.userPassword?.trim() === '' ? '' : (user.userPassword ?? ''),
        fullName: text(user.userFullName) ?? '',
        email: text(user.userEmailAddress) ?? '',
        institutionId: user.institutionId ?? null,
        institutionName: text(user.institutionName),
        institutionAcronym: text(user.institutionAcronym),
        institutionAddress: text(user.institutionAddress),
        locale: text(body.locale),
      },
      settings.gatekeeperRegistrationRequiresApproval,
      app.clock.now(),
    );
    return true;
  });

  // Germinate has no "registration enabled" check here: a suspended account may always ask again.
  app.post('/gatekeeper/user/existing', limited, async (request) => {
    if (app.config.authMode === 'NONE') throw new HttpError(503, 'UNAVAILABLE_REGISTRATION', 'There are no accounts on this server.');
    const body = validate(NewUserAccessRequest, request.body ?? {});
    const credentials = { username: body.username ?? '', password: body.password ?? '', locale: text(body.locale) };
    const settings = await app.settings.read();
    const relay = relayOf(settings);
    if (relay) return relay.existingUser(credentials, settings.gatekeeperRegistrationRequiresApproval, databaseIdentity(app.config));
    // A suspension is an administrator's decision, so lifting it always waits for one, whatever the
    // approval setting for new accounts says.
    await requestExistingAccess(app.database.db, credentials, true, app.clock.now());
    return true;
  });
};
