import path from 'node:path';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { climateRows, exportClimates, exportDatasets } from '../../src/plugins/climate/export/export-rows.js';
import { climateImporter } from '../../src/plugins/climate/import/climate-importer.js';
import { readImportFile } from '../../src/server/import/read-file.js';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';

type Caller = 'anonymous' | 'accepted';
type Cells = (string | number | null)[][];

const LABELS = [
  'Title', 'Description', 'Rights', 'Date of creation', 'Publisher', 'Format', 'Language', 'Source', 'Type', 'Subject',
  'Contact', 'Investigation Title', 'Investigation Description', 'Investigation unique ID', 'Associated data file link',
  'Associated data file description', 'Associated data file version',
];
/** The METADATA values given (the others are left empty). */
const GIVEN = ['Title', 'Description', 'Contact', 'Investigation Title'];
const VARIABLES: Cells = [
  ['Name', 'Short Name', 'Description', 'Data Type', 'Unit Name', 'Unit Abbreviation', 'Unit Descriptions'],
  ['Rainfall', 'RF', 'Daily rain', 'numeric', 'Millimeter', 'mm', 'Millimeter'],
  ['Sky', null, null, 'categorical', null, null, null],
  ['Temperature', 'T', null, 'numeric', 'Degrees Celsius', '°C', 'Degrees Celsius'],
];
const HEADER = ['name', 'dbId', 'dataset_name', 'dataset_version', 'license_name', 'latitude', 'longitude', 'elevation', 'date', 'year'];
/** Sites: name, short name, country, elevation, latitude, longitude. */
const SITES: Cells = [['Site A', 'S_A', 'GB', 21, 56.48, -3.11], ['Site B', null, 'DE', 157, 51.83, 11.27], ['Site C', null, 'FR', null, null, null]];
/** The open dataset's values: site, date, rainfall, sky, temperature (one a spreadsheet would run as a formula). */
const OPEN: Cells = [
  ['Site A', '2024-01-02', '0', 'cloudy', '5.5'],
  ['Site A', '2024-01-01', '3.5', 'sunny', '4'],
  ['Site B', '2024-01-01', '12', '=cmd', '7.25'],
  ['Site C', '2023-12-31', '8', 'sunny', null],
  ['Site A', '2024-01-03', '2', null, '-5'],
];
const LICENSED: Cells = [['Site A', '2024-02-01', '100'], ['Site D', '2024-02-01', '50']];

/**
 * The climate export (`dataset/export/climate`) on both databases over climate files imported with the
 * importer: the header and a row per location and date, computed here from the files' cells; the
 * selection by climates, locations and location groups; the licence gate and access log; bad input; and
 * the batched reading giving the same rows as one batch.
 */
describe.each(testDialects())('the climate export on %s', (dialect) => {
  let server: TestServer;
  let open: number;
  let licensed: number;
  let coastal: number;
  let hidden: number;
  const climates: Record<string, number> = {};
  const sites: Record<string, number> = {};
  const tokens: Record<Caller, string | null> = { anonymous: null, accepted: null };
  const db = () => server.db.database.db as unknown as Kysely<unknown>;
  const exportClimate = (caller: Caller, body?: unknown) => server.api('POST', 'dataset/export/climate', { token: tokens[caller], body });
  const lines = async (caller: Caller, body: unknown) => {
    const response = await exportClimate(caller, body);
    expect(response.status, await response.clone().text()).toBe(200);
    const text = await response.text();
    expect(text.endsWith('\r\n')).toBe(false);
    return text.split('\r\n').map((line) => line.split('\t'));
  };

  /** The rows expected of the open file: the given climate columns (2 rainfall, 3 sky, 4 temperature) of the given sites. */
  function expectedRows(columns: number[], only?: string[]): string[][] {
    const site = (name: string) => SITES.find((s) => s[0] === name) ?? [];
    return OPEN.filter((r) => (!only || only.includes(String(r[0]))) && columns.some((c) => r[c] !== null))
      .sort((a, b) => sites[String(a[0])] - sites[String(b[0])] || String(a[1]).localeCompare(String(b[1])))
      .map((r) => {
        const [, , , elevation, latitude, longitude] = site(String(r[0]));
        const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
        const value = (v: string | number | null) => (v !== null && /^[=]/.test(String(v)) ? `'${v}` : text(v));
        return [String(r[0]), String(sites[String(r[0])]), `${open}-Open weather`, '', '', text(latitude), text(longitude), text(elevation), String(r[1]), String(r[1]).slice(0, 4), ...columns.map((c) => value(r[c]))];
      });
  }

  async function importFile(name: string, title: string, locations: Cells, data: Cells, variables: Cells): Promise<number> {
    const wb = new ExcelJS.Workbook();
    const sheets: Record<string, Cells> = {
      METADATA: [['LABEL', 'DEFINITION', 'VALUE'], ...LABELS.map((l) => [l, l, !GIVEN.includes(l) ? null : l === 'Title' ? title : `${l} of ${title}`])],
      LOCATION: [['Name', 'Short name', 'Country', 'Elevation', 'Latitude', 'Longitude'], ...locations],
      'ENVIRONMENTAL VARIABLES': variables,
      DATA: [['Location/Climate', 'Date', ...variables.slice(1).map((v) => v[0])], ...data],
    };
    for (const [sheet, rows] of Object.entries(sheets)) wb.addWorksheet(sheet).addRows(rows);
    const file = path.join(server.db.dataDir, name);
    await wb.xlsx.writeFile(file);
    const parsed = await readImportFile(file, { maxBytes: 1 << 24, extensions: climateImporter.extensions, originalName: name });
    const options = { update: false, now: new Date('2025-03-01T12:00:00Z'), dataDir: server.db.dataDir, datasetStateId: 1 };
    expect((await climateImporter.check(parsed, { db: server.db.database.db, dialect }, options)).filter((i) => i.type === 'ERROR')).toEqual([]);
    const stats = await server.db.database.db.transaction().execute((trx) => climateImporter.write(parsed, { db: trx, dialect }, options));
    return Number(stats.datasetId);
  }

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    open = await importFile('open.xlsx', 'Open weather', SITES, OPEN, VARIABLES);
    licensed = await importFile('licensed.xlsx', 'Licensed weather', [SITES[0], ['Site D', null, 'NL', 3, 51.97, 5.67]], LICENSED, VARIABLES.slice(0, 2));
    for (const r of (await sql<{ id: number; name: string }>`SELECT id, name FROM climates`.execute(db())).rows) climates[r.name] = Number(r.id);
    for (const r of (await sql<{ id: number; site_name: string }>`SELECT id, site_name FROM locations`.execute(db())).rows) sites[r.site_name] = Number(r.id);
    const licence = Number((await sql<{ id: number }>`INSERT INTO licenses (name, description) VALUES ('Weather licence', 'Accept first') RETURNING id`.execute(db())).rows[0].id);
    await sql`UPDATE datasets SET license_id = ${licence}, version = 'v2' WHERE id = ${licensed}`.execute(db());
    tokens.accepted = await server.login('regular', passwordOf('regular'));
    expect((await server.api('GET', `license/${licence}/accept`, { token: tokens.accepted })).status).toBe(200);
    const admin = Number((await sql<{ id: number }>`SELECT id FROM users WHERE username = 'admin'`.execute(db())).rows[0].id);
    const group = async (name: string, visibility: number) =>
      Number((await sql<{ id: number }>`INSERT INTO groups (grouptype_id, name, visibility, created_by) VALUES (1, ${name}, ${visibility}, ${admin}) RETURNING id`.execute(db())).rows[0].id);
    coastal = await group('Coastal', 1);
    hidden = await group('Hidden', 0);
    await sql`INSERT INTO groupmembers (foreign_id, group_id) VALUES (${sites['Site A']}, ${coastal}), (${sites['Site C']}, ${coastal}), (${sites['Site B']}, ${hidden})`.execute(db());
  });
  afterAll(async () => server?.close());

  it('writes the header and one row per location and date, a column per climate with its unit', async () => {
    const response = await exportClimate('anonymous', { datasetIds: [open] });
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="climate-${open}-\\d{4}(-\\d{2}){5}-[0-9a-f-]{36}\\.txt"$`));
    const file = (await response.text()).split('\r\n').map((line) => line.split('\t'));
    expect(file[0]).toEqual([...HEADER, 'Rainfall [mm]', 'Sky', 'Temperature [°C]']);
    expect(file.slice(1)).toEqual(expectedRows([2, 3, 4]));
  });

  it('restricts by climates, marked locations and visible location groups', async () => {
    const rain = await lines('anonymous', { datasetIds: [open], xIds: [climates.Rainfall] });
    expect(rain[0]).toEqual([...HEADER, 'Rainfall [mm]']);
    expect(rain.slice(1)).toEqual(expectedRows([2]));
    // Temperature alone: Site C's date has no temperature, so it has no row.
    expect((await lines('anonymous', { datasetIds: [open], xIds: [climates.Temperature] })).slice(1)).toEqual(expectedRows([4]));
    const marked = await lines('anonymous', { datasetIds: [open], xIds: [climates.Sky, climates.Rainfall], yIds: [sites['Site B']] });
    expect(marked.slice(1)).toEqual(expectedRows([2, 3], ['Site B']));
    const grouped = await lines('anonymous', { datasetIds: [open], yGroupIds: [coastal], yIds: [sites['Site B']] });
    expect(grouped.slice(1)).toEqual(expectedRows([2, 3, 4], ['Site A', 'Site B', 'Site C']));
    expect((await lines('anonymous', { datasetIds: [open], yGroupIds: [coastal] })).slice(1)).toEqual(expectedRows([2, 3, 4], ['Site A', 'Site C']));
    // A group the caller does not see selects nothing: the header alone.
    expect(await lines('anonymous', { datasetIds: [open], yGroupIds: [hidden] })).toEqual([[...HEADER, 'Rainfall [mm]', 'Sky', 'Temperature [°C]']]);
  });

  it('exports a licensed dataset only to a caller who accepted its licence, and logs each export', async () => {
    const before = Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM datasetaccesslogs WHERE dataset_id = ${licensed}`.execute(db())).rows[0].n);
    expect((await exportClimate('anonymous', { datasetIds: [licensed] })).status).toBe(404);
    const file = await lines('accepted', { datasetIds: [licensed] });
    expect(file).toEqual([
      [...HEADER, 'Rainfall [mm]'],
      ['Site A', String(sites['Site A']), `${licensed}-Licensed weather`, 'v2', 'Weather licence', '56.48', '-3.11', '21', '2024-02-01', '2024', '100'],
      ['Site D', String(sites['Site D']), `${licensed}-Licensed weather`, 'v2', 'Weather licence', '51.97', '5.67', '3', '2024-02-01', '2024', '50'],
    ]);
    // Of both datasets, an anonymous caller gets the open one alone.
    const both = await lines('anonymous', { datasetIds: [open, licensed], xIds: [climates.Rainfall] });
    expect(both.slice(1)).toEqual(expectedRows([2]));
    const after = Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM datasetaccesslogs WHERE dataset_id = ${licensed}`.execute(db())).rows[0].n);
    expect(after).toBe(before + 1);
  });

  it('answers bad input with 400 and datasets nobody may export with 404', async () => {
    expect((await exportClimate('anonymous')).status).toBe(400);
    expect((await exportClimate('anonymous', { datasetIds: [] })).status).toBe(400);
    expect((await exportClimate('anonymous', {})).status).toBe(400);
    expect((await exportClimate('anonymous', { datasetIds: ['open'] })).status).toBe(400);
    expect((await exportClimate('anonymous', { datasetIds: [open], xIds: 3 })).status).toBe(400);
    expect((await exportClimate('anonymous', { datasetIds: [999999] })).status).toBe(404);
  });

  it('exports the climate table as a zipped tab file of its filtered rows', async () => {
    const filter = [{ column: 'climateName', comparator: 'equals', operator: 'and', values: ['Temperature'] }];
    const response = await server.api('POST', 'climate/table/export', { body: { filter } });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const rows = strFromU8(Object.values(files)[0]).split('\r\n').filter((l) => l !== '').map((l) => l.split('\t'));
    expect(rows).toHaveLength(2);
    expect(rows[1][rows[0].indexOf('climate_name')]).toBe('Temperature');
    expect(rows[1][rows[0].indexOf('climate_id')]).toBe(String(climates.Temperature));
  });

  it('reads in batches the same rows as in one batch', async () => {
    const selection = { datasetIds: [open, licensed], climateIds: null, yIds: null, yGroupIds: null };
    const [list, datasets] = await Promise.all([exportClimates(db(), selection, dialect), exportDatasets(db(), selection.datasetIds)]);
    const read = async (batch: number) => {
      const batches: unknown[][] = [];
      for await (const rows of climateRows(db(), selection, list, datasets, null, dialect, batch)) batches.push(rows);
      return batches;
    };
    const whole = await read(10_000);
    const small = await read(2);
    expect(whole).toHaveLength(2);
    expect(small.length).toBeGreaterThan(3);
    expect(small.flat()).toEqual(whole.flat());
  });
});
