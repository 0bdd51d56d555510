import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImagesTables } from '../../src/plugins/images/tables.js';
import { testDialects } from '../support/databases.js';
import { passwordOf, ROOT, startServer, type TestServer } from '../support/server.js';
import { demoFile, uploadJob, waitForJob } from '../server/import-jobs-support.js';

/**
 * The images and climate templates through the real job system: upload, check and import run in a worker
 * thread (sharp and exifr included), files land under the server's DATA_DIR.
 */
describe.each(testDialects())('images and climate jobs on %s', (dialect) => {
  let server: TestServer;
  let curator: string;
  beforeAll(async () => {
    server = await startServer(dialect, { jobs: { pollMs: 100 } });
    curator = await server.login('curator', passwordOf('curator'));
  });
  afterAll(async () => server?.close());

  /** Upload, wait for the check, import, wait for the import; returns the imported job. */
  async function importFile(file: string, type: string) {
    const uuid = await uploadJob(server, curator, demoFile(path.join(ROOT, file)), { type });
    const checked = await waitForJob(server, curator, uuid);
    expect(checked.status).toBe('completed');
    expect(checked.feedback.filter((i) => i.type === 'ERROR')).toEqual([]);
    expect((await server.api('GET', `import/template/${uuid}/import`, { token: curator })).status).toBe(200);
    const imported = await waitForJob(server, curator, uuid, (j) => j.imported && !['waiting', 'running'].includes(j.status));
    if (imported.status !== 'completed') {
      // The job's log says why: shown in the failure.
      const log = await server.api('GET', `import/template/${uuid}/log`, { token: curator });
      const files = unzipSync(new Uint8Array(await log.arrayBuffer()));
      expect.fail(`${file} ${imported.status}: ${Object.values(files).map((f) => strFromU8(f)).join('\n')}`);
    }
    return imported;
  }

  it('imports the demo germplasm, then the example images with thumbnails under DATA_DIR, then the climate example', async () => {
    await importFile('demo/germplasm/example-germplasm-mcpd.xlsx', 'mcpd');
    await importFile('src/plugins/images/demo/images-germplasm.tsv', 'mcpd');
    const images = await importFile('demo/images/example-images.zip', 'images');
    expect(images.stats).toMatchObject({ images: 3, germplasm: 3 });
    const rows = await server.app.database.db.withTables<ImagesTables>().selectFrom('images').select('path').execute();
    expect(rows).toHaveLength(3);
    const root = path.join(server.app.config.dataDir, 'images', 'database');
    for (const { path: file } of rows) {
      expect(fs.existsSync(path.join(root, file))).toBe(true);
      expect(fs.existsSync(path.join(root, `thumbnail-${file}`))).toBe(true);
    }

    const climate = await importFile('demo/climate/example-environmental-data.xlsx', 'climate');
    expect(climate.stats).toMatchObject({ climates: 5, locations: 2, climateData: 2500 });
    const overview = await server.api('GET', 'stats/overview');
    expect(await overview.json()).toMatchObject({ images: 3, climates: 5, datasetsClimate: 1 });
  });
});
