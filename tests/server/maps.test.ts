import { strFromU8, unzipSync } from 'fflate';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { f, tablePage, type Page } from '../support/seed.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { seedGenotypes, type GenotypesSeed } from '../support/genotypes-seed.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
type Who = 'anonymous' | 'regular' | 'curator' | 'admin';

/**
 * The map API on both databases: the map table, one map and its chromosomes, the map definition table
 * (+ids, export), the maps of datasets, and deleting a map (last: it changes the seed).
 */
describe.each(testDialects())('maps on %s', (dialect) => {
  let server: TestServer;
  let seed: GenotypesSeed;
  let db: Kysely<unknown>;
  const tokens: Record<Who, string | null> = { anonymous: null, regular: null, curator: null, admin: null };

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    seed = await seedGenotypes(server);
    db = server.db.database.db as unknown as Kysely<unknown>;
    for (const name of ['regular', 'curator', 'admin'] as const) tokens[name] = await server.login(name, passwordOf(name));
  });
  afterAll(async () => server?.close());

  const page = (path: string, who: Who, body: unknown = {}) => tablePage(server, path, body, tokens[who] ?? undefined);
  const ids = (answer: Page, key: string) => answer.data.map((row) => Number(row[key]));
  const json = async (method: string, path: string, who: Who, body?: unknown) => {
    const response = await server.api(method, path, { token: tokens[who], body });
    return { status: response.status, body: response.status === 200 ? ((await response.json()) as unknown) : null };
  };

  describe('map/table', () => {
    it.each<[Who, (s: GenotypesSeed) => number[]]>([
      ['anonymous', (s) => [s.maps.consensus, s.maps.empty]],
      ['regular', (s) => [s.maps.consensus, s.maps.regularPrivate, s.maps.empty]],
      ['curator', (s) => [s.maps.consensus, s.maps.empty, s.maps.curatorPrivate]],
      // As in Germinate, administrators see other users' private maps no more than anyone else.
      ['admin', (s) => [s.maps.consensus, s.maps.empty]],
    ])('lists public maps and the caller\'s own to %s', async (who, expected) => {
      const answer = await page('map/table', who, { orderBy: 'mapId', ascending: 1 });
      expect(ids(answer, 'mapId')).toEqual(expected(seed));
      expect(answer.count).toBe(expected(seed).length);
    });

    it('answers ViewTableMaps rows, counting a map without definitions as 1', async () => {
      const rows = (await page('map/table', 'regular', { orderBy: 'mapId', ascending: 1 })).data;
      expect(rows).toEqual([
        { mapId: seed.maps.consensus, mapName: 'Consensus 2024', mapDescription: 'Barley consensus map', visibility: true, markerCount: 8 },
        { mapId: seed.maps.regularPrivate, mapName: 'Regular private', userId: seed.users.regular, visibility: false, markerCount: 3 },
        { mapId: seed.maps.empty, mapName: 'Empty public', mapDescription: 'No definitions yet', userId: seed.users.curator, visibility: true, markerCount: 1 },
      ]);
      expect(Object.keys(rows[2])).toEqual(['mapId', 'mapName', 'mapDescription', 'userId', 'visibility', 'markerCount']);
    });

    it('filters, sorts, pages, and gives ids and the export of what the caller sees', async () => {
      expect(ids(await page('map/table', 'regular', { filter: [f('mapName', 'contains', ['PRIVATE'])] }), 'mapId')).toEqual([seed.maps.regularPrivate]);
      expect(ids(await page('map/table', 'curator', { filter: [f('visibility', 'equals', ['false'])] }), 'mapId')).toEqual([seed.maps.curatorPrivate]);
      expect(ids(await page('map/table', 'anonymous', { filter: [f('markerCount', 'greaterThan', ['2'])] }), 'mapId')).toEqual([seed.maps.consensus]);
      const second = await page('map/table', 'anonymous', { page: 1, limit: 1, orderBy: 'mapName', ascending: 1 });
      expect(second).toEqual({ data: [expect.objectContaining({ mapName: 'Empty public' })], count: 2 });
      expect((await json('POST', 'map/table/ids', 'regular', {})).body).toEqual({ data: [seed.maps.consensus, seed.maps.regularPrivate, seed.maps.empty], count: 3 });
      const exported = await server.api('POST', 'map/table/export', { body: { filter: [f('mapName', 'contains', ['e'])] } });
      const lines = strFromU8(Object.values(unzipSync(new Uint8Array(await exported.arrayBuffer())))[0]).split('\r\n');
      expect(lines).toEqual([
        'map_id\tmap_name\tmap_description\tuser_id\tvisibility\tmarker_count',
        `${seed.maps.consensus}\tConsensus 2024\tBarley consensus map\t\ttrue\t8`,
        `${seed.maps.empty}\tEmpty public\tNo definitions yet\t${seed.users.curator}\ttrue\t1`,
        '',
      ]);
    });
  });

  describe('one map', () => {
    it('answers a page of 0 or 1 Maps rows for maps the caller sees', async () => {
      const consensus = await json('GET', `map/${seed.maps.consensus}`, 'anonymous');
      expect(consensus.body).toEqual({
        data: [{ id: seed.maps.consensus, name: 'Consensus 2024', description: 'Barley consensus map', visibility: true, createdOn: expect.stringMatching(ISO), updatedOn: expect.stringMatching(ISO) }],
        count: 1,
      });
      const own = await json('GET', `map/${seed.maps.regularPrivate}`, 'regular');
      expect(own.body).toMatchObject({ data: [{ id: seed.maps.regularPrivate, name: 'Regular private', visibility: false, userId: seed.users.regular }], count: 1 });
      for (const who of ['anonymous', 'curator', 'admin'] as const) {
        expect((await json('GET', `map/${seed.maps.regularPrivate}`, who)).body).toEqual({ data: [], count: 0 });
      }
      expect((await json('GET', 'map/999999', 'admin')).body).toEqual({ data: [], count: 0 });
      expect((await json('GET', 'map/abc', 'admin')).status).toBe(404);
    });

    it('lists a visible map\'s chromosomes, sorted; [] for maps the caller does not see', async () => {
      expect((await json('GET', `map/${seed.maps.consensus}/chromosome`, 'anonymous')).body).toEqual(['1H', '2H', '3H']);
      expect((await json('GET', `map/${seed.maps.regularPrivate}/chromosome`, 'regular')).body).toEqual(['1H']);
      expect((await json('GET', `map/${seed.maps.regularPrivate}/chromosome`, 'anonymous')).body).toEqual([]);
      expect((await json('GET', `map/${seed.maps.curatorPrivate}/chromosome`, 'admin')).body).toEqual([]);
      expect((await json('GET', `map/${seed.maps.empty}/chromosome`, 'anonymous')).body).toEqual([]);
      expect((await json('GET', 'map/999999/chromosome', 'anonymous')).body).toEqual([]);
    });
  });

  describe('map/mapdefinition/table', () => {
    const definitions = (who: Who, body: unknown = {}) => page('map/mapdefinition/table', who, body);

    it('answers ViewTableMapdefinitions rows of the maps the caller sees', async () => {
      const consensus = await definitions('anonymous', { filter: [f('mapId', 'equals', [String(seed.maps.consensus)])] });
      expect(ids(consensus, 'markerId')).toEqual([1, 2, 3, 4, 5, 8, 6, 11]);
      expect(consensus.data[0]).toEqual({
        markerId: 1, markerName: 'SCRI_RS_1001', synonyms: ['rs1001', 'Alpha'], mapFeatureType: 'SNP', mapId: seed.maps.consensus,
        visibility: true, mapName: 'Consensus 2024', chromosome: '1H', position: 0,
      });
      expect(Object.keys(consensus.data[0])).toEqual(['markerId', 'markerName', 'synonyms', 'mapFeatureType', 'mapId', 'visibility', 'mapName', 'chromosome', 'position']);
      expect(consensus.data[2]).toMatchObject({ markerId: 3, mapFeatureType: 'QTL', position: 35.5 });
      const own = await definitions('regular', { filter: [f('mapId', 'equals', [String(seed.maps.regularPrivate)])] });
      expect(own.data[0]).toMatchObject({ markerId: 7, userId: seed.users.regular, visibility: false, mapName: 'Regular private' });
      expect((await definitions('anonymous')).count).toBe(8);
      expect((await definitions('regular')).count).toBe(11);
      expect((await definitions('curator')).count).toBe(9);
      expect((await definitions('admin')).count).toBe(8);
      expect((await definitions('anonymous', { filter: [f('mapId', 'equals', [String(seed.maps.regularPrivate)])] })).count).toBe(0);
    });

    it('filters by marker, name and position, and sorts and pages', async () => {
      const byMarker = (who: Who) => definitions(who, { filter: [f('markerId', 'equals', ['8'])], orderBy: 'mapId', ascending: 1 });
      expect(ids(await byMarker('regular'), 'mapId')).toEqual([seed.maps.consensus, seed.maps.regularPrivate]);
      expect(ids(await byMarker('anonymous'), 'mapId')).toEqual([seed.maps.consensus]);
      expect(ids(await definitions('anonymous', { filter: [f('markerName', 'contains', ['bopa'])] }), 'markerId')).toEqual([4, 5, 6]);
      expect(ids(await definitions('anonymous', { filter: [f('synonyms', 'contains', ['beta'])] }), 'markerId')).toEqual([3]);
      expect(ids(await definitions('anonymous', { filter: [f('position', 'between', ['1', '100'])] }), 'markerId')).toEqual([2, 3, 6, 11]);
      const top = await definitions('anonymous', { page: 0, limit: 2, orderBy: 'position', ascending: 0 });
      expect(top.data.map((r) => r.position)).toEqual([12345678, 1234567]);
      expect(top.count).toBe(8);
      const next = await definitions('anonymous', { page: 1, limit: 2, orderBy: 'position', ascending: 0, prevCount: 8 });
      expect(next.data.map((r) => r.position)).toEqual([35.5, 12]);
    });

    it('gives the distinct marker ids of the matching rows', async () => {
      const markerIds = async (who: Who, filter: unknown[] = []) => (await json('POST', 'map/mapdefinition/table/ids', who, { filter })).body;
      expect(await markerIds('regular', [f('mapId', 'equals', [String(seed.maps.regularPrivate)])])).toEqual({ data: [7, 8, 9], count: 3 });
      expect(await markerIds('regular')).toEqual({ data: [1, 2, 3, 4, 5, 6, 7, 8, 9, 11], count: 10 });
      expect(await markerIds('anonymous')).toEqual({ data: [1, 2, 3, 4, 5, 6, 8, 11], count: 8 });
      expect((await json('POST', 'map/mapdefinition/table/ids', 'anonymous', { filter: [f('nope', 'equals', ['1'])] })).status).toBe(400);
    });

    it('exports the rows of the visible maps', async () => {
      const exported = await server.api('POST', 'map/mapdefinition/table/export', {
        body: { filter: [f('mapId', 'equals', [String(seed.maps.consensus)]), f('chromosome', 'equals', ['3h'])] },
      });
      expect(exported.headers.get('content-disposition')).toMatch(/^attachment;filename= "map-definition-table--.+\.zip"$/);
      const lines = strFromU8(Object.values(unzipSync(new Uint8Array(await exported.arrayBuffer())))[0]).split('\r\n');
      expect(lines).toEqual([
        'marker_id\tmarker_name\tsynonyms\tmap_feature_type\tmap_id\tuser_id\tvisibility\tmap_name\tchromosome\tposition',
        `6\tbopa2_6\t\tQTL\t${seed.maps.consensus}\t\ttrue\tConsensus 2024\t3H\t7`,
        '',
      ]);
      const hidden = await server.api('POST', 'map/mapdefinition/table/export', { body: { filter: [f('mapId', 'equals', [String(seed.maps.regularPrivate)])] } });
      expect(strFromU8(Object.values(unzipSync(new Uint8Array(await hidden.arrayBuffer())))[0]).split('\r\n')).toHaveLength(2);
      expect((await server.api('POST', 'map/mapdefinition/table/export', { body: { filter: [f('nope', 'equals', ['1'])] } })).status).toBe(400);
    });
  });

  describe('dataset/map', () => {
    const maps = async (who: Who, datasetIds: unknown, headers: Record<string, string> = {}) => {
      const response = await server.api('POST', 'dataset/map', { token: tokens[who], body: { datasetIds }, headers });
      expect(response.status).toBe(200);
      return ((await response.json()) as { mapId: number; markerCount: number }[]).map((row) => [row.mapId, row.markerCount]);
    };

    it('answers the visible maps holding markers of the datasets, with how many of them', async () => {
      const response = await server.api('POST', 'dataset/map', { body: { datasetIds: [seed.datasets.open] } });
      expect(await response.json()).toEqual([{ mapId: seed.maps.consensus, mapName: 'Consensus 2024', mapDescription: 'Barley consensus map', visibility: true, markerCount: 5 }]);
      expect(await maps('regular', [seed.datasets.open])).toEqual([[seed.maps.consensus, 5], [seed.maps.regularPrivate, 1]]);
      expect(await maps('curator', [seed.datasets.open])).toEqual([[seed.maps.consensus, 5], [seed.maps.curatorPrivate, 1]]);
      expect(await maps('admin', [seed.datasets.open])).toEqual([[seed.maps.consensus, 5]]);
      // A marker in two of the datasets counts once.
      expect(await maps('curator', [seed.datasets.open, seed.datasets.private])).toEqual([[seed.maps.consensus, 6], [seed.maps.curatorPrivate, 1]]);
    });

    it('reads only datasets the caller sees and whose licence they accepted', async () => {
      expect(await maps('anonymous', [seed.datasets.licensed])).toEqual([]);
      expect(await maps('anonymous', [seed.datasets.licensed], { cookie: `accepted-licenses=${seed.licence}` })).toEqual([[seed.maps.consensus, 2]]);
      expect(await maps('anonymous', [seed.datasets.open, seed.datasets.licensed])).toEqual([[seed.maps.consensus, 5]]);
      expect(await maps('regular', [seed.datasets.licensed])).toEqual([]);
      expect((await server.api('GET', `license/${seed.licence}/accept`, { token: tokens.regular })).status).toBe(200);
      expect(await maps('regular', [seed.datasets.licensed])).toEqual([[seed.maps.consensus, 2]]);
      expect(await maps('regular', [seed.datasets.private])).toEqual([]);
      expect(await maps('curator', [seed.datasets.private])).toEqual([[seed.maps.consensus, 2], [seed.maps.curatorPrivate, 1]]);
      expect(await maps('admin', [seed.datasets.private])).toEqual([[seed.maps.consensus, 2]]);
      expect(await maps('admin', [999_999])).toEqual([]);
    });

    it('needs at least one dataset id', async () => {
      for (const body of [{}, { datasetIds: [] }, { datasetIds: null }, { datasetIds: ['x'] }, { datasetIds: [1.5] }]) {
        expect((await server.api('POST', 'dataset/map', { body })).status, JSON.stringify(body)).toBe(400);
      }
      expect((await server.api('POST', 'dataset/map', {})).status).toBe(400);
    });
  });

  describe('deleting a map', () => {
    const count = async (query: RawBuilder<{ n: number }>) => Number((await query.execute(db)).rows[0].n);
    const markerIds = async () => (await json('POST', 'marker/table/ids', 'anonymous', {})).body;

    it('is for the owner and administrators only: anyone else, and an unknown map, gets 404', async () => {
      for (const who of ['anonymous', 'curator'] as const) {
        const response = await server.api('DELETE', `map/${seed.maps.regularPrivate}`, { token: tokens[who] });
        expect(response.status, who).toBe(404);
      }
      expect((await server.api('DELETE', 'map/999999', { token: tokens.admin })).status).toBe(404);
      expect((await server.api('DELETE', 'map/abc', { token: tokens.admin })).status).toBe(404);
      expect(await count(sql<{ n: number }>`SELECT COUNT(*) AS n FROM maps`)).toBe(4);
    });

    it('removes the map, its definitions and the markers it leaves in no map and no dataset', async () => {
      expect(await count(sql<{ n: number }>`SELECT COUNT(*) AS n FROM synonyms WHERE synonymtype_id = 2 AND foreign_id = 7`)).toBe(1);
      const response = await server.api('DELETE', `map/${seed.maps.regularPrivate}`, { token: tokens.regular });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('');
      expect((await json('GET', `map/${seed.maps.regularPrivate}`, 'regular')).body).toEqual({ data: [], count: 0 });
      expect(await count(sql<{ n: number }>`SELECT COUNT(*) AS n FROM mapdefinitions WHERE map_id = ${seed.maps.regularPrivate}`)).toBe(0);
      // Orphan_7 was on this map alone and in no dataset; Shared_8 is on the consensus map, InData_9 in a dataset.
      expect(await markerIds()).toEqual({ data: [1, 2, 3, 4, 5, 6, 8, 9, 10, 11], count: 10 });
      expect(await count(sql<{ n: number }>`SELECT COUNT(*) AS n FROM synonyms WHERE synonymtype_id = 2 AND foreign_id = 7`)).toBe(0);
      expect(await count(sql<{ n: number }>`SELECT COUNT(*) AS n FROM groupmembers WHERE group_id = ${seed.groups.private} AND foreign_id = 7`)).toBe(0);
      expect(ids(await page(`group/${seed.groups.private}/marker`, 'regular', { orderBy: 'markerId', ascending: 1 }), 'markerId')).toEqual([1, 3]);
      expect(await count(sql<{ n: number }>`SELECT COUNT(*) AS n FROM audit_log WHERE action = 'map.delete' AND target = ${`map ${seed.maps.regularPrivate}`}`)).toBe(1);
    });

    it('lets administrators delete maps they do not see; markers still on a map stay', async () => {
      const response = await server.api('DELETE', `map/${seed.maps.curatorPrivate}`, { token: tokens.admin });
      expect(response.status).toBe(200);
      expect(await count(sql<{ n: number }>`SELECT COUNT(*) AS n FROM maps WHERE id = ${seed.maps.curatorPrivate}`)).toBe(0);
      expect(await markerIds()).toEqual({ data: [1, 2, 3, 4, 5, 6, 8, 9, 10, 11], count: 10 });
      expect((await json('GET', `map/${seed.maps.consensus}/chromosome`, 'anonymous')).body).toEqual(['1H', '2H', '3H']);
    });
  });
});
