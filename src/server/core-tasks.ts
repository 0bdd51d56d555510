import { purgeExpiredTokens } from './auth/tokens.js';
import type { ScheduledTask } from './tasks.js';

const HOUR = 3_600_000;

/** The server core's periodic tasks; domains add theirs through ServerPlugin.tasks. */
export const coreTasks: ScheduledTask[] = [
  { name: 'purge-expired-tokens', everyMs: HOUR, run: async ({ database }, now) => void (await purgeExpiredTokens(database.db, now)) },
];
