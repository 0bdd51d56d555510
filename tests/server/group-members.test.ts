import { strFromU8, unzipSync } from 'fflate';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { seedMany } from '../support/seed.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { seedTrials, type TrialsSeed } from '../support/trials-seed.js';

type Caller = 'anonymous' | 'regular' | 'curator' | 'admin';
type Row = Record<string, unknown>;
interface Page { data: Row[]; count: number }

/**
 * Members of groups on the real server: a germplasm group's table with the germplasm keys, its ids and
 * export, for callers who see the group only; adding and removing members by the creator or an
 * administrator (counts of rows written, ids already present and ids of other kinds skipped, batches past
 * a thousand ids); trait groups; the 400/403/404 answers with nothing written.
 */
describe.each(testDialects())('group members on %s', (dialect) => {
  let server: TestServer;
  let db: Kysely<unknown>;
  let seed: TrialsSeed;
  const tokens: Record<Caller, string | null> = { anonymous: null, regular: null, curator: null, admin: null };
  let traitGroup = 0;

  const call = (method: string, path: string, caller: Caller, body?: unknown) => server.api(method, path, { token: tokens[caller], body });
  const json = async <T = Row>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const members = async (groupId: number) =>
    (await sql<{ id: number }>`SELECT foreign_id AS id FROM groupmembers WHERE group_id = ${groupId} ORDER BY foreign_id`.execute(db)).rows.map((r) => Number(r.id));
  const change = async (caller: Caller, groupId: number, body: unknown, kind = 'germplasm') => json<number>(await call('PATCH', `group/${groupId}/${kind}`, caller, body));

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    db = server.app.database.db as unknown as Kysely<unknown>;
    seed = await seedTrials(server);
    await seedMany(server, 2_500, 1_000);
    for (const caller of ['regular', 'curator', 'admin'] as const) tokens[caller] = await server.login(caller, passwordOf(caller));
    traitGroup = await json<number>(await call('PUT', 'group', 'regular', { name: 'Field traits', grouptypeId: 4, visibility: false }));
  });
  afterAll(async () => server?.close());

  describe('group/{id}/germplasm', () => {
    it("answers a germplasm group's members with the germplasm table's keys, groupId and grouptypeId", async () => {
      const page = await json<Page>(await call('POST', `group/${seed.groups.elite}/germplasm`, 'anonymous', { orderBy: 'germplasmId', ascending: 1 }));
      expect(page.count).toBe(2);
      expect(page.data[0]).toEqual({
        groupId: seed.groups.elite,
        germplasmName: 'Barke',
        germplasmDisplayName: 'Barke',
        germplasmId: 1,
        germplasmGid: 'ACC-001',
        germplasmNumber: 'B1',
        biologicalStatusName: 'Advanced or improved cultivar (conventional breeding methods)',
        genus: 'Hordeum',
        species: 'vulgare',
        location: 'Gatersleben',
        latitude: 51.82,
        longitude: 11.28,
        elevation: 112,
        countryName: 'Germany',
        countryCode: 'DE',
        collDate: '19960512',
        pdci: 5.5,
        grouptypeId: 3,
      });
      expect(Object.keys(page.data[0])[0]).toBe('groupId');
      expect(page.data[1]).toMatchObject({ germplasmId: 2, germplasmName: 'barke selection', groupId: seed.groups.elite });
      expect(page.data[1]).not.toHaveProperty('germplasmNumber');
    });

    it('filters, pages and answers the ids within the group', async () => {
      const path = `group/${seed.groups.elite}/germplasm`;
      const filtered = await json<Page>(await call('POST', path, 'anonymous', { filter: [{ column: 'germplasmName', comparator: 'contains', values: ['selection'] }] }));
      expect(filtered.data.map((r) => r.germplasmId)).toEqual([2]);
      const second = await json<Page>(await call('POST', path, 'anonymous', { page: 1, limit: 1 }));
      expect(second).toMatchObject({ count: 2, data: [{ germplasmId: 2 }] });
      expect(await json(await call('POST', `${path}/ids`, 'anonymous', {}))).toEqual({ data: [1, 2], count: 2 });
      expect((await call('POST', path, 'anonymous', { filter: [{ column: 'nope', comparator: 'equals', values: ['1'] }] })).status).toBe(400);
    });

    it('exports the group as a tab-separated file in a zip', async () => {
      const response = await call('POST', `group/${seed.groups.elite}/germplasm/export`, 'anonymous', {});
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(/^attachment;filename= "germplasm-group-table--/);
      const [text] = Object.values(unzipSync(new Uint8Array(await response.arrayBuffer()))).map((bytes) => strFromU8(bytes));
      const [header, first, second, end] = text.split('\r\n');
      expect(header.split('\t').slice(0, 4)).toEqual(['group_id', 'germplasm_id', 'germplasm_name', 'germplasm_display_name']);
      expect(first.split('\t').slice(0, 3)).toEqual([String(seed.groups.elite), '1', 'Barke']);
      expect(second.split('\t')[1]).toBe('2');
      expect(end).toBe('');
    });

    it('answers 404 for a group the caller does not see, an unknown group or a group of another kind', async () => {
      const mine = `group/${seed.groups.mine}/germplasm`;
      for (const suffix of ['', '/ids', '/export']) {
        expect((await call('POST', mine + suffix, 'anonymous', {})).status).toBe(404);
        expect((await call('POST', mine + suffix, 'curator', {})).status).toBe(404);
        expect((await call('POST', `group/987654/germplasm${suffix}`, 'admin', {})).status).toBe(404);
        expect((await call('POST', `group/${traitGroup}/germplasm${suffix}`, 'admin', {})).status).toBe(404);
        expect((await call('POST', `group/x/germplasm${suffix}`, 'admin', {})).status).toBe(404);
      }
      expect(await json<Page>(await call('POST', mine, 'regular', {}))).toMatchObject({ count: 1, data: [{ germplasmId: 3, groupId: seed.groups.mine }] });
      expect(await json<Page>(await call('POST', mine, 'admin', {}))).toMatchObject({ count: 1 });
    });
  });

  describe('PATCH group/{id}/germplasm', () => {
    it('adds germplasm, skipping ids already present, repeated or not germplasm, and answers the rows inserted', async () => {
      const mine = seed.groups.mine;
      expect(await change('regular', mine, { ids: [3, 4, 4, 5, 999_999], addition: true })).toBe(2);
      expect(await members(mine)).toEqual([3, 4, 5]);
      expect(await change('regular', mine, { ids: [4, 5], addition: true })).toBe(0);
      const audit = (await sql<Row>`SELECT action, details FROM audit_log WHERE target = ${`group ${mine}`} ORDER BY id`.execute(db)).rows;
      expect(audit.map((r) => r.action)).toEqual(['group.members.add']);
      expect(JSON.parse(String(audit[0].details))).toEqual({ kind: 'germplasm', requested: 4, changed: 2 });
    });

    it('removes members and answers the rows deleted', async () => {
      const mine = seed.groups.mine;
      expect(await change('regular', mine, { ids: [4, 5, 6, 999_999], addition: false })).toBe(2);
      expect(await members(mine)).toEqual([3]);
      expect(await json<Page>(await call('POST', 'group/table', 'regular', { filter: [{ column: 'groupId', comparator: 'equals', values: [mine] }] }))).toMatchObject({ data: [{ count: 1 }] });
    });

    it("lets an administrator change anyone's group; others get 403, anonymous callers too", async () => {
      const mine = seed.groups.mine;
      expect((await call('PATCH', `group/${mine}/germplasm`, 'curator', { ids: [7], addition: true })).status).toBe(403);
      expect((await call('PATCH', `group/${mine}/germplasm`, 'anonymous', { ids: [7], addition: true })).status).toBe(403);
      // The public group without a creator is nobody's to change but an administrator's.
      expect((await call('PATCH', `group/${seed.groups.elite}/germplasm`, 'regular', { ids: [7], addition: true })).status).toBe(403);
      expect(await members(mine)).toEqual([3]);
      expect(await change('admin', mine, { ids: [7], addition: true })).toBe(1);
      expect(await change('admin', mine, { ids: [7], addition: false })).toBe(1);
    });

    it.each([
      ['no body', undefined, 400],
      ['null ids', { ids: null, addition: true }, 400],
      ['no ids', { addition: true }, 400],
      ['no addition', { ids: [8] }, 400],
      ['ids that are not integers', { ids: ['8'], addition: true }, 400],
      ['an addition that is not a boolean', { ids: [8], addition: 'yes' }, 400],
    ])('refuses %s and writes nothing', async (_what, body, status) => {
      const response = await call('PATCH', `group/${seed.groups.mine}/germplasm`, 'regular', body);
      expect(response.status).toBe(status);
      expect(((await response.json()) as { message?: string }).message).toBeTruthy();
      expect(await members(seed.groups.mine)).toEqual([3]);
    });

    it('answers 404 for an unknown group and for a group of another kind', async () => {
      expect((await call('PATCH', 'group/987654/germplasm', 'admin', { ids: [1], addition: true })).status).toBe(404);
      expect((await call('PATCH', `group/${traitGroup}/germplasm`, 'regular', { ids: [1], addition: true })).status).toBe(404);
      expect(await members(traitGroup)).toEqual([]);
    });

    it('adds and removes thousands of germplasm in batches', async () => {
      const id = await json<number>(await call('PUT', 'group', 'curator', { name: 'Bulk', grouptypeId: 3, visibility: true }));
      const bulk = Array.from({ length: 2_500 }, (_, i) => 1_000 + i);
      // Germplasm 1 and 2 are in Elite too: each group's table answers its own rows only.
      expect(await change('curator', id, { ids: [...bulk, 1, 2, 4_000_000], addition: true })).toBe(2_502);
      expect((await json<Page>(await call('POST', `group/${id}/germplasm`, 'anonymous', { limit: 1 }))).count).toBe(2_502);
      expect((await json<{ count: number }>(await call('POST', `group/${id}/germplasm/ids`, 'anonymous', {}))).count).toBe(2_502);
      const elite = await json<Page>(await call('POST', `group/${seed.groups.elite}/germplasm`, 'anonymous', { orderBy: 'germplasmName', ascending: 1 }));
      expect(elite.data.map((r) => [r.groupId, r.germplasmId])).toEqual([[seed.groups.elite, 1], [seed.groups.elite, 2]]);
      expect(await change('curator', id, { ids: [1, 2, ...bulk.slice(0, 1_500)], addition: false })).toBe(1_502);
      expect((await members(id)).length).toBe(1_000);
      expect(await members(seed.groups.elite)).toEqual([1, 2]);
    });
  });

  describe('trait groups', () => {
    it('hold traits only and answer their rows to the callers who see the group', async () => {
      const { height, yield: yieldTrait } = seed.traits;
      expect(await change('regular', traitGroup, { ids: [height, yieldTrait, yieldTrait, 999_999], addition: true }, 'trait')).toBe(2);
      const page = await json<Page>(await call('POST', `group/${traitGroup}/trait`, 'regular', { orderBy: 'traitName', ascending: 1 }));
      expect(page.count).toBe(2);
      expect(page.data[0]).toEqual({
        groupId: traitGroup,
        traitId: height,
        traitName: 'Height',
        traitNameShort: 'HT',
        traitDescription: 'Height description',
        dataType: 'numeric',
        unitName: 'Centimetres',
        unitAbbreviation: 'cm',
        grouptypeId: 4,
      });
      expect(page.data[1]).toMatchObject({ traitName: 'Yield', unitAbbreviation: 't/ha' });
      expect(await json(await call('POST', `group/${traitGroup}/trait/ids`, 'admin', {}))).toEqual({ data: [height, yieldTrait].sort((a, b) => a - b), count: 2 });
      // A private group: nobody else sees it.
      expect((await call('POST', `group/${traitGroup}/trait`, 'anonymous', {})).status).toBe(404);
      expect((await call('POST', `group/${traitGroup}/trait/ids`, 'curator', {})).status).toBe(404);
      expect(await change('regular', traitGroup, { ids: [yieldTrait], addition: false }, 'trait')).toBe(1);
      expect(await members(traitGroup)).toEqual([height]);
    });

    it('are not germplasm groups and germplasm groups are not trait groups', async () => {
      expect((await call('POST', `group/${seed.groups.elite}/trait`, 'admin', {})).status).toBe(404);
      expect((await call('PATCH', `group/${seed.groups.mine}/trait`, 'regular', { ids: [seed.traits.height], addition: true })).status).toBe(404);
      expect(await members(seed.groups.mine)).toEqual([3]);
      expect((await call('PATCH', `group/${traitGroup}/trait`, 'curator', { ids: [seed.traits.note], addition: true })).status).toBe(403);
    });
  });
});
