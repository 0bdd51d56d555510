import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { textSortKey } from '../../server/table/text-match.js';

/** The columns of the countries table read here (the table is the germplasm domain's; no import of it). */
type CountryTables = {
  countries: { id: number; country_code2: string; country_code3: string; country_name: string };
};

/**
 * GET /country: every country as Germinate's `Countries` POJO, for the country picker when a location is
 * created. Ordered by name with the sort key the tables use (ASCII case folded, then code points), so both
 * databases give the same order. Our countries table is seed data without timestamps, so createdOn and
 * updatedOn are always null, and null fields are left out as in every answer (Germinate's JSON omits nulls;
 * where a stored timestamp exists, endpoints render it through isoTimestamp).
 */
export function registerCountryRoutes(app: FastifyInstance): void {
  const db = app.database.db.withTables<CountryTables>();
  app.get('/country', { config: { access: 'public' } }, async () => {
    const rows = await db
      .selectFrom('countries')
      .select(['id', 'country_code2', 'country_code3', 'country_name'])
      .orderBy(textSortKey(sql.ref('country_name'), app.database.dialect))
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      countryCode2: r.country_code2,
      countryCode3: r.country_code3,
      countryName: r.country_name,
    }));
  });
}
