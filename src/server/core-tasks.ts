import { purgeExpiredTokens } from './auth/tokens.js';
import { purgeExpiredCaptchas } from './feedback/captcha.js';
import { purgeReadFeedback } from './feedback/feedback.js';
import type { ScheduledTask } from './tasks.js';
import { expireAsyncFiles, expireTempFiles } from './jobs/expiry.js';
import { backupTask } from './backup/schedule.js';

const HOUR = 3_600_000;

/** The server core's periodic tasks; domains add theirs through ServerPlugin.tasks. */
export const coreTasks: ScheduledTask[] = [
  { name: 'purge-expired-tokens', everyMs: HOUR, run: async ({ database }, now) => void (await purgeExpiredTokens(database.db, now)) },
  // Feedback is kept until read plus 30 days: then it is deleted (contact email, content, screenshot).
  { name: 'purge-read-feedback', everyMs: HOUR, run: async ({ database }, now) => void (await purgeReadFeedback(database.db, now)) },
  // Admin settings filesDeleteAfterHoursAsync / …Temp: job folders (uploads, logs, results) and temp files.
  {
    name: 'expire-async-files',
    everyMs: 10 * 60_000,
    run: async ({ database, settings, dataDir }, now) => void (await expireAsyncFiles(database, dataDir, (await settings.read()).filesDeleteAfterHoursAsync, now)),
  },
  {
    name: 'expire-temp-files',
    everyMs: 10 * 60_000,
    run: async ({ settings, dataDir }, now) => void expireTempFiles(dataDir, (await settings.read()).filesDeleteAfterHoursTemp, now),
  },
  { name: 'purge-expired-captchas', everyMs: 10 * 60_000, run: async ({ database }, now) => void (await purgeExpiredCaptchas(database.db, now)) },
  // Admin settings databaseBackupEveryDays / databaseBackupMaxSizeGB: PERIODICAL backups, pruned by size.
  backupTask,
];
