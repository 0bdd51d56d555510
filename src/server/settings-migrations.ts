import { sql } from 'kysely';
import type { SchemaMigration } from './db/migration.js';

/** Stored setting keys renamed to Germinate's names: [old, new]. */
export const RENAMED_SETTINGS: readonly (readonly [string, string])[] = [['registrationRequiresApproval', 'gatekeeperRegistrationRequiresApproval']];

/**
 * Settings are stored one row per key, by name: a key that took Germinate's name keeps its stored value
 * (unless the new name was somehow stored already, which then wins).
 */
export const settingsMigrations: SchemaMigration[] = [
  {
    name: '0006-settings-germinate-names',
    async up(db) {
      for (const [from, to] of RENAMED_SETTINGS) {
        await sql`UPDATE settings SET key = ${to} WHERE key = ${from} AND NOT EXISTS (SELECT 1 FROM settings s WHERE s.key = ${to})`.execute(db);
        await sql`DELETE FROM settings WHERE key = ${from}`.execute(db);
      }
    },
  },
];
