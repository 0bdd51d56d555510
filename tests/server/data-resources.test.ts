import { once } from 'node:events';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreTables } from '../../src/server/db/tables.js';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';

type Caller = 'anonymous' | 'regular' | 'curator' | 'admin';
type Row = { fileresourceId: number; fileresourceName: string; fileresourceSize: number; fileresourcetypeName: string; datasetIds?: number[] };

/**
 * Data resources on the real server: creation in two steps by curators, the table and downloads for each
 * caller. A resource linked to datasets is only listed and served through a dataset the caller sees whose
 * licence they accepted; one linked to none is everyone's.
 */
describe.each(testDialects())('data resources on %s', (dialect) => {
  let server: TestServer;
  let db: Kysely<CoreTables>;
  const tokens: Record<Caller, string | null> = { anonymous: null, regular: null, curator: null, admin: null };
  const ds = { open: 0, secret: 0, licensed: 0 };
  const res = { free: 0, open: 0, secret: 0, licensed: 0, both: 0 };
  let typeId = 0;
  const content = (name: string) => `contents of ${name}\n`;

  /** Step 1 and 2 of Germinate's creation, as a curator: the upload, then the resource's details. */
  const create = async (name: string, datasetIds: number[], token = tokens.curator) => {
    const form = new FormData();
    form.append('file', new Blob([content(name)], { type: 'text/plain' }), `${name}.txt`);
    const upload = await fetch(`${server.url}/api/fileresource`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(upload.status).toBe(200);
    const temp = (await upload.json()) as string;
    expect(temp).toMatch(/^[0-9a-f-]{36}\.txt$/);
    const put = await server.api('PUT', 'fileresource', { token, body: { fileresourcePath: temp, fileresourcetypeId: typeId, fileresourceName: name, fileresourceDescription: `About ${name}`, datasetIds } });
    expect(put.status).toBe(200);
    expect(await put.json()).toBe(true);
    return (await db.selectFrom('fileresources').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  };

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    db = server.app.database.db as Kysely<CoreTables>;
    for (const role of ['regular', 'curator', 'admin'] as const) tokens[role] = await server.login(role, passwordOf(role));
    const experiment = await db.insertInto('experiments').values({ experiment_name: 'Trials', user_id: null, project_id: null, description: null, experiment_date: null }).returning('id').executeTakeFirstOrThrow();
    const licence = await db.insertInto('licenses').values({ name: 'Restricted use', description: null }).returning('id').executeTakeFirstOrThrow();
    const dataset = async (name: string, state: number, licenseId: number | null) =>
      (await db
        .insertInto('datasets')
        .values({ experiment_id: experiment.id, datasettype_id: 3, name, description: null, date_start: null, date_end: null, source_file: null, datatype: null, dublin_core: null, version: null, created_by: null, dataset_state_id: state, license_id: licenseId, is_external: 0, hyperlink: null, contact: null })
        .returning('id')
        .executeTakeFirstOrThrow()).id;
    ds.open = await dataset('Open trial', 1, null);
    ds.secret = await dataset('Private trial', 2, null);
    ds.licensed = await dataset('Licensed trial', 1, licence.id);
    // The curator accepted the licence; the regular user has not (yet).
    const curator = await db.selectFrom('users').select('id').where('username', '=', 'curator').executeTakeFirstOrThrow();
    await db.insertInto('licenselogs').values({ license_id: licence.id, user_id: curator.id, accepted_on: new Date().toISOString() }).execute();

    const type = await server.api('POST', 'fileresourcetype', { token: tokens.curator, body: { name: 'Reports', description: 'Trial reports' } });
    expect(type.status).toBe(200);
    typeId = (await type.json()) as number;
    res.free = await create('Field guide', []);
    res.open = await create('Open report', [ds.open]);
    res.both = await create('Shared report', [ds.open, ds.secret]);
    res.licensed = await create('Licensed report', [ds.licensed]);
    // The curator may not see the private dataset: it is not linked when asked for, so the admin links it.
    res.secret = await create('Secret report', [ds.secret]);
    expect(await db.selectFrom('datasetfileresources').select('dataset_id').where('fileresource_id', '=', res.secret).execute()).toEqual([]);
    await db.insertInto('datasetfileresources').values({ dataset_id: ds.secret, fileresource_id: res.secret }).execute();
  });
  afterAll(async () => server?.close());

  const table = async (caller: Caller, path = 'fileresource/table', body: unknown = { orderBy: 'fileresourceId', ascending: 1 }) => {
    const response = await server.api('POST', path, { token: tokens[caller], body });
    expect(response.status).toBe(200);
    return (await response.json()) as { data: Row[]; count: number };
  };
  const listed = async (caller: Caller) => (await table(caller)).data.map((r) => r.fileresourceName);

  it('answers every read endpoint for every role', async () => {
    for (const caller of ['anonymous', 'regular', 'curator', 'admin'] as const) {
      const token = tokens[caller];
      for (const [method, apiPath, body] of [
        ['POST', 'fileresource/table', {}],
        ['POST', 'fileresource/table/ids', {}],
        ['POST', 'dataset/fileresource', { datasetIds: [ds.open] }],
        ['GET', 'fileresourcetype', undefined],
        ['POST', `fileresource/${res.open}/dataset`, {}],
        ['GET', `fileresource/${res.open}/stream`, undefined],
        ['GET', `fileresource/${res.open}.txt`, undefined],
      ] as const) {
        const response = await server.api(method, apiPath, { token, body });
        expect(response.status, `${method} ${apiPath} as ${caller}`).toBe(200);
        await response.arrayBuffer();
      }
    }
  });

  it('lists what each caller may read, with only the linked datasets they may read', async () => {
    expect(await listed('anonymous')).toEqual(['Field guide', 'Open report', 'Shared report']);
    expect(await listed('regular')).toEqual(['Field guide', 'Open report', 'Shared report']);
    expect(await listed('curator')).toEqual(['Field guide', 'Open report', 'Shared report', 'Licensed report']);
    const admin = await table('admin');
    expect(admin.count).toBe(4);
    const anonymous = await table('anonymous');
    const shared = anonymous.data.find((r) => r.fileresourceId === res.both);
    expect(shared).toMatchObject({ fileresourceSize: content('Shared report').length, fileresourcetypeName: 'Reports', datasetIds: [ds.open] });
    expect(anonymous.data.find((r) => r.fileresourceId === res.free)).not.toHaveProperty('datasetIds');
    const ids = await server.api('POST', 'fileresource/table/ids', { body: {} });
    expect(await ids.json()).toEqual({ data: [res.free, res.open, res.both], count: 3 });
  });

  it('lists the resources of requested datasets (dataset/fileresource), never of others', async () => {
    const rows = await table('anonymous', 'dataset/fileresource', { datasetIds: [ds.open, ds.secret] });
    expect(rows.data.map((r) => r.fileresourceName).sort()).toEqual(['Open report', 'Shared report']);
    expect(rows.data.every((r) => JSON.stringify(r.datasetIds) === JSON.stringify([ds.open]))).toBe(true);
    expect(await table('anonymous', 'dataset/fileresource', { datasetIds: [ds.secret] })).toEqual({ data: [], count: 0 });
    // The curator who created "Shared report" could not see the private dataset, so it was not linked to it.
    expect((await table('admin', 'dataset/fileresource', { datasetIds: [ds.secret] })).data.map((r) => r.fileresourceName)).toEqual(['Secret report']);
    const bad = await server.api('POST', 'dataset/fileresource', { body: { datasetIds: ['one'] } });
    expect(bad.status).toBe(400);
  });

  it('lists a resource\'s datasets through the datasets table\'s rules (fileresource/{id}/dataset)', async () => {
    const datasets = async (caller: Caller, id: number, body: unknown = {}) => {
      const response = await server.api('POST', `fileresource/${id}/dataset`, { token: tokens[caller], body });
      expect(response.status).toBe(200);
      const page = (await response.json()) as { data: { datasetId: number; acceptedBy?: unknown }[]; count: number };
      return page.data.map((d) => d.datasetId);
    };
    expect(await datasets('anonymous', res.both)).toEqual([ds.open]);
    expect(await datasets('anonymous', res.secret)).toEqual([]);
    expect(await datasets('admin', res.secret)).toEqual([ds.secret]);
    // Listing is not licence-gated (acceptedBy tells); the caller's ORs stay inside their own filters.
    expect(await datasets('anonymous', res.licensed)).toEqual([ds.licensed]);
    const either = [
      { column: 'datasetId', comparator: 'equals', operator: 'or', values: [String(ds.secret)] },
      { column: 'datasetId', comparator: 'equals', values: [String(ds.licensed)] },
    ];
    expect(await datasets('admin', res.secret, { filter: either })).toEqual([ds.secret]);
    expect(await datasets('admin', res.free)).toEqual([]);
    expect((await server.api('POST', 'fileresource/abc/dataset', { body: {} })).status).toBe(404);
    expect((await server.api('POST', `fileresource/${res.open}/dataset`, { body: { page: -1 } })).status).toBe(400);
  });

  const download = (id: number | string, token?: string | null) => fetch(`${server.url}/api/fileresource/${id}/download${token ? `?token=${token}` : ''}`);

  it('downloads what the caller may read, through the token in the link or the bearer header', async () => {
    const response = await download(res.open);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(content('Open report'));
    expect(response.headers.get('content-disposition')).toBe('attachment;filename= "Open_report.txt"');
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await download(res.free)).status).toBe(200);
    const bearer = await server.api('GET', `fileresource/${res.both}.txt`, { token: tokens.regular });
    expect(bearer.status).toBe(200);
    expect(await bearer.text()).toBe(content('Shared report'));
    expect((await server.api('GET', `fileresource/${res.both}`)).status).toBe(200);
  });

  it('refuses a private dataset\'s resource to who may not see it, and an unaccepted licence\'s', async () => {
    for (const token of [null, tokens.regular, tokens.curator]) {
      expect((await download(res.secret, token)).status).toBe(404);
      expect((await server.api('GET', `fileresource/${res.secret}.txt`, { token })).status).toBe(404);
    }
    expect(await (await download(res.secret, tokens.admin)).text()).toBe(content('Secret report'));
    // A token that is no session counts as anonymous, as in Germinate.
    expect((await download(res.secret, 'not-a-token')).status).toBe(404);
    expect((await download(res.open, 'not-a-token')).status).toBe(200);

    expect((await download(res.licensed)).status).toBe(404);
    expect((await download(res.licensed, tokens.regular)).status).toBe(404);
    expect((await download(res.licensed, tokens.curator)).status).toBe(200);
    const licence = await db.selectFrom('datasets').select('license_id').where('id', '=', ds.licensed).executeTakeFirstOrThrow();
    const regular = await db.selectFrom('users').select('id').where('username', '=', 'regular').executeTakeFirstOrThrow();
    await db.insertInto('licenselogs').values({ license_id: licence.license_id as number, user_id: regular.id, accepted_on: new Date().toISOString() }).execute();
    expect(await (await download(res.licensed, tokens.regular)).text()).toBe(content('Licensed report'));
    expect(await listed('regular')).toContain('Licensed report');
  });

  it('counts an anonymous caller\'s accepted-licenses cookie, and only for that licence', async () => {
    const licence = (await db.selectFrom('datasets').select('license_id').where('id', '=', ds.licensed).executeTakeFirstOrThrow()).license_id as number;
    const withCookie = (cookie: string) => fetch(`${server.url}/api/fileresource/${res.licensed}/download`, { headers: { cookie } });
    expect((await withCookie(`accepted-licenses=${licence + 1}`)).status).toBe(404);
    const accepted = await withCookie(`accepted-licenses=${licence}`);
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toBe(content('Licensed report'));
    const rows = await server.api('POST', 'fileresource/table', { body: {}, headers: { cookie: `accepted-licenses=${licence}` } });
    expect(((await rows.json()) as { data: Row[] }).data.map((r) => r.fileresourceName)).toContain('Licensed report');
    // A logged-in caller's acceptance is their licenselogs row, not a cookie (the administrator has none).
    expect((await fetch(`${server.url}/api/fileresource/${res.licensed}/download?token=${tokens.admin}`, { headers: { cookie: `accepted-licenses=${licence}` } })).status).toBe(404);
  });

  it('streams a resource whole or from a byte on, for what the caller may read', async () => {
    const whole = await server.api('GET', `fileresource/${res.open}/stream`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(await whole.text()).toBe(content('Open report'));
    const part = await server.api('GET', `fileresource/${res.open}/stream`, { headers: { range: 'bytes=3-5' } });
    expect(part.status).toBe(206);
    const size = content('Open report').length;
    expect(part.headers.get('content-range')).toBe(`bytes 3-${size - 1}/${size}`);
    expect(await part.text()).toBe(content('Open report').slice(3));
    expect((await server.api('GET', `fileresource/${res.open}/stream`, { headers: { range: `bytes=${size}-` } })).status).toBe(416);
    expect((await server.api('GET', `fileresource/${res.secret}/stream`, { token: tokens.regular })).status).toBe(404);
    expect((await server.api('GET', `fileresource/${res.secret}/stream`, { token: tokens.admin })).status).toBe(200);
  });

  it('answers 404 for unknown or malformed ids and for a missing file', async () => {
    expect((await download(999999, tokens.admin)).status).toBe(404);
    expect((await download('abc', tokens.admin)).status).toBe(404);
    expect((await server.api('GET', 'fileresource/12.p$f', { token: tokens.admin })).status).toBe(404);
    const stored = await db.selectFrom('fileresources').select(['path']).where('id', '=', res.free).executeTakeFirstOrThrow();
    await db.updateTable('fileresources').set({ path: '../../germinate.sqlite' }).where('id', '=', res.free).execute();
    expect((await download(res.free)).status).toBe(404);
    await db.updateTable('fileresources').set({ path: stored.path }).where('id', '=', res.free).execute();
  });

  it('lets only curators and administrators create and delete resources and types', async () => {
    const body = { fileresourcePath: 'x.txt', fileresourcetypeId: typeId, fileresourceName: 'x' };
    for (const [caller, status] of [['anonymous', 401], ['regular', 403]] as const) {
      expect((await server.api('PUT', 'fileresource', { token: tokens[caller], body })).status).toBe(status);
      expect((await server.api('POST', 'fileresource', { token: tokens[caller], body: {} })).status).toBe(status);
      expect((await server.api('DELETE', `fileresource/${res.free}`, { token: tokens[caller] })).status).toBe(status);
      expect((await server.api('POST', 'fileresourcetype', { token: tokens[caller], body: { name: 'x' } })).status).toBe(status);
      expect((await server.api('DELETE', `fileresourcetype/${typeId}`, { token: tokens[caller] })).status).toBe(status);
    }
    const admin = await create('Admin notes', [ds.secret], tokens.admin);
    expect(await db.selectFrom('datasetfileresources').select('dataset_id').where('fileresource_id', '=', admin).execute()).toEqual([{ dataset_id: ds.secret }]);
    const removed = await server.api('DELETE', `fileresource/${admin}`, { token: tokens.admin });
    expect(await removed.json()).toBe(true);
    expect((await download(admin, tokens.admin)).status).toBe(404);
    expect(await (await server.api('DELETE', 'fileresource/999999', { token: tokens.curator })).json()).toBe(false);
  });

  it('refuses malformed resources and types with 400', async () => {
    const put = (body: unknown) => server.api('PUT', 'fileresource', { token: tokens.curator, body });
    expect((await put({})).status).toBe(400);
    expect((await put({ fileresourcePath: 'missing.txt', fileresourcetypeId: typeId, fileresourceName: 'Missing' })).status).toBe(400);
    expect((await put({ fileresourcePath: '../germinate.sqlite', fileresourcetypeId: typeId, fileresourceName: 'Escape' })).status).toBe(400);
    expect((await put({ fileresourcePath: 'x.txt', fileresourcetypeId: 'one', fileresourceName: 'x' })).status).toBe(400);
    expect((await put({ fileresourcePath: 'x.txt', fileresourcetypeId: typeId, fileresourceName: 'x', fileresourceId: 3 })).status).toBe(400);
    const form = new FormData();
    form.append('other', 'no file here');
    const noFile = await fetch(`${server.url}/api/fileresource`, { method: 'POST', headers: { authorization: `Bearer ${tokens.curator}` }, body: form });
    expect(noFile.status).toBe(400);
    expect((await server.api('POST', 'fileresource', { token: tokens.curator, body: { file: 'json' } })).status).toBe(400);
    expect((await server.api('POST', 'fileresourcetype', { token: tokens.curator, body: { description: 'no name' } })).status).toBe(400);
    expect((await server.api('POST', 'fileresourcetype', { token: tokens.curator, body: { name: ' ' } })).status).toBe(400);
    expect((await server.api('DELETE', 'fileresourcetype/abc', { token: tokens.curator })).status).toBe(404);
  });

  it('lists the types with their counts and keeps the built-in ones', async () => {
    const response = await server.api('GET', 'fileresourcetype');
    const types = (await response.json()) as { id: number; name: string; count: number }[];
    expect(types.find((t) => t.id === typeId)).toMatchObject({ name: 'Reports', count: 5 });
    expect(types.find((t) => t.id === 1)).toMatchObject({ name: 'Trials Shapefile', count: 0 });
    expect(await (await server.api('DELETE', 'fileresourcetype/1', { token: tokens.curator })).json()).toBe(false);
    const extra = (await (await server.api('POST', 'fileresourcetype', { token: tokens.admin, body: { name: 'Photos' } })).json()) as number;
    expect(await (await server.api('DELETE', `fileresourcetype/${extra}`, { token: tokens.curator })).json()).toBe(true);
    expect(((await (await server.api('GET', 'fileresourcetype')).json()) as { id: number }[]).map((t) => t.id)).not.toContain(extra);
  });
});

/** Under FULL, data needs a login: a download link without a live session serves nothing, not even a resource of no dataset. */
describe.each(testDialects())('data resource downloads under FULL on %s', (dialect) => {
  let server: TestServer;
  let id = 0;
  beforeAll(async () => {
    server = await startServer(dialect, { authMode: 'FULL', jobs: false });
    const db = server.app.database.db as Kysely<CoreTables>;
    id = (await db.insertInto('fileresources').values({ name: 'Handbook', path: 'handbook.txt', description: null, filesize: 9, fileresourcetype_id: 1, project_id: null }).returning('id').executeTakeFirstOrThrow()).id;
    const folder = path.join(server.db.dataDir, 'data', 'download', '1');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'handbook.txt'), 'handbook\n');
  });
  afterAll(async () => server?.close());

  it('serves only to a live session', async () => {
    expect((await fetch(`${server.url}/api/fileresource/${id}/download`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/fileresource/${id}/download?token=stale`)).status).toBe(404);
    expect((await server.api('GET', `fileresource/${id}.txt`)).status).toBe(401);
    const token = await server.login('regular', passwordOf('regular'));
    const response = await fetch(`${server.url}/api/fileresource/${id}/download?token=${token}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('handbook\n');
  });

  // Last: it stops the server. A download still being sent when close() starts used to leave its keep-alive
  // connection open once sent (Node's close() ends only the connections idle at that moment), so close()
  // waited for the keep-alive timeout (72 s) or for the client to hang up.
  it('closes a keep-alive download\'s connection as soon as it is sent when the server stops meanwhile', async () => {
    // Far more than the socket buffers hold while the client reads nothing: the answer is still being sent at close().
    const size = 16 * 1024 * 1024;
    const db = server.app.database.db as Kysely<CoreTables>;
    const atlas = (await db.insertInto('fileresources').values({ name: 'Atlas', path: 'atlas.bin', description: null, filesize: size, fileresourcetype_id: 1, project_id: null }).returning('id').executeTakeFirstOrThrow()).id;
    fs.writeFileSync(path.join(server.db.dataDir, 'data', 'download', '1', 'atlas.bin'), Buffer.alloc(size, 7));
    const token = await server.login('regular', passwordOf('regular'));
    const answer = new Promise<ServerResponse>((resolve) => server.app.server.once('request', (_request: IncomingMessage, response: ServerResponse) => resolve(response)));
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    const chunks: Buffer[] = [];
    let started = () => {};
    const firstBytes = new Promise<void>((resolve) => (started = resolve));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (chunks.length === 1) {
        socket.pause();
        started();
      }
    });
    // The client never ends the connection: only the server can.
    const endedByServer = once(socket, 'end');
    socket.write(`GET /api/fileresource/${atlas}/download?token=${token} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    await firstBytes;
    expect((await answer).writableFinished).toBe(false);
    const closing = server.app.close();
    socket.resume();
    await endedByServer;
    await closing;
    const received = Buffer.concat(chunks);
    const headerEnd = received.indexOf('\r\n\r\n') + 4;
    const head = received.subarray(0, headerEnd).toString('latin1');
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    // The answer promised to keep the connection: closing it is the server's doing on shutdown.
    expect(head).toMatch(/\r\nconnection: keep-alive\r\n/i);
    expect(received.length - headerEnd).toBe(size);
    socket.destroy();
  });
});
