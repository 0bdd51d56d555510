import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { climateServer } from '../../src/plugins/climate/server.js';
import { germplasmServer } from '../../src/plugins/germplasm/server.js';
import { imagesServer } from '../../src/plugins/images/server.js';
import { ORPHAN_AGE_MS, orphanImagesTask } from '../../src/plugins/images/tasks.js';
import type { ImagesTables } from '../../src/plugins/images/tables.js';
import { runImport } from '../../src/server/import/pipeline.js';
import type { SettingsStore } from '../../src/server/settings.js';
import { freshDatabase, testDialects, type TestDatabase } from '../support/databases.js';

const ROOT = process.cwd();
const NOW = new Date('2025-03-01T12:00:00Z');
const importers = [germplasmServer, climateServer, imagesServer].flatMap((p) => p.importers ?? []);

describe.each(testDialects())('climate and images demo files on %s', (dialect) => {
  let t: TestDatabase;
  const runDemo = (file: string, type: string, dataDir?: string) =>
    runImport(t.database, importers, { file: path.join(ROOT, file), type, update: false, checkOnly: false }, { maxBytes: 64 * 1024 * 1024, now: NOW, dataDir });

  beforeAll(async () => {
    t = await freshDatabase(dialect);
  });
  afterAll(async () => t?.cleanup());

  it('load through the pipeline after the germplasm demo, and the overview counts them', async () => {
    for (const demo of germplasmServer.demoFiles ?? []) expect((await runDemo(demo.file, demo.type)).status).toBe('imported');

    // Without a data directory the images cannot be stored: refused by the check, nothing written.
    const [passport, zip] = imagesServer.demoFiles ?? [];
    expect((await runDemo(passport.file, passport.type)).status).toBe('imported');
    const refused = await runDemo(zip.file, zip.type);
    expect(refused.issues.map((i) => [i.status, i.type])).toEqual([['GENERIC_IO_ERROR', 'ERROR']]);

    const images = await runDemo(zip.file, zip.type, t.dataDir);
    expect(images.status).toBe('imported');
    expect(images.stats).toMatchObject({ images: 3, germplasm: 3 });
    for (const demo of climateServer.demoFiles ?? []) {
      const result = await runDemo(demo.file, demo.type);
      expect(result.issues).toEqual([]);
      expect(result.status).toBe('imported');
    }
    const counts = { ...climateServer.overviewCounts, ...imagesServer.overviewCounts };
    const values = Object.fromEntries(await Promise.all(Object.entries(counts).map(async ([k, f]) => [k, await f(t.database)])));
    expect(values).toEqual({ climates: 5, datasetsClimate: 1, images: 3 });
  });

  it('the orphan sweep removes day-old unreferenced image files only', async () => {
    const upload = path.join(t.dataDir, 'images', 'database', 'upload');
    const thumbnails = path.join(t.dataDir, 'images', 'database', 'thumbnail-upload');
    const kept = fs.readdirSync(upload);
    expect(kept.length).toBe(3);
    const old = new Date(Date.now() - ORPHAN_AGE_MS - 60_000);
    const orphan = path.join(upload, 'orphan.jpg');
    const orphanThumb = path.join(thumbnails, 'orphan.jpg');
    const fresh = path.join(upload, 'fresh.jpg');
    const staging = path.join(t.dataDir, 'images', 'database', '.staging-old');
    for (const file of [orphan, orphanThumb, fresh]) fs.writeFileSync(file, 'x');
    fs.mkdirSync(staging);
    for (const file of [orphan, orphanThumb, staging]) fs.utimesSync(file, old, old);
    // Old referenced files stay: age alone is no reason.
    for (const name of kept) fs.utimesSync(path.join(upload, name), old, old);

    await orphanImagesTask.run({ database: t.database, dataDir: t.dataDir, settings: {} as SettingsStore, clock: { now: () => Date.now() } }, Date.now());
    expect(fs.readdirSync(upload).sort()).toEqual([...kept, 'fresh.jpg'].sort());
    expect(fs.readdirSync(thumbnails).sort()).toEqual([...kept].sort());
    expect(fs.existsSync(staging)).toBe(false);
    const paths = await t.database.db.withTables<ImagesTables>().selectFrom('images').select('path').execute();
    expect(paths.map((p) => path.basename(p.path)).sort()).toEqual([...kept].sort());
  });
});
