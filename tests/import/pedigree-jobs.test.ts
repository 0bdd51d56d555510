import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { CoreTables } from '../../src/server/db/tables.js';
import type { PedigreeTables } from '../../src/plugins/pedigree/tables.js';
import { ROOT, passwordOf, startServer, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { errorsOf, uploadJob, waitForJob } from '../server/import-jobs-support.js';

const file = (relative: string) => ({ name: path.basename(relative), bytes: fs.readFileSync(path.join(ROOT, relative)) });

/** Upload → check job → import job, as a curator does in the uploader; returns the finished import job. */
async function checkAndImport(server: TestServer, token: string, upload: { name: string; bytes: Uint8Array }, query: Record<string, string>) {
  const uuid = await uploadJob(server, token, upload, query);
  const checked = await waitForJob(server, token, uuid);
  expect(checked.status).toBe('completed');
  expect(errorsOf(checked)).toEqual([]);
  expect((await server.api('GET', `import/template/${uuid}/import`, { token })).status).toBe(200);
  const done = await waitForJob(server, token, uuid, (j) => j.imported && !['waiting', 'running'].includes(j.status));
  expect(done.status).toBe('completed');
  return done;
}

describe.each(testDialects())('pedigree template through the import jobs on %s', (dialect) => {
  let server: TestServer;
  let curator: string;
  beforeAll(async () => {
    server = await startServer(dialect, { jobs: { pollMs: 200, heartbeatMs: 200 } });
    curator = await server.login('curator', passwordOf('curator'));
  });
  afterAll(async () => server?.close());

  it('creates the pedigree dataset in the chosen state, owned by the uploading curator', async () => {
    await checkAndImport(server, curator, file('src/plugins/groups/demo/groups-germplasm.tsv'), { type: 'mcpd' });
    const done = await checkAndImport(server, curator, file('demo/pedigree/example-pedigree-data.xlsx'), { type: 'pedigree', datasetStateId: '2' });
    expect(done.stats).toMatchObject({ datasets: 1, pedigrees: 9, pedigreeDefinitions: 12 });

    const db = server.app.database.db.withTables<PedigreeTables>() as unknown as Kysely<CoreTables & PedigreeTables>;
    const me = await db.selectFrom('users').select('id').where('username', '=', 'curator').executeTakeFirstOrThrow();
    const dataset = await db.selectFrom('datasets').select(['id', 'datasettype_id', 'dataset_state_id', 'created_by']).executeTakeFirstOrThrow();
    expect(dataset).toEqual({ id: done.stats?.datasetId, datasettype_id: 7, dataset_state_id: 2, created_by: me.id });
  }, 180_000);
});
