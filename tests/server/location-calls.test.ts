import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { expectShape, type Shape } from '../support/view-shapes.js';

type Row = Record<string, unknown>;

const COUNTRY_SHAPE: Shape = { id: 'number', countryCode2: 'string', countryCode3: 'string', countryName: 'string', createdOn: 'string', updatedOn: 'string' };

/** The servers' text order, written here from its rule: ASCII letters folded to lower case, then code points. */
function textOrder(a: string, b: string): number {
  const fold = (s: string) => [...s.replace(/[A-Z]/g, (c) => c.toLowerCase())].map((c) => c.codePointAt(0) ?? 0);
  const [x, y] = [fold(a), fold(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

/**
 * The location screens' calls: GET country, GET germplasm/location (germplasm per country, zeros included)
 * and PATCH germplasm/{id}/location (curators link an existing location or make a new collecting site; the
 * new site is then found by the point search). Refused requests change nothing.
 */
describe.each(testDialects())('location calls on %s', (dialect) => {
  let server: TestServer;
  let db: Kysely<unknown>;
  const tokens: Record<'regular' | 'curator' | 'admin', string> = { regular: '', curator: '', admin: '' };
  const countryId: Record<string, number> = {};
  let plainSite = 0;
  let target = 0;
  let other = 0;

  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0];
  const snapshot = async () => ({
    locations: await one(sql<Row>`SELECT COUNT(*) AS n, MAX(id) AS last FROM locations`),
    links: (await sql<Row>`SELECT id, location_id, pdci FROM germinatebase ORDER BY id`.execute(db)).rows,
  });

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    db = server.app.database.db as unknown as Kysely<unknown>;
    for (const user of ['regular', 'curator', 'admin'] as const) tokens[user] = await server.login(user, passwordOf(user));
    for (const code of ['GB', 'DE', 'FR']) countryId[code] = Number((await one(sql<{ id: number }>`SELECT id FROM countries WHERE country_code2 = ${code}`)).id);
    const site = async (name: string, country: number, lat: number | null, lng: number | null) =>
      Number((await one(sql<{ id: number }>`INSERT INTO locations (locationtype_id, country_id, site_name, latitude, longitude) VALUES (1, ${country}, ${name}, ${lat}, ${lng}) RETURNING id`)).id);
    const germplasm = async (name: string, locationId: number | null) =>
      Number((await one(sql<{ id: number }>`INSERT INTO germinatebase (general_identifier, name, display_name, location_id) VALUES (${name}, ${name}, ${name}, ${locationId}) RETURNING id`)).id);
    const dundee = await site('Dundee', countryId.GB, 56.462, -2.9707);
    const berlin = await site('Berlin', countryId.DE, 52.52, 13.405);
    plainSite = await site('No coordinates', countryId.GB, null, null);
    await germplasm('G-1', dundee);
    await germplasm('G-2', dundee);
    await germplasm('G-3', berlin);
    target = await germplasm('G-target', null);
    other = await germplasm('G-other', null);
  });
  afterAll(async () => server?.close());

  const getJson = async (path: string): Promise<Row[]> => {
    const response = await server.api('GET', path);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Row[];
  };
  const patch = async (id: number | string, body: unknown, token: string | null = tokens.curator) =>
    server.api('PATCH', `germplasm/${id}/location`, { token, body });

  it('lists every country (GET country) as Countries, ordered by name', async () => {
    const countries = await getJson('country');
    const total = Number((await one(sql<{ n: number }>`SELECT COUNT(*) AS n FROM countries`)).n);
    expect(countries).toHaveLength(total);
    for (const row of countries) expectShape(row, COUNTRY_SHAPE, ['id', 'countryCode2', 'countryCode3', 'countryName']);
    expect(countries.find((c) => c.countryCode2 === 'GB')).toEqual({ id: countryId.GB, countryCode2: 'GB', countryCode3: 'GBR', countryName: expect.stringMatching(/United Kingdom/) });
    const names = countries.map((c) => String(c.countryName));
    expect(names).toEqual([...names].sort(textOrder));
    // The seed data has names outside ASCII (Åland Islands), so the order is not a trivial one.
    expect(names.some((n) => /[^\x20-\x7e]/.test(n))).toBe(true);
  });

  it('counts germplasm per country of their location (GET germplasm/location), every country, zeros included', async () => {
    const counts = await getJson('germplasm/location');
    const countries = await getJson('country');
    expect(counts.map((c) => c.key)).toEqual(countries.map((c) => c.countryName));
    for (const row of counts) expect(Object.keys(row)).toEqual(['key', 'count']);
    const countOf = (id: number) => counts.find((c) => c.key === countries.find((x) => x.id === id)?.countryName)?.count;
    expect(countOf(countryId.GB)).toBe(2);
    expect(countOf(countryId.DE)).toBe(1);
    expect(countOf(countryId.FR)).toBe(0);
    // Germplasm without a location count nowhere.
    expect(counts.reduce((sum, c) => sum + Number(c.count), 0)).toBe(3);
  });

  it('refuses the PATCH to anonymous (401) and regular users (403), changing nothing', async () => {
    const before = await snapshot();
    const body = { countryId: countryId.FR, siteName: 'Paris', latitude: 48.85, longitude: 2.35 };
    expect((await patch(target, body, null)).status).toBe(401);
    expect((await patch(target, body, tokens.regular)).status).toBe(403);
    expect((await patch(target, { id: plainSite }, tokens.regular)).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['countryId and siteName missing', {}, /countryId and siteName/],
    ['siteName missing', { countryId: 0 }, /siteName/],
    ['siteName blank', { countryId: 0, siteName: '  ' }, /siteName/],
    ['countryId missing', { siteName: 'Paris' }, /countryId/],
    ['an unknown country', { countryId: 999999, siteName: 'Paris' }, /Unknown countryId: 999999/],
    ['latitude above 90', { countryId: 0, siteName: 'Paris', latitude: 90.5, longitude: 2 }, /latitude must be between -90 and 90/],
    ['latitude below -90', { countryId: 0, siteName: 'Paris', latitude: -91, longitude: 2 }, /latitude must be between -90 and 90/],
    ['longitude beyond 180', { countryId: 0, siteName: 'Paris', latitude: 48, longitude: 180.01 }, /longitude must be between -180 and 180/],
    ['longitude below -180', { countryId: 0, siteName: 'Paris', latitude: 48, longitude: -200 }, /longitude must be between -180 and 180/],
    ['latitude as text', { countryId: 0, siteName: 'Paris', latitude: 'north' }, /latitude/],
    ['a fractional id', { id: 1.5 }, /id/],
    ['an array', [1, 2], /must be a Locations object/],
    ['a string', 'Paris', /must be a Locations object/],
  ])('answers 400 for %s, naming the problem, and changes nothing', async (_, body, message) => {
    // countryId 0 stands for a known country (France), whose id is only known once the server runs.
    const known = typeof body === 'object' && !Array.isArray(body) && (body as Row).countryId === 0;
    const filled = known ? { ...(body as Row), countryId: countryId.FR } : body;
    const before = await snapshot();
    const response = await patch(target, filled);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { reasonPhrase?: string; message?: string };
    expect(error.reasonPhrase).toBe('BAD_REQUEST_INVALID_PAYLOAD');
    expect(error.message).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown germplasm or location, changing nothing', async () => {
    const before = await snapshot();
    const missingGermplasm = await patch(987654, { countryId: countryId.FR, siteName: 'Paris' });
    expect(missingGermplasm.status).toBe(404);
    expect(((await missingGermplasm.json()) as Row).message).toMatch(/No germplasm with id 987654/);
    expect((await patch('abc', { id: plainSite })).status).toBe(404);
    expect((await patch('99999999999', { id: plainSite })).status).toBe(404);
    const missingLocation = await patch(target, { id: 987654 });
    expect(missingLocation.status).toBe(404);
    expect(((await missingLocation.json()) as Row).message).toMatch(/No location with id 987654/);
    expect((await patch(target, { id: 99999999999 })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('links an existing location by id (curator)', async () => {
    const response = await patch(target, { id: plainSite, siteName: 'ignored when an id is given' });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toBe(true);
    expect((await one(sql<Row>`SELECT location_id FROM germinatebase WHERE id = ${target}`)).location_id).toBe(plainSite);
    expect((await one(sql<Row>`SELECT site_name FROM locations WHERE id = ${plainSite}`)).site_name).toBe('No coordinates');
    const counts = await getJson('germplasm/location');
    const gb = (await getJson('country')).find((c) => c.id === countryId.GB)?.countryName;
    expect(counts.find((c) => c.key === gb)?.count).toBe(3);
  });

  it('makes a new collecting site from the body (admin), links it, and the point search finds it', async () => {
    const pdciBefore = Number((await one(sql<Row>`SELECT pdci FROM germinatebase WHERE id = ${target}`)).pdci);
    const locationsBefore = Number((await one(sql<Row>`SELECT COUNT(*) AS n FROM locations`)).n);
    const body = {
      countryId: countryId.FR, siteName: 'Paris', siteNameShort: 'PAR', state: 'Île-de-France', region: 'Centre', elevation: 35,
      latitude: 48.8566, longitude: 2.3522, coordinateUncertainty: 50, coordinateDatum: 'WGS84', georeferencingMethod: 'GPS',
      locationtypeId: 99, createdOn: '2020-01-01T00:00:00.000Z',
    };
    const response = await patch(target, body, tokens.admin);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toBe(true);
    expect(Number((await one(sql<Row>`SELECT COUNT(*) AS n FROM locations`)).n)).toBe(locationsBefore + 1);
    const row = await one(sql<Row>`SELECT l.* FROM locations l JOIN germinatebase g ON g.location_id = l.id WHERE g.id = ${target}`);
    expect(row).toMatchObject({
      locationtype_id: 1, country_id: countryId.FR, site_name: 'Paris', site_name_short: 'PAR', state: 'Île-de-France', region: 'Centre',
      coordinate_uncertainty: 50, coordinate_datum: 'WGS84', georeferencing_method: 'GPS',
    });
    expect(Number(row.latitude)).toBeCloseTo(48.8566, 6);
    expect(Number(row.longitude)).toBeCloseTo(2.3522, 6);
    expect(Number(row.elevation)).toBe(35);
    // The coordinates count in the passport data completeness index.
    expect(Number((await one(sql<Row>`SELECT pdci FROM germinatebase WHERE id = ${target}`)).pdci)).toBeGreaterThan(pdciBefore);

    const near = await server.api('POST', 'germplasm/distance/table', {
      body: { latitude: 48.85, longitude: 2.35, filter: [{ column: 'distance', comparator: 'lessThan', operator: 'and', values: [5] }] },
    });
    expect(near.status).toBe(200);
    expect(((await near.json()) as { data: Row[] }).data.map((r) => r.germplasmName)).toEqual(['G-target']);

    const counts = await getJson('germplasm/location');
    const nameOf = async (id: number) => (await getJson('country')).find((c) => c.id === id)?.countryName;
    const fr = await nameOf(countryId.FR);
    const gb = await nameOf(countryId.GB);
    expect(counts.find((c) => c.key === fr)?.count).toBe(1);
    expect(counts.find((c) => c.key === gb)?.count).toBe(2);
  });

  it('lets a curator move a germplasm onto a site another germplasm uses, leaving the other alone', async () => {
    const paris = Number((await one(sql<Row>`SELECT location_id FROM germinatebase WHERE id = ${target}`)).location_id);
    expect((await patch(other, { id: paris })).status).toBe(200);
    const rows = (await sql<Row>`SELECT id, location_id FROM germinatebase WHERE id IN (${target}, ${other}) ORDER BY id`.execute(db)).rows;
    expect(rows.map((r) => Number(r.location_id))).toEqual([paris, paris]);
  });
});
