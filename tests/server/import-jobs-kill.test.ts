import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { dropPostgresSchema, openDatabase } from '../../src/server/db/database.js';
import { ROOT } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { MCPD_COLUMNS } from '../../src/plugins/germplasm/mcpd-codes.js';
import { nodeArguments } from '../support/test-build.js';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/** `npm start` (this run's build of the sources) in a child process; resolves once it listens. */
async function startChild(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, nodeArguments('main'), { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return child;
}

function mcpdRows(rows: number): string {
  const line = (i: number) => MCPD_COLUMNS.map((c) => (c === 'ACCENUMB' ? `KILL-${i}` : c === 'GENUS' ? 'Hordeum' : '')).join('\t');
  return [MCPD_COLUMNS.join('\t'), ...Array.from({ length: rows }, (_, i) => line(i))].join('\n') + '\n';
}

/** Issue 6, "Bad input": kill the server during an import; after a restart no rows remain and the job failed. */
describe.each(testDialects())('a server killed during an import on %s', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-kill-'));
  const schema = dialect === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : null;
  const url = dialect === 'postgres' ? inject('postgresUrl') : '';
  let child: ChildProcess | null = null;
  afterAll(async () => {
    child?.kill('SIGKILL');
    if (schema && url) await dropPostgresSchema(url, schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no partial rows, and the restarted server shows the job failed', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: 'false', ADMIN_PASSWORD: 'admin-password-1', LOG_LEVEL: 'silent', DATABASE_URL: url, DATABASE_SCHEMA: schema ?? '' };
    const api = (method: string, route: string, token: string, body?: unknown) =>
      fetch(`http://127.0.0.1:${port}/api/${route}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const login = async () =>
      ((await (await fetch(`http://127.0.0.1:${port}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin-password-1' }) })).json()) as { token: string }).token;
    const job = async (token: string, uuid: string) => ((await (await api('POST', 'import/template', token, { uuids: [uuid] })).json()) as { uuid: string; status: string; progress: number; imported: boolean }[]).find((j) => j.uuid === uuid);
    const until = async (what: string, test: () => Promise<boolean>) => {
      const deadline = Date.now() + 90_000;
      while (!(await test())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };

    child = await startChild(env);
    let token = await login();
    const form = new FormData();
    form.append('fileToUpload', new Blob([mcpdRows(200_000)]), 'kill.tsv');
    const uploaded = (await (await fetch(`http://127.0.0.1:${port}/api/import/template/file?type=mcpd`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json()) as { uuid: string }[];
    const uuid = uploaded[0].uuid;
    await until('the check', async () => (await job(token, uuid))?.status === 'completed');
    expect((await api('GET', `import/template/${uuid}/import`, token)).status).toBe(200);
    // The worker logs the start of its write transaction. (Watched in the file: on SQLite, the server's own
    // writes, such as a token's last use, wait for that transaction, so an authenticated call would too.)
    const logFile = path.join(dataDir, 'async', uuid, 'job.log');
    await until('the write phase', async () => fs.existsSync(logFile) && fs.readFileSync(logFile, 'utf8').includes('Writing in one transaction'));
    child.kill('SIGKILL');
    await new Promise((resolve) => child?.once('exit', resolve));

    child = await startChild(env);
    token = await login();
    const after = await job(token, uuid);
    expect(after).toMatchObject({ status: 'failed', imported: true });
    child.kill('SIGTERM');
    await new Promise((resolve) => child?.once('exit', resolve));
    child = null;

    const database = await openDatabase({ databaseUrl: url || null, sqliteFile: path.join(dataDir, 'germinate.sqlite'), schema });
    try {
      const { n } = await database.db.withTables<{ germinatebase: { id: number } }>().selectFrom('germinatebase').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(n)).toBe(0);
    } finally {
      await database.close();
    }
    const log = fs.readFileSync(path.join(dataDir, 'async', uuid, 'job.log'), 'utf8');
    expect(log).toMatch(/FAILED: the server running this job .* stopped during it/);
  }, 240_000);
});
