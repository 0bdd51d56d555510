import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { Migrator, type Generated, type Kysely } from 'kysely';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openDatabase, dropPostgresSchema, type Database, type DialectName } from '../../src/server/db/database.js';
import { migrateAll } from '../../src/server/app.js';
import { coreMigrations } from '../../src/server/db/core-migrations.js';
import { accountMigrations } from '../../src/server/db/accounts-migrations.js';
import { jobMigrations } from '../../src/server/db/jobs-migrations.js';
import { sharedMigrations } from '../../src/server/db/shared-migrations.js';
import { withId, withTimestamps, type SchemaMigration } from '../../src/server/db/migration.js';
import { tableExists } from '../../src/server/db/table-exists.js';
import { readConfig } from '../../src/server/config.js';
import { startGerminate } from '../../src/server/setup/start-app.js';
import { orderPlugins, type ServerPlugin } from '../../src/server/plugin.js';
import { serverPlugins } from '../../src/plugins/server.js';
import { climateServer } from '../../src/plugins/climate/server.js';
import { climateMigrations } from '../../src/plugins/climate/migrations.js';
import { trialsMigrations } from '../../src/plugins/trials/migrations.js';
import { testDialects } from '../support/databases.js';
import { ROOT } from '../support/server.js';

/** An empty database (not migrated): a new SQLite file or a new PostgreSQL schema, removed after the test. */
async function emptyDatabase(dialect: DialectName): Promise<{ database: Database; dataDir: string; url: string | null; schema: string | null }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-migrations-'));
  const url = dialect === 'postgres' ? inject('postgresUrl') : null;
  const schema = dialect === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : null;
  const database = await openDatabase({ databaseUrl: url, sqliteFile: path.join(dataDir, 'germinate.sqlite'), schema });
  cleanups.push(async () => {
    await database.close().catch(() => undefined);
    if (url && schema) await dropPostgresSchema(url, schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { database, dataDir, url, schema };
}
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * How the release before per-plugin ordering migrated: Kysely's Migrator over every migration sorted by
 * name (it refuses a pending migration that sorts before one already run). Kept here to make databases
 * exactly as that release left them, bookkeeping included.
 */
async function migrateAsPreviousRelease(database: Database, migrations: SchemaMigration[]): Promise<void> {
  const db = database.db as unknown as Kysely<unknown>;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => Object.fromEntries(migrations.map((m) => [m.name, { up: (k: Kysely<unknown>) => m.up(k, database.dialect) }])) },
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/** The previous release's climate migration: it created `units` itself when missing, now core's. */
const previousClimate: SchemaMigration = {
  name: '2100-climate-tables',
  async up(db, dialect) {
    await sharedMigrations[0].up(db, dialect);
    await climateMigrations[0].up(db, dialect);
  },
};

/** The previous release's trials migration: it created `units` itself (before climate's 2100), now core's. */
const previousTrials: SchemaMigration = {
  name: '2000-trials-tables',
  async up(db, dialect) {
    await sharedMigrations[0].up(db, dialect);
    await trialsMigrations[0].up(db, dialect);
  },
};

/** A new migration of an old plugin, named to sort before the plugin's migration that already ran. */
const climateSites: SchemaMigration = {
  name: '2050-climate-test-sites',
  async up(db, dialect) {
    await withTimestamps(
      withId(db.schema.createTable('test_climate_sites'), dialect)
        .addColumn('climate_id', 'integer', (c) => c.notNull().references('climates.id').onDelete('cascade'))
        .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('cascade')),
      dialect,
    ).execute();
  },
};
const climateWithSites: ServerPlugin = { ...climateServer, migrations: [...(climateServer.migrations ?? []), climateSites] };

/** A plugin added later, whose migration sorts before every migration there is but needs germplasm and climate. */
const notesPlugin: ServerPlugin = {
  id: 'test-notes',
  requires: ['germplasm', 'climate'],
  migrations: [
    {
      name: '0500-test-notes',
      async up(db, dialect) {
        await withTimestamps(
          withId(db.schema.createTable('test_notes'), dialect)
            .addColumn('germinatebase_id', 'integer', (c) => c.notNull().references('germinatebase.id').onDelete('cascade'))
            .addColumn('climate_id', 'integer', (c) => c.references('climates.id').onDelete('set null'))
            .addColumn('note', 'text', (c) => c.notNull()),
          dialect,
        ).execute();
      },
    },
  ],
};

const PREVIOUS_PLUGINS = ['germplasm', 'datasets', 'groups', 'pedigree', 'climate'];
const plugin = (id: string): ServerPlugin => {
  const found = serverPlugins.find((p) => p.id === id);
  if (!found) throw new Error(`no plugin ${id}`);
  return found;
};

type Bookkeeping = { kysely_migration: { name: string; timestamp: string } };

describe.each(testDialects())('plugin migrations on %s', (dialect) => {
  it('a database of the previous release, without trials, images and map overlays, accepts them, a new plugin and a new migration of an old plugin', async () => {
    const { database } = await emptyDatabase(dialect);
    // The previous release: core as it was (no shared units yet), and five of the plugins.
    const previous = [
      ...coreMigrations,
      ...accountMigrations,
      ...jobMigrations,
      ...PREVIOUS_PLUGINS.flatMap((id) => (id === 'climate' ? [previousClimate] : plugin(id).migrations ?? [])),
    ];
    await migrateAsPreviousRelease(database, previous);

    const db = database.db.withTables<{
      germinatebase: { id: Generated<number>; general_identifier: string; name: string; display_name: string };
      units: { id: Generated<number>; unit_name: string };
      climates: { id: Generated<number>; name: string; datatype: string; unit_id: number | null };
      groups: { id: Generated<number>; grouptype_id: number; name: string | null };
      test_notes: { id: Generated<number>; germinatebase_id: number; climate_id: number | null; note: string };
      test_climate_sites: { id: Generated<number>; climate_id: number; location_id: number | null };
    }>();
    const germplasm = await db
      .insertInto('germinatebase')
      .values({ general_identifier: 'G-1', name: 'CACTUAR-1', display_name: 'CACTUAR-1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const unit = await db.insertInto('units').values({ unit_name: 'degrees Celsius' }).returning('id').executeTakeFirstOrThrow();
    const climate = await db
      .insertInto('climates')
      .values({ name: 'Mean temperature', datatype: 'numeric', unit_id: unit.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('groups').values({ grouptype_id: 3, name: 'Kept' }).execute();
    const before = await db.withTables<Bookkeeping>().selectFrom('kysely_migration').selectAll().orderBy('name').execute();
    expect(before.map((row) => row.name)).toEqual(previous.map((m) => m.name).sort());

    // This release, with every plugin, the new migration of climate and the new plugin.
    const plugins = [...serverPlugins.map((p) => (p.id === 'climate' ? climateWithSites : p)), notesPlugin];
    const { ran } = await migrateAll(database, plugins);

    // Only what had not run, and all of it: trials (2000) and climate's 2050 sort before 2100, 3000 and
    // 3100 that ran, the new plugin's 0500 before everything.
    const previousNames = new Set(previous.map((m) => m.name));
    expect(ran.filter((name) => previousNames.has(name))).toEqual([]);
    expect(ran).toEqual(expect.arrayContaining(['0005-shared-units', '2000-trials-tables', '2050-climate-test-sites', '2200-images-tables', '2300-mapoverlays', '0500-test-notes']));
    const all = [...coreMigrations, ...accountMigrations, ...jobMigrations, ...sharedMigrations, ...plugins.flatMap((p) => p.migrations ?? [])];
    expect([...ran].sort()).toEqual(all.map((m) => m.name).filter((name) => !previousNames.has(name)).sort());
    const after = await db.withTables<Bookkeeping>().selectFrom('kysely_migration').selectAll().execute();
    expect(after).toHaveLength(all.length);
    for (const row of before) expect(after.find((a) => a.name === row.name)?.timestamp).toBe(row.timestamp);

    // The data survived.
    expect(await db.selectFrom('germinatebase').select(['id', 'name']).execute()).toEqual([{ id: germplasm.id, name: 'CACTUAR-1' }]);
    expect(await db.selectFrom('climates').select(['id', 'unit_id']).execute()).toEqual([{ id: climate.id, unit_id: unit.id }]);
    expect(await db.selectFrom('groups').select('name').execute()).toEqual([{ name: 'Kept' }]);

    // The new tables exist and refer to the old rows.
    for (const table of ['phenotypes', 'trialsetup', 'images', 'mapoverlays', 'test_notes', 'test_climate_sites']) {
      expect(await tableExists(database.db, dialect, table), table).toBe(true);
    }
    await db.insertInto('test_notes').values({ germinatebase_id: germplasm.id, climate_id: climate.id, note: 'after the upgrade' }).execute();
    await db.insertInto('test_climate_sites').values({ climate_id: climate.id, location_id: null }).execute();
    expect(await db.selectFrom('test_notes').select(['germinatebase_id', 'note']).execute()).toEqual([
      { germinatebase_id: germplasm.id, note: 'after the upgrade' },
    ]);

    // Traits use the units climate created in the previous release.
    const trait = db.withTables<{ phenotypes: { id: Generated<number>; name: string; unit_id: number | null } }>();
    await trait.insertInto('phenotypes').values({ name: 'Height', unit_id: unit.id }).execute();

    // Nothing is left to run.
    expect((await migrateAll(database, plugins)).ran).toEqual([]);
  });

  it('a database of the previous release with every plugin runs only what is new', async () => {
    const { database } = await emptyDatabase(dialect);
    const released = [...coreMigrations, ...accountMigrations, ...jobMigrations, ...serverPlugins.flatMap((p) => p.migrations ?? [])].map((m) =>
      m.name === previousTrials.name ? previousTrials : m,
    );
    await migrateAsPreviousRelease(database, released);
    const { ran } = await migrateAll(database, serverPlugins);
    expect(ran).toEqual(['0005-shared-units']);
  });

  it('a new database runs a plugin after the plugins it requires, whatever the names and the list order say', async () => {
    const { database } = await emptyDatabase(dialect);
    const { ran } = await migrateAll(database, [notesPlugin, ...serverPlugins.map((p) => (p.id === 'climate' ? climateWithSites : p))]);
    const at = (name: string) => ran.indexOf(name);
    expect(at('0001-core-users-tokens-settings')).toBe(0);
    expect(at('0005-shared-units')).toBeLessThan(at('1000-germplasm-tables'));
    expect(at('1000-germplasm-tables')).toBeLessThan(at('2000-trials-tables'));
    // Within climate its declared order: 2100 before 2050.
    expect(at('2100-climate-tables')).toBeLessThan(at('2050-climate-test-sites'));
    expect(at('0500-test-notes')).toBeGreaterThan(at('1000-germplasm-tables'));
    expect(at('0500-test-notes')).toBeGreaterThan(at('2050-climate-test-sites'));
    expect(await tableExists(database.db, dialect, 'test_notes')).toBe(true);
  });

  it('two processes migrating one new database at once run each migration once', async () => {
    const { dataDir, url, schema, database } = await emptyDatabase(dialect);
    const env = { ...process.env, SQLITE_FILE: path.join(dataDir, 'germinate.sqlite'), DATABASE_URL: url ?? '', DATABASE_SCHEMA: schema ?? '' };
    const child = () => promisify(execFile)(process.execPath, ['--import', 'tsx', 'tests/support/migrate-child.ts'], { cwd: ROOT, env });
    const outputs = await Promise.all([child(), child()]);
    const [first, second] = outputs.map((output) => (JSON.parse(output.stdout) as { ran: string[] }).ran);
    const all = [...coreMigrations, ...accountMigrations, ...jobMigrations, ...sharedMigrations, ...orderPlugins(serverPlugins).flatMap((p) => p.migrations ?? [])];
    // One of them ran everything, the other found nothing left (whichever came second waited for the first).
    expect([first, second].sort((a, b) => a.length - b.length)).toEqual([[], all.map((m) => m.name)]);
    const rows = await database.db.withTables<Bookkeeping>().selectFrom('kysely_migration').select('name').execute();
    expect(rows).toHaveLength(all.length);
  });

  it('a server whose plugin lacks a plugin it requires does not start, and leaves the database untouched', async () => {
    const { dataDir, url, schema, database } = await emptyDatabase(dialect);
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'false', ...(url && schema ? { DATABASE_URL: url, DATABASE_SCHEMA: schema } : {}) };
    await expect(
      startGerminate(readConfig(env, ROOT), { root: ROOT, plugins: [climateServer], log: () => undefined, logger: false }),
    ).rejects.toThrow('Server plugin "climate" requires plugin "germplasm", which is not installed.');
    expect(await tableExists(database.db, dialect, 'kysely_migration')).toBe(false);
    expect(await tableExists(database.db, dialect, 'users')).toBe(false);
  });
});

describe('plugin requirements', () => {
  const bare = (id: string, requires: string[]): ServerPlugin => ({ id, requires });

  it('refuses a cycle, naming it', () => {
    expect(() => orderPlugins([bare('a', ['b']), bare('b', ['c']), bare('c', ['a'])])).toThrow(
      'Server plugins require each other in a cycle: a → b → c → a.',
    );
    expect(() => orderPlugins([bare('a', ['a'])])).toThrow('Server plugins require each other in a cycle: a → a.');
  });

  it('refuses a plugin installed twice', () => {
    expect(() => orderPlugins([bare('a', []), bare('a', [])])).toThrow('Server plugin "a" is installed twice.');
  });

  it('orders by requirement, otherwise keeps the given order', () => {
    const ids = orderPlugins([bare('images', ['germplasm']), bare('mapoverlays', []), bare('germplasm', []), bare('trials', ['germplasm'])]).map((p) => p.id);
    expect(ids).toEqual(['germplasm', 'images', 'mapoverlays', 'trials']);
    expect(orderPlugins(serverPlugins).map((p) => p.id)).toEqual(serverPlugins.map((p) => p.id));
  });
});
