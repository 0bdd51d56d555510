import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpdImporter } from '../../src/plugins/germplasm/import/mcpd-importer.js';
import { exportSettled } from '../../src/plugins/genotypes/export/export-job.js';
import { genotypeFolder } from '../../src/plugins/genotypes/import/genotype-stage.js';
import { MatrixWriter } from '../../src/plugins/genotypes/storage/matrix-writer.js';
import { jobFolder } from '../../src/server/jobs/store.js';
import { testDialects } from '../support/databases.js';
import { startServer, type TestServer } from '../support/server.js';
import { mcpdFile } from '../import/mcpd-fixtures.js';

/**
 * Cancelling genotype export jobs on both databases (DELETE dataset/export/async/{uuid}): one cancelled as
 * soon as it is answered, and one while its worker writes a large export (400 germplasm × 250,000 generated
 * SNP calls, about 800 MB of text in three formats), found running with progress first. Either way the job
 * stays cancelled, and no archive, folder or access log is left. A server that stops fails its running export.
 */
const GERMPLASM = Array.from({ length: 400 }, (_, i) => `GEN-${i}`);
const MARKERS = 250_000;

/** The generated matrix, written once for both databases (a seeded generator: biallelic calls, some missing). */
function generateMatrix(file: string): void {
  const markers = Array.from({ length: MARKERS }, (_, i) => `SNP_${i}`);
  const pairs = [['A', 'G'], ['C', 'T'], ['A', 'C'], ['G', 'T']].map(([a, b]) => [a, b, `${a}/${b}`, '']);
  let state = 11;
  const writer = new MatrixWriter(file, { orientation: 'germplasm-rows', columns: markers });
  const calls = new Array<string>(MARKERS);
  for (const name of GERMPLASM) {
    for (let m = 0; m < MARKERS; m += 1) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      const draw = (state >>> 16) % 8;
      calls[m] = pairs[m % 4][draw < 3 ? 0 : draw < 6 ? 1 : draw < 7 ? 2 : 3];
    }
    writer.add(name, calls);
  }
  writer.finish();
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'genotype-cancel-'));
const matrix = path.join(scratch, 'generated.gtm');

beforeAll(() => generateMatrix(matrix));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe.each(testDialects())('cancelling genotype exports on %s', (dialect) => {
  let server: TestServer;
  let datasetId = 0;
  const db = () => server.db.database.db as unknown as Kysely<unknown>;
  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows[0];
  const job = async (uuid: string) => one(sql<{ status: string; progress: number }>`SELECT status, progress FROM async_jobs WHERE uuid = ${uuid}`);
  const start = async () => {
    const response = await server.api('POST', 'dataset/export/genotype', { body: { datasetIds: [datasetId], generateHapMap: true, generateVcf: true } });
    const [started] = (await response.json()) as { uuid: string }[];
    return started.uuid;
  };
  const cancel = async (uuid: string) => {
    const response = await server.api('DELETE', `dataset/export/async/${uuid}`);
    expect(response.status).toBe(200);
  };
  /** Nothing of the job is left but its row: cancelled, hidden, no folder, no zip to download, no access logged. */
  const leftNothing = async (uuid: string) => {
    await exportSettled(uuid);
    expect((await job(uuid)).status).toBe('cancelled');
    expect(fs.existsSync(jobFolder(server.db.dataDir, uuid))).toBe(false);
    expect((await server.api('GET', `dataset/export/async/${uuid}/download`)).status).toBe(404);
    expect(Number((await one(sql<{ n: number }>`SELECT COUNT(*) AS n FROM datasetaccesslogs`)).n)).toBe(0);
  };

  beforeAll(async () => {
    server = await startServer(dialect);
    const rows = GERMPLASM.map((name) => ({ ACCENUMB: name, INSTCODE: 'XXX001', GENUS: 'Zea' }));
    await server.db.database.db.transaction().execute((trx) => mcpdImporter.write(mcpdFile(rows), { db: trx, dialect }, { update: false, now: new Date() }));
    fs.mkdirSync(genotypeFolder(server.db.dataDir), { recursive: true });
    fs.copyFileSync(matrix, path.join(genotypeFolder(server.db.dataDir), 'generated.gtm'));
    const experiment = Number((await one(sql<{ id: number }>`INSERT INTO experiments (experiment_name) VALUES ('Generated') RETURNING id`)).id);
    datasetId = Number((await one(sql<{ id: number }>`INSERT INTO datasets (experiment_id, datasettype_id, name, dataset_state_id, source_file)
      VALUES (${experiment}, 1, 'Generated calls', 1, 'generated.gtm') RETURNING id`)).id);
    await sql`INSERT INTO datasetmembers (dataset_id, foreign_id, datasetmembertype_id) SELECT ${datasetId}, id, 2 FROM germinatebase`.execute(db());
  });
  afterAll(async () => server?.close());

  it('cancels a job deleted as soon as it was answered', async () => {
    const uuid = await start();
    await cancel(uuid);
    await leftNothing(uuid);
  });

  it('stops a job whose worker is writing when it is deleted', async () => {
    const uuid = await start();
    // Running, with progress written by its heartbeat: the worker is under way. (Each look yields to the event
    // loop: SQLite's driver answers at once, and a loop of resolved promises would starve the heartbeat.)
    let seen = await job(uuid);
    while (seen.status === 'running' && Number(seen.progress) === 0) {
      await new Promise((resolve) => setImmediate(resolve));
      seen = await job(uuid);
    }
    expect(seen.status).toBe('running');
    expect(Number(seen.progress)).toBeGreaterThan(0);
    expect(Number(seen.progress)).toBeLessThan(1);
    await cancel(uuid);
    await leftNothing(uuid);
  });

  // Last: it stops the server (afterAll's close then finds it closed).
  it('fails a running export when the server stops, leaving no archive', async () => {
    const uuid = await start();
    let seen = await job(uuid);
    while (seen.status === 'running' && Number(seen.progress) === 0) {
      await new Promise((resolve) => setImmediate(resolve));
      seen = await job(uuid);
    }
    expect(seen.status).toBe('running');
    await server.app.close();
    expect((await job(uuid)).status).toBe('failed');
    const folder = jobFolder(server.db.dataDir, uuid);
    expect(fs.readdirSync(folder)).toEqual(['job.log']);
    expect(fs.readFileSync(path.join(folder, 'job.log'), 'utf8')).toMatch(/FAILED: /);
  });
});
