import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSettled } from '../../src/plugins/genotypes/export/export-job.js';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { dataGrid, GENOTYPE_FILES, importGenotypes, seedPassports, workbookGermplasm } from '../support/genotype-files.js';

/**
 * What a genotype export selects, on both databases, from Germinate's example workbook (500 germplasm ×
 * 1,000 markers): germplasm by id and by group, markers by id, by group and by map, each exactly; the
 * licence gate and private datasets; and the summary's counts.
 */
const WORKBOOK = GENOTYPE_FILES.workbook;
type Caller = 'anonymous' | 'regular' | 'curator';

describe.each(testDialects())('genotype export subsets on %s', (dialect) => {
  let server: TestServer;
  let grid: string[][];
  let germplasmNames: string[];
  let markerNames: string[];
  const tokens: Record<Caller, string | null> = { anonymous: null, regular: null, curator: null };
  const germplasm = new Map<string, number>();
  const markers = new Map<string, number>();
  const ids = { workbook: 0, gated: 0, private: 0, licence: 0, partialMap: 0, germplasmGroup: 0, privateGermplasmGroup: 0, markerGroup: 0 };
  const db = () => server.db.database.db as unknown as Kysely<unknown>;
  const insert = async (query: ReturnType<typeof sql<{ id: number }>>) => Number((await query.execute(db())).rows[0].id);
  const importFile = (file: string) => importGenotypes(server.db.database, server.db.dataDir, file);
  const post = (caller: Caller, apiPath: string, body: unknown) => server.api('POST', apiPath, { token: tokens[caller], body });

  /** The jobs a request starts (their statuses as answered). */
  const started = async (caller: Caller, body: Record<string, unknown>) => {
    const response = await post(caller, 'dataset/export/genotype', body);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as { status: string; uuid: string }[];
  };

  /** Runs one export to its end and answers its zip's files. */
  const exported = async (body: Record<string, unknown>, caller: Caller = 'anonymous') => {
    const [job] = await started(caller, body);
    await exportSettled(job.uuid);
    const [listed] = (await (await post(caller, 'dataset/export/async', { uuids: [job.uuid] })).json()) as { status: string }[];
    expect(listed.status).toBe('completed');
    const download = await server.api('GET', `dataset/export/async/${job.uuid}/download`);
    return Object.fromEntries(Object.entries(unzipSync(new Uint8Array(await download.arrayBuffer()))).map(([name, bytes]) => [name, strFromU8(bytes)]));
  };

  /** The rows (labels) and columns (markers) of a Flapjack export of the workbook, each call checked against the sheet. */
  const flapjackOf = async (selection: Record<string, unknown>) => {
    const files = await exported({ datasetIds: [ids.workbook], ...selection });
    const lines = files[`dataset-${ids.workbook}.txt`].split('\n').slice(2, -1).map((line) => line.split('\t'));
    const columns = lines[0].slice(1);
    for (const row of lines.slice(1)) {
      const sheetRow = grid[3 + germplasmNames.indexOf(row[0])];
      expect(row.slice(1), row[0]).toEqual(columns.map((marker) => sheetRow[1 + markerNames.indexOf(marker)]));
    }
    return { rows: lines.slice(1).map((row) => row[0]), columns, files };
  };

  beforeAll(async () => {
    server = await startServer(dialect);
    grid = await dataGrid(WORKBOOK);
    germplasmNames = workbookGermplasm(grid);
    markerNames = grid[2].slice(1).filter((m) => m !== '');
    await seedPassports(server.db.database, dialect, germplasmNames);
    ids.workbook = await importFile(WORKBOOK);
    for (const [name, key] of [['Gated calls', 'gated'], ['Private calls', 'private']] as const) {
      const file = path.join(server.db.dataDir, `${key}.txt`);
      fs.writeFileSync(file, `# dataset = ${name}\nLines/Markers\tm1\tm2\tm3\nCACTUAR-1\tA\tA/G\t\nCACTUAR-2\tT\tT\tC/T\n`);
      ids[key] = await importFile(file);
    }
    for (const row of (await sql<{ id: number; name: string }>`SELECT id, name FROM germinatebase`.execute(db())).rows) germplasm.set(row.name, Number(row.id));
    for (const row of (await sql<{ id: number; marker_name: string }>`SELECT id, marker_name FROM markers`.execute(db())).rows) markers.set(row.marker_name, Number(row.id));
    for (const caller of ['regular', 'curator'] as const) tokens[caller] = await server.login(caller, passwordOf(caller));
    const users = new Map((await sql<{ id: number; username: string }>`SELECT id, username FROM users`.execute(db())).rows.map((u) => [u.username, Number(u.id)]));
    ids.licence = await insert(sql`INSERT INTO licenses (name, description) VALUES ('Breeders only', 'Ask first') RETURNING id`);
    await sql`UPDATE datasets SET license_id = ${ids.licence} WHERE id = ${ids.gated}`.execute(db());
    await sql`UPDATE datasets SET dataset_state_id = 2 WHERE id = ${ids.private}`.execute(db());
    await sql`INSERT INTO datasetpermissions (dataset_id, user_id) VALUES (${ids.private}, ${users.get('curator')})`.execute(db());
    const group = (type: number, name: string, visibility: number, owner: string) =>
      insert(sql`INSERT INTO groups (grouptype_id, name, visibility, created_by) VALUES (${type}, ${name}, ${visibility}, ${users.get(owner)}) RETURNING id`);
    ids.germplasmGroup = await group(3, 'Four and six', 1, 'curator');
    ids.privateGermplasmGroup = await group(3, 'Admin only', 0, 'admin');
    ids.markerGroup = await group(2, 'Ten and twelve', 1, 'curator');
    const members = [
      [ids.germplasmGroup, germplasm.get('CACTUAR-4')], [ids.germplasmGroup, germplasm.get('CACTUAR-6')],
      [ids.privateGermplasmGroup, germplasm.get('CACTUAR-8')], [ids.markerGroup, markers.get('m10')], [ids.markerGroup, markers.get('m12')],
    ];
    for (const [groupId, member] of members) await sql`INSERT INTO groupmembers (group_id, foreign_id) VALUES (${groupId}, ${member})`.execute(db());
    ids.partialMap = await insert(sql`INSERT INTO maps (name, visibility) VALUES ('Partial', 1) RETURNING id`);
    const feature = await insert(sql`INSERT INTO mapfeaturetypes (description) VALUES ('SNP') RETURNING id`);
    for (const [i, name] of ['m1', 'm2', 'm3', 'm4', 'm5'].entries()) {
      await sql`INSERT INTO mapdefinitions (mapfeaturetype_id, marker_id, map_id, definition_start, chromosome) VALUES (${feature}, ${markers.get(name)}, ${ids.partialMap}, ${50 - i * 10}, 'X')`.execute(db());
    }
  });
  afterAll(async () => server?.close());

  it('exports exactly the germplasm named by yIds, in file order; unknown ids select nothing', async () => {
    const { rows, columns } = await flapjackOf({ yIds: [germplasm.get('CACTUAR-5'), germplasm.get('CACTUAR-2'), 987654] });
    expect(rows).toEqual(['CACTUAR-2', 'CACTUAR-5']);
    expect(columns).toEqual(markerNames);
  });

  it('adds the members of the germplasm groups the caller sees, and ignores groups they do not', async () => {
    expect((await flapjackOf({ yGroupIds: [ids.germplasmGroup] })).rows).toEqual(['CACTUAR-4', 'CACTUAR-6']);
    expect((await flapjackOf({ yIds: [germplasm.get('CACTUAR-1')], yGroupIds: [ids.germplasmGroup, ids.privateGermplasmGroup] })).rows).toEqual(['CACTUAR-1', 'CACTUAR-4', 'CACTUAR-6']);
    expect((await flapjackOf({ yGroupIds: [ids.privateGermplasmGroup] })).rows).toEqual([]);
  });

  it('exports exactly the markers named by xIds and by marker groups', async () => {
    const byIds = await flapjackOf({ xIds: [markers.get('m7'), markers.get('m3')], yIds: [germplasm.get('CACTUAR-3')] });
    expect(byIds).toMatchObject({ rows: ['CACTUAR-3'], columns: ['m3', 'm7'] });
    expect((await flapjackOf({ xGroupIds: [ids.markerGroup], xIds: [markers.get('m1')] })).columns).toEqual(['m1', 'm10', 'm12']);
  });

  it('keeps only the markers on the chosen map, whose definitions the map file lists in map order', async () => {
    const chosen = await flapjackOf({ mapId: ids.partialMap, xIds: ['m4', 'm5', 'm6', 'm8'].map((m) => markers.get(m)), generateHapMap: true });
    expect(chosen.columns).toEqual(['m4', 'm5']);
    expect(chosen.files[`dataset-${ids.workbook}.map`]).toBe('# fjFile = MAP\r\nm5\tX\t10.0\r\nm4\tX\t20.0\r\nm3\tX\t30.0\r\nm2\tX\t40.0\r\nm1\tX\t50.0\r\n');
    const hapmap = chosen.files[`dataset-${ids.workbook}.hapmap`].split('\n').slice(2, -1).map((line) => line.split('\t').slice(0, 4));
    expect(hapmap).toEqual([['m4', 'NA', 'X', '20'], ['m5', 'NA', 'X', '10']]);
    expect((await flapjackOf({ mapId: ids.partialMap })).columns).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('starts no job for a dataset behind a licence the caller has not accepted, or private to others', async () => {
    expect(await started('regular', { datasetIds: [ids.gated] })).toEqual([]);
    expect(await started('anonymous', { datasetIds: [ids.gated, ids.private] })).toEqual([]);
    expect(await started('regular', { datasetIds: [ids.private] })).toEqual([]);
    expect(await started('regular', { datasetIds: [987654] })).toEqual([]);
    const files = await exported({ datasetIds: [ids.private] }, 'curator');
    expect(files[`dataset-${ids.private}.txt`]).toBe('# fjFile = GENOTYPE\n\nAccession/Marker\tm1\tm2\tm3\nCACTUAR-1\tA\tA/G\t\nCACTUAR-2\tT\tT\tC/T\n');
    expect((await server.api('GET', `license/${ids.licence}/accept`, { token: tokens.regular })).status).toBe(200);
    const jobs = await started('regular', { datasetIds: [ids.gated, ids.private, ids.workbook], yIds: [germplasm.get('CACTUAR-1')] });
    expect(jobs.map((job) => job.status)).toEqual(['waiting', 'waiting']);
    await Promise.all(jobs.map((job) => exportSettled(job.uuid)));
    const listed = (await (await post('regular', 'dataset/export/async', { uuids: [] })).json()) as { datasetIds: number[]; status: string; userId: number }[];
    expect(listed.filter((job) => job.status === 'completed').map((job) => job.datasetIds[0]).sort()).toEqual([ids.workbook, ids.gated].sort());
  });

  it('counts the selection among each dataset the caller may export', async () => {
    const summary = async (caller: Caller, body: Record<string, unknown>) => {
      const response = await post(caller, 'dataset/export/genotype/summary', body);
      expect(response.status).toBe(200);
      return response.json() as Promise<{ data: Record<string, unknown>[]; count: number }>;
    };
    expect((await post('anonymous', 'dataset/export/genotype/summary', { datasetIds: [] })).status).toBe(400);
    expect(await summary('anonymous', { datasetIds: [ids.workbook, ids.gated, ids.private] })).toEqual({
      data: [{ datasetId: ids.workbook, datasetName: 'Test genotypic dataset', datasetDescription: expect.any(String), dataObjectCount: { value: new Set(germplasmNames).size }, dataPointCount: { value: markerNames.length } }],
      count: 1,
    });
    const selected = await summary('curator', {
      datasetIds: [ids.workbook, ids.private], page: 0, limit: 2147483647,
      yIds: [germplasm.get('CACTUAR-1'), germplasm.get('CACTUAR-2')], yGroupIds: [ids.germplasmGroup, ids.privateGermplasmGroup],
      xIds: [markers.get('m3'), markers.get('m7')], xGroupIds: [ids.markerGroup],
    });
    expect(selected.data.map((row) => [row.datasetId, row.dataObjectCount, row.dataPointCount])).toEqual([
      [ids.workbook, { value: 4 }, { value: 4 }],
      [ids.private, { value: 2 }, { value: 1 }],
    ]);
    expect(selected.count).toBe(2);
  });
});
