import { type } from 'arktype';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { MAX_INTEGER } from '../../core/table-request.js';
import { HttpError } from '../../server/http/errors.js';
import { validate } from '../../server/http/validate.js';
import { textSortKey } from '../../server/table/text-match.js';
import { updatePdci } from './pdci.js';
import type { GermplasmTables } from './tables.js';

/**
 * The collecting-sites location type: the MCPD import files every site it creates under this id
 * (mcpd-places.ts) and reuses only sites of it, so a site made here is one the import can match too.
 */
const COLLECTING_SITES = 1;

/**
 * Germinate's `Locations` POJO as the client sends it. Every field is optional and may be null (the client
 * sends the whole object); createdOn and updatedOn are the server's to set, so they are not read.
 * locationtypeId is accepted but not used: a location made for a germplasm is a collecting site.
 */
const LocationBody = type({
  'id?': 'number.integer | null',
  'locationtypeId?': 'number.integer | null',
  'countryId?': 'number.integer | null',
  'state?': 'string | null',
  'region?': 'string | null',
  'siteName?': 'string | null',
  'siteNameShort?': 'string | null',
  'elevation?': 'number | null',
  'latitude?': 'number | null',
  'longitude?': 'number | null',
  'coordinateUncertainty?': 'number.integer | null',
  'coordinateDatum?': 'string | null',
  'georeferencingMethod?': 'string | null',
});
type LocationBody = typeof LocationBody.infer;

function invalid(message: string): HttpError {
  return new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', message);
}

/** An id the database's integer columns can hold: larger or negative ones name nothing that exists. */
function storableId(id: number): boolean {
  return id >= 0 && id <= MAX_INTEGER;
}

/** A path id (digits, in integer range) or null, which names no germplasm (→ 404). */
function pathId(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_INTEGER ? id : null;
}

/**
 * The checks a new location must pass before anything is written: country and site name present, the country
 * known, coordinates on the globe, the uncertainty an integer the column can hold. Each failure is a 400
 * naming the field.
 */
async function checkNewLocation(app: FastifyInstance, body: LocationBody): Promise<{ countryId: number; siteName: string }> {
  const missing = [
    ...(body.countryId === undefined || body.countryId === null ? ['countryId'] : []),
    ...(body.siteName === undefined || body.siteName === null || body.siteName.trim() === '' ? ['siteName'] : []),
  ];
  if (missing.length > 0) throw invalid(`A new location needs ${missing.join(' and ')} (or the id of an existing location)`);
  const countryId = body.countryId as number;
  const db = app.database.db.withTables<GermplasmTables>();
  const country = storableId(countryId) ? await db.selectFrom('countries').select('id').where('id', '=', countryId).executeTakeFirst() : undefined;
  if (!country) throw invalid(`Unknown countryId: ${countryId}`);
  if (body.latitude !== undefined && body.latitude !== null && !(body.latitude >= -90 && body.latitude <= 90)) {
    throw invalid(`latitude must be between -90 and 90 (got ${body.latitude})`);
  }
  if (body.longitude !== undefined && body.longitude !== null && !(body.longitude >= -180 && body.longitude <= 180)) {
    throw invalid(`longitude must be between -180 and 180 (got ${body.longitude})`);
  }
  const uncertainty = body.coordinateUncertainty;
  if (uncertainty !== undefined && uncertainty !== null && Math.abs(uncertainty) > MAX_INTEGER) {
    throw invalid(`coordinateUncertainty must be at most ${MAX_INTEGER}`);
  }
  return { countryId, siteName: body.siteName as string };
}

export function registerGermplasmLocationRoutes(app: FastifyInstance): void {
  const db = app.database.db.withTables<GermplasmTables>();

  /**
   * Sets a germplasm's location: an existing one by id, or a new collecting site made from the body. The
   * insert, the link and the PDCI (which counts the location's coordinates) change in one transaction; the
   * spatial index follows the new location through the triggers on locations.
   */
  app.patch<{ Params: { germplasmId: string } }>('/germplasm/:germplasmId/location', { config: { access: 'DATA_CURATOR' } }, async (request) => {
    // arktype lets an array pass as an object; the body must be one Locations object.
    if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) {
      throw invalid('The body must be a Locations object');
    }
    const body = validate(LocationBody, request.body);
    const germplasmId = pathId(request.params.germplasmId);
    const germplasm = germplasmId === null ? undefined : await db.selectFrom('germinatebase').select('id').where('id', '=', germplasmId).executeTakeFirst();
    if (!germplasm) throw new HttpError(404, 'NOT_FOUND_ID', `No germplasm with id ${request.params.germplasmId}`);

    let existing: number | null = null;
    let fresh: Awaited<ReturnType<typeof checkNewLocation>> | null = null;
    if (body.id !== undefined && body.id !== null) {
      const found = storableId(body.id) ? await db.selectFrom('locations').select('id').where('id', '=', body.id).executeTakeFirst() : undefined;
      if (!found) throw new HttpError(404, 'NOT_FOUND_ID', `No location with id ${body.id}`);
      existing = found.id;
    } else {
      fresh = await checkNewLocation(app, body);
    }

    await app.database.db.transaction().execute(async (trx) => {
      const tx = trx.withTables<GermplasmTables>();
      let locationId = existing;
      if (fresh !== null) {
        const inserted = await tx
          .insertInto('locations')
          .values({
            locationtype_id: COLLECTING_SITES,
            country_id: fresh.countryId,
            site_name: fresh.siteName,
            state: body.state ?? null,
            region: body.region ?? null,
            site_name_short: body.siteNameShort ?? null,
            elevation: body.elevation ?? null,
            latitude: body.latitude ?? null,
            longitude: body.longitude ?? null,
            coordinate_uncertainty: body.coordinateUncertainty ?? null,
            coordinate_datum: body.coordinateDatum ?? null,
            georeferencing_method: body.georeferencingMethod ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        locationId = inserted.id;
      }
      await tx.updateTable('germinatebase').set({ location_id: locationId }).where('id', '=', germplasm.id).execute();
      await updatePdci({ db: trx, dialect: app.database.dialect }, [germplasm.id]);
    });
    return true;
  });

  // Germplasm per country of their location, every country listed (zero included), ordered by name with
  // the tables' sort key so both databases agree.
  app.get('/germplasm/location', { config: { access: 'public' } }, async () => {
    const rows = await db
      .selectFrom('countries as c')
      .leftJoin('locations as l', 'l.country_id', 'c.id')
      .leftJoin('germinatebase as g', 'g.location_id', 'l.id')
      .select((eb) => ['c.country_name as key', eb.fn.count<number>('g.id').as('count')])
      .groupBy(['c.id', 'c.country_name'])
      .orderBy(textSortKey(sql.ref('c.country_name'), app.database.dialect))
      .orderBy('c.id')
      .execute();
    return rows.map((r) => ({ key: r.key, count: Number(r.count) }));
  });
}
