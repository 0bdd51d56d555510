import { strFromU8, unzipSync } from 'fflate';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { expectShape, type Shape } from '../support/view-shapes.js';

type Row = Record<string, unknown>;
type Page = { data: Row[]; count: number };

/** Places chosen around the spots where a flat map has edges: the antimeridian (Fiji, Samoa) and the North Pole. */
const PLACES = {
  dundee: [56.462, -2.9707],
  edinburgh: [55.9533, -3.1883],
  london: [51.5072, -0.1276],
  berlin: [52.52, 13.405],
  fijiWest: [-17.7134, 178.065],
  fijiEast: [-16.58, -179.99],
  samoa: [-13.759, -172.1046],
  arcticA: [85, 10],
  arcticB: [84, -150],
  svalbard: [78.2232, 15.6267],
  southPole: [-89.9, 45],
} as const;
type Place = keyof typeof PLACES;

/** Written here from the formulas' definitions, independently of the server's SQL. */
const rad = (degrees: number) => (degrees * Math.PI) / 180;
function haversine(a: readonly number[], b: readonly number[]): number {
  const h = Math.sin((rad(b[0]) - rad(a[0])) / 2) ** 2 + Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin((rad(b[1]) - rad(a[1])) / 2) ** 2;
  return 2 * 6372.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}
function cosines(a: readonly number[], b: readonly number[]): number {
  const c = Math.sin(rad(a[0])) * Math.sin(rad(b[0])) + Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.cos(rad(b[1]) - rad(a[1]));
  return 6378.7 * Math.acos(Math.max(-1, Math.min(1, c)));
}

const LOCATION_SHAPE: Shape = {
  locationId: 'number', locationName: 'string', locationNameShort: 'string', locationRegion: 'string', locationState: 'string',
  locationType: 'string', locationLatitude: 'number', locationLongitude: 'number', locationElevation: 'number',
  locationCoordinateUncertainty: 'number', countryId: 'number', countryName: 'string', countryCode2: 'string', countryCode3: 'string',
};

/**
 * Geographic search on the real server: location/table (+ ids, export), location and germplasm point searches
 * (distances against the formulas computed here), polygon searches across the antimeridian and round the
 * pole, the union of several polygons, the spatial index kept in step with edits, and bad geometry as 400s.
 */
describe.each(testDialects())('geographic search on %s', (dialect) => {
  let server: TestServer;
  let db: Kysely<unknown>;
  const locationOf = new Map<Place, number>();
  const germplasmOf = new Map<Place, number>();
  let unlocated = 0;

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    db = server.app.database.db as unknown as Kysely<unknown>;
    const country = (await sql<{ id: number }>`SELECT id FROM countries WHERE country_code2 = 'GB'`.execute(db)).rows[0].id;
    const insertLocation = async (name: string, lat: number | null, lng: number | null) =>
      Number((await sql<{ id: number }>`INSERT INTO locations (locationtype_id, country_id, site_name, site_name_short, region, state, elevation, latitude, longitude, coordinate_uncertainty)
        VALUES (1, ${country}, ${name}, ${name.slice(0, 3)}, 'Region', 'State', 12.5, ${lat}, ${lng}, 30) RETURNING id`.execute(db)).rows[0].id);
    const insertGermplasm = async (name: string, locationId: number | null) =>
      Number((await sql<{ id: number }>`INSERT INTO germinatebase (general_identifier, name, display_name, location_id) VALUES (${name}, ${name}, ${name}, ${locationId}) RETURNING id`.execute(db)).rows[0].id);
    for (const [place, [lat, lng]] of Object.entries(PLACES) as [Place, readonly [number, number]][]) {
      const id = await insertLocation(place, lat, lng);
      locationOf.set(place, id);
      germplasmOf.set(place, await insertGermplasm(`G-${place}`, id));
    }
    unlocated = await insertLocation('nowhere', null, null);
    await insertGermplasm('G-nowhere', unlocated);
    await insertGermplasm('G-homeless', null);
  });
  afterAll(async () => server?.close());

  const post = async (path: string, body: unknown) => server.api('POST', path, { body });
  const page = async (path: string, body: unknown): Promise<Page> => {
    const response = await post(path, body);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Page;
  };
  const placesOf = (rows: Row[], key: 'locationName' | 'germplasmName') => rows.map((r) => String(r[key]).replace(/^G-/, '')).sort();
  const polygonOf = (...points: [number, number][]) => points.map(([lat, lng]) => ({ lat, lng }));

  it('answers location/table with ViewTableLocations rows, its ids and its export', async () => {
    const result = await page('location/table', { orderBy: 'locationId', ascending: 1 });
    expect(result.count).toBe(Object.keys(PLACES).length + 1);
    const dundee = result.data.find((r) => r.locationName === 'dundee');
    expect(Object.keys(dundee ?? {})).toEqual(Object.keys(LOCATION_SHAPE));
    for (const row of result.data) expectShape(row, LOCATION_SHAPE, ['locationId', 'locationName', 'countryId']);
    expect(dundee).toMatchObject({ locationType: 'collectingsites', countryCode2: 'GB', countryCode3: 'GBR', locationLatitude: 56.462, locationElevation: 12.5 });
    const ids = (await page('location/table/ids', {})).data;
    expect(ids).toEqual(result.data.map((r) => r.locationId));

    const response = await post('location/table/export', { filter: [{ column: 'locationName', comparator: 'equals', values: ['berlin'] }] });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/location-table-/);
    const files = Object.values(unzipSync(new Uint8Array(await response.arrayBuffer()))).map((bytes) => strFromU8(bytes));
    const lines = files[0].trim().split(/\r?\n/);
    expect(lines[0].split('\t')).toEqual(['location_id', 'location_name', 'location_name_short', 'location_region', 'location_state', 'location_type', 'location_latitude', 'location_longitude', 'location_elevation', 'location_coordinate_uncertainty', 'country_id', 'country_name', 'country_code2', 'country_code3']);
    expect(lines).toHaveLength(2);
  });

  it('measures location distances by the law of cosines (R = 6378.7 km), nearest first, located rows only', async () => {
    const from = PLACES.dundee;
    const result = await page('location/distance/table', { latitude: from[0], longitude: from[1], orderBy: 'distance', ascending: 1 });
    expect(result.count).toBe(Object.keys(PLACES).length);
    expect(Object.keys(result.data[0])[0]).toBe('distance');
    for (const row of result.data) expect(row.distance as number).toBeCloseTo(cosines(from, PLACES[row.locationName as Place]), 6);
    const expected = (Object.keys(PLACES) as Place[]).sort((a, b) => cosines(from, PLACES[a]) - cosines(from, PLACES[b]));
    expect(result.data.map((r) => r.locationName)).toEqual(expected);

    const radius = [{ column: 'distance', comparator: 'lessOrEquals', operator: 'and', values: ['100'] }];
    const near = await page('location/distance/table', { latitude: from[0], longitude: from[1], filter: radius });
    expect(placesOf(near.data, 'locationName')).toEqual(['dundee', 'edinburgh']);
    const ids = await page('location/distance/table/ids', { latitude: from[0], longitude: from[1], filter: radius });
    expect([...ids.data].sort((a, b) => Number(a) - Number(b))).toEqual([locationOf.get('dundee'), locationOf.get('edinburgh')].sort((a, b) => Number(a) - Number(b)));
  });

  it('measures germplasm distances by haversine (R = 6372.8 km), radius boxes across the antimeridian included', async () => {
    const from = PLACES.fijiWest;
    const result = await page('germplasm/distance/table', { latitude: from[0], longitude: from[1], orderBy: 'distance', ascending: 0 });
    expect(result.count).toBe(Object.keys(PLACES).length);
    for (const row of result.data) expect(row.distance as number).toBeCloseTo(haversine(from, PLACES[String(row.germplasmName).slice(2) as Place]), 6);
    const farthestFirst = (Object.keys(PLACES) as Place[]).sort((a, b) => haversine(from, PLACES[b]) - haversine(from, PLACES[a]));
    expect(result.data.map((r) => String(r.germplasmName).slice(2))).toEqual(farthestFirst);
    // The same row as germplasm/table, distance first.
    const plain = await page('germplasm/table', { filter: [{ column: 'germplasmName', comparator: 'equals', values: ['G-berlin'] }] });
    const berlin = result.data.find((r) => r.germplasmName === 'G-berlin') ?? {};
    expect(Object.keys(berlin)).toEqual(['distance', ...Object.keys(plain.data[0])]);

    // 1,000 km from western Fiji reaches across the antimeridian to eastern Fiji and Samoa's 1,200 km stays out.
    const radius = [{ column: 'distance', comparator: 'lessThan', operator: 'and', values: [1000] }];
    const near = await page('germplasm/distance/table', { latitude: from[0], longitude: from[1], filter: radius });
    expect(placesOf(near.data, 'germplasmName')).toEqual(['fijiEast', 'fijiWest']);
    const ids = await page('germplasm/distance/table/ids', { latitude: from[0], longitude: from[1], filter: radius });
    expect([...ids.data].sort()).toEqual([germplasmOf.get('fijiEast'), germplasmOf.get('fijiWest')].sort());
    // Near the pole the box spans every longitude.
    const polar = await page('germplasm/distance/table', { latitude: 89, longitude: 0, filter: [{ column: 'distance', comparator: 'between', values: [0, 800] }] });
    expect(placesOf(polar.data, 'germplasmName')).toEqual(['arcticA', 'arcticB']);
  });

  it('finds locations and germplasm inside polygons: across the antimeridian, round the pole, several at once', async () => {
    const fiji = polygonOf([-20, 175], [-20, -178], [-10, -178], [-10, 175]);
    for (const [path, key] of [['location', 'locationName'], ['germplasm', 'germplasmName']] as const) {
      expect(placesOf((await page(`${path}/polygon/table`, { polygons: [fiji] })).data, key)).toEqual(['fijiEast', 'fijiWest']);
    }
    // A ring round the globe at 80° N (as clicked on a flat map, east then back across the antimeridian): the cap north of it.
    const cap = polygonOf([80, 0], [80, 90], [80, 180], [80, -90]);
    expect(placesOf((await page('location/polygon/table', { polygons: [cap] })).data, 'locationName')).toEqual(['arcticA', 'arcticB']);
    // A ring drawn in the south encloses the South Pole.
    const southCap = polygonOf([-80, 0], [-80, -120], [-80, 120]);
    expect(placesOf((await page('germplasm/polygon/table', { polygons: [southCap] })).data, 'germplasmName')).toEqual(['southPole']);
    // An ordinary triangle up to the pole's line, closed WKT-style with its first point repeated.
    const svalbard = polygonOf([75, 0], [75, 30], [90, 15], [75, 0]);
    expect(placesOf((await page('location/polygon/table', { polygons: [svalbard] })).data, 'locationName')).toEqual(['arcticA', 'svalbard']);
    // Several polygons: their union (Scotland and Berlin); a concave one leaves London out of its notch.
    const scotland = polygonOf([55, -6], [58, -6], [58, 0], [55, 0]);
    const berlin = polygonOf([52, 13], [53, 13], [53, 14], [52, 14]);
    const union = await page('germplasm/polygon/table', { polygons: [scotland, berlin], orderBy: 'germplasmName', ascending: 1 });
    expect(union.data.map((r) => r.germplasmName)).toEqual(['G-berlin', 'G-dundee', 'G-edinburgh']);
    const ids = await page('germplasm/polygon/table/ids', { polygons: [scotland, berlin] });
    expect([...ids.data].sort()).toEqual(union.data.map((r) => r.germplasmId).sort());
    const notch = polygonOf([50, -5], [57, -5], [57, 2], [50, 2], [50, 1], [53, -1], [50, -2]);
    expect(placesOf((await page('location/polygon/table', { polygons: [notch] })).data, 'locationName')).toEqual(['dundee', 'edinburgh']);
  });

  it('exports the results of a point or polygon search as the table file, distance first for a point', async () => {
    const rowsOf = async (path: string, body: unknown) => {
      const response = await post(path, body);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/zip');
      const lines = strFromU8(Object.values(unzipSync(new Uint8Array(await response.arrayBuffer())))[0]).trim().split(/\r?\n/).map((line) => line.split('\t'));
      return { header: lines[0], rows: lines.slice(1) };
    };
    const from = PLACES.dundee;
    const radius = [{ column: 'distance', comparator: 'lessThan', operator: 'and', values: ['100'] }];
    const near = await rowsOf('location/distance/table/export', { latitude: from[0], longitude: from[1], filter: radius });
    expect(near.header.slice(0, 3)).toEqual(['distance', 'location_id', 'location_name']);
    expect(near.rows.map((row) => row[2]).sort()).toEqual(['dundee', 'edinburgh']);
    for (const row of near.rows) expect(Number(row[0])).toBeCloseTo(cosines(from, PLACES[row[2] as Place]), 3);
    const scotland = polygonOf([55, -6], [58, -6], [58, 0], [55, 0]);
    const inside = await rowsOf('germplasm/polygon/table/export', { polygons: [scotland] });
    const name = inside.header.indexOf('germplasm_name');
    expect(inside.rows.map((row) => row[name]).sort()).toEqual(['G-dundee', 'G-edinburgh']);
    // Bad geometry is refused before any file is made.
    expect((await post('germplasm/polygon/table/export', { polygons: [polygonOf([0, 0], [1, 1])] })).status).toBe(400);
  });

  it('keeps the spatial index in step with edits to locations', async () => {
    const moved = await sql<{ id: number }>`INSERT INTO locations (locationtype_id, country_id, site_name, latitude, longitude) VALUES (1, 1, 'moving', 10, 10) RETURNING id`.execute(db);
    const id = Number(moved.rows[0].id);
    const square = (lat: number, lng: number) => [polygonOf([lat - 1, lng - 1], [lat + 1, lng - 1], [lat + 1, lng + 1], [lat - 1, lng + 1])];
    const inside = async (lat: number, lng: number) => (await page('location/polygon/table/ids', { polygons: square(lat, lng) })).data;
    expect(await inside(10, 10)).toEqual([id]);
    await sql`UPDATE locations SET latitude = 20, longitude = -30 WHERE id = ${id}`.execute(db);
    expect(await inside(10, 10)).toEqual([]);
    expect(await inside(20, -30)).toEqual([id]);
    await sql`UPDATE locations SET latitude = NULL WHERE id = ${id}`.execute(db);
    expect(await inside(20, -30)).toEqual([]);
    await sql`UPDATE locations SET latitude = 20 WHERE id = ${id}`.execute(db);
    await sql`DELETE FROM locations WHERE id = ${id}`.execute(db);
    expect(await inside(20, -30)).toEqual([]);
  });

  it('serves location groups: members as location rows with groupId, their ids, export and changes', async () => {
    const token = await server.login('curator', passwordOf('curator'));
    const created = await server.api('PUT', 'group', { token, body: { name: 'Arctic sites', grouptypeId: 1, visibility: true } });
    expect(created.status).toBe(200);
    const groupId = Number(await created.json());
    const members = [locationOf.get('arcticA'), locationOf.get('svalbard')];
    const patch = await server.api('PATCH', `group/${groupId}/location`, { token, body: { ids: members, addition: true } });
    expect(await patch.json()).toBe(2);
    const rows = await page(`group/${groupId}/location`, { orderBy: 'locationName', ascending: 1 });
    expect(rows.data.map((r) => r.locationName)).toEqual(['arcticA', 'svalbard']);
    expect(Object.keys(rows.data[0])).toEqual(['groupId', ...Object.keys(LOCATION_SHAPE)]);
    expect(rows.data[0].groupId).toBe(groupId);
    expect([...(await page(`group/${groupId}/location/ids`, {})).data].sort()).toEqual([...members].sort());
    const response = await post(`group/${groupId}/location/export`, {});
    expect(response.headers.get('content-disposition')).toMatch(/marker-group-table-/);
    const header = strFromU8(Object.values(unzipSync(new Uint8Array(await response.arrayBuffer())))[0]).split(/\r?\n/)[0].split('\t');
    expect(header.slice(0, 3)).toEqual(['group_id', 'group_name', 'location_id']);
    // A germplasm group is not a location group.
    const other = Number(await (await server.api('PUT', 'group', { token, body: { name: 'Accessions', grouptypeId: 3, visibility: true } })).json());
    expect((await post(`group/${other}/location`, {})).status).toBe(404);
  });

  it('refuses bad geometry with a 400 that names the problem', async () => {
    const expect400 = async (path: string, body: unknown, message: RegExp) => {
      const response = await post(path, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message?: string; reasonPhrase?: string }).message ?? '').toMatch(message);
    };
    const dundee = { latitude: PLACES.dundee[0], longitude: PLACES.dundee[1] };
    const radius = (values: unknown[], comparator = 'lessOrEquals') => ({ ...dundee, filter: [{ column: 'distance', comparator, values }] });
    for (const path of ['location/distance/table', 'germplasm/distance/table/ids']) {
      await expect400(path, { longitude: 3 }, /latitude and longitude/);
      await expect400(path, {}, /latitude and longitude/);
      await expect400(path, { latitude: 91, longitude: 0 }, /latitude must be between -90 and 90/);
      await expect400(path, { latitude: 0, longitude: -180.5 }, /longitude must be between -180 and 180/);
      await expect400(path, radius([0]), /more than 0 km/);
      await expect400(path, radius([0, 40000], 'between'), /half the Earth's circumference/);
      await expect400(path, radius(['40000'], 'lessThan'), /at most 20\d{3} km/);
    }
    for (const path of ['location/polygon/table', 'germplasm/polygon/table/ids']) {
      await expect400(path, {}, /needs polygons/);
      await expect400(path, { polygons: [] }, /needs polygons/);
      await expect400(path, { polygons: [polygonOf([0, 0], [1, 1], [0, 0])] }, /at least 3 distinct points/);
      await expect400(path, { polygons: [polygonOf([0, 0], [1, 1], [2, 2])] }, /no area/);
      // A bow tie (its first and third edges cross), as the second polygon of two.
      const square = polygonOf([20, 20], [20, 30], [30, 30], [30, 20]);
      await expect400(path, { polygons: [square, polygonOf([0, 0], [10, 10], [0, 10], [10, 0])] }, /Polygon 2 intersects itself: edge 1 crosses edge 3/);
      // A spike that doubles back along its own edge.
      await expect400(path, { polygons: [polygonOf([0, 0], [0, 10], [0, 5], [10, 5])] }, /Polygon 1 intersects itself/);
      await expect400(path, { polygons: [polygonOf([0, 0], [95, 10], [0, 10])] }, /Polygon 1, point 2: latitude/);
      await expect400(path, { polygons: [[{ lat: 1 }]] }, /lng/);
    }
  });
});
