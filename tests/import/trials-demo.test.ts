import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { germplasmServer } from '../../src/plugins/germplasm/server.js';
import { trialsServer } from '../../src/plugins/trials/server.js';
import { runImport } from '../../src/server/import/pipeline.js';
import { freshDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { scratchDir } from './helpers.js';
import { plot, shapefileZip } from './trials-shapefile-builder.js';

const ROOT = process.cwd();
const NOW = new Date('2025-03-01T12:00:00Z');
const importers = [germplasmServer, trialsServer].flatMap((p) => p.importers ?? []);
const scratch = scratchDir();
afterAll(() => scratch.remove());

describe.each(testDialects())('trials demo files through the pipeline on %s', (dialect) => {
  let t: TestDatabase;
  const run = (file: string, type: string, extra: { targetDatasetId?: number; originalName?: string } = {}) =>
    runImport(
      t.database,
      importers,
      { file: path.isAbsolute(file) ? file : path.join(ROOT, file), originalName: extra.originalName, type, update: false, checkOnly: false },
      { maxBytes: 64 * 1024 * 1024, now: NOW, dataDir: t.dataDir, targetDatasetId: extra.targetDatasetId ?? null, userId: 3, datasetStateId: 1 },
    );

  beforeAll(async () => {
    t = await freshDatabase(dialect);
  });
  afterAll(async () => t?.cleanup());

  it('load after the germplasm demo, count in the overview, and take a layout shapefile', async () => {
    for (const demo of germplasmServer.demoFiles ?? []) expect((await run(demo.file, demo.type)).status).toBe('imported');
    let datasetId = 0;
    for (const demo of trialsServer.demoFiles ?? []) {
      const result = await run(demo.file, demo.type);
      expect(result.issues.filter((i) => i.type === 'ERROR')).toEqual([]);
      expect(result.status).toBe('imported');
      if (demo.type === 'trial') datasetId = result.stats?.datasetId as number;
    }
    const counts = Object.fromEntries(
      await Promise.all(Object.entries(trialsServer.overviewCounts ?? {}).map(async ([key, count]) => [key, await count(t.database)])),
    );
    expect(counts).toEqual({ traits: 6, datasetsTrials: 1 });

    // The example trial's first plots (row 1, columns 1–3) as a layout.
    const zip = scratch.file('demo-layout.zip', shapefileZip([plot('Heris', '1', '1'), plot('Dialog', '1', '2'), plot('Zenit', '1', '3')]));
    const layout = await run(zip, 'shapefile', { targetDatasetId: datasetId, originalName: 'demo-layout.zip' });
    expect(layout.issues).toEqual([]);
    expect(layout.status).toBe('imported');
    expect(layout.stats).toMatchObject({ datasetId });
  });
});
