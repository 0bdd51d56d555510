import { sql } from 'kysely';
import type { SchemaMigration } from './migration.js';
import { columnTypes, resetIdentity, withId, withTimestamps } from './migration.js';

/**
 * Accounts, administration and datasets (issue 5): the tables every domain shares. Datasets live in core
 * because their visibility (state + permissions per user and user group) is enforced by the shared table
 * engine, so each later domain's dataset-scoped query gets it without writing it again.
 * Booleans are integers 0/1 on both databases; timestamps are ISO-8601 UTC text.
 */
export const accountMigrations: SchemaMigration[] = [
  {
    name: '0002-accounts-admin-datasets',
    async up(db, dialect) {
      const t = columnTypes(dialect);
      const blob = dialect === 'postgres' ? sql`bytea` : sql`blob`;

      // Institutions users belong to (Gatekeeper's institutions; not the germplasm domain's institutes).
      await withTimestamps(
        withId(db.schema.createTable('user_institutions'), dialect)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('acronym', 'text')
          .addColumn('address', 'text'),
        dialect,
      ).execute();
      await db.schema
        .alterTable('users')
        .addColumn('institution_id', 'integer', (c) => c.references('user_institutions.id').onDelete('set null'))
        .execute();

      // Registrations (kind 'new': the account is created on approval) and access requests of existing,
      // suspended accounts (kind 'existing'). Decided rows stay as the record of who decided what.
      await withTimestamps(
        withId(db.schema.createTable('access_requests'), dialect)
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
          .addColumn('username', 'text', (c) => c.notNull())
          .addColumn('username_key', 'text', (c) => c.notNull())
          .addColumn('full_name', 'text')
          .addColumn('email', 'text')
          .addColumn('email_key', 'text')
          .addColumn('password_hash', 'text')
          .addColumn('institution_id', 'integer', (c) => c.references('user_institutions.id').onDelete('set null'))
          .addColumn('locale', 'text')
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
          .addColumn('decided_on', 'text')
          .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null')),
        dialect,
      ).execute();
      await db.schema.createIndex('access_requests_status').on('access_requests').columns(['status', 'username_key']).execute();

      await withTimestamps(
        withId(db.schema.createTable('usergroups'), dialect)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text'),
        dialect,
      ).execute();
      await withTimestamps(
        withId(db.schema.createTable('usergroupmembers'), dialect)
          .addColumn('usergroup_id', 'integer', (c) => c.notNull().references('usergroups.id').onDelete('cascade'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addUniqueConstraint('usergroupmembers_unique', ['usergroup_id', 'user_id']),
        dialect,
      ).execute();

      // Datasets and what decides who sees them (docs/germinate-api.md, Dataset access).
      await db.schema
        .createTable('datasettypes')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('description', 'text', (c) => c.notNull())
        .execute();
      await db
        .insertInto('datasettypes' as never)
        .values(
          [[-1, 'unknown'], [1, 'genotype'], [3, 'trials'], [4, 'allelefreq'], [5, 'climate'], [6, 'compound'], [7, 'pedigree']].map(
            ([id, description]) => ({ id, description }) as never,
          ),
        )
        .execute();
      await db.schema
        .createTable('datasetstates')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .execute();
      await db
        .insertInto('datasetstates' as never)
        .values([[1, 'public'], [2, 'private'], [3, 'hidden']].map(([id, name]) => ({ id, name }) as never))
        .execute();
      await withTimestamps(
        withId(db.schema.createTable('licenses'), dialect)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text'),
        dialect,
      ).execute();
      await withTimestamps(
        withId(db.schema.createTable('experiments'), dialect)
          .addColumn('experiment_name', 'text', (c) => c.notNull())
          .addColumn('user_id', 'integer')
          .addColumn('project_id', 'integer')
          .addColumn('description', 'text')
          .addColumn('experiment_date', 'text'),
        dialect,
      ).execute();
      await withTimestamps(
        withId(db.schema.createTable('datasets'), dialect)
          .addColumn('experiment_id', 'integer', (c) => c.notNull().references('experiments.id').onDelete('cascade'))
          .addColumn('datasettype_id', 'integer', (c) => c.notNull().defaultTo(-1).references('datasettypes.id'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('date_start', 'text')
          .addColumn('date_end', 'text')
          .addColumn('source_file', 'text')
          .addColumn('datatype', 'text')
          .addColumn('dublin_core', t.json)
          .addColumn('version', 'text')
          .addColumn('created_by', 'integer')
          .addColumn('dataset_state_id', 'integer', (c) => c.notNull().defaultTo(1).references('datasetstates.id'))
          .addColumn('license_id', 'integer', (c) => c.references('licenses.id').onDelete('set null'))
          .addColumn('is_external', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('hyperlink', 'text')
          .addColumn('contact', 'text'),
        dialect,
      ).execute();
      await withTimestamps(
        withId(db.schema.createTable('datasetpermissions'), dialect)
          .addColumn('dataset_id', 'integer', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
          .addColumn('group_id', 'integer', (c) => c.references('usergroups.id').onDelete('cascade')),
        dialect,
      ).execute();
      await db.schema.createIndex('datasetpermissions_dataset').on('datasetpermissions').column('dataset_id').execute();
      await db.schema.createIndex('datasetpermissions_user').on('datasetpermissions').column('user_id').execute();
      await db.schema.createIndex('datasetpermissions_group').on('datasetpermissions').column('group_id').execute();
      await withId(db.schema.createTable('licenselogs'), dialect)
        .addColumn('license_id', 'integer', (c) => c.notNull().references('licenses.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('accepted_on', 'text', (c) => c.notNull())
        .execute();

      // User feedback: the contact email is blanked 30 days after it was read (read_on).
      await withTimestamps(
        withId(db.schema.createTable('userfeedback'), dialect)
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('image', blob)
          .addColumn('page_url', 'text', (c) => c.notNull())
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('contact_email', 'text', (c) => c.notNull())
          .addColumn('feedback_type', 'text', (c) => c.notNull().defaultTo('general'))
          .addColumn('severity', 'text', (c) => c.notNull().defaultTo('medium'))
          .addColumn('is_new', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('read_on', 'text'),
        dialect,
      ).execute();
      // Captcha answers live in the database so that any server process can check them.
      await db.schema
        .createTable('captchas')
        .addColumn('uuid', 'text', (c) => c.primaryKey())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_on', t.bigint, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('commenttypes')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('reference_table', 'text', (c) => c.notNull())
        .execute();
      await db
        .insertInto('commenttypes' as never)
        .values(
          [
            [1, 'line annotation', 'germinatebase'],
            [2, 'pedigree annotation', 'germinatebase'],
            [3, 'location annotation', 'locations'],
          ].map(([id, description, reference_table]) => ({ id, description, reference_table }) as never),
        )
        .execute();
      await withTimestamps(
        withId(db.schema.createTable('comments'), dialect)
          .addColumn('commenttype_id', 'integer', (c) => c.notNull().references('commenttypes.id').onDelete('cascade'))
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('visibility', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('reference_id', 'integer', (c) => c.notNull()),
        dialect,
      ).execute();
      await db.schema.createIndex('comments_reference').on('comments').columns(['commenttype_id', 'reference_id']).execute();

      // Every administrator change: who, what, when (readable by administrators).
      await withId(db.schema.createTable('audit_log'), dialect)
        .addColumn('user_id', 'integer')
        .addColumn('username', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text')
        .addColumn('details', 'text')
        .addColumn('created_on', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_created').on('audit_log').column('created_on').execute();
    },
  },
  {
    // Downloadable files (file resources): import backups, trial shapefiles; linked to datasets.
    name: '0003-file-resources',
    async up(db, dialect) {
      const t = columnTypes(dialect);
      await withTimestamps(
        withId(db.schema.createTable('fileresourcetypes'), dialect)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text'),
        dialect,
      ).execute();
      await db
        .insertInto('fileresourcetypes' as never)
        .values([
          { id: 1, name: 'Trials Shapefile', description: 'Shapefile associated with trials dataset.' },
          { id: 2, name: 'Trials GeoTIFF', description: 'GeoTIFF associated with trials dataset.' },
        ] as never)
        .execute();
      await resetIdentity(db, dialect, 'fileresourcetypes');
      await withTimestamps(
        withId(db.schema.createTable('fileresources'), dialect)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('path', 'text')
          .addColumn('description', 'text')
          .addColumn('filesize', t.bigint)
          .addColumn('fileresourcetype_id', 'integer', (c) => c.notNull().references('fileresourcetypes.id').onDelete('cascade'))
          .addColumn('project_id', 'integer'),
        dialect,
      ).execute();
      await withTimestamps(
        db.schema
          .createTable('datasetfileresources')
          .addColumn('dataset_id', 'integer', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
          .addColumn('fileresource_id', 'integer', (c) => c.notNull().references('fileresources.id').onDelete('cascade'))
          .addPrimaryKeyConstraint('datasetfileresources_pk', ['dataset_id', 'fileresource_id']),
        dialect,
      ).execute();
    },
  },
];
