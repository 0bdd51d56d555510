import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './db/database.js';
import { columnTypes, type SchemaMigration } from './db/migration.js';

/** One row per scheduled task: when it last ran, and which process holds it now and until when (ms since 1970). */
interface ScheduledTasksTable {
  name: string;
  last_run: number | null;
  lease_owner: string | null;
  lease_until: number | null;
}
type LeaseTables = { scheduled_tasks: ScheduledTasksTable };

export const taskLeaseMigrations: SchemaMigration[] = [
  {
    name: '0008-scheduled-task-leases',
    async up(db, dialect) {
      const t = columnTypes(dialect);
      await db.schema
        .createTable('scheduled_tasks')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('last_run', t.bigint)
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', t.bigint)
        .execute();
    },
  },
];

/** Names this process in the lease table (host:pid:random, like the job runner's id). */
export function leaseOwnerId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

const leases = (database: Database) => database.db.withTables<LeaseTables>() as unknown as Kysely<LeaseTables>;

/**
 * Takes the task's lease when the task is due and nobody holds it: one conditional UPDATE, which is atomic on
 * both dialects (PostgreSQL re-checks the condition after a concurrent writer commits; SQLite has one writer
 * at a time, across processes on one file too), so of several processes asking at once exactly one gets it.
 *
 * Due means the last run started at least `everyMs - slack` ago: the slack lets the process whose timer
 * fires a little early take its turn instead of the task waiting almost a second interval.
 */
export async function takeLease(database: Database, task: { name: string; everyMs: number }, owner: string, now: number): Promise<boolean> {
  const db = leases(database);
  await db
    .insertInto('scheduled_tasks')
    .values({ name: task.name, last_run: null, lease_owner: null, lease_until: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const slack = Math.min(Math.floor(task.everyMs / 10), 60_000);
  const result = await db
    .updateTable('scheduled_tasks')
    // A holder that dies keeps the lease one interval at most; a run should end well within its interval.
    .set({ lease_owner: owner, lease_until: now + task.everyMs })
    .where('name', '=', task.name)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .where((eb) => eb.or([eb('last_run', 'is', null), eb('last_run', '<=', now - task.everyMs + slack)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The run that held the lease is over (whether it succeeded or not): record its start and free the lease. */
export async function releaseLease(database: Database, name: string, owner: string, startedAt: number): Promise<void> {
  await leases(database)
    .updateTable('scheduled_tasks')
    .set({ last_run: startedAt, lease_owner: null, lease_until: null })
    .where('name', '=', name)
    .where('lease_owner', '=', owner)
    .execute();
}
