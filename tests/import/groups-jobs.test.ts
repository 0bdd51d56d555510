import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { GroupsTables } from '../../src/plugins/groups/tables.js';
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
  return { checked, done };
}

describe.each(testDialects())('groups template through the import jobs on %s', (dialect) => {
  let server: TestServer;
  let curator: string;
  beforeAll(async () => {
    server = await startServer(dialect, { jobs: { pollMs: 200, heartbeatMs: 200 } });
    curator = await server.login('curator', passwordOf('curator'));
  });
  afterAll(async () => server?.close());

  it('imports the example groups as the uploading curator, the MARKERS sheet reported as a warning', async () => {
    await checkAndImport(server, curator, file('demo/germplasm/example-germplasm-mcpd.xlsx'), { type: 'mcpd' });
    await checkAndImport(server, curator, file('src/plugins/groups/demo/groups-germplasm.tsv'), { type: 'mcpd' });
    const { checked, done } = await checkAndImport(server, curator, file('demo/groups/example-groups.xlsx'), { type: 'groups' });
    expect(checked.feedback.map((i) => [i.status, i.type, i.sheet])).toEqual([['GROUP_MARKERS_UNAVAILABLE', 'WARNING', 'MARKERS']]);
    expect(done.stats).toMatchObject({ groups: 5, germplasm: 30, locations: 11 });

    const me = await server.app.database.db.selectFrom('users').select('id').where('username', '=', 'curator').executeTakeFirstOrThrow();
    const db = server.app.database.db.withTables<GroupsTables>() as unknown as Kysely<GroupsTables>;
    const groups = await db.selectFrom('groups').select(['name', 'visibility', 'created_by']).orderBy('id').execute();
    expect(groups.map((g) => [g.name, g.visibility])).toEqual([
      ['GBS germplasm', 1], ['Pedigree subselection', 1], ['F2', 1], ['Australian Germplasm', 0], ['My locations', 1],
    ]);
    expect(new Set(groups.map((g) => g.created_by))).toEqual(new Set([me.id]));
  }, 180_000);
});
