import type { SchemaMigration } from './migration.js';
import { columnTypes, withId, withTimestamps } from './migration.js';

/**
 * Asynchronous jobs (issue 6). One table for every kind of job, so one runner claims and one worker runs
 * them all: imports today (`kind` 'import', Germinate's data_import_jobs); exports
 * (Germinate's data_export_jobs) add `kind` 'export' and their parameters in `job_config` later, without a new
 * table. Booleans are 0/1, timestamps ISO-8601 UTC text.
 */
export const jobMigrations: SchemaMigration[] = [
  {
    name: '0004-jobs',
    async up(db, dialect) {
      const t = columnTypes(dialect);
      await withTimestamps(
        withId(db.schema.createTable('async_jobs'), dialect)
          .addColumn('uuid', 'text', (c) => c.notNull().unique())
          .addColumn('kind', 'text', (c) => c.notNull().defaultTo('import'))
          // Germinate's scheduler job id: here an id of the run (claimed_by says which runner).
          .addColumn('job_id', 'text')
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('datatype', 'text', (c) => c.notNull())
          .addColumn('original_filename', 'text')
          // The stored upload, relative to the job's folder DATA_DIR/async/<uuid>/.
          .addColumn('data_filename', 'text')
          .addColumn('run_type', 'text', (c) => c.notNull().defaultTo('CHECK'))
          .addColumn('is_update', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('dataset_state_id', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('target_dataset_id', 'integer')
          .addColumn('data_orientation', 'text')
          // Anything else a kind needs (export parameters later), JSON.
          .addColumn('job_config', t.json)
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('waiting'))
          .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('visibility', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('feedback', t.json)
          .addColumn('stats', t.json)
          // stats.datasetId, as a column: import/stats keeps the rows of datasets the caller sees.
          .addColumn('result_dataset_id', 'integer')
          .addColumn('progress', t.real, (c) => c.notNull().defaultTo(0))
          .addColumn('log_file', 'text')
          // Crash detection: who runs it and when that runner last said it is alive.
          .addColumn('claimed_by', 'text')
          .addColumn('heartbeat', 'text')
          .addColumn('started_on', 'text')
          .addColumn('finished_on', 'text')
          // Set when the expiry task removed the job's folder.
          .addColumn('files_deleted', 'integer', (c) => c.notNull().defaultTo(0)),
        dialect,
      ).execute();
      await db.schema.createIndex('async_jobs_status').on('async_jobs').columns(['status', 'id']).execute();
      await db.schema.createIndex('async_jobs_user').on('async_jobs').columns(['user_id']).execute();
    },
  },
  {
    // Genotype and allele-frequency imports may create the germplasm they name but the database lacks
    // (the curator asks per import; 0/1, default 0: jobs queued before this column keep their meaning).
    name: '0010-jobs-create-germplasm',
    async up(db) {
      await db.schema.alterTable('async_jobs').addColumn('create_germplasm', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  },
];
