import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpdImporter } from '../../src/plugins/germplasm/import/mcpd-importer.js';
import { genotypeFolder } from '../../src/plugins/genotypes/import/genotype-stage.js';
import { MatrixWriter } from '../../src/plugins/genotypes/storage/matrix-writer.js';
import type { GenotypeWindow } from '../../src/plugins/genotypes/grid/request.js';
import { testDialects } from '../support/databases.js';
import { seedGenotypes, type GenotypesSeed } from '../support/genotypes-seed.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { mcpdFile } from '../import/mcpd-fixtures.js';

/**
 * The genotype grid's window (POST dataset/{id}/genotype/window) on both databases, against matrix files
 * written here from a formula: every window's calls are compared with the formula, not with another
 * reader. Windows across tile edges, a row order, germplasm and marker selections (ids and groups), a map's
 * order and chromosome bands, a map the caller does not see, the licence gate and private datasets, a window
 * crossing too many tiles, a file replaced under the same name, and bad requests.
 */

const CALLS = ['', 'A', 'C', 'G', 'T', 'A/G', 'C/T', 'G|T'];
/** The call the files hold at germplasm row r, marker column c (`variant` changes every call). */
const callAt = (r: number, c: number, variant = 0) => CALLS[(r * 7 + c * 3 + ((r * c + variant) % 5)) % CALLS.length];

const GERMPLASM = 70;
const SEED_MARKERS = ['SCRI_RS_1001', 'SCRI_RS_1002', 'SCRI_RS_2003', 'BOPA1_4', 'InData_9', 'NoMap_10', 'Ämarker_11'];
const EXTRA_MARKERS = Array.from({ length: 293 }, (_, i) => `GM_${i}`);
const COLUMNS = [...SEED_MARKERS, ...EXTRA_MARKERS];
/** Matrix rows: the germplasm, with a name that is no member third (left out of the grid). */
const ROW_NAMES = ['GRID-0', 'GRID-1', 'Stranger', ...Array.from({ length: GERMPLASM - 2 }, (_, i) => `GRID-${i + 2}`)];

type Window = GenotypeWindow;

function writeMatrix(file: string, tile: { tileRows: number; tileColumns: number }, variant = 0): void {
  const writer = new MatrixWriter(file, { orientation: 'germplasm-rows', columns: COLUMNS, ...tile });
  ROW_NAMES.forEach((name, r) => writer.add(name, COLUMNS.map((_, c) => callAt(r, c, variant))));
  writer.finish();
}

/** The window's calls as texts, row by row. */
function texts(window: Window): string[][] {
  const bytes = Buffer.from(window.calls, 'base64');
  expect(bytes.length).toBe(window.rows.length * window.columns.length);
  return window.rows.map((_, r) => window.columns.map((__, c) => window.states[bytes[r * window.columns.length + c]]));
}

describe.each(testDialects())('genotype grid window on %s', (dialect) => {
  let server: TestServer;
  let seed: GenotypesSeed;
  const germplasm = new Map<string, number>();
  const markers = new Map<string, number>();
  const tokens: Record<'regular' | 'curator', string> = { regular: '', curator: '' };
  let germplasmGroup = 0;
  const db = () => server.db.database.db as unknown as Kysely<unknown>;

  const windowOf = async (datasetId: number, body: Record<string, unknown>, options: { token?: string; cookie?: string } = {}) =>
    server.api('POST', `dataset/${datasetId}/genotype/window`, {
      token: options.token ?? null,
      body: { rowOffset: 0, rowCount: 200, columnOffset: 0, columnCount: 2000, ...body },
      headers: options.cookie ? { cookie: options.cookie } : {},
    });
  const ok = async (datasetId: number, body: Record<string, unknown> = {}, options: { token?: string; cookie?: string } = {}) => {
    const response = await windowOf(datasetId, body, options);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Window;
  };
  /** What the formula says for the rows (matrix row names) and columns (marker names) a window shows. */
  const expected = (window: Window, variant = 0) =>
    window.rows.map((row) => window.columns.map((column) => callAt(ROW_NAMES.indexOf(row.name), COLUMNS.indexOf(column.name), variant)));

  beforeAll(async () => {
    server = await startServer(dialect);
    seed = await seedGenotypes(server);
    const names = ROW_NAMES.filter((n) => n !== 'Stranger');
    await server.db.database.db.transaction().execute((trx) =>
      mcpdImporter.write(mcpdFile(names.map((n) => ({ ACCENUMB: n, INSTCODE: 'XXX001', GENUS: 'Hordeum' }))), { db: trx, dialect }, { update: false, now: new Date() }),
    );
    for (const row of (await sql<{ id: number; name: string }>`SELECT id, name FROM germinatebase`.execute(db())).rows) germplasm.set(row.name, Number(row.id));
    for (const name of EXTRA_MARKERS) await sql`INSERT INTO markers (markertype_id, marker_name) VALUES (${seed.markerTypes.snp}, ${name})`.execute(db());
    for (const row of (await sql<{ id: number; marker_name: string }>`SELECT id, marker_name FROM markers`.execute(db())).rows) markers.set(row.marker_name, Number(row.id));
    const folder = genotypeFolder(server.db.dataDir);
    fs.mkdirSync(folder, { recursive: true });
    const files = { open: 'grid-open.gtm', licensed: 'grid-licensed.gtm', private: 'grid-private.gtm' } as const;
    // Small tiles, so windows cross many; the licensed file's 1 × 2 tiles make a whole-matrix window too scattered.
    writeMatrix(path.join(folder, files.open), { tileRows: 4, tileColumns: 8 });
    writeMatrix(path.join(folder, files.licensed), { tileRows: 1, tileColumns: 2 });
    writeMatrix(path.join(folder, files.private), { tileRows: 64, tileColumns: 1024 });
    for (const key of ['open', 'licensed', 'private'] as const) {
      const datasetId = seed.datasets[key];
      await sql`UPDATE datasets SET source_file = ${files[key]} WHERE id = ${datasetId}`.execute(db());
      // The seed's members: germplasm 1 and 2 and a few markers; every grid germplasm and marker is one here.
      await sql`DELETE FROM datasetmembers WHERE dataset_id = ${datasetId}`.execute(db());
      for (const id of germplasm.values()) await sql`INSERT INTO datasetmembers (dataset_id, foreign_id, datasetmembertype_id) VALUES (${datasetId}, ${id}, 2)`.execute(db());
      for (const name of COLUMNS) await sql`INSERT INTO datasetmembers (dataset_id, foreign_id, datasetmembertype_id) VALUES (${datasetId}, ${markers.get(name)}, 1)`.execute(db());
    }
    const curator = seed.users.curator;
    germplasmGroup = Number((await sql<{ id: number }>`INSERT INTO groups (grouptype_id, name, visibility, created_by) VALUES (3, 'Grid pair', 1, ${curator}) RETURNING id`.execute(db())).rows[0].id);
    for (const name of ['GRID-5', 'GRID-40']) await sql`INSERT INTO groupmembers (group_id, foreign_id) VALUES (${germplasmGroup}, ${germplasm.get(name)})`.execute(db());
    tokens.regular = await server.login('regular', passwordOf('regular'));
    tokens.curator = await server.login('curator', passwordOf('curator'));
  });
  afterAll(async () => server?.close());

  it('answers a whole small matrix: member rows in file order, every marker, each call as stored', async () => {
    const window = await ok(seed.datasets.open, { withRowIds: true });
    expect(window).toMatchObject({ datasetId: seed.datasets.open, mapId: null, rowTotal: GERMPLASM, columnTotal: COLUMNS.length, rowOffset: 0, columnOffset: 0, bands: null });
    expect(window.states[0]).toBe('');
    expect(window.rows.map((r) => r.name)).toEqual(ROW_NAMES.filter((n) => n !== 'Stranger'));
    expect(window.rows.map((r) => r.id)).toEqual(window.rows.map((r) => germplasm.get(r.name)));
    expect(window.rowIds).toEqual(window.rows.map((r) => r.id));
    expect(window.columns.map((c) => c.name)).toEqual(COLUMNS);
    expect(window.columns.map((c) => c.id)).toEqual(COLUMNS.map((n) => markers.get(n)));
    expect(texts(window)).toEqual(expected(window));
  });

  it('answers windows that start and end inside tiles, and clips them at the matrix edges', async () => {
    for (const [rowOffset, rowCount, columnOffset, columnCount] of [[5, 13, 17, 41], [66, 200, 290, 2000], [0, 1, 299, 1], [3, 0, 0, 5]]) {
      const window = await ok(seed.datasets.open, { rowOffset, rowCount, columnOffset, columnCount });
      expect(window.rowOffset).toBe(rowOffset);
      expect(window.rows).toHaveLength(Math.max(0, Math.min(rowCount, GERMPLASM - rowOffset)));
      expect(window.columns).toHaveLength(Math.min(columnCount, COLUMNS.length - columnOffset));
      expect(window.columns[0]?.name).toBe(COLUMNS[columnOffset]);
      expect(texts(window)).toEqual(expected(window));
    }
    // Past the end: nothing, with the totals.
    const beyond = await ok(seed.datasets.open, { rowOffset: 500, columnOffset: 5000 });
    expect(beyond).toMatchObject({ rowTotal: GERMPLASM, columnTotal: COLUMNS.length, rows: [], columns: [], calls: '' });
  });

  it('orders rows as a list of germplasm ids says, the rows it leaves out after them in file order', async () => {
    const first = ['GRID-60', 'GRID-2', 'GRID-33', 'GRID-0'].map((n) => germplasm.get(n) as number);
    // Unknown and repeated ids are passed over.
    const window = await ok(seed.datasets.open, { rowOrder: [...first, 999_999, first[1]], withRowIds: true, columnOffset: 7, columnCount: 30 });
    const names = window.rows.map((r) => r.name);
    expect(names.slice(0, 4)).toEqual(['GRID-60', 'GRID-2', 'GRID-33', 'GRID-0']);
    expect(names.slice(4)).toEqual(ROW_NAMES.filter((n) => n !== 'Stranger' && !names.slice(0, 4).includes(n)));
    expect(window.rowIds).toEqual(window.rows.map((r) => r.id));
    expect(texts(window)).toEqual(expected(window));
    const middle = await ok(seed.datasets.open, { rowOrder: [...first], rowOffset: 2, rowCount: 3, columnOffset: 0, columnCount: 9 });
    expect(middle.rows.map((r) => r.name)).toEqual(['GRID-33', 'GRID-0', 'GRID-1']);
    expect(texts(middle)).toEqual(expected(middle));
  });

  it('selects germplasm and markers by ids and groups', async () => {
    const window = await ok(seed.datasets.open, {
      yIds: [germplasm.get('GRID-9')],
      yGroupIds: [germplasmGroup],
      xIds: [markers.get('GM_100'), markers.get('GM_3')],
      xGroupIds: [seed.groups.public],
    });
    expect(window.rows.map((r) => r.name)).toEqual(['GRID-5', 'GRID-9', 'GRID-40']);
    // The public marker group holds markers 1, 2 and 5; 5 is no member of this dataset.
    expect(window.columns.map((c) => c.name)).toEqual(['SCRI_RS_1001', 'SCRI_RS_1002', 'GM_3', 'GM_100']);
    expect(texts(window)).toEqual(expected(window));
    // The regular user's private marker group counts for them only.
    const anonymous = await ok(seed.datasets.open, { xGroupIds: [seed.groups.private] });
    expect(anonymous.columnTotal).toBe(0);
    const own = await ok(seed.datasets.open, { xGroupIds: [seed.groups.private] }, { token: tokens.regular });
    expect(own.columns.map((c) => c.name)).toEqual(['SCRI_RS_1001', 'SCRI_RS_2003']);
  });

  it('orders markers by a map (chromosome, position), leaves out those off it, and answers its chromosome bands', async () => {
    const window = await ok(seed.datasets.open, { mapId: seed.maps.consensus });
    expect(window.mapId).toBe(seed.maps.consensus);
    expect(window.columns).toEqual([
      { id: 1, name: 'SCRI_RS_1001', chromosome: '1H', position: 0 },
      { id: 2, name: 'SCRI_RS_1002', chromosome: '1H', position: 12 },
      { id: 11, name: 'Ämarker_11', chromosome: '1H', position: 12 },
      { id: 3, name: 'SCRI_RS_2003', chromosome: '1H', position: 35.5 },
      { id: 4, name: 'BOPA1_4', chromosome: '2H', position: 1234567 },
    ]);
    expect(window.bands).toEqual([{ chromosome: '1H', start: 0, count: 4 }, { chromosome: '2H', start: 4, count: 1 }]);
    expect(texts(window)).toEqual(expected(window));
    const part = await ok(seed.datasets.open, { mapId: seed.maps.consensus, columnOffset: 3, columnCount: 1, rowOffset: 10, rowCount: 2 });
    expect(part.columns.map((c) => c.name)).toEqual(['SCRI_RS_2003']);
    expect(texts(part)).toEqual(expected(part));
    // Another user's private map orders nothing: file order, and the answer says no map was used.
    const hidden = await ok(seed.datasets.open, { mapId: seed.maps.regularPrivate, columnCount: 3 });
    expect(hidden).toMatchObject({ mapId: null, bands: null, columnTotal: COLUMNS.length });
    expect(hidden.columns.map((c) => c.name)).toEqual(COLUMNS.slice(0, 3));
  });

  it('holds the licence gate and dataset permissions', async () => {
    const small = { rowCount: 3, columnCount: 4 };
    expect((await windowOf(seed.datasets.licensed, small)).status).toBe(404);
    const accepted = await ok(seed.datasets.licensed, small, { cookie: `accepted-licenses=${seed.licence}` });
    expect(texts(accepted)).toEqual(expected(accepted));
    expect((await windowOf(seed.datasets.private, small)).status).toBe(404);
    expect((await windowOf(seed.datasets.private, small, { token: tokens.regular })).status).toBe(404);
    const granted = await ok(seed.datasets.private, small, { token: tokens.curator });
    expect(texts(granted)).toEqual(expected(granted));
  });

  it('refuses a window that crosses too many tiles, and serves a smaller one of the same file', async () => {
    const cookie = `accepted-licenses=${seed.licence}`;
    // 70 rows of one-row tiles × 300 columns of two-column tiles: 10,500 tiles.
    const response = await windowOf(seed.datasets.licensed, {}, { cookie });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ reasonPhrase: 'BAD_REQUEST_WINDOW_TOO_SCATTERED' });
    const window = await ok(seed.datasets.licensed, { rowOffset: 20, rowCount: 40, columnOffset: 100, columnCount: 120 }, { cookie });
    expect(texts(window)).toEqual(expected(window));
  });

  it('serves the new calls once a file is replaced under the same name', async () => {
    const small = { rowCount: 10, columnCount: 20 };
    const before = await ok(seed.datasets.private, small, { token: tokens.curator });
    expect(texts(before)).toEqual(expected(before));
    const file = path.join(genotypeFolder(server.db.dataDir), 'grid-private.gtm');
    writeMatrix(file, { tileRows: 64, tileColumns: 1024 }, 2);
    const after = await ok(seed.datasets.private, small, { token: tokens.curator });
    expect(texts(after)).toEqual(expected(after, 2));
    expect(texts(after)).not.toEqual(texts(before));
    writeMatrix(file, { tileRows: 64, tileColumns: 1024 });
  });

  it('refuses bad requests and datasets that are no genotype dataset of this caller', async () => {
    for (const body of [{ rowCount: 201 }, { columnCount: 2001 }, { rowOffset: -1 }, { rowCount: 1.5 }, { surprise: 1 }, { rowOrder: 'GRID-1' }, { mapId: 'x' }]) {
      const response = await windowOf(seed.datasets.open, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const tooLong = await windowOf(seed.datasets.open, { rowOrder: Array.from({ length: 10_001 }, (_, i) => i + 1) });
    expect(tooLong.status).toBe(400);
    const trials = Number((await sql<{ id: number }>`INSERT INTO datasets (experiment_id, name, dataset_state_id, datasettype_id, is_external) VALUES (1, 'Trial', 1, 3, 0) RETURNING id`.execute(db())).rows[0].id);
    for (const id of [trials, 987_654, 0]) expect((await windowOf(id, {})).status, String(id)).toBe(404);
    const response = await server.api('POST', 'dataset/abc/genotype/window', { body: { rowOffset: 0, rowCount: 1, columnOffset: 0, columnCount: 1 } });
    expect(response.status).toBe(404);
  });
});
