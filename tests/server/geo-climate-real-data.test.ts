import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapPlaces } from '../../src/core/map-places.js';
import { climateImporter } from '../../src/plugins/climate/import/climate-importer.js';
import { mcpdImporter } from '../../src/plugins/germplasm/import/mcpd-importer.js';
import { readImportFile } from '../../src/server/import/read-file.js';
import { testDialects } from '../support/databases.js';
import { climateWorkbook, coordinatesOf, GENESYS_PASSPORT, MONTHLY_VARIABLES, readPassports, readPcseMonths, type Passport } from '../support/real-climate.js';
import { startServer, type TestServer } from '../support/server.js';

type Row = Record<string, unknown>;
type Page = { data: Row[]; count: number };
type Point = readonly [number, number];

const MAX_BYTES = 64 * 1024 * 1024;
const NOW = new Date('2025-03-01T12:00:00Z');
const TITLE = 'Haarweg monthly weather';
/** The PCSE header names the country ('Netherlands'); the template asks for its ISO code. */
const STATION_COUNTRY = 'NL';
const RADIUS_KM = 300;

/** Written here from the formulas' definitions, independently of the server's SQL. */
const rad = (degrees: number) => (degrees * Math.PI) / 180;
function haversine(a: Point, b: Point): number {
  const h = Math.sin((rad(b[0]) - rad(a[0])) / 2) ** 2 + Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin((rad(b[1]) - rad(a[1])) / 2) ** 2;
  return 2 * 6372.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}
function cosines(a: Point, b: Point): number {
  const c = Math.sin(rad(a[0])) * Math.sin(rad(b[0])) + Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.cos(rad(b[1]) - rad(a[1]));
  return 6378.7 * Math.acos(Math.max(-1, Math.min(1, c)));
}
/** Ray casting in the plane of longitude × latitude: a point is inside when a ray east of it crosses the ring an odd number of times. */
function inPolygon([lat, lng]: Point, ring: Point[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [latI, lngI] = ring[i];
    const [latJ, lngJ] = ring[j];
    if (latI > lat !== latJ > lat && lng < ((lngJ - lngI) * (lat - latI)) / (latJ - latI) + lngI) inside = !inside;
  }
  return inside;
}

/** Fennoscandia, drawn round the coasts of Norway, Sweden and Finland (no file point lies near its edges). */
const NORDIC: Point[] = [[55.2, 4.5], [58.5, 4.5], [63, 4.5], [71.5, 15], [71.5, 31.5], [60, 31.5], [55.2, 15]];

/**
 * The collecting sites the MCPD rules make of the file: a row has one when it names a country or a site
 * (site name 'N/A' when none), and rows with the same country, site, coordinates, elevation, datum,
 * uncertainty and method share it.
 */
function collectingSites(rows: Passport[]): { key: string; site: string; country: string; point: Point | null }[] {
  const sites = new Map<string, { key: string; site: string; country: string; point: Point | null }>();
  for (const row of rows) {
    if (row.ORIGCTY === '' && row.COLLSITE === '') continue;
    const number = (text: string) => (text === '' ? null : Number(text));
    const key = JSON.stringify([row.ORIGCTY, row.COLLSITE || 'N/A', number(row.DECLATITUDE), number(row.DECLONGITUDE), number(row.ELEVATION), row.COORDDATUM, number(row.COORDUNCERT), row.GEOREFMETH]);
    if (!sites.has(key)) sites.set(key, { key, site: row.COLLSITE || 'N/A', country: row.ORIGCTY, point: coordinatesOf(row) });
  }
  return [...sites.values()];
}

const pointKey = ([lat, lng]: Point) => `${lat.toFixed(6)} ${lng.toFixed(6)}`;
const sorted = (values: string[]) => [...values].sort();

/**
 * The held real data through our import pipeline and back out of the location, geographic-search, map and
 * climate calls: the Genesys passport table (3,022 accessions) by the MCPD importer, and the Wageningen
 * (Haarweg) PCSE daily weather as monthly figures in Germinate's climate template by the climate importer.
 * Every expected figure is computed here from the files.
 */
describe.each(testDialects())('real geographic and climate data on %s', (dialect) => {
  let server: TestServer;
  let datasetId = 0;
  const passports = readPassports();
  const located = passports.map(coordinatesOf).filter((p): p is [number, number] => p !== null);
  const sites = collectingSites(passports);
  const { station, months } = readPcseMonths();
  const home: Point = [station.latitude, station.longitude];

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    const target = { db: server.db.database.db, dialect };
    const passportFile = await readImportFile(GENESYS_PASSPORT, { maxBytes: MAX_BYTES });
    const mcpdOptions = { update: false, now: NOW, dataDir: server.db.dataDir, datasetStateId: 1 };
    expect((await mcpdImporter.check(passportFile, target, mcpdOptions)).filter((i) => i.type === 'ERROR')).toEqual([]);
    const mcpdStats = await server.db.database.db.transaction().execute((trx) => mcpdImporter.write(passportFile, { db: trx, dialect }, mcpdOptions));
    expect(mcpdStats.germplasm).toBe(passports.length);

    const workbook = new ExcelJS.Workbook();
    for (const [sheet, rows] of Object.entries(climateWorkbook(TITLE, station, STATION_COUNTRY, months))) workbook.addWorksheet(sheet).addRows(rows);
    const file = path.join(server.db.dataDir, 'haarweg-monthly.xlsx');
    await workbook.xlsx.writeFile(file);
    const climateFile = await readImportFile(file, { maxBytes: MAX_BYTES, extensions: climateImporter.extensions, originalName: 'haarweg-monthly.xlsx' });
    const climateOptions = { update: false, now: NOW, dataDir: server.db.dataDir, datasetStateId: 1 };
    expect(await climateImporter.check(climateFile, target, climateOptions)).toEqual([]);
    const stats = await server.db.database.db.transaction().execute((trx) => climateImporter.write(climateFile, { db: trx, dialect }, climateOptions));
    datasetId = Number(stats.datasetId);
  }, 120_000);
  afterAll(async () => server?.close());

  const page = async <T = Page>(apiPath: string, body: unknown): Promise<T> => {
    const response = await server.api('POST', apiPath, { body });
    expect(response.status, `${apiPath}: ${await response.clone().text()}`).toBe(200);
    return (await response.json()) as T;
  };
  const all = { page: 0, limit: 5000 };
  const stationId = async () => {
    const result = await page('location/table', { filter: [{ column: 'locationName', comparator: 'equals', values: [station.name] }] });
    expect(result.count).toBe(1);
    return Number(result.data[0].locationId);
  };

  it('lists the station and every collecting site of the file with its coordinates; a filter narrows the list', async () => {
    expect(passports).toHaveLength(3022);
    const result = await page('location/table', { ...all, orderBy: 'locationId', ascending: 1 });
    expect(result.count).toBe(sites.length + 1);
    const row = result.data.find((r) => r.locationName === station.name);
    expect(row).toMatchObject({ locationLatitude: station.latitude, locationLongitude: station.longitude, locationElevation: station.elevation, countryCode2: STATION_COUNTRY });
    const listed = result.data.filter((r) => r.locationLatitude != null && r.locationLongitude != null).map((r) => pointKey([Number(r.locationLatitude), Number(r.locationLongitude)]));
    const expected = [...sites.flatMap((s) => (s.point ? [pointKey(s.point)] : [])), pointKey(home)];
    expect(sorted(listed)).toEqual(sorted(expected));
    const beet = passports.find((p) => p.ACCENUMB === 'PI 504217');
    const beetSite = result.data.find((r) => r.locationName === beet?.COLLSITE);
    expect(beetSite).toMatchObject({ countryCode3: 'ITA', locationLatitude: expect.closeTo(Number(beet?.DECLATITUDE), 6), locationLongitude: expect.closeTo(Number(beet?.DECLONGITUDE), 6) });

    // The Netherlands: the station and the collecting sites of rows from NLD.
    const dutch = await page('location/table', { ...all, filter: [{ column: 'countryCode2', comparator: 'equals', values: ['NL'] }] });
    expect(dutch.count).toBe(sites.filter((s) => s.country === 'NLD').length + 1);
    expect(dutch.data.every((r) => r.countryCode3 === 'NLD')).toBe(true);
  });

  it('finds the collecting sites and germplasm within 300 km of the station, nearest first', async () => {
    const radius = [{ column: 'distance', comparator: 'lessOrEquals', operator: 'and', values: [String(RADIUS_KM)] }];
    const near = await page('location/distance/table', { ...all, latitude: home[0], longitude: home[1], filter: radius, orderBy: 'distance', ascending: 1 });
    const nearSites = [...sites.filter((s) => s.point !== null).map((s) => ({ name: s.site, km: cosines(home, s.point as Point) })), { name: station.name, km: 0 }]
      .filter((s) => s.km <= RADIUS_KM)
      .sort((a, b) => a.km - b.km);
    expect(near.count).toBe(nearSites.length);
    expect(near.data[0]).toMatchObject({ locationName: station.name, distance: expect.closeTo(0, 6) });
    near.data.forEach((r, i) => expect(r.distance as number).toBeCloseTo(nearSites[i].km, 6));
    expect(sorted(near.data.map((r) => String(r.locationName)))).toEqual(sorted(nearSites.map((s) => s.name)));

    const nearGermplasm = passports
      .flatMap((p) => {
        const point = coordinatesOf(p);
        return point ? [{ name: p.ACCENUMB, km: haversine(home, point) }] : [];
      })
      .filter((g) => g.km <= RADIUS_KM)
      .sort((a, b) => a.km - b.km);
    const germplasm = await page('germplasm/distance/table', { ...all, latitude: home[0], longitude: home[1], filter: radius, orderBy: 'distance', ascending: 1 });
    expect(germplasm.count).toBe(nearGermplasm.length);
    expect(germplasm.count).toBeGreaterThan(10);
    germplasm.data.forEach((r, i) => expect(r.distance as number).toBeCloseTo(nearGermplasm[i].km, 6));
    expect(sorted(germplasm.data.map((r) => String(r.germplasmName)))).toEqual(sorted(nearGermplasm.map((g) => g.name)));
  });

  it('finds the germplasm and collecting sites inside a polygon round Fennoscandia', async () => {
    const inside = passports.filter((p) => {
      const point = coordinatesOf(p);
      return point !== null && inPolygon(point, NORDIC);
    });
    expect(inside.length).toBeGreaterThan(20);
    const polygons = [NORDIC.map(([lat, lng]) => ({ lat, lng }))];
    const result = await page('germplasm/polygon/table', { ...all, polygons });
    expect(result.count).toBe(inside.length);
    expect(sorted(result.data.map((r) => String(r.germplasmName)))).toEqual(sorted(inside.map((p) => p.ACCENUMB)));
    const insideSites = sites.filter((s) => s.point !== null && inPolygon(s.point, NORDIC));
    const locations = await page('location/polygon/table', { ...all, polygons });
    expect(sorted(locations.data.map((r) => String(r.locationName)))).toEqual(sorted(insideSites.map((s) => s.site)));
  });

  it('places every located germplasm and location on the world map at zoom 2, with the file’s bounds', async () => {
    const world = { west: -180, south: -90, east: 180, north: 90, zoom: 2, bounds: true };
    const boundsOf = (points: Point[]) => ({
      south: Math.min(...points.map((p) => p[0])), north: Math.max(...points.map((p) => p[0])),
      west: Math.min(...points.map((p) => p[1])), east: Math.max(...points.map((p) => p[1])),
    });
    const check = (answer: MapPlaces, points: Point[]) => {
      expect(answer.inView).toBe(points.length);
      expect(answer.places.length + answer.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(points.length);
      // Fewer than PLACE_POINT_LIMIT (1,500): each row is its own place, at the file's coordinates.
      if (answer.clusters.length === 0) expect(sorted(answer.places.map((p) => pointKey([p.latitude, p.longitude])))).toEqual(sorted(points.map(pointKey)));
      const expected = boundsOf(points);
      expect(answer.bounds).toMatchObject({ total: points.length, ...Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, expect.closeTo(v, 6)])) });
    };
    const germplasm = await page<MapPlaces>('germplasm/table/places', world);
    expect(located).toHaveLength(1315);
    check(germplasm, located);
    const locations = await page<MapPlaces>('location/table/places', world);
    check(locations, [...sites.flatMap((s) => (s.point ? [s.point] : [])), home]);
  });

  it('lists the climate variables with their units and value counts, and the station’s monthly figures', async () => {
    const climates = await page('climate/table', { ...all, orderBy: 'climateName', ascending: 1 });
    expect(climates.count).toBe(MONTHLY_VARIABLES.length);
    const idOf: Record<string, number> = {};
    for (const variable of MONTHLY_VARIABLES) {
      const row = climates.data.find((r) => r.climateName === variable.name);
      expect(row).toMatchObject({ climateNameShort: variable.short, dataType: 'numeric', unitName: variable.unit, unitAbbreviation: variable.abbreviation, count: months.filter((m) => m[variable.key] !== null).length });
      idOf[variable.key] = Number(row?.climateId);
    }
    // The climates of the dataset, by name, and each climate's datasets: the one imported.
    const ofDataset = await page<Row[]>('dataset/climate', { datasetIds: [datasetId] });
    expect(ofDataset.map((r) => r.climateName)).toEqual(MONTHLY_VARIABLES.map((v) => v.name).sort());
    for (const id of Object.values(idOf)) {
      const datasets = await page(`climate/${id}/dataset`, { ...all });
      expect(datasets.data.map((r) => [r.datasetId, r.datasetName])).toEqual([[datasetId, TITLE]]);
    }
    // 2004–2008 less December 2006, which the file lacks entirely.
    expect(months).toHaveLength(59);
    expect(months.find((m) => m.date === '2006-11-01')?.days).toBe(29);

    const locationId = await stationId();
    for (const variable of MONTHLY_VARIABLES) {
      const data = await page('dataset/data/climate/table', { ...all, datasetIds: [datasetId], yIds: [locationId], xIds: [idOf[variable.key]], orderBy: 'recordingDate', ascending: 1 });
      const expected = months.filter((m) => m[variable.key] !== null);
      expect(data.count).toBe(expected.length);
      data.data.forEach((r, i) => {
        expect(r).toMatchObject({ locationName: station.name, climateName: variable.name, unitName: variable.unit, recordingDate: `${expected[i].date}T00:00:00.000Z` });
        expect(Number(r.climateValue)).toBeCloseTo(expected[i][variable.key] as number, 3);
      });
    }
    const ids = await page('dataset/data/climate/table/ids', { datasetIds: [datasetId] });
    expect(ids.data).toEqual([locationId]);
  });

  it('summarises the station’s monthly figures per variable in the climate statistics (box plot)', async () => {
    const locationId = await stationId();
    const answer = await page<{ stats: Row[] }>('dataset/stats/climate', { datasetIds: [datasetId], yIds: [locationId] });
    const climates = await page('climate/table', { ...all });
    for (const variable of MONTHLY_VARIABLES) {
      const climateId = climates.data.find((r) => r.climateName === variable.name)?.climateId;
      const values = months.flatMap((m) => (m[variable.key] === null ? [] : [m[variable.key] as number])).sort((a, b) => a - b);
      // percentile_cont: the value at f·(n−1) of the sorted values, interpolated linearly.
      const at = (f: number) => {
        const position = f * (values.length - 1);
        const low = values[Math.floor(position)];
        return low + (position - Math.floor(position)) * (values[Math.ceil(position)] - low);
      };
      const marked = answer.stats.filter((box) => box.xId === climateId && box.groupIds === 'Marked items');
      expect(marked).toHaveLength(1);
      expect(marked[0]).toMatchObject({ count: values.length });
      const expected = { min: values[0], q1: at(0.25), median: at(0.5), q3: at(0.75), max: values[values.length - 1], avg: values.reduce((a, b) => a + b, 0) / values.length };
      for (const [key, value] of Object.entries(expected)) expect(marked[0][key] as number, `${variable.name} ${key}`).toBeCloseTo(value, 3);
    }
  });

  it('exports the station’s monthly rows in the climate export', async () => {
    const locationId = await stationId();
    const response = await server.api('POST', 'dataset/export/climate', { body: { datasetIds: [datasetId], yIds: [locationId] } });
    expect(response.status).toBe(200);
    const [header, ...rows] = (await response.text()).split('\r\n').map((line) => line.split('\t'));
    const columns = sorted(MONTHLY_VARIABLES.map((v) => `${v.name} [${v.abbreviation}]`));
    expect(header.slice(0, 10)).toEqual(['name', 'dbId', 'dataset_name', 'dataset_version', 'license_name', 'latitude', 'longitude', 'elevation', 'date', 'year']);
    expect(sorted(header.slice(10))).toEqual(columns);
    expect(rows).toHaveLength(months.length);
    const byDate = new Map(rows.map((r) => [r[header.indexOf('date')], r]));
    for (const month of months) {
      const row = byDate.get(month.date);
      expect(row?.slice(0, 10)).toEqual([station.name, String(locationId), `${datasetId}-${TITLE}`, '', '', String(station.latitude), String(station.longitude), String(station.elevation), month.date, month.date.slice(0, 4)]);
      for (const variable of MONTHLY_VARIABLES) {
        const cell = row?.[header.indexOf(`${variable.name} [${variable.abbreviation}]`)];
        expect(Number(cell)).toBeCloseTo(month[variable.key] as number, 3);
      }
    }
  });
});
