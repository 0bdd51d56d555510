import fs from 'node:fs';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createUser } from '../../src/server/auth/users.js';
import { startServer, passwordOf, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { bigMcpd, demoFile, errorsOf, jobs, mcpdText, upload, uploadJob, waitForJob } from './import-jobs-support.js';

const count = async (server: TestServer, table: string) =>
  Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(server.app.database.db as unknown as Kysely<unknown>)).rows[0].n);

describe.each(testDialects())('import jobs on %s', (dialect) => {
  let server: TestServer;
  let curator: string;
  let admin: string;
  let otherCurator: string;
  beforeAll(async () => {
    server = await startServer(dialect, { jobs: { pollMs: 200, heartbeatMs: 200 } });
    curator = await server.login('curator', passwordOf('curator'));
    admin = await server.login('admin', passwordOf('admin'));
    await createUser(server.app.database.db, { username: 'curator2', password: passwordOf('curator2'), userType: 'Data Curator' }, new Date());
    otherCurator = await server.login('curator2', passwordOf('curator2'));
  });
  afterAll(async () => server?.close());

  const setMode = (mode: 'NONE' | 'VERIFY' | 'IMPORT') => server.app.settings.write({ dataImportMode: mode }, new Date());

  it('checks the demo MCPD template with its three warnings, then imports it in one go', async () => {
    const uuid = await uploadJob(server, curator, demoFile());
    const checked = await waitForJob(server, curator, uuid);
    expect(checked).toMatchObject({ status: 'completed', imported: false, datatype: 'mcpd', isUpdate: false, datasetstateId: 1, progress: 1 });
    expect(checked.jobConfig).toMatchObject({ runType: 'CHECK', dataFilename: `${uuid}.xlsx` });
    expect(checked.originalFilename).toBe('example-germplasm-mcpd.xlsx');
    expect(checked.feedback.map((i) => [i.status, i.type, i.rowIndex, i.sheet, i.column])).toEqual([
      ['MCPD_INVALID_DMS', 'WARNING', 2, 'DATA', 'LATITUDE'],
      ['MCPD_INVALID_DMS', 'WARNING', 2, 'DATA', 'LONGITUDE'],
      ['MCPD_INVALID_DMS', 'WARNING', 8, 'DATA', 'LONGITUDE'],
    ]);
    expect(await count(server, 'germinatebase')).toBe(0);

    const response = await server.api('GET', `import/template/${uuid}/import`, { token: curator });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ status: 'waiting', uuid }]);
    const imported = await waitForJob(server, curator, uuid, (j) => j.imported && !['waiting', 'running'].includes(j.status));
    expect(imported).toMatchObject({ status: 'completed', imported: true, jobConfig: { runType: 'IMPORT' } });
    expect(imported.stats).toMatchObject({ germplasm: 2010 });
    expect(imported.feedback).toHaveLength(3);
    expect(await count(server, 'germinatebase')).toBe(2010);

    // Once imported, never again; the log tells what ran.
    expect((await server.api('GET', `import/template/${uuid}/import`, { token: curator })).status).toBe(404);
    const log = await server.api('GET', `import/template/${uuid}/log`, { token: curator });
    expect(log.status).toBe(200);
    expect(log.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await log.arrayBuffer()));
    const text = strFromU8(files[`${uuid}.log`]);
    expect(text).toMatch(/Checking example-germplasm-mcpd.xlsx as mcpd/);
    expect(text).toMatch(/Importing example-germplasm-mcpd.xlsx/);
    expect(text).toMatch(/germplasm 2010/);
    expect(text).toMatch(/MCPD_INVALID_DMS \(3 warnings\)/);

    // import/stats lists the imported job.
    const stats = await server.api('POST', 'import/stats', { token: curator, body: {} });
    expect(stats.status).toBe(200);
    const page = (await stats.json()) as { data: { id: number; datatype: string; stats: { germplasm: number } }[]; count: number };
    expect(page.count).toBe(1);
    expect(page.data[0]).toMatchObject({ datatype: 'mcpd', stats: { germplasm: 2010 }, isUpdate: false });

    // Update mode changes the existing record.
    const tsv = mcpdText([{ ACCENUMB: 'CACTUAR-2001', ACCENAME: 'Renamed by update' }]);
    const updateUuid = await uploadJob(server, curator, { name: 'update.tsv', bytes: tsv }, { type: 'mcpd', update: 'true' });
    const updateCheck = await waitForJob(server, curator, updateUuid);
    expect(errorsOf(updateCheck)).toEqual([]);
    expect(updateCheck.isUpdate).toBe(true);
    expect((await server.api('GET', `import/template/${updateUuid}/import`, { token: curator })).status).toBe(200);
    const updateDone = await waitForJob(server, curator, updateUuid, (j) => j.imported && j.status === 'completed');
    expect(updateDone.stats).toMatchObject({ updated: 1 });
    const row = await server.app.database.db
      .withTables<{ germinatebase: { general_identifier: string; number: string | null } }>()
      .selectFrom('germinatebase')
      .select('number')
      .where('general_identifier', '=', 'CACTUAR-2001')
      .executeTakeFirstOrThrow();
    expect(row.number).toBe('Renamed by update');
    expect(await count(server, 'germinatebase')).toBe(2010);
  });

  it('enforces the data import mode: NONE refuses uploads, VERIFY refuses imports', async () => {
    try {
      await setMode('NONE');
      const refused = await upload(server, curator, { name: 'x.tsv', bytes: 'ACCENUMB\nX-1\n' });
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { reasonPhrase: string }).reasonPhrase).toBe('UNAVAILABLE_IMPORT');

      await setMode('VERIFY');
      const uuid = await uploadJob(server, curator, { name: 'verify.tsv', bytes: mcpdText([{ ACCENUMB: 'VERIFY-1', GENUS: 'Hordeum' }]) });
      const checked = await waitForJob(server, curator, uuid);
      expect(checked.status).toBe('completed');
      expect((await server.api('GET', `import/template/${uuid}/import`, { token: curator })).status).toBe(503);
      await setMode('IMPORT');
      expect((await server.api('GET', `import/template/${uuid}/import`, { token: curator })).status).toBe(200);
      await waitForJob(server, curator, uuid, (j) => j.imported && j.status === 'completed');
    } finally {
      await setMode('IMPORT');
    }
  });

  it('refuses bad requests: unknown type, no file, regular users, a job with errors', async () => {
    expect((await upload(server, curator, { name: 'x.tsv', bytes: 'a' }, { type: 'nonsense' })).status).toBe(400);
    const regular = await server.login('regular', passwordOf('regular'));
    expect((await upload(server, regular, { name: 'x.tsv', bytes: 'a' })).status).toBe(403);
    expect((await upload(server, null, { name: 'x.tsv', bytes: 'a' })).status).toBe(401);
    const noFile = await fetch(`${server.url}/api/import/template/file?type=mcpd`, { method: 'POST', headers: { authorization: `Bearer ${curator}` }, body: new FormData() });
    expect(noFile.status).toBe(400);

    const uuid = await uploadJob(server, curator, { name: 'broken.tsv', bytes: 'GENUS\nHordeum\n' });
    const checked = await waitForJob(server, curator, uuid);
    expect(checked.status).toBe('completed');
    expect(errorsOf(checked).length).toBeGreaterThan(0);
    expect((await server.api('GET', `import/template/${uuid}/import`, { token: curator })).status).toBe(404);
    expect((await server.api('GET', 'import/template/00000000-0000-0000-0000-000000000000/import', { token: curator })).status).toBe(404);
  });

  it('lists a logged-in caller their own jobs and an anonymous caller only the uuids it names', async () => {
    const mine = await uploadJob(server, curator, { name: 'mine.tsv', bytes: 'ACCENUMB\nMINE-1\n' });
    const theirs = await uploadJob(server, otherCurator, { name: 'theirs.tsv', bytes: 'ACCENUMB\nTHEIRS-1\n' });
    const listed = await jobs(server, curator, [theirs]);
    expect(listed.map((j) => j.uuid)).toContain(mine);
    expect(listed.map((j) => j.uuid)).not.toContain(theirs);
    expect(listed.every((j) => j.userId === listed[0].userId)).toBe(true);
    // Newest first.
    expect(listed[0].uuid).toBe(mine);
    // Anonymous callers name uuids; jobs of users are not theirs to see.
    expect(await jobs(server, null, [])).toEqual([]);
    expect(await jobs(server, null, [mine, theirs])).toEqual([]);
    await server.app.database.db.updateTable('async_jobs').set({ user_id: null }).where('uuid', '=', theirs).execute();
    expect((await jobs(server, null, [mine, theirs])).map((j) => j.uuid)).toEqual([theirs]);
    expect((await server.api('POST', 'import/template', { body: { uuids: 'x' } })).status).toBe(400);
  });

  it('lets only the owner (or an administrator) delete a job; deleting hides it and removes its folder', async () => {
    const uuid = await uploadJob(server, curator, { name: 'delete.tsv', bytes: 'ACCENUMB\nDEL-1\n' });
    await waitForJob(server, curator, uuid);
    const folder = path.join(server.db.dataDir, 'async', uuid);
    expect(fs.existsSync(folder)).toBe(true);
    const forbidden = await server.api('DELETE', `import/template/${uuid}`, { token: otherCurator });
    expect(forbidden.status).toBe(403);
    const deleted = await server.api('DELETE', `import/template/${uuid}`, { token: curator });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toBe(true);
    expect(fs.existsSync(folder)).toBe(false);
    expect((await jobs(server, curator)).map((j) => j.uuid)).not.toContain(uuid);
    expect((await server.api('DELETE', `import/template/${uuid}`, { token: curator })).status).toBe(404);

    const other = await uploadJob(server, otherCurator, { name: 'delete2.tsv', bytes: 'ACCENUMB\nDEL-2\n' });
    expect((await server.api('DELETE', `import/template/${other}`, { token: admin })).status).toBe(200);
  });

  it('cancels a running job: the worker stops and nothing is written', async () => {
    const before = await count(server, 'germinatebase');
    const uuid = await uploadJob(server, curator, { name: 'big.tsv', bytes: bigMcpd(150_000) });
    const running = await waitForJob(server, curator, uuid, (j) => j.status !== 'waiting');
    expect(running.status).toBe('running');
    const deleted = await server.api('DELETE', `import/template/${uuid}`, { token: curator });
    expect(deleted.status).toBe(200);
    const row = await server.app.database.db.selectFrom('async_jobs').select(['status', 'visibility']).where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'cancelled', visibility: 0 });
    expect(server.app.jobs?.isRunning(Number((await server.app.database.db.selectFrom('async_jobs').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow()).id))).toBe(false);
    expect(await count(server, 'germinatebase')).toBe(before);
  });

  it('serves the blank templates by type', async () => {
    const response = await server.api('GET', 'import/template/mcpd/blank');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/germplasm-mcpd\.xlsx/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBe(fs.statSync(path.join(import.meta.dirname, '../../demo/templates/germplasm-mcpd.xlsx')).size);
    for (const type of ['groups', 'pedigree', 'trial', 'climate', 'images', 'geotiff']) {
      expect((await server.api('GET', `import/template/${type}/blank`)).status, type).toBe(200);
    }
    expect((await server.api('GET', 'import/template/shapefile/blank')).status).toBe(404);
    expect((await server.api('GET', 'import/template/__proto__/blank')).status).toBe(404);
  });
});
