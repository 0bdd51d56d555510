import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPlugins } from '../../src/plugins/server.js';
import { runImport } from '../../src/server/import/pipeline.js';
import { testDialects } from '../support/databases.js';
import { passwordOf, ROOT, startServer, type TestServer } from '../support/server.js';

type Caller = 'anonymous' | 'regular' | 'curator' | 'admin';
type Row = Record<string, unknown>;
interface Page { data: Row[]; count: number }

const importers = serverPlugins.flatMap((p) => p.importers ?? []);

/**
 * Group visibility on every group route (the owner and administrators see a private group; another user and
 * a visitor get it listed nowhere, 404 on its reads and changes, 403 on its member changes), membership
 * changes by the owner, group upload (`POST group/upload`, its report, the drop-file box's refusals), and
 * re-importing the groups template: a warning per existing group, then update mode updates, the default adds.
 */
describe.each(testDialects())('group visibility, upload and re-import on %s', (dialect) => {
  let server: TestServer;
  let db: Kysely<unknown>;
  const tokens: Record<Caller, string | null> = { anonymous: null, regular: null, curator: null, admin: null };
  const userIds: Record<string, number> = {};
  const priv = { germplasm: 0, markers: 0, locations: 0 };
  const germplasm: Record<string, number> = {};

  const call = (method: string, apiPath: string, caller: Caller, body?: unknown) => server.api(method, apiPath, { token: tokens[caller], body });
  const json = async <T = Row>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const members = async (groupId: number) =>
    (await sql<{ id: number }>`SELECT foreign_id AS id FROM groupmembers WHERE group_id = ${groupId} ORDER BY foreign_id`.execute(db)).rows.map((r) => Number(r.id));
  const importFile = async (file: string, type: string, update: boolean, checkOnly = false) =>
    runImport(server.app.database, importers, { file: path.join(ROOT, file), type, update, checkOnly }, { maxBytes: 64 * 1024 * 1024, now: new Date(), userId: userIds.curator });
  const upload = (caller: Caller, name: string, content: Buffer | string, type?: string) => {
    const form = new FormData();
    form.append('textfile', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
    const headers: Record<string, string> = tokens[caller] ? { authorization: `Bearer ${tokens[caller]}` } : {};
    return fetch(`${server.url}/api/group/upload${type ? `?type=${type}` : ''}`, { method: 'POST', headers, body: form });
  };

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    db = server.app.database.db as unknown as Kysely<unknown>;
    for (const caller of ['regular', 'curator', 'admin'] as const) tokens[caller] = await server.login(caller, passwordOf(caller));
    for (const row of (await sql<{ id: number; username: string }>`SELECT id, username FROM users`.execute(db)).rows) userIds[row.username] = Number(row.id);
    const passports = await importFile('src/plugins/groups/demo/groups-germplasm.tsv', 'mcpd', false);
    expect(passports.issues.filter((i) => i.type === 'ERROR')).toEqual([]);
    for (const row of (await sql<{ id: number; name: string }>`SELECT id, name FROM germinatebase`.execute(db)).rows) germplasm[row.name] = Number(row.id);
    await sql`INSERT INTO synonyms (foreign_id, synonymtype_id, synonyms) VALUES (${germplasm['CACTUAR-2']}, 1, '["Prickly Two"]')`.execute(db);
    priv.germplasm = await json<number>(await call('PUT', 'group', 'regular', { name: 'Secret germplasm', grouptypeId: 3, visibility: false }));
    priv.markers = await json<number>(await call('PUT', 'group', 'regular', { name: 'Secret markers', grouptypeId: 2, visibility: false }));
    priv.locations = await json<number>(await call('PUT', 'group', 'regular', { name: 'Secret places', grouptypeId: 1, visibility: false }));
    expect(await json<number>(await call('PATCH', `group/${priv.germplasm}/germplasm`, 'regular', { ids: [germplasm['CACTUAR-1'], germplasm['CACTUAR-3']], addition: true }))).toBe(2);
  }, 120_000);
  afterAll(async () => server?.close());

  const routes = () => [
    ['germplasm', priv.germplasm],
    ['marker', priv.markers],
    ['location', priv.locations],
  ] as const;

  it('shows a private group to its owner and administrators on every read route', async () => {
    for (const caller of ['regular', 'admin'] as const) {
      const table = await json<Page>(await call('POST', 'group/table', caller, {}));
      expect(table.data.map((r) => r.groupId)).toEqual(expect.arrayContaining([priv.germplasm, priv.markers, priv.locations]));
      expect((await json<Page>(await call('GET', `group/${priv.germplasm}`, caller))).count).toBe(1);
      expect((await json<Page>(await call('GET', 'group', caller))).data.map((r) => r.id)).toContain(priv.germplasm);
      for (const [kind, id] of routes()) {
        expect((await call('POST', `group/${id}/${kind}`, caller, {})).status).toBe(200);
        expect((await call('POST', `group/${id}/${kind}/ids`, caller, {})).status).toBe(200);
        expect((await call('POST', `group/${id}/${kind}/export`, caller, {})).status).toBe(200);
      }
      expect((await json<Page>(await call('POST', `group/${priv.germplasm}/germplasm`, caller, {}))).count).toBe(2);
      expect((await json<Page>(await call('POST', `germplasm/${germplasm['CACTUAR-1']}/group`, caller, {}))).data.map((r) => r.groupId)).toContain(priv.germplasm);
    }
  });

  it("hides another user's private group from other users and visitors on every route, and refuses its changes", async () => {
    for (const caller of ['curator', 'anonymous'] as const) {
      const table = await json<Page>(await call('POST', 'group/table', caller, {}));
      expect(table.data.map((r) => r.groupId)).not.toContain(priv.germplasm);
      expect((await json<Page>(await call('POST', 'group/table/ids', caller, {}))).data).not.toContain(priv.germplasm);
      expect(await json<Page>(await call('GET', `group/${priv.germplasm}`, caller))).toEqual({ data: [], count: 0 });
      expect((await json<Page>(await call('GET', 'group', caller))).data.map((r) => r.id)).not.toContain(priv.germplasm);
      expect((await json<Page>(await call('POST', `germplasm/${germplasm['CACTUAR-1']}/group`, caller, {}))).data.map((r) => r.groupId)).not.toContain(priv.germplasm);
      for (const [kind, id] of routes()) {
        expect((await call('POST', `group/${id}/${kind}`, caller, {})).status).toBe(404);
        expect((await call('POST', `group/${id}/${kind}/ids`, caller, {})).status).toBe(404);
        expect((await call('POST', `group/${id}/${kind}/export`, caller, {})).status).toBe(404);
        expect((await call('PATCH', `group/${id}/${kind}`, caller, { ids: [germplasm['CACTUAR-5']], addition: true })).status).toBe(403);
      }
    }
    // The dashboard's count: the public groups only (it is not told who asks).
    const publicGroups = Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM groups WHERE visibility = 1`.execute(db)).rows[0].n);
    expect((await json<Row>(await call('GET', 'stats/overview', 'anonymous'))).groups).toBe(publicGroups);
    // Changing or deleting the group itself: 404 for another user (its existence is not told), 401/403 for a visitor.
    expect((await call('PATCH', `group/${priv.germplasm}`, 'curator', { id: priv.germplasm, name: 'Taken', visibility: true })).status).toBe(404);
    expect((await call('DELETE', `group/${priv.germplasm}`, 'curator')).status).toBe(404);
    expect([401, 403]).toContain((await call('PATCH', `group/${priv.germplasm}`, 'anonymous', { id: priv.germplasm, visibility: true })).status);
    expect([401, 403]).toContain((await call('DELETE', `group/${priv.germplasm}`, 'anonymous')).status);
    expect(await members(priv.germplasm)).toEqual([germplasm['CACTUAR-1'], germplasm['CACTUAR-3']].sort((a, b) => a - b));
    const stored = (await sql<{ name: string; visibility: number }>`SELECT name, visibility FROM groups WHERE id = ${priv.germplasm}`.execute(db)).rows[0];
    expect([stored.name, Number(stored.visibility)]).toEqual(['Secret germplasm', 0]);
  });

  it('lets the owner remove members and make the group public, which everyone then sees', async () => {
    expect(await json<number>(await call('PATCH', `group/${priv.germplasm}/germplasm`, 'regular', { ids: [germplasm['CACTUAR-3'], germplasm['CACTUAR-9']], addition: false }))).toBe(1);
    expect(await members(priv.germplasm)).toEqual([germplasm['CACTUAR-1']]);
    expect(await json<boolean>(await call('PATCH', `group/${priv.germplasm}`, 'regular', { id: priv.germplasm, visibility: true, description: null }))).toBe(true);
    expect((await json<Page>(await call('POST', `group/${priv.germplasm}/germplasm`, 'anonymous', {}))).count).toBe(1);
    // Public is not shared ownership: another user still may not change its members.
    expect((await call('PATCH', `group/${priv.germplasm}/germplasm`, 'curator', { ids: [germplasm['CACTUAR-5']], addition: true })).status).toBe(403);
    // The administrator may.
    expect(await json<number>(await call('PATCH', `group/${priv.germplasm}/germplasm`, 'admin', { ids: [germplasm['CACTUAR-5']], addition: true }))).toBe(1);
  });

  it('matches an uploaded list by name, number and synonym with % as the wildcard, and reports misses and ambiguous names', async () => {
    const text = 'CACTUAR-1\r\ncactuar-4\nPrickly Two\n\nNOPE-1\nCACTUAR-1%\nNOPE-2\nCACTUAR-1\n';
    const file = await json<string>(await upload('regular', 'names.txt', text));
    expect(file).toMatch(/^[0-9a-f-]{36}\.txt$/);
    const report = await json<Row>(await call('GET', `group/upload/${file}`, 'anonymous'));
    const tens = Object.keys(germplasm).filter((name) => /^CACTUAR-1\d*$/.test(name));
    expect(report).toMatchObject({ target: 'germinatebase', names: 6, missing: ['NOPE-1', 'NOPE-2'], ambiguous: [{ name: 'CACTUAR-1%', count: tens.length }], encoding: 'utf-8' });
    expect(new Set(report.ids as number[])).toEqual(new Set([germplasm['CACTUAR-4'], germplasm['CACTUAR-2'], ...tens.map((n) => germplasm[n])]));
    // The page's name of the upload (no extension) answers the same.
    expect(await json<Row>(await call('GET', `group/upload/${file.replace(/\.txt$/, '')}`, 'regular'))).toEqual(report);
    // Germinate's file beside it: the ids, one per line.
    const ids = (await import('node:fs')).readFileSync(path.join(server.app.config.dataDir, 'temp', file), 'utf8');
    expect(ids.trim().split('\n').map(Number)).toEqual(report.ids);
  });

  it('reads a Latin-1 list, and refuses a visitor, a wrong type, a large file and an unknown upload', async () => {
    const latin1 = Buffer.from('CACTUAR-7\nGerste Münster\n', 'latin1');
    const report = await json<Row>(await call('GET', `group/upload/${await json<string>(await upload('regular', 'LIST.TXT', latin1))}`, 'regular'));
    expect(report).toMatchObject({ encoding: 'latin1', missing: ['Gerste Münster'], ids: [germplasm['CACTUAR-7']] });
    expect([401, 403]).toContain((await upload('anonymous', 'names.txt', 'CACTUAR-1')).status);
    expect((await upload('regular', 'names.csv', 'CACTUAR-1')).status).toBe(415);
    expect((await upload('regular', 'names.txt', 'x'.repeat(3 * 1024 * 1024))).status).toBe(413);
    expect((await upload('regular', 'names.txt', 'CACTUAR-1', 'traits')).status).toBe(400);
    expect((await call('GET', 'group/upload/00000000-0000-0000-0000-000000000000.txt', 'regular')).status).toBe(404);
    expect((await call('GET', 'group/upload/..%2Fgerminate.sqlite', 'regular')).status).toBe(404);
  });

  it('says which groups of a re-imported template exist; update mode updates them, the default adds new ones', async () => {
    const template = 'demo/groups/example-groups.xlsx';
    const count = async () => Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM groups WHERE created_by = ${userIds.curator}`.execute(db)).rows[0].n);
    // The template's sites: the locations a check of the file asks for, added as plain sites.
    const sites = (await importFile(template, 'groups', false, true)).issues.filter((i) => i.status === 'GENERIC_INVALID_LOCATION').map((i) => String(i.value));
    const place = (await sql<{ t: number; c: number }>`SELECT (SELECT MIN(id) FROM locationtypes) AS t, (SELECT MIN(id) FROM countries) AS c`.execute(db)).rows[0];
    for (const site of new Set(sites)) await sql`INSERT INTO locations (locationtype_id, country_id, site_name) VALUES (${place.t}, ${place.c}, ${site})`.execute(db);
    const first = await importFile(template, 'groups', false);
    expect(first.issues.filter((i) => i.type === 'ERROR')).toEqual([]);
    expect(first.issues.filter((i) => i.status.startsWith('GROUP_EXISTS'))).toEqual([]);
    const made = await count();
    expect(made).toBeGreaterThan(0);
    const firstMembers = Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM groupmembers gm JOIN groups g ON g.id = gm.group_id WHERE g.created_by = ${userIds.curator}`.execute(db)).rows[0].n);

    const checked = await importFile(template, 'groups', true, true);
    const updates = checked.issues.filter((i) => i.status === 'GROUP_EXISTS_UPDATE');
    expect(updates).toHaveLength(made);
    expect(updates.every((i) => i.type === 'WARNING')).toBe(true);
    expect(updates[0].message).toMatch(/already exists and will be updated/);

    const updated = await importFile(template, 'groups', true);
    expect(updated.issues.filter((i) => i.type === 'ERROR')).toEqual([]);
    expect(await count()).toBe(made);
    expect(updated.stats).toMatchObject({ groups: 0, updated: made });
    expect(Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM groupmembers gm JOIN groups g ON g.id = gm.group_id WHERE g.created_by = ${userIds.curator}`.execute(db)).rows[0].n)).toBe(firstMembers);

    const again = await importFile(template, 'groups', false);
    expect(again.issues.filter((i) => i.status === 'GROUP_EXISTS_NEW')).toHaveLength(made);
    expect(await count()).toBe(2 * made);
  });
});
