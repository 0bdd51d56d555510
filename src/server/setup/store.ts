import { type } from 'arktype';
import { MINIMUM_STRENGTH, passwordStrength } from '../../core/password-strength.js';
import { migrateAll } from '../app.js';
import { createUser, findUserByName } from '../auth/users.js';
import type { ServerConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { validate } from '../http/validate.js';
import type { ServerPlugin } from '../plugin.js';
import { SettingsStore } from '../settings.js';
import { DatabaseDetails, GatekeeperDetails, databaseChoice, requireDatabase, requireGatekeeper } from './checks.js';
import { writeConfigFile, type StoredConfig } from './config-file.js';

/** `setup/store`: the wizard's three sections at once. */
export const SetupDetails = type({
  dbConfig: DatabaseDetails,
  'gkConfig?': GatekeeperDetails.or('null'),
  adminConfig: {
    username: 'string',
    password: 'string',
    'fullName?': 'string | null',
    'email?': 'string | null',
  },
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface StoreContext {
  config: ServerConfig;
  plugins: ServerPlugin[];
  now: () => Date;
  log: (message: string) => void;
}

/**
 * Checks everything again, then writes: the database is migrated, the user-access tool goes into the
 * settings table, the first administrator is created, and config.json is written last, so that a failure
 * on the way leaves the server unconfigured (and the wizard usable) rather than half set up.
 */
export async function storeSetup(body: unknown, context: StoreContext): Promise<void> {
  if (body === null || body === undefined) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'Invalid configuration provided.');
  const details = validate(SetupDetails, body);
  const choice = databaseChoice(details.dbConfig, context.config.dataDir);
  await requireDatabase(choice, (cause) => context.log(`setup: database check failed: ${cause}`));
  const gatekeeper = details.gkConfig ?? null;
  if (gatekeeper) await requireGatekeeper(gatekeeper);

  const admin = details.adminConfig;
  const username = admin.username.trim();
  const fullName = admin.fullName?.trim() || null;
  const email = admin.email?.trim() || null;
  if (!username || !admin.password) {
    throw new HttpError(400, 'BAD_REQUEST_MISSING_FIELDS', 'The administrator needs a username and a password.');
  }
  if (email !== null && !EMAIL.test(email)) throw new HttpError(400, 'BAD_REQUEST_INVALID_EMAIL', 'The email address is not valid.');
  if ((await passwordStrength(admin.password, [username, fullName ?? '', email ?? ''])) < MINIMUM_STRENGTH) {
    throw new HttpError(400, 'BAD_REQUEST_WEAK_PASSWORD', 'The password is too easy to guess.');
  }

  const database = await openDatabase({
    databaseUrl: choice.type === 'postgres' ? choice.url : null,
    sqliteFile: choice.type === 'sqlite' ? choice.file : '',
    schema: choice.type === 'postgres' ? choice.schema : null,
  });
  try {
    await migrateAll(database, context.plugins);
    // An existing database (chosen on purpose) may have users already: never take over an account.
    if (await findUserByName(database.db, username)) {
      throw new HttpError(409, 'CONFLICT_USERNAME_EMAIL_ALREADY_IN_USE', `The username ${username} is taken in this database.`);
    }
    if (gatekeeper) {
      await new SettingsStore(database.db, context.config.authMode).write(
        { gatekeeperUrl: gatekeeper.url.trim(), gatekeeperUsername: gatekeeper.username.trim(), gatekeeperPassword: gatekeeper.password || null },
        context.now(),
      );
    }
    await createUser(database.db, { username, password: admin.password, userType: 'Administrator', fullName, email }, context.now());
  } finally {
    await database.close();
  }
  const stored: StoredConfig = { database: choice };
  writeConfigFile(context.config.configFile, stored);
}
