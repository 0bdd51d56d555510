import { strFromU8, unzipSync } from 'fflate';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { seedGermplasm } from '../support/seed.js';
import { startServer, type TestServer } from '../support/server.js';

/**
 * `dataset/export/pedigree-async` on both databases: one export job per pedigree dataset the caller may use,
 * run by the server that took it, listed by `dataset/export/async`, its zip downloaded once. Seed: a public
 * pedigree dataset (Barke from Golden Promise, F), a private one and a trials dataset.
 */
describe.each(testDialects())('async pedigree export on %s', (dialect) => {
  let server: TestServer;
  let publicId: number;
  let privateId: number;
  let trialsId: number;
  const raw = () => server.db.database.db as unknown as Kysely<unknown>;

  beforeAll(async () => {
    server = await startServer(dialect);
    await seedGermplasm(server);
    const db = raw();
    const experiment = (await sql<{ id: number }>`INSERT INTO experiments (experiment_name) VALUES ('Crosses') RETURNING id`.execute(db)).rows[0].id;
    const dataset = async (name: string, type: number, state: number) =>
      (await sql<{ id: number }>`INSERT INTO datasets (experiment_id, datasettype_id, name, dataset_state_id) VALUES (${experiment}, ${type}, ${name}, ${state}) RETURNING id`.execute(db)).rows[0].id;
    publicId = await dataset('Barley pedigree', 7, 1);
    privateId = await dataset('Secret pedigree', 7, 2);
    trialsId = await dataset('A trial', 3, 1);
    const description = (await sql<{ id: number }>`INSERT INTO pedigreedescriptions (name) VALUES ('Crosses') RETURNING id`.execute(db)).rows[0].id;
    await sql`INSERT INTO pedigrees (dataset_id, germinatebase_id, parent_id, relationship_type, pedigreedescription_id)
      VALUES (${publicId}, 1, 10, 'F', ${description}), (${privateId}, 4, 5, 'M', ${description})`.execute(db);
  });
  afterAll(async () => server?.close());

  it('runs one job per dataset whose zip the jobs panel downloads, and logs the access', async () => {
    expect((await server.api('POST', 'dataset/export/pedigree-async', { body: { datasetIds: [] } })).status).toBe(400);
    const none = await server.api('POST', 'dataset/export/pedigree-async', { body: { datasetIds: [privateId, trialsId] } });
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual([]);
    const started = await server.api('POST', 'dataset/export/pedigree-async', { body: { datasetIds: [publicId], includeAttributes: true } });
    expect(started.status).toBe(200);
    const [job] = (await started.json()) as { status: string; uuid: string }[];
    expect(job.status).toBe('waiting');
    let status = 'waiting';
    let found: Record<string, unknown> = {};
    for (let i = 0; i < 200 && ['waiting', 'running'].includes(status); i++) {
      const polled = (await (await server.api('POST', 'dataset/export/async', { body: { uuids: [job.uuid] } })).json()) as Record<string, unknown>[];
      found = polled[0];
      status = String(found.status);
      if (['waiting', 'running'].includes(status)) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(found).toMatchObject({ uuid: job.uuid, status: 'completed', datatype: 'pedigree', datasetIds: [publicId], jobConfig: { exportParams: ['includeAttributes'] } });
    expect(found.resultSize).toBeGreaterThan(0);
    const download = await server.api('GET', `dataset/export/async/${job.uuid}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(new RegExp(`dataset-${publicId}-\\d{4}-\\d{2}-\\d{2}-\\d{2}-\\d{2}-\\d{2}\\.zip`));
    const outer = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const pedigree = Object.entries(outer).find(([name]) => /^pedigree-[0-9a-f-]{36}\.helium$/.test(name));
    expect(pedigree && strFromU8(pedigree[1]).split('\r\n')[2]).toBe('Barke\tGolden Promise\tF');
    expect(Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM datasetaccesslogs WHERE dataset_id = ${publicId}`.execute(raw())).rows[0].n)).toBe(1);
    // Downloaded once: the job is hidden and its folder gone.
    expect((await server.api('GET', `dataset/export/async/${job.uuid}/download`)).status).toBe(404);
  });
});
