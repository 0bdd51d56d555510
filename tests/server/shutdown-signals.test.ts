import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MCPD_COLUMNS } from '../../src/plugins/germplasm/mcpd-codes.js';
import { testDialects } from '../support/databases.js';
import { CHILD_TEST_TIMEOUT_MS, childPlace, login, removePlace, startChild, until, ADMIN_PASSWORD, type ChildServer } from '../support/child-server.js';

function mcpdRows(rows: number): string {
  const line = (i: number) => MCPD_COLUMNS.map((c) => (c === 'ACCENUMB' ? `STOP-${i}` : c === 'GENUS' ? 'Hordeum' : '')).join('\t');
  return [MCPD_COLUMNS.join('\t'), ...Array.from({ length: rows }, (_, i) => line(i))].join('\n') + '\n';
}

/**
 * Sends a request whose body arrives in two parts. It asks for "100 Continue", which Node's server sends
 * exactly when it hands the request to Fastify: `received` tells that the request is in flight.
 */
function twoPartRequest(port: number, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  let onContinue = () => {};
  const received = new Promise<void>((resolve) => (onContinue = resolve));
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    socket.on('data', (chunk) => {
      text += chunk.toString();
      if (text.startsWith('HTTP/1.1 100')) onContinue();
    });
    socket.once('error', reject);
    socket.once('close', () => {
      const final = text.replace(/^HTTP\/1\.1 100[^\r]*\r\n\r\n/, '');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(final);
      if (status) resolve({ status: Number(status[1]), body: final.slice(final.indexOf('\r\n\r\n') + 4) });
      else reject(new Error(`no answer: ${JSON.stringify(text)}`));
    });
  });
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /api/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
  );
  return { received, answered, finish: () => socket.write(body.slice(half)) };
}

/** SIGTERM drains: a request in flight completes, a running import job goes back to the queue, exit code 0. */
describe.each(testDialects())('a server stopped with SIGTERM on %s', (dialect) => {
  const place = childPlace(dialect);
  let server: ChildServer | null = null;
  afterAll(async () => {
    await server?.cleanup();
    await removePlace(place);
  });

  it('lets the request in flight finish, puts the running job back in the queue and exits cleanly', async () => {
    server = await startChild(place);
    const { port } = server;
    const token = await login(port);
    const form = new FormData();
    form.append('fileToUpload', new Blob([mcpdRows(200_000)]), 'stop.tsv');
    const upload = await fetch(`http://127.0.0.1:${port}/api/import/template/file?type=mcpd`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const [{ uuid }] = (await upload.json()) as { uuid: string }[];
    const status = async () => {
      const response = await fetch(`http://127.0.0.1:${port}/api/import/template`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ uuids: [uuid] }),
      });
      return ((await response.json()) as { uuid: string; status: string }[]).find((j) => j.uuid === uuid)?.status;
    };
    await until('the job to run', async () => (await status()) === 'running');

    // A login whose body is half sent: the server holds it in flight while it stops.
    const request = twoPartRequest(port, JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }));
    await request.received;
    const running = server;
    running.child.kill('SIGTERM');
    await until('the server to start stopping', () => running.output().includes('SIGTERM: stopping'));
    // No new connections once stopping began.
    await until('new connections to be refused', () => fetch(`http://127.0.0.1:${port}/api/health`).then(() => false, () => true));
    request.finish();
    const answer = await request.answered;
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"token"');
    expect(await running.exited).toBe(0);

    const database = await running.open();
    try {
      const job = await database.db.selectFrom('async_jobs').select(['status', 'claimed_by']).where('uuid', '=', uuid).executeTakeFirstOrThrow();
      expect(job).toEqual({ status: 'waiting', claimed_by: null });
      const germplasm = await database.db
        .withTables<{ germinatebase: { id: number } }>()
        .selectFrom('germinatebase')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(germplasm.n)).toBe(0);
    } finally {
      await database.close();
    }
    const log = fs.readFileSync(path.join(place.dataDir, 'async', uuid, 'job.log'), 'utf8');
    expect(log).toContain('back in the queue');

    // The next start takes the job up again.
    server = await startChild(place);
    const again = server;
    const after = await login(again.port);
    await until('the job to run again', async () => {
      const response = await fetch(`http://127.0.0.1:${again.port}/api/import/template`, {
        method: 'POST',
        headers: { authorization: `Bearer ${after}`, 'content-type': 'application/json' },
        body: JSON.stringify({ uuids: [uuid] }),
      });
      const jobs = (await response.json()) as { uuid: string; status: string }[];
      return jobs.find((j) => j.uuid === uuid)?.status !== 'waiting';
    });
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, CHILD_TEST_TIMEOUT_MS);
});
