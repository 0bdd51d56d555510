import { strFromU8, unzipSync } from 'fflate';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupsMigrations } from '../../src/plugins/groups/migrations.js';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { seedTrials, type TrialsSeed } from '../support/trials-seed.js';

type Caller = 'anonymous' | 'regular' | 'curator' | 'admin';
type Row = Record<string, unknown>;
interface Page { data: Row[]; count: number }

/**
 * Groups on the real server: which groups each caller sees (public ones, their own, every group for
 * administrators) in group/table, GET group, GET group/{id} and germplasm/{id}/group; group types with the
 * trait groups' type; creating, changing and deleting with their 400/403/404 answers, nothing written on
 * any refusal, and the audit rows.
 */
describe.each(testDialects())('groups on %s', (dialect) => {
  let server: TestServer;
  let db: Kysely<unknown>;
  let seed: TrialsSeed;
  const tokens: Record<Caller, string | null> = { anonymous: null, regular: null, curator: null, admin: null };
  const userIds: Record<string, number> = {};
  /** Groups made through the API in beforeAll: the regular user's public and private, the curator's private, a trait group. */
  const made = { regularPublic: 0, regularPrivate: 0, curatorPrivate: 0, traits: 0 };

  const call = (method: string, path: string, caller: Caller, body?: unknown) => server.api(method, path, { token: tokens[caller], body });
  const json = async <T = Row>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const put = async (caller: Caller, body: unknown) => json<number>(await call('PUT', 'group', caller, body));
  const table = async (caller: Caller, body: unknown = {}) => json<Page>(await call('POST', 'group/table', caller, body));
  const names = (page: Page) => page.data.map((r) => r.groupName).sort();
  const count = async (table: string) => Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0].n);

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    db = server.app.database.db as unknown as Kysely<unknown>;
    seed = await seedTrials(server);
    for (const caller of ['regular', 'curator', 'admin'] as const) tokens[caller] = await server.login(caller, passwordOf(caller));
    for (const row of (await sql<{ id: number; username: string }>`SELECT id, username FROM users`.execute(db)).rows) userIds[row.username] = Number(row.id);
    await sql`UPDATE users SET full_name = 'Rita Regular' WHERE username = 'regular'`.execute(db);
    made.regularPublic = await put('regular', { name: 'Regular public', grouptypeId: 3, description: 'Shared', visibility: true });
    made.regularPrivate = await put('regular', { name: 'Regular private', grouptypeId: 3, visibility: false, createdBy: userIds.regular });
    made.curatorPrivate = await put('curator', { name: 'Curator private', grouptypeId: 3 });
    made.traits = await put('regular', { name: 'Yield traits', grouptypeId: 4, visibility: true });
    await sql`INSERT INTO groupmembers (group_id, foreign_id) VALUES (${made.regularPrivate}, 1), (${made.curatorPrivate}, 1), (${made.traits}, ${seed.traits.yield})`.execute(db);
  });
  afterAll(async () => server?.close());

  describe('grouptype', () => {
    it('lists the three Germinate types and the trait groups\' type', async () => {
      const page = await json<Page>(await call('GET', 'grouptype', 'anonymous'));
      expect(page.count).toBe(4);
      expect(page.data.map((r) => [r.id, r.description, r.targetTable])).toEqual([
        [1, 'Collectingsites', 'locations'],
        [2, 'Markers', 'markers'],
        [3, 'Accessions', 'germinatebase'],
        [4, 'Traits', 'phenotypes'],
      ]);
      expect(String(page.data[3].createdOn)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    });

    it('pages in SQL and keeps a prevCount it was sent', async () => {
      const page = await json<Page>(await call('GET', 'grouptype?page=1&limit=3&prevCount=9', 'anonymous'));
      expect(page).toMatchObject({ count: 9, data: [{ id: 4 }] });
    });

    it.each(['page=x', 'limit=-1', 'prevCount=-2', 'page=1.5', 'page=99999999999'])('answers ?%s with 400', async (query) => {
      const response = await call('GET', `grouptype?${query}`, 'anonymous');
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ reasonPhrase: 'BAD_REQUEST_INVALID_PAYLOAD' });
    });
  });

  describe('group/table', () => {
    it('answers each caller the public groups, their own and, for administrators, every group', async () => {
      const pub = ['Elite', 'Regular public', 'Yield traits'];
      expect(names(await table('anonymous'))).toEqual(pub);
      expect(names(await table('regular'))).toEqual([...pub, 'Mine', 'Regular private'].sort());
      expect(names(await table('curator'))).toEqual([...pub, 'Curator private'].sort());
      expect(names(await table('admin'))).toEqual([...pub, 'Mine', 'Regular private', 'Curator private'].sort());
      expect((await table('admin')).count).toBe(6);
    });

    it('answers ViewTableGroups rows: type, creator, visibility as a boolean and the member count', async () => {
      const page = await table('regular', { filter: [{ column: 'groupId', comparator: 'equals', values: [made.regularPrivate] }] });
      expect(page.count).toBe(1);
      const row = page.data[0];
      expect(row).toMatchObject({
        groupId: made.regularPrivate,
        groupName: 'Regular private',
        groupTypeId: 3,
        groupType: 'germinatebase',
        userId: userIds.regular,
        userName: 'Rita Regular',
        groupVisibility: false,
        count: 1,
      });
      expect(row).not.toHaveProperty('groupDescription');
      expect(String(row.createdOn)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const elite = (await table('anonymous', { filter: [{ column: 'groupName', comparator: 'equals', values: ['Elite'] }] })).data[0];
      // No creator: no user id, and Germinate's empty name.
      expect(elite).toMatchObject({ groupId: seed.groups.elite, groupDescription: 'Elite group', groupVisibility: true, userName: '', count: 2 });
      expect(elite).not.toHaveProperty('userId');
    });

    it('filters and sorts on its keys, the visibility rule still applying', async () => {
      const traits = await table('anonymous', { filter: [{ column: 'groupType', comparator: 'equals', values: ['phenotypes'] }] });
      expect(traits.data.map((r) => r.groupId)).toEqual([made.traits]);
      // An OR in the filters must not let private groups through.
      const either = await table('anonymous', {
        filter: [
          { column: 'groupVisibility', comparator: 'equals', values: [false], operator: 'or' },
          { column: 'groupName', comparator: 'contains', values: ['private'] },
        ],
      });
      expect(either.count).toBe(0);
      const byCount = await table('admin', { orderBy: 'count', ascending: 0, limit: 1 });
      expect(byCount.data[0]).toMatchObject({ groupName: 'Elite', count: 2 });
    });

    it('answers the ids and exports the rows the caller sees', async () => {
      const ids = await json<{ data: number[]; count: number }>(await call('POST', 'group/table/ids', 'curator', {}));
      expect(ids.data).toEqual([seed.groups.elite, made.regularPublic, made.curatorPrivate, made.traits].sort((a, b) => a - b));
      const response = await call('POST', 'group/table/export', 'anonymous', {});
      expect(response.status).toBe(200);
      const [text] = Object.values(unzipSync(new Uint8Array(await response.arrayBuffer()))).map((bytes) => strFromU8(bytes));
      const [header, ...lines] = text.split('\r\n').filter((line) => line !== '');
      expect(header.split('\t').slice(0, 5)).toEqual(['group_id', 'group_name', 'group_description', 'group_type_id', 'group_type']);
      expect(lines.map((line) => line.split('\t')[1]).sort()).toEqual(['Elite', 'Regular public', 'Yield traits']);
    });
  });

  describe('GET group and group/{id}', () => {
    it('lists the visible groups as Groups POJOs, paged', async () => {
      const page = await json<Page>(await call('GET', 'group', 'anonymous'));
      expect(page.count).toBe(3);
      expect(page.data.find((r) => r.id === made.regularPublic)).toMatchObject({
        id: made.regularPublic, grouptypeId: 3, name: 'Regular public', description: 'Shared', visibility: true, createdBy: userIds.regular,
      });
      const second = await json<Page>(await call('GET', 'group?page=1&limit=2', 'admin'));
      expect(second.count).toBe(6);
      expect(second.data).toHaveLength(2);
    });

    it('answers a page of one group the caller sees, or of none', async () => {
      const path = `group/${made.regularPrivate}`;
      expect(await json<Page>(await call('GET', path, 'regular'))).toMatchObject({ count: 1, data: [{ id: made.regularPrivate, visibility: false }] });
      expect(await json<Page>(await call('GET', path, 'admin'))).toMatchObject({ count: 1 });
      expect(await json<Page>(await call('GET', path, 'anonymous'))).toEqual({ data: [], count: 0 });
      expect(await json<Page>(await call('GET', path, 'curator'))).toEqual({ data: [], count: 0 });
      expect((await call('GET', 'group/abc', 'anonymous')).status).toBe(404);
    });
  });

  describe('germplasm/{id}/group', () => {
    it('answers the visible germplasm groups holding the germplasm', async () => {
      const groupsOf = async (caller: Caller, id: number) => names(await json<Page>(await call('POST', `germplasm/${id}/group`, caller, {})));
      expect(await groupsOf('anonymous', 1)).toEqual(['Elite']);
      expect(await groupsOf('regular', 1)).toEqual(['Elite', 'Regular private']);
      expect(await groupsOf('admin', 1)).toEqual(['Curator private', 'Elite', 'Regular private']);
      expect(await groupsOf('regular', 3)).toEqual(['Mine']);
      expect(await groupsOf('anonymous', 3)).toEqual([]);
      // The trait group holds trait id seed.traits.yield: a germplasm with that id is not in it.
      expect(await groupsOf('admin', seed.traits.yield)).not.toContain('Yield traits');
      expect((await call('POST', 'germplasm/x/group', 'anonymous', {})).status).toBe(404);
    });
  });

  describe('PUT group', () => {
    it('creates a group of the caller, private unless said otherwise, with an audit row', async () => {
      const id = await put('curator', { name: '  Spaced  ', grouptypeId: 1, description: 'Sites' });
      const stored = (await sql<Row>`SELECT name, description, visibility, created_by, grouptype_id FROM groups WHERE id = ${id}`.execute(db)).rows[0];
      expect(stored).toMatchObject({ name: 'Spaced', description: 'Sites', visibility: 0, created_by: userIds.curator, grouptype_id: 1 });
      const audit = (await sql<Row>`SELECT action, username FROM audit_log WHERE target = ${`group ${id}`}`.execute(db)).rows;
      expect(audit).toEqual([{ action: 'group.create', username: 'curator' }]);
      await sql`DELETE FROM groups WHERE id = ${id}`.execute(db);
    });

    it.each([
      ['an id', { id: 5, name: 'X', grouptypeId: 3 }, 400],
      ['no name', { grouptypeId: 3 }, 400],
      ['a blank name', { name: '   ', grouptypeId: 3 }, 400],
      ['no type', { name: 'X' }, 400],
      ['an unknown type', { name: 'X', grouptypeId: 99 }, 400],
      ['a visibility that is not a boolean', { name: 'X', grouptypeId: 3, visibility: 1 }, 400],
      ['a name over 255 characters', { name: 'x'.repeat(256), grouptypeId: 3 }, 400],
      ['another creator', { name: 'X', grouptypeId: 3, createdBy: 999 }, 403],
      ['no body', undefined, 400],
      ['an array', [], 400],
    ])('refuses a group with %s and writes nothing', async (_what, body, status) => {
      const before = [await count('groups'), await count('audit_log')];
      const response = await call('PUT', 'group', 'regular', body);
      expect(response.status).toBe(status);
      expect(((await response.json()) as { message?: string }).message).toBeTruthy();
      expect([await count('groups'), await count('audit_log')]).toEqual(before);
    });

    it('is for logged-in users only', async () => {
      expect((await call('PUT', 'group', 'anonymous', { name: 'X', grouptypeId: 3 })).status).toBe(401);
    });
  });

  describe('PATCH group/{id}', () => {
    const patch = (caller: Caller, id: number, body?: unknown) => call('PATCH', `group/${id}`, caller, body);

    it("answers Germinate's messages for a missing or different id", async () => {
      for (const [body, message] of [
        [undefined, 'Missing id or payload'],
        [{ name: 'X' }, 'Missing id or payload'],
        [{ id: made.regularPublic + 1000, name: 'X' }, 'Id mismatch'],
      ] as const) {
        const response = await patch('regular', made.regularPublic, body);
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ message });
      }
    });

    it("answers 404 for another user's group, an unknown group and a path that is no id", async () => {
      const before = (await sql<Row>`SELECT name, updated_on FROM groups WHERE id = ${made.regularPublic}`.execute(db)).rows[0];
      expect((await patch('curator', made.regularPublic, { id: made.regularPublic, name: 'Taken' })).status).toBe(404);
      expect((await patch('regular', seed.groups.elite, { id: seed.groups.elite, name: 'Taken' })).status).toBe(404);
      expect((await patch('regular', 987654, { id: 987654, name: 'Taken' })).status).toBe(404);
      expect((await call('PATCH', 'group/abc', 'regular', { id: 1 })).status).toBe(404);
      expect((await patch('anonymous', made.regularPublic, { id: made.regularPublic })).status).toBe(401);
      expect((await sql<Row>`SELECT name, updated_on FROM groups WHERE id = ${made.regularPublic}`.execute(db)).rows[0]).toEqual(before);
    });

    it('updates the name when given, the visibility when given and the description always', async () => {
      // SQLite may give a deleted group's id again: only this test's audit rows count.
      const since = Number((await sql<{ n: number | null }>`SELECT MAX(id) AS n FROM audit_log`.execute(db)).rows[0].n ?? 0);
      const id = await put('regular', { name: 'Editable', grouptypeId: 3, description: 'First', visibility: false });
      expect(await json<boolean>(await patch('regular', id, { id, name: 'Renamed', visibility: true, description: 'Second' }))).toBe(true);
      expect(await json<boolean>(await patch('regular', id, { id, name: '' }))).toBe(true);
      const row = (await json<Page>(await call('GET', `group/${id}`, 'anonymous'))).data[0];
      // Still public and renamed; the description was cleared by the second call.
      expect(row).toMatchObject({ id, name: 'Renamed', visibility: true });
      expect(row).not.toHaveProperty('description');
      const actions = (await sql<Row>`SELECT action FROM audit_log WHERE target = ${`group ${id}`} AND id > ${since} ORDER BY id`.execute(db)).rows.map((r) => r.action);
      expect(actions).toEqual(['group.create', 'group.update', 'group.update']);
    });

    it("lets an administrator change anyone's group", async () => {
      const id = made.curatorPrivate;
      expect(await json<boolean>(await patch('admin', id, { id, description: 'Checked by admin' }))).toBe(true);
      expect((await json<Page>(await call('GET', `group/${id}`, 'curator'))).data[0]).toMatchObject({ name: 'Curator private', description: 'Checked by admin', visibility: false });
    });
  });

  describe('DELETE group/{id}', () => {
    it('deletes an own group with its members; others answer 404', async () => {
      const id = await put('regular', { name: 'Short lived', grouptypeId: 3 });
      await sql`INSERT INTO groupmembers (group_id, foreign_id) VALUES (${id}, 5), (${id}, 6)`.execute(db);
      expect((await call('DELETE', `group/${id}`, 'curator')).status).toBe(404);
      expect((await call('DELETE', `group/${id}`, 'anonymous')).status).toBe(401);
      expect(await json<boolean>(await call('DELETE', `group/${id}`, 'regular'))).toBe(true);
      expect(Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM groupmembers WHERE group_id = ${id}`.execute(db)).rows[0].n)).toBe(0);
      expect((await call('DELETE', `group/${id}`, 'regular')).status).toBe(404);
      const audit = (await sql<Row>`SELECT details FROM audit_log WHERE action = 'group.delete' AND target = ${`group ${id}`}`.execute(db)).rows;
      expect(JSON.parse(String(audit[0].details))).toEqual({ name: 'Short lived', members: 2 });
    });

    it("lets an administrator delete anyone's group", async () => {
      const id = await put('curator', { name: 'Admin removes this', grouptypeId: 3 });
      expect(await json<boolean>(await call('DELETE', `group/${id}`, 'admin'))).toBe(true);
      expect(await json<Page>(await call('GET', `group/${id}`, 'admin'))).toEqual({ data: [], count: 0 });
    });
  });

  describe('schema', () => {
    it('keeps one trait group type and a member once per group', async () => {
      expect(Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM grouptypes WHERE target_table = 'phenotypes'`.execute(db)).rows[0].n)).toBe(1);
      await expect(sql`INSERT INTO groupmembers (group_id, foreign_id) VALUES (${seed.groups.elite}, 1)`.execute(db)).rejects.toThrow();
      // The identity sequence continues after the seeded ids.
      const id = await put('regular', { name: 'After seeds', grouptypeId: 3 });
      expect(id).toBeGreaterThan(made.traits);
    });

    it('on a database that has duplicate members and the trait type already, keeps the first row of each member', async () => {
      const migration = groupsMigrations.find((m) => m.name.startsWith('3001-groups-'));
      if (!migration) throw new Error('no 1100 groups migration');
      // As before the migration: the plain index, no unique one, a member stored twice.
      await sql`DROP INDEX groupmembers_group_member`.execute(db);
      await sql`DROP INDEX groups_created_by`.execute(db);
      await sql`CREATE INDEX groupmembers_group ON groupmembers (group_id, foreign_id)`.execute(db);
      const first = Number((await sql<{ id: number }>`SELECT id FROM groupmembers WHERE group_id = ${seed.groups.elite} AND foreign_id = 2`.execute(db)).rows[0].id);
      await sql`INSERT INTO groupmembers (group_id, foreign_id) VALUES (${seed.groups.elite}, 2), (${seed.groups.elite}, 2)`.execute(db);
      const types = await count('grouptypes');
      await migration.up(db, server.db.database.dialect);
      const rows = (await sql<{ id: number }>`SELECT id FROM groupmembers WHERE group_id = ${seed.groups.elite} AND foreign_id = 2`.execute(db)).rows;
      expect(rows.map((r) => Number(r.id))).toEqual([first]);
      expect(await count('grouptypes')).toBe(types);
      await expect(sql`INSERT INTO groupmembers (group_id, foreign_id) VALUES (${seed.groups.elite}, 2)`.execute(db)).rejects.toThrow();
      expect((await json<Page>(await call('POST', 'group/table', 'anonymous', { filter: [{ column: 'groupName', comparator: 'equals', values: ['Elite'] }] }))).data[0].count).toBe(2);
    });
  });
});
