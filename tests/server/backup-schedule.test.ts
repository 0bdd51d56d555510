import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBackups } from '../../src/server/backup/names.js';
import { backupTask, periodicBackup, pruneBackups } from '../../src/server/backup/schedule.js';
import { coreTasks } from '../../src/server/core-tasks.js';
import type { TaskContext } from '../../src/server/tasks.js';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';

const DAY = 86_400_000;

describe.each(testDialects())('scheduled database backups on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  let context: TaskContext;

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    admin = await server.login('admin', passwordOf('admin'));
    context = { database: server.db.database, settings: server.app.settings, clock: server.clock, dataDir: server.db.dataDir };
  });
  afterAll(async () => server?.close());

  const setSettings = async (values: Record<string, unknown>) => {
    const response = await server.api('POST', 'settings/admin', { token: admin, body: values });
    expect(response.status, await response.text()).toBe(200);
  };

  it('is one of the core tasks', () => {
    expect(coreTasks).toContain(backupTask);
  });

  it('takes no backup while databaseBackupEveryDays is unset or 0', async () => {
    const start = Date.UTC(2030, 0, 1);
    expect(await periodicBackup(context, start)).toBeNull();
    await setSettings({ databaseBackupEveryDays: 0 });
    expect(await periodicBackup(context, start + 100 * DAY)).toBeNull();
    expect(await listBackups(server.db.dataDir)).toEqual([]);
  });

  it('takes a PERIODICAL backup every databaseBackupEveryDays days, counted from the newest', async () => {
    await setSettings({ databaseBackupEveryDays: 2, databaseBackupMaxSizeGB: null });
    const start = Date.UTC(2030, 0, 1, 3, 0, 0);
    const first = await periodicBackup(context, start);
    expect(first).toMatchObject({ type: 'PERIODICAL', timestamp: new Date(start).toISOString() });
    expect(first?.filename.startsWith('2030-01-01_03-00-00_PERIODICAL_')).toBe(true);
    expect(await periodicBackup(context, start + DAY)).toBeNull();
    expect(await periodicBackup(context, start + 2 * DAY - 1000)).toBeNull();
    const second = await periodicBackup(context, start + 2 * DAY);
    expect(second?.type).toBe('PERIODICAL');
    const backups = await listBackups(server.db.dataDir);
    expect(backups.map((b) => b.filename)).toEqual([second?.filename, first?.filename]);
    // A manual one besides (the server's clock is earlier than the schedule's: it is the oldest).
    const manual = await server.api('PUT', 'backup', { token: admin });
    expect(await manual.json()).toBe(true);
  });

  it('prunes the oldest backups while the folder exceeds databaseBackupMaxSizeGB, keeping the newest', async () => {
    const before = await listBackups(server.db.dataDir);
    expect(before.length).toBeGreaterThanOrEqual(3);
    const total = before.reduce((sum, b) => sum + b.filesize, 0);
    const bytesPerGB = 1024 ** 3;
    // A limit just below the total: only the oldest goes.
    const deleted = await pruneBackups(server.db.dataDir, (total - 1) / bytesPerGB);
    expect(deleted).toEqual([before[before.length - 1].filename]);
    // No limit: nothing goes.
    expect(await pruneBackups(server.db.dataDir, null)).toEqual([]);
    // Through the task and the stored setting: a limit far below one backup keeps only the newest.
    await setSettings({ databaseBackupEveryDays: null, databaseBackupMaxSizeGB: 1e-9 });
    await periodicBackup(context, Date.UTC(2030, 1, 1));
    const after = await listBackups(server.db.dataDir);
    expect(after.map((b) => b.filename)).toEqual([before[0].filename]);
    expect(fs.existsSync(path.join(server.db.dataDir, 'backups', before[1].filename))).toBe(false);
  });

  it('refuses settings outside their ranges', async () => {
    for (const body of [{ databaseBackupEveryDays: -1 }, { databaseBackupEveryDays: 1.5 }, { databaseBackupMaxSizeGB: 'lots' }]) {
      const response = await server.api('POST', 'settings/admin', { token: admin, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });
});
