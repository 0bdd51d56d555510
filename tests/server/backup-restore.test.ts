import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../src/server/backup/create.js';
import { parseManifest, type Manifest } from '../../src/server/backup/manifest.js';
import { restoreBackup } from '../../src/server/backup/restore.js';
import { tableCounts } from '../../src/server/backup/tables.js';
import { germinateVersion } from '../../src/server/backup/version.js';
import { dropPostgresSchema, openDatabase, type DatabaseOptions } from '../../src/server/db/database.js';
import { serverPlugins } from '../../src/plugins/server.js';
import { testDialects } from '../support/databases.js';
import { seedGermplasm } from '../support/seed.js';
import { passwordOf, ROOT, startServer, type TestServer } from '../support/server.js';
import { nodeArguments } from '../support/test-build.js';

const run = promisify(execFile);

/** The restore command as an operator runs it (this run's build of the sources), with the server's configuration in its environment. */
async function restoreCli(connection: DatabaseOptions, dataDir: string, args: string[]): Promise<{ code: number; out: string }> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir };
  if (connection.databaseUrl) env.DATABASE_URL = connection.databaseUrl;
  if (connection.schema) env.DATABASE_SCHEMA = connection.schema;
  try {
    const { stdout, stderr } = await run(process.execPath, [...nodeArguments('restore'), ...args], { cwd: ROOT, env });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe.each(testDialects())('database backups and restore on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  let regular: string;
  let connection: DatabaseOptions;
  /** Outside the server's data directory: the archives outlive the wiped database. */
  const keep = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-backups-'));
  let countsBefore: Record<string, number>;
  let archive: string;
  let manifest: Manifest;

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    await seedGermplasm(server);
    admin = await server.login('admin', passwordOf('admin'));
    regular = await server.login('regular', passwordOf('regular'));
    connection = { databaseUrl: server.db.databaseUrl, sqliteFile: path.join(server.db.dataDir, 'germinate.sqlite'), schema: server.db.schema };
  });
  afterAll(async () => {
    await server.app.close().catch(() => undefined);
    await server.db.database.close().catch(() => undefined);
    if (server.db.databaseUrl && server.db.schema) await dropPostgresSchema(server.db.databaseUrl, server.db.schema);
    fs.rmSync(server.db.dataDir, { recursive: true, force: true });
    fs.rmSync(keep, { recursive: true, force: true });
  });

  it('lets only administrators take and list backups', async () => {
    expect((await server.api('PUT', 'backup')).status).toBe(401);
    expect((await server.api('PUT', 'backup', { token: regular })).status).toBe(403);
    expect((await server.api('GET', 'backup', { token: regular })).status).toBe(403);
    expect(await (await server.api('GET', 'backup', { token: admin })).json()).toEqual([]);

    countsBefore = await tableCounts(server.db.database);
    expect(countsBefore.germinatebase).toBeGreaterThan(10);
    const taken = await server.api('PUT', 'backup', { token: admin });
    expect(taken.status).toBe(200);
    expect(await taken.json()).toBe(true);

    const list = (await (await server.api('GET', 'backup', { token: admin })).json()) as Record<string, unknown>[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: 'MANUAL', germinateVersion: germinateVersion() });
    expect(list[0].filename).toMatch(/^\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}_MANUAL_[^_]+\.zip$/);
    expect(list[0].filesize).toBe(fs.statSync(path.join(server.db.dataDir, 'backups', list[0].filename as string)).size);
    expect(Date.parse(list[0].timestamp as string)).not.toBeNaN();
    const audit = await server.db.database.db.selectFrom('audit_log').select(['action', 'target']).where('action', '=', 'backup.create').execute();
    expect(audit).toEqual([{ action: 'backup.create', target: list[0].filename }]);
  });

  it('downloads a backup for an administrator’s token only; the zip holds the dump and its manifest', async () => {
    const [backup] = (await (await server.api('GET', 'backup', { token: admin })).json()) as { filename: string }[];
    const query = (token?: string) => `backup/download?filename=${encodeURIComponent(backup.filename)}${token ? `&token=${token}` : ''}`;
    expect((await server.api('GET', query())).status).toBe(401);
    expect((await server.api('GET', query(crypto.randomUUID()))).status).toBe(403);
    expect((await server.api('GET', query(regular))).status).toBe(403);
    expect((await server.api('GET', `backup/download?token=${admin}`)).status).toBe(400);
    expect((await server.api('GET', 'backup/download')).status).toBe(400);

    const response = await server.api('GET', query(admin));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const bytes = new Uint8Array(await response.arrayBuffer());
    archive = path.join(keep, backup.filename);
    fs.writeFileSync(archive, bytes);
    const entries = unzipSync(bytes);
    manifest = parseManifest(new TextDecoder().decode(entries['manifest.json']));
    expect(manifest).toMatchObject({ dialect, type: 'MANUAL', germinateVersion: germinateVersion() });
    expect(manifest.format).toBe(dialect === 'sqlite' ? 'sqlite' : 'pg_dump');
    expect(entries[manifest.dump.name].length).toBe(manifest.dump.size);
    expect(manifest.tables).toEqual(countsBefore);
    expect(manifest.migrations.length).toBeGreaterThan(5);
  });

  it('never reads or deletes a file outside the backups folder', async () => {
    fs.writeFileSync(path.join(server.db.dataDir, '2024-01-01_00-00-00_MANUAL_1.zip'), 'outside');
    for (const name of ['../2024-01-01_00-00-00_MANUAL_1.zip', '../germinate.sqlite', '/etc/passwd', '..', '2024-01-01_00-00-00_MANUAL_1.zip']) {
      expect((await server.api('GET', `backup/download?filename=${encodeURIComponent(name)}&token=${admin}`)).status, name).toBe(404);
      expect((await server.api('DELETE', 'backup', { token: admin, body: { filename: name } })).status, name).toBe(404);
    }
    expect(fs.readFileSync(path.join(server.db.dataDir, '2024-01-01_00-00-00_MANUAL_1.zip'), 'utf8')).toBe('outside');
    expect((await server.api('DELETE', 'backup', { token: admin, body: { name: 'x' } })).status).toBe(400);
    expect((await server.api('DELETE', 'backup', { token: regular, body: { filename: 'x' } })).status).toBe(403);
  });

  it('restores into a wiped database with the same rows in every table, refusing a non-empty one without --force', async () => {
    await server.app.close();
    await server.db.database.close();
    // Wipe: the database is gone entirely.
    if (dialect === 'sqlite') fs.rmSync(connection.sqliteFile, { force: true });
    else await dropPostgresSchema(connection.databaseUrl!, connection.schema!);

    const restored = await restoreCli(connection, server.db.dataDir, [archive]);
    expect(restored.out).toContain('the same counts as the backup');
    expect(restored.code).toBe(0);
    const database = await openDatabase(connection);
    try {
      expect(await tableCounts(database)).toEqual(manifest.tables);
      const names = await database.db.selectFrom('germinatebase' as never).select('name' as never).orderBy('id' as never).execute();
      expect(names.slice(0, 2)).toEqual([{ name: 'Barke' }, { name: 'barke selection' }]);
    } finally {
      await database.close();
    }

    const refused = await restoreCli(connection, server.db.dataDir, [archive]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('--force');
    // The command's work, without starting another process (each takes seconds on a busy machine).
    const forced = await restoreBackup(archive, { connection, plugins: serverPlugins, force: true });
    expect(forced.differences).toEqual([]);
    await expect(restoreBackup(path.join(keep, 'missing.zip'), { connection, plugins: serverPlugins, force: true })).rejects.toThrow('No such file');
  }, 120_000);

  if (dialect === 'postgres') {
    it('without pg_dump, takes a logical dump that restores to the same counts (self-references included)', async () => {
      const database = await openDatabase(connection);
      let backupFile: string;
      let expected: Record<string, number>;
      try {
        // A child before its parent in id order: the parent reference must still restore.
        await database.db.updateTable('germinatebase' as never).set({ entityparent_id: 20 } as never).where('id' as never, '=', 3 as never).execute();
        expected = await tableCounts(database);
        const backup = await createBackup(database, keep, { type: 'MANUAL', now: new Date(), pgDump: null });
        backupFile = path.join(keep, 'backups', backup.filename);
        const stored = parseManifest(new TextDecoder().decode(unzipSync(fs.readFileSync(backupFile))['manifest.json']));
        expect(stored.format).toBe('logical');
        expect(stored.tables).toEqual(expected);
      } finally {
        await database.close();
      }
      await dropPostgresSchema(connection.databaseUrl!, connection.schema!);
      const result = await restoreBackup(backupFile, { connection, plugins: serverPlugins, force: false });
      expect(result.differences).toEqual([]);
      expect(result.tables).toEqual(expected);
      const again = await openDatabase(connection);
      try {
        const row = await again.db.selectFrom('germinatebase' as never).select('entityparent_id' as never).where('id' as never, '=', 3 as never).executeTakeFirst();
        expect(row).toEqual({ entityparent_id: 20 });
        // Sequences moved past the restored ids: a new row gets a fresh id.
        const { id } = await again.db.insertInto('taxonomies' as never).values({ genus: 'Avena' } as never).returning('id' as never).executeTakeFirstOrThrow() as { id: number };
        expect(id).toBeGreaterThan(4);
      } finally {
        await again.close();
      }
    }, 120_000);
  }
});
