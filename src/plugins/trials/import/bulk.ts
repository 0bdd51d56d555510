import type { Kysely } from 'kysely';
import type { ImportDb } from '../../../server/import/importer.js';
import type { CoreTables } from '../../../server/db/tables.js';
import type { TrialsTables } from '../tables.js';

export type TrialsDb = Kysely<CoreTables & TrialsTables>;

export function trialsDb(target: ImportDb): TrialsDb {
  return target.db.withTables<TrialsTables>();
}
