import path from 'node:path';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { climateImporter } from '../../src/plugins/climate/import/climate-importer.js';
import { readImportFile } from '../../src/server/import/read-file.js';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';

type Caller = 'anonymous' | 'accepted';
type Cells = (string | number | null)[][];
type Row = Record<string, unknown>;
interface Page { data: Row[]; count: number }
interface Box { datasetId: number | null; treatmentId: null; xId: number; groupIds: string | null; min: number; q1: number; median: number; q3: number; max: number; avg: number; count: number }
interface Stats { datasets: { datasetId: number; datasetName: string }[]; climates: Row[]; stats: Box[] }

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
const LOCATION_HEADER = ['Name', 'Short name', 'Country', 'Elevation', 'Latitude', 'Longitude'];
/** The open dataset's values: site, date, rainfall, sky, temperature. */
const OPEN: Cells = [
  ['Site A', '2024-01-01', '3.5', 'sunny', '4'],
  ['Site A', '2024-01-02', '0', 'cloudy', '5.5'],
  ['Site B', '2024-01-01', '12', 'cloudy', '7.25'],
  ['Site B', '2024-01-02', '1.25', 'rain', '6'],
  ['Site C', '2024-01-03', '8', 'sunny', '9.5'],
  ['Site A', '2024-01-03', '2', null, '5'],
];
/** The licensed dataset's values (rainfall only). */
const LICENSED: Cells = [['Site A', '2024-02-01', '100'], ['Site D', '2024-02-01', '50']];

/** percentile_cont by hand: the value at f·(n−1) of the sorted values, interpolated linearly. */
function expectedBox(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (f: number) => {
    const position = f * (sorted.length - 1);
    const lo = sorted[Math.floor(position)];
    return lo + (position - Math.floor(position)) * (sorted[Math.ceil(position)] - lo);
  };
  return { min: sorted[0], q1: at(0.25), median: at(0.5), q3: at(0.75), max: sorted[sorted.length - 1], avg: sorted.reduce((a, b) => a + b, 0) / sorted.length, count: sorted.length };
}
const close = (box: ReturnType<typeof expectedBox>) => Object.fromEntries(Object.entries(box).map(([k, v]) => [k, expect.closeTo(v, 9)]));

/** A column of the open dataset's values (2 = rainfall, 3 = sky, 4 = temperature) of the given sites. */
const openValues = (column: number, sites?: string[]) =>
  OPEN.filter((r) => r[column] !== null && (!sites || sites.includes(String(r[0])))).map((r) => Number(r[column]));

/**
 * The climate calls on the real server, both databases, over two climate files imported with the climate
 * importer (an open dataset and one behind a licence): the climate table, a climate's datasets, the
 * climates of datasets, the data table (rows, location ids, zip export), box plots and categorical values,
 * each against the files' values computed here, with the licence gate and the docs' 400s and 404s.
 */
describe.each(testDialects())('climate calls on %s', (dialect) => {
  let server: TestServer;
  let open: number;
  let licensed: number;
  const climates: Record<string, number> = {};
  const sites: Record<string, number> = {};
  let coastal: number;
  let hidden: number;
  const tokens: Record<Caller, string | null> = { anonymous: null, accepted: null };
  const db = () => server.db.database.db as unknown as Kysely<unknown>;

  const call = (caller: Caller, apiPath: string, body?: unknown) => server.api('POST', apiPath, { token: tokens[caller], body });
  const json = async <T>(response: Response): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as T;
  };

  async function importFile(name: string, title: string, locations: Cells, data: Cells, variables: Cells): Promise<number> {
    const wb = new ExcelJS.Workbook();
    const header = ['Location/Climate', 'Date', ...variables.slice(1).map((v) => v[0])];
    const sheets: Record<string, Cells> = {
      METADATA: [['LABEL', 'DEFINITION', 'VALUE'], ...LABELS.map((l) => [l, l, !GIVEN.includes(l) ? null : l === 'Title' ? title : `${l} of ${title}`])],
      LOCATION: [LOCATION_HEADER, ...locations],
      'ENVIRONMENTAL VARIABLES': variables,
      DATA: [header, ...data],
    };
    for (const [sheet, rows] of Object.entries(sheets)) wb.addWorksheet(sheet).addRows(rows);
    const file = path.join(server.db.dataDir, name);
    await wb.xlsx.writeFile(file);
    const parsed = await readImportFile(file, { maxBytes: 1 << 24, extensions: climateImporter.extensions, originalName: name });
    const target = { db: server.db.database.db, dialect };
    const options = { update: false, now: new Date('2025-03-01T12:00:00Z'), dataDir: server.db.dataDir, datasetStateId: 1 };
    expect((await climateImporter.check(parsed, target, options)).filter((i) => i.type === 'ERROR')).toEqual([]);
    const stats = await server.db.database.db.transaction().execute((trx) => climateImporter.write(parsed, { db: trx, dialect }, options));
    return Number(stats.datasetId);
  }

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    open = await importFile('open.xlsx', 'Open weather', [['Site A', 'S_A', 'GB', 21, 56.48, -3.11], ['Site B', null, 'DE', 157, 51.83, 11.27], ['Site C', null, 'FR', null, null, null]], OPEN, VARIABLES);
    licensed = await importFile('licensed.xlsx', 'Licensed weather', [['Site A', 'S_A', 'GB', 21, 56.48, -3.11], ['Site D', null, 'NL', 3, 51.97, 5.67]], LICENSED, VARIABLES.slice(0, 2));
    for (const r of (await sql<{ id: number; name: string }>`SELECT id, name FROM climates`.execute(db())).rows) climates[r.name] = Number(r.id);
    for (const r of (await sql<{ id: number; site_name: string }>`SELECT id, site_name FROM locations`.execute(db())).rows) sites[r.site_name] = Number(r.id);
    const licence = Number((await sql<{ id: number }>`INSERT INTO licenses (name, description) VALUES ('Weather licence', 'Accept first') RETURNING id`.execute(db())).rows[0].id);
    await sql`UPDATE datasets SET license_id = ${licence} WHERE id = ${licensed}`.execute(db());
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

  it('lists the climates with their units, overlays and the values the caller may read', async () => {
    const page = await json<Page>(await call('anonymous', 'climate/table', { page: 0, limit: 10, orderBy: 'climateName', ascending: 1 }));
    expect(page.count).toBe(3);
    expect(page.data[0]).toEqual({
      climateId: climates.Rainfall, climateName: 'Rainfall', climateNameShort: 'RF', climateDescription: 'Daily rain', dataType: 'numeric',
      unitId: expect.any(Number) as unknown, unitName: 'Millimeter', unitDescription: 'Millimeter', overlays: 0, unitAbbreviation: 'mm', count: openValues(2).length,
    });
    expect(Object.keys(page.data[0])).toEqual(['climateId', 'climateName', 'climateNameShort', 'climateDescription', 'dataType', 'unitId', 'unitName', 'unitDescription', 'overlays', 'unitAbbreviation', 'count']);
    expect(page.data.map((r) => [r.climateName, r.dataType, r.count])).toEqual([['Rainfall', 'numeric', 6], ['Sky', 'categorical', 5], ['Temperature', 'numeric', 6]]);
    // The licensed file's values count for a caller who accepted its licence.
    const accepted = await json<Page>(await call('accepted', 'climate/table', { filter: [{ column: 'climateName', comparator: 'equals', operator: 'and', values: ['Rainfall'] }] }));
    expect(accepted.data.map((r) => r.count)).toEqual([6 + LICENSED.length]);
    expect((await call('anonymous', 'climate/table', { filter: [{ column: 'nope', comparator: 'equals', values: ['x'] }] })).status).toBe(400);
  });

  it('lists a climate’s datasets as the dataset table does (visible, acceptance reported), and 404s an id that is no number', async () => {
    const rain = await json<Page>(await call('anonymous', `climate/${climates.Rainfall}/dataset`, { page: 0, limit: 10 }));
    expect(rain.data.map((r) => [r.datasetId, r.datasetType, r.acceptedBy])).toEqual([[open, 'climate', []], [licensed, 'climate', []]]);
    const sky = await json<Page>(await call('accepted', `climate/${climates.Sky}/dataset`, {}));
    expect(sky.data.map((r) => r.datasetId)).toEqual([open]);
    expect(await json<Page>(await call('anonymous', 'climate/987654/dataset', {}))).toEqual({ data: [], count: 0 });
    expect((await call('anonymous', 'climate/rainfall/dataset', {})).status).toBe(404);
  });

  it('lists the climates of datasets by name behind the licence gate', async () => {
    const names = async (caller: Caller, datasetIds: number[]) => (await json<Row[]>(await call(caller, 'dataset/climate', { datasetIds }))).map((r) => r.climateName);
    expect(await names('anonymous', [open])).toEqual(['Rainfall', 'Sky', 'Temperature']);
    expect(await names('anonymous', [licensed])).toEqual([]);
    expect(await names('accepted', [licensed])).toEqual(['Rainfall']);
    const [sky] = await json<Row[]>(await call('anonymous', 'dataset/climate', { datasetIds: [open] })).then((rows) => rows.filter((r) => r.climateName === 'Sky'));
    expect(sky).toEqual({ climateId: climates.Sky, climateName: 'Sky', dataType: 'categorical', overlays: 0, count: 0 });
    expect((await call('anonymous', 'dataset/climate')).status).toBe(400);
  });

  it('pages the climate data of the allowed datasets with the location’s visible groups', async () => {
    const page = await json<Page>(await call('anonymous', 'dataset/data/climate/table', { datasetIds: [], page: 0, limit: 100 }));
    expect(page.count).toBe(OPEN.reduce((n, r) => n + r.slice(2).filter((v) => v !== null).length, 0));
    const first = page.data.find((r) => r.locationId === sites['Site A'] && r.climateId === climates.Rainfall && r.recordingDate === '2024-01-01T00:00:00.000Z');
    expect(first).toEqual({
      groups: [{ id: coastal, name: 'Coastal' }], locationId: sites['Site A'], locationName: 'Site A', locationType: 'datasets', locationLatitude: 56.48,
      locationLongitude: -3.11, locationElevation: 21, countryName: 'United Kingdom of Great Britain and Northern Ireland', countryCode2: 'GB', countryCode3: 'GBR', datasetId: open,
      datasetName: 'Open weather', datasetDescription: 'Description of Open weather', climateId: climates.Rainfall, climateName: 'Rainfall',
      climateNameShort: 'RF', climateDataType: 'numeric', unitName: 'Millimeter', recordingDate: '2024-01-01T00:00:00.000Z', climateValue: '3.5',
    });
    // The private group of another user is not shown.
    expect(page.data.filter((r) => r.locationId === sites['Site B']).every((r) => Array.isArray(r.groups) && r.groups.length === 0)).toBe(true);
    // Climates, marked locations and groups narrow it; the licensed dataset is closed to anonymous callers.
    const narrowed = await json<Page>(await call('anonymous', 'dataset/data/climate/table', { xIds: [climates.Temperature], yIds: [sites['Site B']], yGroupIds: [coastal] }));
    expect(narrowed.data.map((r) => r.climateValue).sort()).toEqual(OPEN.filter((r) => r[0] !== null).map((r) => String(r[4])).sort());
    const hiddenGroup = await json<Page>(await call('anonymous', 'dataset/data/climate/table', { yGroupIds: [hidden] }));
    expect(hiddenGroup).toEqual({ data: [], count: 0 });
    expect(await json<Page>(await call('anonymous', 'dataset/data/climate/table', { datasetIds: [licensed] }))).toEqual({ data: [], count: 0 });
    const opened = await json<Page>(await call('accepted', 'dataset/data/climate/table', { datasetIds: [licensed], orderBy: 'climateValue', ascending: 1 }));
    expect(opened.data.map((r) => [r.locationName, r.climateValue])).toEqual([['Site A', '100'], ['Site D', '50']]);
    expect((await call('anonymous', 'dataset/data/climate/table')).status).toBe(400);
  });

  it('answers the distinct location ids of the matching rows', async () => {
    const ids = await json<Page>(await call('anonymous', 'dataset/data/climate/table/ids', { filter: [{ column: 'climateValue', comparator: 'equals', values: ['cloudy'] }] }));
    expect(ids).toEqual({ data: [sites['Site A'], sites['Site B']].sort((a, b) => a - b), count: 2 });
    expect(await json<Page>(await call('accepted', 'dataset/data/climate/table/ids', { datasetIds: [licensed] }))).toEqual({ data: [sites['Site A'], sites['Site D']].sort((a, b) => a - b), count: 2 });
    expect(await json<Page>(await call('anonymous', 'dataset/data/climate/table/ids', { datasetIds: [licensed] }))).toEqual({ data: [], count: 0 });
  });

  it('exports the table as a zipped tab file, logs the access, and 404s without an allowed dataset', async () => {
    const response = await call('accepted', 'dataset/data/climate/table/export', { datasetIds: [licensed] });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/filename= "climate-data-table--[\d-]+-[0-9a-f-]{36}\.zip"/);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const lines = strFromU8(Object.values(files)[0]).split('\r\n');
    expect(lines[0].split('\t')).toEqual([
      'location_id', 'location_name', 'location_region', 'location_state', 'location_type', 'location_latitude', 'location_longitude', 'location_elevation',
      'country_name', 'country_code2', 'country_code3', 'dataset_id', 'dataset_name', 'dataset_description', 'climate_id', 'climate_name',
      'climate_name_short', 'climate_data_type', 'unit_name', 'recording_date', 'climate_value',
    ]);
    expect(lines.slice(1, -1).map((l) => l.split('\t').at(-1))).toEqual(LICENSED.map((r) => String(r[2])));
    const logged = await sql<{ dataset_id: number }>`SELECT dataset_id FROM datasetaccesslogs`.execute(db());
    expect(logged.rows.map((r) => Number(r.dataset_id))).toEqual([licensed]);
    expect((await call('anonymous', 'dataset/data/climate/table/export', { datasetIds: [licensed] })).status).toBe(404);
  });

  it('writes the categorical values: a row per location, dataset and date, a column per climate', async () => {
    const response = await call('anonymous', 'dataset/categorical/climate', { datasetIds: [open], xIds: [climates.Sky, climates.Rainfall] });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`filename= "climates-${climates.Sky}-${climates.Rainfall}-[0-9a-f-]{36}\\.tsv"`));
    const lines = (await response.text()).split('\r\n').filter((l) => l !== '');
    const expected = OPEN.filter((r) => r[3] !== null)
      .map((r) => [String(r[0]), String(sites[String(r[0])]), 'Open weather', String(r[1]), String(r[3])])
      .sort((a, b) => a[0].localeCompare(b[0]) || a[3].localeCompare(b[3]));
    expect(lines.map((l) => l.split('\t'))).toEqual([['name', 'dbId', 'dataset_name', 'date', 'Sky'], ...expected]);
    // Groups and marked locations add a group column.
    const grouped = await call('anonymous', 'dataset/categorical/climate', { xIds: [climates.Sky], yGroupIds: [coastal], yIds: [sites['Site B']] });
    const rows = (await grouped.text()).split('\r\n').filter((l) => l !== '').map((l) => l.split('\t'));
    expect(rows[0]).toEqual(['name', 'dbId', 'dataset_name', 'date', 'group', 'Sky']);
    expect(rows.slice(1).map((r) => [r[0], r[4], r[5]])).toEqual([
      ['Site A', 'Coastal', 'sunny'], ['Site A', 'Coastal', 'cloudy'], ['Site C', 'Coastal', 'sunny'], ['Site B', 'Marked items', 'cloudy'], ['Site B', 'Marked items', 'rain'],
    ]);
    expect((await call('anonymous', 'dataset/categorical/climate', { datasetIds: [open], xIds: [] })).status).toBe(400);
    expect((await call('anonymous', 'dataset/categorical/climate', { datasetIds: [licensed], xIds: [climates.Sky] })).status).toBe(404);
  });

  it('draws box plots with the database’s quartiles per dataset, group and marked locations', async () => {
    const stats = await json<Stats>(await call('accepted', 'dataset/stats/climate', { datasetIds: [] }));
    expect(stats.datasets.map((d) => d.datasetId)).toEqual([open, licensed]);
    expect(stats.climates.map((c) => c.climateName)).toEqual(['Rainfall', 'Temperature']);
    expect(stats.stats).toEqual([
      { datasetId: open, treatmentId: null, xId: climates.Rainfall, groupIds: null, ...close(expectedBox(openValues(2))) },
      { datasetId: open, treatmentId: null, xId: climates.Temperature, groupIds: null, ...close(expectedBox(openValues(4))) },
      { datasetId: licensed, treatmentId: null, xId: climates.Rainfall, groupIds: null, ...close(expectedBox(LICENSED.map((r) => Number(r[2])))) },
    ]);
    const selected = await json<Stats>(await call('anonymous', 'dataset/stats/climate', { xIds: [climates.Temperature], yGroupIds: [coastal, hidden], yIds: [sites['Site B']] }));
    expect(selected.stats).toEqual([
      { datasetId: null, treatmentId: null, xId: climates.Temperature, groupIds: '["Coastal"]', ...close(expectedBox(openValues(4, ['Site A', 'Site C']))) },
      { datasetId: null, treatmentId: null, xId: climates.Temperature, groupIds: 'Marked items', ...close(expectedBox(openValues(4, ['Site B']))) },
    ]);
    expect((await call('anonymous', 'dataset/stats/climate', { datasetIds: [licensed] })).status).toBe(404);
    expect((await call('anonymous', 'dataset/stats/climate')).status).toBe(400);
  });
});
