import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpdImporter } from '../../src/plugins/germplasm/import/mcpd-importer.js';
import { allelefreqFolder, FrequencyFileWriter } from '../../src/plugins/genotypes/allelefreq/frequency-file.js';
import { exportSettled } from '../../src/plugins/genotypes/export/export-job.js';
import { exportWorkers } from '../../src/plugins/genotypes/export/export-thread.js';
import { genotypeFolder } from '../../src/plugins/genotypes/import/genotype-stage.js';
import { MatrixWriter } from '../../src/plugins/genotypes/storage/matrix-writer.js';
import { ALLELEFREQ_DATASET_TYPE, GENOTYPE_DATASET_TYPE } from '../../src/plugins/genotypes/tables.js';
import { jobFolder } from '../../src/server/jobs/store.js';
import { testDialects } from '../support/databases.js';
import { startServer, type TestServer } from '../support/server.js';
import { mcpdFile } from '../import/mcpd-fixtures.js';

/**
 * Cancelling genotype and allele-frequency export jobs on both databases (DELETE dataset/export/async/{uuid}),
 * which one runner and one worker entry serve: a genotype export of 400 germplasm × 250,000 generated SNP
 * calls (about 800 MB of text in three formats), and an allele-frequency export of 400 germplasm × 25,000
 * generated frequencies (auto binning: three passes over about 60 MB of text). A job is cancelled as soon as
 * it is answered, or while its worker writes, found running with progress first; either way the job stays
 * cancelled, no archive, folder or access log is left, and no export worker runs. While an allele-frequency
 * export writes, its worker is counted and the server answers a request about its job, which runs on after.
 * A server that stops fails its running exports.
 */
const GERMPLASM = Array.from({ length: 400 }, (_, i) => `GEN-${i}`);
const MARKERS = 250_000;
const FREQUENCY_MARKERS = 25_000;

/** A seeded generator of 31-bit numbers (the same files on every run). */
function generator(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31);
}

/** The generated matrix, written once for both databases (biallelic calls, some missing). */
function generateMatrix(file: string): void {
  const markers = Array.from({ length: MARKERS }, (_, i) => `SNP_${i}`);
  const pairs = [['A', 'G'], ['C', 'T'], ['A', 'C'], ['G', 'T']].map(([a, b]) => [a, b, `${a}/${b}`, '']);
  const next = generator(11);
  const writer = new MatrixWriter(file, { orientation: 'germplasm-rows', columns: markers });
  const calls = new Array<string>(MARKERS);
  for (const name of GERMPLASM) {
    for (let m = 0; m < MARKERS; m += 1) {
      const draw = (next() >>> 16) % 8;
      calls[m] = pairs[m % 4][draw < 3 ? 0 : draw < 6 ? 1 : draw < 7 ? 2 : 3];
    }
    writer.add(name, calls);
  }
  writer.finish();
}

/** The generated frequency file (one to three decimals, a tenth empty), written once for both databases. */
function generateFrequencies(file: string): void {
  const writer = new FrequencyFileWriter(file, Array.from({ length: FREQUENCY_MARKERS }, (_, i) => `AF_${i}`));
  const next = generator(5);
  const cells = new Array<string>(FREQUENCY_MARKERS);
  for (const name of GERMPLASM) {
    for (let m = 0; m < FREQUENCY_MARKERS; m += 1) {
      const draw = next() >>> 8;
      cells[m] = draw % 10 === 0 ? '' : ((draw % 1000) / 1000).toFixed(1 + (draw % 3));
    }
    writer.line(name, cells);
  }
  writer.finish();
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'genotype-cancel-'));
const matrix = path.join(scratch, 'generated.gtm');
const frequencies = path.join(scratch, 'generated.txt');

beforeAll(() => {
  generateMatrix(matrix);
  generateFrequencies(frequencies);
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe.each(testDialects())('cancelling genotype and allele frequency exports on %s', (dialect) => {
  let server: TestServer;
  const datasets = { genotype: 0, allelefreq: 0 };
  const db = () => server.db.database.db as unknown as Kysely<unknown>;
  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows[0];
  const job = async (uuid: string) => one(sql<{ status: string; progress: number }>`SELECT status, progress FROM async_jobs WHERE uuid = ${uuid}`);
  const start = async (datatype: keyof typeof datasets) => {
    const body =
      datatype === 'genotype'
        ? { datasetIds: [datasets.genotype], generateHapMap: true, generateVcf: true }
        : { datasetIds: [datasets.allelefreq], config: { binningMethod: 'auto', binsLeft: 5 } };
    const response = await server.api('POST', `dataset/export/${datatype}`, { body });
    expect(response.status).toBe(200);
    const started = (await response.json()) as { uuid: string }[] | { uuid: string };
    return Array.isArray(started) ? started[0].uuid : started.uuid;
  };
  /** Waits until the job is running with progress written by its heartbeat: its worker is under way. */
  const underWay = async (uuid: string) => {
    // Each look yields to the event loop: SQLite's driver answers at once, and a loop of resolved promises
    // would starve the heartbeat.
    let seen = await job(uuid);
    while (seen.status === 'running' && Number(seen.progress) === 0) {
      await new Promise((resolve) => setImmediate(resolve));
      seen = await job(uuid);
    }
    expect(seen.status).toBe('running');
    expect(Number(seen.progress)).toBeGreaterThan(0);
    expect(Number(seen.progress)).toBeLessThan(1);
  };
  const cancel = async (uuid: string) => {
    const response = await server.api('DELETE', `dataset/export/async/${uuid}`);
    expect(response.status).toBe(200);
  };
  /** Nothing of the job is left but its row: cancelled, hidden, no folder, no zip to download, no access logged, no worker. */
  const leftNothing = async (uuid: string) => {
    await exportSettled(uuid);
    expect(exportWorkers()).toBe(0);
    expect((await job(uuid)).status).toBe('cancelled');
    expect(fs.existsSync(jobFolder(server.db.dataDir, uuid))).toBe(false);
    expect((await server.api('GET', `dataset/export/async/${uuid}/download`)).status).toBe(404);
    expect(Number((await one(sql<{ n: number }>`SELECT COUNT(*) AS n FROM datasetaccesslogs`)).n)).toBe(0);
  };
  /** A dataset of the generated file, with every germplasm as a member. */
  const dataset = async (type: number, name: string, file: string) => {
    const experiment = Number((await one(sql<{ id: number }>`INSERT INTO experiments (experiment_name) VALUES (${name}) RETURNING id`)).id);
    const id = Number((await one(sql<{ id: number }>`INSERT INTO datasets (experiment_id, datasettype_id, name, dataset_state_id, source_file)
      VALUES (${experiment}, ${type}, ${name}, 1, ${file}) RETURNING id`)).id);
    await sql`INSERT INTO datasetmembers (dataset_id, foreign_id, datasetmembertype_id) SELECT ${id}, id, 2 FROM germinatebase`.execute(db());
    return id;
  };

  beforeAll(async () => {
    server = await startServer(dialect);
    const rows = GERMPLASM.map((name) => ({ ACCENUMB: name, INSTCODE: 'XXX001', GENUS: 'Zea' }));
    await server.db.database.db.transaction().execute((trx) => mcpdImporter.write(mcpdFile(rows), { db: trx, dialect }, { update: false, now: new Date() }));
    for (const [folder, file] of [[genotypeFolder(server.db.dataDir), matrix], [allelefreqFolder(server.db.dataDir), frequencies]]) {
      fs.mkdirSync(folder, { recursive: true });
      fs.copyFileSync(file, path.join(folder, path.basename(file)));
    }
    datasets.genotype = await dataset(GENOTYPE_DATASET_TYPE, 'Generated calls', 'generated.gtm');
    datasets.allelefreq = await dataset(ALLELEFREQ_DATASET_TYPE, 'Generated frequencies', 'generated.txt');
  });
  afterAll(async () => server?.close());

  it.each([['a genotype', 'genotype'], ['an allele frequency', 'allelefreq']] as const)('cancels %s job deleted as soon as it was answered', async (_, datatype) => {
    const uuid = await start(datatype);
    await cancel(uuid);
    await leftNothing(uuid);
  });

  it('stops a genotype job whose worker is writing when it is deleted', async () => {
    const uuid = await start('genotype');
    await underWay(uuid);
    await cancel(uuid);
    await leftNothing(uuid);
  });

  it('writes an allele frequency export in a worker thread while the server answers requests, and a cancel stops that worker', async () => {
    const uuid = await start('allelefreq');
    await underWay(uuid);
    expect(exportWorkers()).toBe(1);
    // A request answered by this thread while the worker writes: the job, listed as running.
    const listed = await server.api('POST', 'dataset/export/async', { body: { uuids: [uuid] } });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as unknown[])[0]).toMatchObject({ status: 'running', datatype: 'allelefreq' });
    expect((await job(uuid)).status).toBe('running');
    expect(exportWorkers()).toBe(1);
    await cancel(uuid);
    await leftNothing(uuid);
  });

  // Last: it stops the server (afterAll's close then finds it closed).
  it('fails running exports when the server stops, leaving no archive and no worker', async () => {
    const uuids = [await start('genotype'), await start('allelefreq')];
    for (const uuid of uuids) await underWay(uuid);
    await server.app.close();
    expect(exportWorkers()).toBe(0);
    for (const uuid of uuids) {
      expect((await job(uuid)).status).toBe('failed');
      const folder = jobFolder(server.db.dataDir, uuid);
      expect(fs.readdirSync(folder)).toEqual(['job.log']);
      expect(fs.readFileSync(path.join(folder, 'job.log'), 'utf8')).toMatch(/FAILED: /);
    }
  });
});
