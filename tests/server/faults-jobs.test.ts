import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/auth/users.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { mcpdText, uploadJob, waitForJob } from './import-jobs-support.js';

/** A job's uuid is no permission: another curator can neither read its log nor start its import. */
describe.each(testDialects())('who may use a job on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    server = await startServer(dialect, { jobs: { pollMs: 200, heartbeatMs: 200 } });
    await createUser(server.app.database.db, { username: 'curator2', password: passwordOf('curator2'), userType: 'Data Curator' }, new Date());
    for (const name of ['curator', 'curator2', 'admin', 'regular']) {
      tokens[name] = await server.login(name, passwordOf(name));
      ids[name] = (await server.db.database.db.selectFrom('users').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;
    }
    await server.app.settings.write({ dataImportMode: 'IMPORT' }, new Date());
  });
  afterAll(async () => server?.close());

  const db = () => server.db.database.db as unknown as Kysely<unknown>;
  const jobRow = async (uuid: string) =>
    (await sql<{ status: string; run_type: string; imported: number; visibility: number }>`SELECT status, run_type, imported, visibility FROM async_jobs WHERE uuid = ${uuid}`.execute(db())).rows[0];

  async function checkedJob(name: string): Promise<string> {
    const uuid = await uploadJob(server, tokens.curator, { name: `${name}.tsv`, bytes: mcpdText([{ ACCENUMB: `${name}-1`, GENUS: 'Hordeum', ORIGCTY: 'DEU' }]) });
    const job = await waitForJob(server, tokens.curator, uuid);
    expect(job.status).toBe('completed');
    return uuid;
  }

  async function forbidden(method: string, path: string, token: string): Promise<void> {
    const response = await server.api(method, path, { token });
    const text = await response.text();
    expect(response.status, `${method} ${path}: ${text.slice(0, 200)}`).toBe(403);
    expect((JSON.parse(text) as { reasonPhrase?: string }).reasonPhrase).toBe('FORBIDDEN_INSUFFICIENT_PERMISSIONS');
  }

  it("refuses another curator the job's log and its import; its owner and administrators may", async () => {
    const uuid = await checkedJob('owned');
    await forbidden('GET', `import/template/${uuid}/log`, tokens.curator2);
    await forbidden('GET', `import/template/${uuid}/import`, tokens.curator2);
    await forbidden('DELETE', `import/template/${uuid}`, tokens.curator2);
    expect(await jobRow(uuid)).toMatchObject({ status: 'completed', run_type: 'CHECK', imported: 0, visibility: 1 });

    for (const owner of ['curator', 'admin']) {
      const log = await server.api('GET', `import/template/${uuid}/log`, { token: tokens[owner] });
      expect(log.status, owner).toBe(200);
      expect(log.headers.get('content-type')).toBe('application/zip');
      await log.arrayBuffer();
    }
    const started = await server.api('GET', `import/template/${uuid}/import`, { token: tokens.admin });
    expect(started.status).toBe(200);
    expect(await started.json()).toEqual([{ status: 'waiting', uuid }]);
    const imported = await waitForJob(server, tokens.curator, uuid, (job) => job.imported && !['waiting', 'running'].includes(job.status));
    expect(imported.status).toBe('completed');
  });

  it("lets the owner start the import, and lists a job to nobody else who names its uuid", async () => {
    const uuid = await checkedJob('mine');
    const listed = async (token: string) => ((await (await server.api('POST', 'import/template', { token, body: { uuids: [uuid] } })).json()) as { uuid: string }[]).map((j) => j.uuid);
    expect(await listed(tokens.curator)).toContain(uuid);
    expect(await listed(tokens.curator2)).not.toContain(uuid);
    expect((await server.api('GET', `import/template/${uuid}/import`, { token: tokens.curator })).status).toBe(200);
  });

  describe('export jobs', () => {
    const exportJob = async (userId: number | null) => {
      const uuid = randomUUID();
      const stamp = new Date().toISOString();
      await sql`INSERT INTO async_jobs (uuid, kind, user_id, datatype, status, job_config, created_on, updated_on)
        VALUES (${uuid}, 'export', ${userId}, 'trials', 'completed', ${JSON.stringify({ datasetIds: [1] })}, ${stamp}, ${stamp})`.execute(db());
      return uuid;
    };
    const listed = async (uuids: string[], token?: string) =>
      ((await (await server.api('POST', 'dataset/export/async', { token, body: { uuids } })).json()) as { uuid: string }[]).map((j) => j.uuid);

    it("lists a user's export job to its owner and administrators only, whoever names its uuid", async () => {
      const theirs = await exportJob(ids.curator);
      const anonymous = await exportJob(null);
      expect(await listed([theirs, anonymous])).toEqual([anonymous]);
      expect(await listed([theirs, anonymous], tokens.regular)).toEqual([anonymous]);
      expect(await listed([theirs], tokens.curator2)).toEqual([]);
      expect(await listed([], tokens.curator)).toContain(theirs);
      expect(await listed([theirs], tokens.admin)).toEqual([theirs]);
    });

    it("refuses to remove a user's export job for a caller who only knows its uuid", async () => {
      const theirs = await exportJob(ids.curator);
      await forbidden('DELETE', `dataset/export/async/${theirs}`, '');
      await forbidden('DELETE', `dataset/export/async/${theirs}`, tokens.regular);
      expect(await jobRow(theirs)).toMatchObject({ visibility: 1 });
      expect((await server.api('DELETE', `dataset/export/async/${theirs}`, { token: tokens.curator })).status).toBe(200);
      const anonymous = await exportJob(null);
      expect((await server.api('DELETE', `dataset/export/async/${anonymous}`)).status).toBe(200);
    });
  });
});
