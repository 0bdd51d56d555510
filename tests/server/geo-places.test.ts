import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapCluster, MapPlace, MapPlaces } from '../../src/core/map-places.js';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';

/** A few located germplasm: two beside each other, two either side of the antimeridian, the origin, the Arctic. */
const SMALL = {
  alpha: [10, 20],
  beta: [12.5, 22.25],
  suva: [-18.1, 175.5],
  apia: [-13.8, -175.5],
  origin: [0, 0],
  arctic: [70, 90.5],
} as const;
type Small = keyof typeof SMALL;

/** Four tight groups of GROUP_SIZE locations (so that a world view holds more than 1,500) and one far away. */
const GROUPS = [
  [40.2, -100.3],
  [40.9, -99.1],
  [-20.5, 30.5],
  [60.1, 100.7],
] as const;
const GROUP_SIZE = 500;
const LONE = [-50.25, -70.75] as const;
const POINT_LIMIT = 1500;

type Point = { id: number; name: string; lat: number; lng: number };
type View = { west: number; south: number; east: number; north: number };
type Filter = { column: string; comparator: string; values: unknown[] };
const WORLD: View = { west: -180, south: -90, east: 180, north: 90 };

/** A group's i-th member: spread over about ±0.5° by a fixed scramble, at 4 decimals. */
const member = (group: number, i: number): [number, number] => {
  const [lat, lng] = GROUPS[group];
  const jitter = (k: number) => Math.round((((i * k) % 1000) / 1000 - 0.5) * 10000) / 10000;
  return [Math.round((lat + jitter(389)) * 10000) / 10000, Math.round((lng + jitter(617)) * 10000) / 10000];
};

/** Whether a point lies in the view, written here from the rule: some longitude lng + 360k is in [west, east]. */
function inside(p: Point, v: View): boolean {
  if (p.lat < v.south || p.lat > v.north) return false;
  if (v.east - v.west >= 360) return true;
  const shifted = p.lng + 360 * Math.ceil((v.west - p.lng) / 360);
  return shifted <= v.east;
}

/** The answer the cell rule gives for these points: every point when few, else cells of 360/(2^zoom·4) degrees. */
function expectedOf(points: Point[], view: View, zoom: number) {
  const size = 360 / (2 ** zoom * 4);
  const seen = points.filter((p) => inside(p, view));
  const cells = new Map<string, Point[]>();
  for (const p of seen) {
    const key = `${zoom}:${Math.floor((p.lng + 180) / size)}:${Math.floor((p.lat + 90) / size)}`;
    cells.set(key, [...(cells.get(key) ?? []), p]);
  }
  const many = seen.length > POINT_LIMIT;
  const singles = many ? [...cells.values()].filter((c) => c.length === 1).map((c) => c[0]) : seen;
  const clusters = many ? [...cells.entries()].filter(([, c]) => c.length > 1) : [];
  return { size, inView: seen.length, singles: singles.sort((a, b) => a.id - b.id), clusters: clusters.sort(([a], [b]) => a.localeCompare(b)) };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const byId = (a: MapPlace, b: MapPlace) => a.id - b.id;

/**
 * germplasm/table/places and location/table/places on the real server: single places under the limit (the
 * table's filters applied as germplasm/table applies them), clusters by the zoom's grid above it, views across
 * the antimeridian and wider than the world, the matching rows' bounds, bad input and the caller's visibility.
 */
describe.each(testDialects())('map places on %s', (dialect) => {
  let server: TestServer;
  let db: Kysely<unknown>;
  /** The located germplasm (their names G-…, the twin shares alpha's location) and every located location. */
  const germplasm: Point[] = [];
  const locations: Point[] = [];
  const germplasmOf = new Map<string, number>();

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    db = server.app.database.db as unknown as Kysely<unknown>;
    const country = (await sql<{ id: number }>`SELECT id FROM countries WHERE country_code2 = 'GB'`.execute(db)).rows[0].id;
    const insertLocation = async (name: string, lat: number | null, lng: number | null) =>
      Number((await sql<{ id: number }>`INSERT INTO locations (locationtype_id, country_id, site_name, latitude, longitude)
        VALUES (1, ${country}, ${name}, ${lat}, ${lng}) RETURNING id`.execute(db)).rows[0].id);
    const insertGermplasm = async (name: string, locationId: number | null) => {
      const id = Number((await sql<{ id: number }>`INSERT INTO germinatebase (general_identifier, name, display_name, location_id)
        VALUES (${name}, ${name}, ${name}, ${locationId}) RETURNING id`.execute(db)).rows[0].id);
      germplasmOf.set(name, id);
      return id;
    };
    for (const [name, [lat, lng]] of Object.entries(SMALL) as [Small, readonly [number, number]][]) {
      const location = await insertLocation(name, lat, lng);
      locations.push({ id: location, name, lat, lng });
      germplasm.push({ id: await insertGermplasm(`G-${name}`, location), name: `G-${name}`, lat, lng });
      if (name === 'alpha') germplasm.push({ id: await insertGermplasm('G-alphaTwin', location), name: 'G-alphaTwin', lat, lng });
    }
    // Never on a map: a location without coordinates, one with a latitude alone, a germplasm without a location.
    await insertGermplasm('G-nowhere', await insertLocation('nowhere', null, null));
    await insertGermplasm('G-half', await insertLocation('half', 5, null));
    await insertGermplasm('G-homeless', null);

    // The groups in one statement each; their ids read back by name.
    for (let g = 0; g < GROUPS.length; g++) {
      const rows = Array.from({ length: GROUP_SIZE }, (_, i) => {
        const [lat, lng] = member(g, i);
        return sql`(1, ${country}, ${`C${g}-${i}`}, ${lat}, ${lng})`;
      });
      await sql`INSERT INTO locations (locationtype_id, country_id, site_name, latitude, longitude) VALUES ${sql.join(rows)}`.execute(db);
    }
    const grouped = await sql<{ id: number; site_name: string }>`SELECT id, site_name FROM locations WHERE site_name LIKE 'C%'`.execute(db);
    for (const row of grouped.rows) {
      const [g, i] = row.site_name.slice(1).split('-').map(Number);
      const [lat, lng] = member(g, i);
      locations.push({ id: Number(row.id), name: row.site_name, lat, lng });
    }
    locations.push({ id: await insertLocation('lone', LONE[0], LONE[1]), name: 'lone', lat: LONE[0], lng: LONE[1] });
  });
  afterAll(async () => server?.close());

  const post = async (path: string, body: unknown, token: string | null = null, headers: Record<string, string> = {}) =>
    server.api('POST', path, { body, token, headers });
  const places = async (domain: 'germplasm' | 'location', body: Record<string, unknown>, token: string | null = null, headers: Record<string, string> = {}): Promise<MapPlaces> => {
    const response = await post(`${domain}/table/places`, { ...WORLD, zoom: 3, ...body }, token, headers);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as MapPlaces;
  };
  const tableRows = async (path: string, body: unknown, token: string | null = null, headers: Record<string, string> = {}) => {
    const response = await post(path, { limit: 5000, ...(body as object) }, token, headers);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { data: Record<string, unknown>[] }).data;
  };
  const asPlace = (p: Point): MapPlace => ({ id: p.id, latitude: p.lat, longitude: p.lng, label: p.name });
  const idsOf = (answer: MapPlaces) => answer.places.map((p) => p.id).sort((a, b) => a - b);
  const germplasmIds = (...names: string[]) => names.map((n) => germplasmOf.get(n)!).sort((a, b) => a - b);

  it('answers few rows as single places (unlocated rows never), filtered exactly as germplasm/table', async () => {
    const answer = await places('germplasm', {});
    expect(answer).toEqual({ zoom: 3, cellDegrees: 11.25, inView: germplasm.length, places: germplasm.map(asPlace).sort(byId), clusters: [], bounds: null });
    expect(answer.places.map((p) => p.id)).toEqual([...answer.places.map((p) => p.id)].sort((a, b) => a - b));

    const filters: Filter[][] = [
      [{ column: 'germplasmName', comparator: 'contains', values: ['a'] }],
      [{ column: 'germplasmName', comparator: 'equals', values: ['G-beta'] }],
      [{ column: 'germplasmName', comparator: 'contains', values: ['alpha'] }, { column: 'latitude', comparator: 'greaterThan', values: ['5'] }],
      [{ column: 'germplasmId', comparator: 'inSet', values: germplasmIds('G-suva', 'G-homeless', 'G-half') }],
      [{ column: 'germplasmName', comparator: 'equals', values: ['G-none'] }],
    ];
    for (const filter of filters) {
      const rows = await tableRows('germplasm/table', { filter });
      const located = rows.filter((r) => r.latitude !== undefined && r.latitude !== null && r.longitude !== undefined && r.longitude !== null);
      const expected = located.map((r) => ({ id: r.germplasmId, latitude: r.latitude, longitude: r.longitude, label: r.germplasmName }));
      const got = await places('germplasm', { filter });
      expect(got.places.sort(byId), JSON.stringify(filter)).toEqual(expected.sort((a, b) => Number(a.id) - Number(b.id)));
      expect(got.inView).toBe(expected.length);
      expect(got.clusters).toEqual([]);
    }
    // The filters as the table reads them: G-beta alone; contains 'alpha' and north of 5° is alpha and its twin.
    expect(idsOf(await places('germplasm', { filter: filters[1] }))).toEqual(germplasmIds('G-beta'));
    expect(idsOf(await places('germplasm', { filter: filters[2] }))).toEqual(germplasmIds('G-alpha', 'G-alphaTwin'));
    expect(idsOf(await places('germplasm', { filter: filters[3] }))).toEqual(germplasmIds('G-suva'));
  });

  it('clusters more than 1,500 rows in view by the zoom grid: counts, means and extents as the cell rule gives', async () => {
    for (const zoom of [3, 7]) {
      const answer = await places('location', { zoom });
      const expected = expectedOf(locations, WORLD, zoom);
      expect(expected.inView).toBeGreaterThan(POINT_LIMIT);
      expect(answer.inView).toBe(expected.inView);
      expect(answer.cellDegrees).toBe(expected.size);
      expect(answer.zoom).toBe(zoom);
      expect(answer.places.sort(byId)).toEqual(expected.singles.map(asPlace));
      const clusters = [...answer.clusters].sort((a, b) => a.key.localeCompare(b.key));
      expect(clusters.map((c) => [c.key, c.count])).toEqual(expected.clusters.map(([key, members]) => [key, members.length]));
      expect(clusters.reduce((sum, c) => sum + c.count, 0) + answer.places.length).toBe(answer.inView);
      clusters.forEach((cluster: MapCluster, i) => {
        const members = expected.clusters[i][1];
        const lats = members.map((p) => p.lat);
        const lngs = members.map((p) => p.lng);
        expect(cluster.latitude).toBeCloseTo(mean(lats), 9);
        expect(cluster.longitude).toBeCloseTo(mean(lngs), 9);
        expect(cluster.south).toBeCloseTo(Math.min(...lats), 9);
        expect(cluster.north).toBeCloseTo(Math.max(...lats), 9);
        expect(cluster.west).toBeCloseTo(Math.min(...lngs), 9);
        expect(cluster.east).toBeCloseTo(Math.max(...lngs), 9);
      });
      // The far one is alone in its cell at any zoom: a place with its id and name.
      const lone = locations.find((p) => p.name === 'lone')!;
      expect(answer.places).toContainEqual(asPlace(lone));
      if (zoom === 3) expect(clusters.length).toBeGreaterThanOrEqual(3);
      else expect(clusters.length).toBeGreaterThan(expectedOf(locations, WORLD, 3).clusters.length);
    }
    // A filter that leaves one group (500 ≤ 1,500) answers single places again, the rows of location/table's filter.
    const filter: Filter[] = [{ column: 'locationName', comparator: 'contains', values: ['C2-'] }];
    const one = await places('location', { zoom: 3, filter });
    expect(one.clusters).toEqual([]);
    expect(one.inView).toBe(GROUP_SIZE);
    const ids = ((await (await post('location/table/ids', { filter })).json()) as { data: number[] }).data;
    expect(idsOf(one)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('answers only the view: a part of the world, across the antimeridian, wider than the world', async () => {
    const names = async (view: View, zoom = 3) => (await places('germplasm', { ...view, zoom })).places.map((p) => p.label).sort();
    expect(await names({ west: 15, south: 5, east: 25, north: 15 })).toEqual(['G-alpha', 'G-alphaTwin', 'G-beta']);
    // The view's edges belong to it: alpha sits on its west and south edge.
    expect(await names({ west: 20, south: 10, east: 21, north: 11 })).toEqual(['G-alpha', 'G-alphaTwin']);
    expect(await names({ west: 20.0001, south: 10, east: 21, north: 11 })).toEqual([]);
    // Across the antimeridian (east beyond 180, or west below -180): 175.5 and -175.5, not the origin.
    const pacific = ['G-apia', 'G-suva'];
    expect(await names({ west: 170, south: -30, east: 190, north: 10 })).toEqual(pacific);
    expect(await names({ west: -190, south: -30, east: -170, north: 10 })).toEqual(pacific);
    expect(await names({ west: 530, south: -30, east: 550, north: 10 })).toEqual(pacific);
    expect(await names({ west: 176, south: -30, east: 184, north: 10 })).toEqual([]);
    expect(await names({ west: 170, south: -30, east: 185, north: 10 })).toEqual(['G-apia', 'G-suva']);
    expect(await names({ west: 175, south: -30, east: 180, north: 10 })).toEqual(['G-suva']);
    // Wider than the world: everything located, whatever the offset; latitudes past the poles are the poles.
    const all = germplasm.map((p) => p.name).sort();
    expect(await names({ west: -400, south: -90, east: 400, north: 90 })).toEqual(all);
    expect(await names({ west: 100, south: -100, east: 460, north: 100 })).toEqual(all);
    expect(await names({ west: 0, south: -90, east: 359.9, north: 90 })).toEqual(all);
    // The same views on location/table/places: a part, across the antimeridian, by the location names.
    const part = await places('location', { west: 30, south: -21, east: 30.5, north: -20.5, zoom: 5 });
    expect(part.places.sort(byId)).toEqual(expectedOf(locations, { west: 30, south: -21, east: 30.5, north: -20.5 }, 5).singles.map(asPlace));
    expect(part.inView).toBeGreaterThan(0);
    expect((await places('location', { west: 170, south: -30, east: 190, north: 10 })).places.map((p) => p.label).sort()).toEqual(['apia', 'suva']);
    // Zoom sets the cell size: 360 / (2^zoom · 4) degrees.
    for (const zoom of [0, 1, 10, 24]) expect((await places('germplasm', { zoom })).cellDegrees).toBe(360 / (2 ** zoom * 4));
  });

  it('keeps the view edges exact (SQLite index boxes are rounded) and finds places on the antimeridian from either side', async () => {
    const country = (await sql<{ id: number }>`SELECT id FROM countries WHERE country_code2 = 'GB'`.execute(db)).rows[0].id;
    const add = async (name: string, lat: number, lng: number) =>
      Number((await sql<{ id: number }>`INSERT INTO locations (locationtype_id, country_id, site_name, latitude, longitude) VALUES (1, ${country}, ${name}, ${lat}, ${lng}) RETURNING id`.execute(db)).rows[0].id);
    const justNorth = await add('edge-north', 40.0000003, 60);
    const dateLineEast = await add('edge-east', -60, 180);
    const dateLineWest = await add('edge-west', -61, -180);
    try {
      const ids = async (view: View) => (await places('location', { ...view, zoom: 6 })).places.map((p) => p.id);
      // 3e-7° past the view's north edge: outside, on both databases.
      expect(await ids({ west: 59, south: 39, east: 61, north: 40.0000001 })).not.toContain(justNorth);
      expect(await ids({ west: 59, south: 39, east: 61, north: 40.0000005 })).toContain(justNorth);
      // 180 and -180 are one meridian: a view with an edge on it finds both spellings.
      for (const view of [
        { west: 180, south: -62, east: 190, north: -59 },
        { west: -190, south: -62, east: -180, north: -59 },
        { west: 170, south: -62, east: 180, north: -59 },
        { west: -180, south: -62, east: -170, north: -59 },
      ]) expect((await ids(view)).sort(), JSON.stringify(view)).toEqual([dateLineEast, dateLineWest].sort());
    } finally {
      await sql`DELETE FROM locations WHERE id IN (${justNorth}, ${dateLineEast}, ${dateLineWest})`.execute(db);
    }
  });

  it('answers bounds: true with the box and total of every matching located row, whatever the view', async () => {
    const lats = germplasm.map((p) => p.lat);
    const lngs = germplasm.map((p) => p.lng);
    const everything = { south: Math.min(...lats), north: Math.max(...lats), west: Math.min(...lngs), east: Math.max(...lngs), total: germplasm.length };
    const small = { west: 19, south: 9, east: 21, north: 11 };
    const answer = await places('germplasm', { ...small, bounds: true });
    expect(answer.bounds).toEqual(everything);
    expect(answer.inView).toBe(2);
    // The bounds alone (a map's first question): no cells read.
    expect(await places('germplasm', { ...WORLD, zoom: 0, bounds: true, cells: false })).toMatchObject({ bounds: everything, inView: 0, places: [], clusters: [] });
    expect((await places('germplasm', small)).bounds).toBeNull();
    expect((await places('germplasm', { ...small, bounds: false })).bounds).toBeNull();
    // Filtered: beta and suva; a filter matching only unlocated rows gives null bounds and no places.
    const pair = await places('germplasm', { ...small, bounds: true, filter: [{ column: 'germplasmName', comparator: 'inSet', values: ['G-beta', 'G-suva', 'G-homeless'] }] });
    expect(pair.bounds).toEqual({ south: SMALL.suva[0], north: SMALL.beta[0], west: SMALL.beta[1], east: SMALL.suva[1], total: 2 });
    expect(pair.places).toEqual([]);
    const none = await places('germplasm', { bounds: true, filter: [{ column: 'germplasmName', comparator: 'inSet', values: ['G-homeless', 'G-nowhere', 'G-half'] }] });
    expect(none).toMatchObject({ inView: 0, places: [], clusters: [], bounds: null });
    // Locations: all 2,000 and more, in a view holding none of them.
    const everywhere = await places('location', { west: -10, south: -80, east: -5, north: -75, bounds: true });
    expect(everywhere.inView).toBe(0);
    expect(everywhere.bounds?.total).toBe(locations.length);
    expect(everywhere.bounds?.south).toBe(Math.min(...locations.map((p) => p.lat)));
    expect(everywhere.bounds?.east).toBe(Math.max(...locations.map((p) => p.lng)));
  });

  it('refuses bad input with a 400 that names the problem, and answers the next request as before', async () => {
    const good = { ...WORLD, zoom: 3 };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...good, zoom: 25 }, /zoom/],
      [{ ...good, zoom: 1.5 }, /zoom/],
      [{ ...good, zoom: -1 }, /zoom/],
      [{ ...good, zoom: undefined }, /zoom/],
      [{ ...good, west: undefined }, /west/],
      [{ ...good, south: 10, north: 5 }, /south must not be north of north/],
      [{ ...good, west: 10, east: 5 }, /west must not be east of east/],
      [{ ...good, west: 'NaN' }, /west/],
      [{ ...good, north: 'abc' }, /north/],
      [{ ...good, east: '10' }, /east/],
      [{ ...good, west: 1e300, east: 2e300 }, /finite west, south, east and north/],
      [{ ...good, bounds: 'yes' }, /bounds/],
      [{ ...good, filter: [{ column: 'noSuchColumn', comparator: 'equals', values: ['x'] }] }, /Unknown filter column: noSuchColumn/],
      [{ ...good, filter: [{ column: 'germplasmName', comparator: 'near', values: ['x'] }] }, /comparator/],
    ];
    for (const domain of ['germplasm', 'location'] as const) {
      for (const [body, message] of cases) {
        const response = await post(`${domain}/table/places`, body);
        const text = await response.text();
        expect(response.status, `${domain} ${JSON.stringify(body)}: ${text}`).toBe(400);
        expect((JSON.parse(text) as { message?: string }).message ?? '', JSON.stringify(body)).toMatch(message);
      }
      expect((await post(`${domain}/table/places`, [])).status).toBe(400);
      expect((await post(`${domain}/table/places`, null)).status).toBe(400);
    }
    expect((await places('germplasm', {})).inView).toBe(germplasm.length);
  });

  it('shows the rows germplasm/table shows the caller: data flags by the datasets they see and licences they accepted', async () => {
    const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0];
    const experiment = (await one(sql<{ id: number }>`INSERT INTO experiments (experiment_name) VALUES ('Places') RETURNING id`))!.id;
    const license = (await one(sql<{ id: number }>`INSERT INTO licenses (name) VALUES ('CC-BY') RETURNING id`))!.id;
    const dataset = async (name: string, state: number, type: number, licence: number | null) =>
      (await one(sql<{ id: number }>`INSERT INTO datasets (experiment_id, name, dataset_state_id, datasettype_id, is_external, license_id)
        VALUES (${experiment}, ${name}, ${state}, ${type}, 0, ${licence}) RETURNING id`))!.id;
    // A pedigree of alpha in a public dataset under a licence; trials of beta in a private dataset.
    const pedigreeSet = await dataset('Public pedigree', 1, 7, license);
    const trialsSet = await dataset('Private trials', 2, 3, null);
    const description = (await one(sql<{ id: number }>`INSERT INTO pedigreedescriptions (name) VALUES ('Crosses') RETURNING id`))!.id;
    await sql`INSERT INTO pedigrees (dataset_id, germinatebase_id, parent_id, relationship_type, pedigreedescription_id)
      VALUES (${pedigreeSet}, ${germplasmOf.get('G-alpha')}, ${germplasmOf.get('G-origin')}, 'M', ${description})`.execute(db);
    const alphaLocation = locations.find((p) => p.name === 'alpha')!.id;
    const setup = (await one(sql<{ id: number }>`INSERT INTO trialsetup (germinatebase_id, dataset_id, location_id)
      VALUES (${germplasmOf.get('G-beta')}, ${trialsSet}, ${alphaLocation}) RETURNING id`))!.id;
    const trait = (await one(sql<{ id: number }>`INSERT INTO phenotypes (name, datatype) VALUES ('Height', 'numeric') RETURNING id`))!.id;
    await sql`INSERT INTO phenotypedata (trialsetup_id, phenotype_id, phenotype_value) VALUES (${setup}, ${trait}, '1')`.execute(db);

    const admin = await server.login('admin', passwordOf('admin'));
    const cookie = { cookie: `accepted-licenses=${license}` };
    const callers: [string, string | null, Record<string, string>][] = [['anonymous', null, {}], ['licence cookie', null, cookie], ['admin', admin, {}]];
    const flag = (column: string): Filter[] => [{ column, comparator: 'equals', values: ['1'] }];
    const seen = new Map<string, number[]>();
    for (const [who, token, headers] of callers) {
      for (const filter of [[], flag('hasPedigreeData'), flag('hasTrialsData')]) {
        const rows = await tableRows('germplasm/table', { filter }, token, headers);
        const located = rows.filter((r) => r.latitude !== undefined && r.longitude !== undefined).map((r) => Number(r.germplasmId)).sort((a, b) => a - b);
        const got = idsOf(await places('germplasm', { filter }, token, headers));
        expect(got, `${who} ${JSON.stringify(filter)}`).toEqual(located);
        seen.set(`${who} ${filter[0]?.column ?? 'all'}`, got);
      }
    }
    // What germplasm/table shows them: everything to everyone; the licensed pedigree once accepted; private trials to the admin.
    for (const [who] of callers) expect(seen.get(`${who} all`)).toEqual(germplasm.map((p) => p.id).sort((a, b) => a - b));
    expect(seen.get('anonymous hasPedigreeData')).toEqual([]);
    expect(seen.get('licence cookie hasPedigreeData')).toEqual(germplasmIds('G-alpha'));
    expect(seen.get('anonymous hasTrialsData')).toEqual([]);
    expect(seen.get('admin hasTrialsData')).toEqual(germplasmIds('G-beta'));
  });
});
