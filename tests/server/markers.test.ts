import { strFromU8, unzipSync } from 'fflate';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comparator, Filter, PaginatedRequest } from '../../src/core/table-request.js';
import { migrate } from '../../src/server/db/migration.js';
import { TableQuery } from '../../src/server/table/engine.js';
import { markersSearchMigrations } from '../../src/plugins/genotypes/markers/migrations.js';
import { markerView } from '../../src/plugins/genotypes/markers/view.js';
import { mapsPagingMigrations } from '../../src/plugins/genotypes/maps/migrations.js';
import { mapDefinitionView } from '../../src/plugins/genotypes/maps/view.js';
import { mapVisibleSql } from '../../src/plugins/genotypes/maps/visibility.js';
import { freshDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { f, tablePage, type Page } from '../support/seed.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { GROUP_MEMBERS, MARKERS, seedGenotypes, type GenotypesSeed } from '../support/genotypes-seed.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MARKER_KEYS = ['markerId', 'markerName', 'markerType', 'markerSynonyms', 'createdOn', 'updatedOn'];

/**
 * The marker API on both databases: `marker/table` (+ids, export), a marker's datasets and groups, the members
 * of marker groups and their changes; and that the marker searches are answered through indexes.
 */
describe.each(testDialects())('markers on %s', (dialect) => {
  let server: TestServer;
  let seed: GenotypesSeed;
  const tokens: Record<'regular' | 'curator' | 'admin', string> = { regular: '', curator: '', admin: '' };

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    seed = await seedGenotypes(server);
    for (const name of ['regular', 'curator', 'admin'] as const) tokens[name] = await server.login(name, passwordOf(name));
  });
  afterAll(async () => server?.close());

  const ids = (page: Page, key = 'markerId') => page.data.map((row) => Number(row[key]));
  const markerIds = async (filter: unknown[]) => ids(await tablePage(server, 'marker/table', { filter, orderBy: 'markerId', ascending: 1 }));

  it('answers ViewTableMarkers rows: keys in order, synonyms as a list, timestamps in Germinate form, nulls left out', async () => {
    const page = await tablePage(server, 'marker/table', { page: 0, limit: 100, orderBy: 'markerId', ascending: 1 });
    expect(page.count).toBe(MARKERS.length);
    expect(ids(page)).toEqual(MARKERS.map(([id]) => id));
    const [first, second] = page.data;
    expect(Object.keys(first)).toEqual(MARKER_KEYS);
    expect(first).toMatchObject({ markerId: 1, markerName: 'SCRI_RS_1001', markerType: 'SNP', markerSynonyms: ['rs1001', 'Alpha'] });
    expect(first.createdOn).toMatch(ISO);
    expect(first.updatedOn).toMatch(ISO);
    expect(Object.keys(second)).toEqual(MARKER_KEYS.filter((k) => k !== 'markerSynonyms'));
    expect(page.data.find((row) => row.markerId === 5)?.markerType).toBe('DArT');
  });

  it('filters on name, synonyms and type like Germinate (case-insensitive, % wildcard, _ literal, left-to-right OR)', async () => {
    expect(await markerIds([f('markerName', 'contains', ['rs_1'])])).toEqual([1, 2]);
    expect(await markerIds([f('markerName', 'contains', ['rs_2'])])).toEqual([3]);
    expect(await markerIds([f('markerName', 'contains', ['scri%2'])])).toEqual([2, 3]);
    expect(await markerIds([f('markerName', 'contains', ['äMARKER'])])).toEqual([11]);
    expect(await markerIds([f('markerName', 'equals', ['bopa1_4'])])).toEqual([4]);
    expect(await markerIds([f('markerSynonyms', 'contains', ['ALPH'])])).toEqual([1]);
    expect(await markerIds([f('markerSynonyms', 'arrayContains', ['Beta_x'])])).toEqual([3]);
    expect(await markerIds([f('markerType', 'equals', ['dart'])])).toEqual([5, 6, 11]);
    expect(await markerIds([f('markerName', 'contains', ['bopa'], 'or'), f('markerSynonyms', 'contains', ['beta'])])).toEqual([3, 4, 5, 6]);
    expect(await markerIds([f('markerId', 'inSet', ['7,9,999'])])).toEqual([7, 9]);
    const unknown = await server.api('POST', 'marker/table', { body: { filter: [f('markerSecret', 'equals', ['x'])] } });
    expect(unknown.status).toBe(400);
  });

  it('pages and sorts by name (ASCII letters folded, others after z), echoing prevCount', async () => {
    const page = await tablePage(server, 'marker/table', { page: 1, limit: 3, orderBy: 'markerName', ascending: 1 });
    expect(page.data.map((r) => r.markerName)).toEqual(['InData_9', 'NoMap_10', 'Orphan_7']);
    expect(page.count).toBe(MARKERS.length);
    const last = await tablePage(server, 'marker/table', { page: 0, limit: 1, prevCount: 42, orderBy: 'markerName', ascending: 0 });
    expect(last).toEqual({ data: [expect.objectContaining({ markerName: 'Ämarker_11' })], count: 42 });
  });

  it('gives the ids and the export of a filtered table', async () => {
    const response = await server.api('POST', 'marker/table/ids', { body: { filter: [f('markerType', 'equals', ['DArT'])] } });
    expect(await response.json()).toEqual({ data: [5, 6, 11], count: 3 });
    const exported = await server.api('POST', 'marker/table/export', { body: { filter: [f('markerName', 'contains', ['scri_rs_100'])] } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment;filename= "marker-table--\d{4}(-\d{2}){5}-[0-9a-f-]{36}\.zip"$/);
    const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
    const lines = strFromU8(Object.values(files)[0]).split('\r\n');
    expect(lines[0]).toBe('marker_id\tmarker_name\tmarker_type\tmarker_synonyms\tcreated_on\tupdated_on');
    expect(lines.slice(1, 3).map((line) => line.split('\t').slice(0, 4))).toEqual([
      ['1', 'SCRI_RS_1001', 'SNP', '["rs1001","Alpha"]'],
      ['2', 'SCRI_RS_1002', 'SNP', ''],
    ]);
    expect(lines.slice(3)).toEqual(['']);
  });

  describe('a marker\'s datasets', () => {
    const datasetIds = async (markerId: number | string, token: string | null, body: unknown = { orderBy: 'datasetId', ascending: 1 }, headers: Record<string, string> = {}) => {
      const response = await server.api('POST', `marker/${markerId}/dataset`, { token, body, headers });
      expect(response.status).toBe(200);
      const page = (await response.json()) as Page;
      return { ids: ids(page, 'datasetId'), count: page.count, rows: page.data };
    };

    it('lists the datasets holding the marker that the caller sees, licences reported, not applied', async () => {
      expect(await datasetIds(1, null)).toMatchObject({ ids: [seed.datasets.open], count: 1 });
      expect(await datasetIds(1, tokens.regular)).toMatchObject({ ids: [seed.datasets.open], count: 1 });
      expect(await datasetIds(1, tokens.curator)).toMatchObject({ ids: [seed.datasets.open, seed.datasets.private], count: 2 });
      expect(await datasetIds(1, tokens.admin)).toMatchObject({ ids: [seed.datasets.open, seed.datasets.private], count: 2 });
      const licensed = await datasetIds(5, null);
      expect(licensed.ids).toEqual([seed.datasets.licensed]);
      expect(licensed.rows[0]).toMatchObject({ datasetName: 'Licensed genotypes', datasetType: 'genotype', licenseId: seed.licence, acceptedBy: [] });
      const cookie = await datasetIds(5, null, {}, { cookie: `accepted-licenses=${seed.licence}` });
      expect(cookie.rows[0].acceptedBy).toEqual([-1000]);
      expect((await datasetIds(10, null)).ids).toEqual([seed.datasets.open]);
      expect(await datasetIds(7, tokens.admin)).toMatchObject({ ids: [], count: 0 });
      expect(await datasetIds(999_999, tokens.admin)).toMatchObject({ ids: [], count: 0 });
    });

    it('filters, ORs within the caller\'s filters only, and ignores justUnacceptedLicenses as Germinate does', async () => {
      const filter = [f('datasetName', 'contains', ['private'], 'or'), f('datasetName', 'contains', ['licensed'])];
      expect((await datasetIds(1, tokens.admin, { filter })).ids).toEqual([seed.datasets.private]);
      expect((await datasetIds(5, null, { justUnacceptedLicenses: true })).ids).toEqual([seed.datasets.licensed]);
      expect((await datasetIds(1, null, { justUnacceptedLicenses: true })).ids).toEqual([seed.datasets.open]);
      expect((await server.api('POST', 'marker/abc/dataset', { body: {} })).status).toBe(404);
      expect((await server.api('POST', 'marker/1/dataset', { body: { page: -1 } })).status).toBe(400);
    });
  });

  it('lists the marker groups holding a marker that the caller sees (never germplasm groups)', async () => {
    const groupIds = async (markerId: number, token: string | null) => ids(await tablePage(server, `marker/${markerId}/group`, { orderBy: 'groupId', ascending: 1 }, token ?? undefined), 'groupId');
    expect(await groupIds(1, null)).toEqual([seed.groups.public]);
    expect(await groupIds(1, tokens.regular)).toEqual([seed.groups.public, seed.groups.private]);
    expect(await groupIds(1, tokens.curator)).toEqual([seed.groups.public]);
    expect(await groupIds(1, tokens.admin)).toEqual([seed.groups.public, seed.groups.private]);
    expect(await groupIds(3, null)).toEqual([]);
    expect(await groupIds(3, tokens.regular)).toEqual([seed.groups.private]);
    const row = (await tablePage(server, 'marker/1/group', {})).data[0];
    expect(row).toMatchObject({ groupId: seed.groups.public, groupName: 'Public markers', groupTypeId: 2, groupType: 'markers', groupVisibility: true, count: 3 });
  });

  describe('members of marker groups', () => {
    const members = async (groupId: number, token: string | null, body: unknown = { orderBy: 'markerId', ascending: 1 }) => {
      const response = await server.api('POST', `group/${groupId}/marker`, { token, body });
      return { status: response.status, page: response.status === 200 ? ((await response.json()) as Page) : null };
    };

    it('answers the group\'s markers with groupId first and grouptypeId last, for callers who see the group', async () => {
      const { page } = await members(seed.groups.public, null);
      expect(page && ids(page)).toEqual(GROUP_MEMBERS.public);
      expect(Object.keys(page?.data[0] ?? {})).toEqual(['groupId', ...MARKER_KEYS, 'grouptypeId']);
      expect(page?.data[0]).toMatchObject({ groupId: seed.groups.public, markerName: 'SCRI_RS_1001', grouptypeId: 2 });
      const filtered = await members(seed.groups.public, null, { filter: [f('markerName', 'contains', ['bopa'])] });
      expect(filtered.page && ids(filtered.page)).toEqual([5]);
      expect((await members(seed.groups.private, tokens.curator)).status).toBe(404);
      expect((await members(seed.groups.private, null)).status).toBe(404);
      expect((await members(seed.groups.germplasm, null)).status).toBe(404);
      expect((await members(999_999, tokens.admin)).status).toBe(404);
      const own = await members(seed.groups.private, tokens.regular);
      expect(own.page && ids(own.page)).toEqual(GROUP_MEMBERS.private);
      const idsAnswer = await server.api('POST', `group/${seed.groups.private}/marker/ids`, { token: tokens.admin, body: {} });
      expect(await idsAnswer.json()).toEqual({ data: GROUP_MEMBERS.private, count: 3 });
    });

    it('exports the members with the group\'s name', async () => {
      const exported = await server.api('POST', `group/${seed.groups.public}/marker/export`, { body: {} });
      expect(exported.headers.get('content-disposition')).toMatch(/^attachment;filename= "marker-group-table--.+\.zip"$/);
      const lines = strFromU8(Object.values(unzipSync(new Uint8Array(await exported.arrayBuffer())))[0]).split('\r\n');
      expect(lines[0]).toBe('group_id\tgroup_name\tmarker_id\tmarker_name\tmarker_type\tmarker_synonyms\tcreated_on\tupdated_on\tgrouptype_id');
      expect(lines.slice(1, -1).map((line) => line.split('\t').slice(0, 4))).toEqual([
        [String(seed.groups.public), 'Public markers', '1', 'SCRI_RS_1001'],
        [String(seed.groups.public), 'Public markers', '2', 'SCRI_RS_1002'],
        [String(seed.groups.public), 'Public markers', '5', 'BOPA1_5'],
      ]);
      expect((await server.api('POST', `group/${seed.groups.private}/marker/export`, { body: {} })).status).toBe(404);
    });

    it('lets the creator and administrators add existing markers and remove members; others get 403, other kinds 404', async () => {
      const patch = (groupId: number, token: string | null, body: unknown) => server.api('PATCH', `group/${groupId}/marker`, { token, body });
      const current = async () => ids((await members(seed.groups.private, tokens.regular)).page ?? { data: [], count: 0 });
      const added = await patch(seed.groups.private, tokens.regular, { ids: [4, 999_999, 1, 4], addition: true });
      expect(await added.json()).toBe(1);
      expect(await current()).toEqual([1, 3, 4, 7]);
      expect(await (await patch(seed.groups.private, tokens.admin, { ids: [4, 8], addition: false })).json()).toBe(1);
      expect(await current()).toEqual(GROUP_MEMBERS.private);
      expect((await patch(seed.groups.private, tokens.curator, { ids: [2], addition: true })).status).toBe(403);
      expect((await patch(seed.groups.private, null, { ids: [2], addition: true })).status).toBe(403);
      expect((await patch(seed.groups.germplasm, tokens.curator, { ids: [2], addition: true })).status).toBe(404);
      expect((await patch(999_999, tokens.admin, { ids: [2], addition: true })).status).toBe(404);
      expect((await patch(seed.groups.private, tokens.regular, { ids: [2] })).status).toBe(400);
      expect((await patch(seed.groups.private, tokens.regular, { ids: null, addition: true })).status).toBe(400);
      expect((await patch(seed.groups.private, tokens.regular, { ids: ['x'], addition: true })).status).toBe(400);
      expect(await current()).toEqual(GROUP_MEMBERS.private);
    });
  });
});

/** Tables that grow with the markers and maps (types and feature types stay small). */
const LARGE = ['markers', 'synonyms', 'mapdefinitions', 'm', 's', 'md'];
const ROWS = 3000;
/** A filter typed as the engine takes it. */
const typed = (column: string, comparator: Comparator, values: string[]): Filter => ({ column, comparator, values });

/**
 * The marker searches and the map definitions' filters by map and marker are answered through indexes, as
 * they must be at 10^6 markers: no large table is read whole (SQLite plans without statistics; PostgreSQL
 * with sequential scans, merge and hash joins switched off, so that only indexes can find rows).
 */
describe.each(testDialects())('marker and map definition plans on %s', (dialect) => {
  let test: TestDatabase;
  let db: Kysely<unknown>;

  beforeAll(async () => {
    test = await freshDatabase(dialect);
    db = test.database.db as unknown as Kysely<unknown>;
    await migrate(db, dialect, [...markersSearchMigrations, ...mapsPagingMigrations], test.schema);
    await sql`INSERT INTO markertypes (id, description) VALUES (1, 'SNP')`.execute(db);
    await sql`INSERT INTO mapfeaturetypes (id, description) VALUES (1, 'SNP')`.execute(db);
    await sql`INSERT INTO maps (id, name, visibility) VALUES (1, 'One', 1), (2, 'Two', 1), (3, 'Three', 0)`.execute(db);
    for (let start = 1; start <= ROWS; start += 500) {
      const batch = Array.from({ length: 500 }, (_, i) => start + i);
      await sql`INSERT INTO markers (id, markertype_id, marker_name) VALUES ${sql.join(batch.map((id) => sql`(${id}, 1, ${`MK-${String(id).padStart(6, '0')}`})`))}`.execute(db);
      await sql`INSERT INTO synonyms (foreign_id, synonymtype_id, synonyms) VALUES ${sql.join(batch.map((id) => sql`(${id}, 2, ${JSON.stringify([`syn-${id}`])})`))}`.execute(db);
      await sql`INSERT INTO mapdefinitions (mapfeaturetype_id, marker_id, map_id, definition_start, chromosome)
        VALUES ${sql.join(batch.map((id) => sql`(1, ${id}, ${(id % 3) + 1}, ${id / 10}, ${`${(id % 7) + 1}H`})`))}`.execute(db);
    }
    if (test.database.sqlite) test.database.sqlite.exec('DROP TABLE IF EXISTS sqlite_stat1');
  });
  afterAll(async () => test?.cleanup());

  /** The plan of a statement; on PostgreSQL with the given planner methods switched off. */
  async function plan(compiled: CompiledQuery, off = ['enable_seqscan', 'enable_mergejoin', 'enable_hashjoin', 'enable_indexscan', 'enable_indexonlyscan']): Promise<string[]> {
    if (test.database.sqlite) {
      const rows = test.database.sqlite.prepare(`EXPLAIN QUERY PLAN ${compiled.sql}`).all(...(compiled.parameters as unknown[])) as { detail: string }[];
      return rows.map((r) => r.detail);
    }
    return db.connection().execute(async (connection) => {
      for (const setting of off) await sql.raw(`SET ${setting} = off`).execute(connection);
      try {
        const result = await connection.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]));
        return result.rows.map((r) => r['QUERY PLAN']);
      } finally {
        await sql`RESET ALL`.execute(connection);
      }
    });
  }

  /** Steps that read a large table whole: SQLite's SCAN without an index, PostgreSQL's Seq Scan or an index scan without an Index Cond. */
  function fullScans(lines: string[]): string[] {
    if (dialect === 'sqlite') {
      const scan = new RegExp(`^SCAN (${LARGE.join('|')})( USING COVERING INDEX \\S+)?$`);
      return lines.filter((line) => scan.test(line.trim()));
    }
    const node = new RegExp(`(Seq Scan|Index Scan|Index Only Scan)( using \\S+)? on (${LARGE.slice(0, 3).join('|')})\\b`);
    return lines.filter((line, i) => {
      const found = node.exec(line);
      if (!found) return false;
      if (found[1] === 'Seq Scan') return true;
      const next = lines.slice(i + 1).findIndex((l) => l.includes('->'));
      return !lines.slice(i + 1, next === -1 ? undefined : i + 1 + next).some((l) => l.includes('Index Cond:'));
    });
  }

  const countPlan = (query: TableQuery, request: PaginatedRequest, extra: ReturnType<typeof mapVisibleSql> | null = null) => {
    const statements = query.statements({ ...request, prevCount: -1 }, 5000, extra, { user: null });
    return plan(statements.count!.compile(db));
  };

  it.each<[string, PaginatedRequest]>([
    ['name contains', { filter: [typed('markerName', 'contains', ['K-00123'])] }],
    ['synonyms contains', { filter: [typed('markerSynonyms', 'contains', ['syn-123'])] }],
    ['name and synonyms contain', { filter: [typed('markerName', 'contains', ['MK-0012']), typed('markerSynonyms', 'contains', ['syn-12'])] }],
    ['name equals', { filter: [typed('markerName', 'equals', ['mk-000123'])] }],
  ])('marker table, %s: found through indexes', async (_label, request) => {
    const lines = await countPlan(new TableQuery(markerView({ nameIndex: true }), dialect), request);
    expect(fullScans(lines), lines.join('\n')).toEqual([]);
  });

  it.each<[string, PaginatedRequest]>([
    ['map', { filter: [typed('mapId', 'equals', ['2'])] }],
    ['marker', { filter: [typed('markerId', 'equals', ['123'])] }],
    ['marker name', { filter: [typed('markerName', 'contains', ['K-00123'])] }],
  ])('map definition table by %s: found through indexes', async (_label, request) => {
    const lines = await countPlan(new TableQuery(mapDefinitionView(dialect, { nameIndex: true }), dialect), request, mapVisibleSql('mp', null));
    expect(fullScans(lines), lines.join('\n')).toEqual([]);
  });

  it('map definition table by map: a page in the default (id) order comes from an index, not from sorting the map\'s rows', async () => {
    const query = new TableQuery(mapDefinitionView(dialect, { nameIndex: true }), dialect);
    const statements = query.statements({ page: 3, limit: 100, prevCount: 10, filter: [typed('mapId', 'equals', ['2'])] }, 5000, mapVisibleSql('mp', null), { user: null });
    // PostgreSQL: with sorting and whole-table reads priced out, only an index on (map, id) gives the page.
    const lines = await plan(statements.rows.compile(db), ['enable_seqscan', 'enable_sort', 'enable_mergejoin', 'enable_hashjoin']);
    const sorted = lines.filter((line) => line.includes('USE TEMP B-TREE FOR ORDER BY') || /\bSort\b/.test(line));
    expect(sorted, lines.join('\n')).toEqual([]);
    expect(fullScans(lines), lines.join('\n')).toEqual([]);
  });

  it('the checks see a scan when no index serves a filter, and the searches find the same rows with and without the index', async () => {
    const unindexed = await countPlan(new TableQuery(markerView({ nameIndex: true }), dialect), { filter: [typed('createdOn', 'contains', ['20'])] });
    expect(fullScans(unindexed).length).toBeGreaterThan(0);
    const request: PaginatedRequest = { page: 0, limit: 100, filter: [typed('markerName', 'contains', ['k-0012']), typed('markerSynonyms', 'contains', ['SYN-12'])] };
    const rows = async (nameIndex: boolean) => {
      const statements = new TableQuery(markerView({ nameIndex }), dialect).statements(request, 5000, null, { user: null });
      return (await statements.rows.execute(db)).rows.map((r) => Number(r.markerId));
    };
    // MK-001200 … MK-001299: each has the synonym syn-12…
    const expected = Array.from({ length: 100 }, (_, i) => 1200 + i);
    expect(await rows(true)).toEqual(expected);
    expect(await rows(false)).toEqual(expected);
  });
});
