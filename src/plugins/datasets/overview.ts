import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/database.js';
import type { ServerPlugin } from '../../server/plugin.js';

type Counter = (database: Database) => Promise<number>;

const count = (query: ReturnType<typeof sql<{ n: number | string }>>): Counter => async (database) =>
  Number((await query.execute(database.db as unknown as Kysely<unknown>)).rows[0]?.n ?? 0);

/** Non-external datasets of one type: external ones only link out and hold no data here. */
const ofType = (typeId: number): Counter => count(sql`SELECT COUNT(*) AS n FROM datasets WHERE datasettype_id = ${typeId} AND is_external = 0`);

/**
 * The overview counts of experiments and datasets over the whole database. `stats/overview` replaces the
 * dataset ones with what its caller may see; these totals decide which export pages have no data (hidden
 * page discovery is the same for everybody).
 */
export const datasetOverviewCounts: NonNullable<ServerPlugin['overviewCounts']> = {
  experiments: count(sql`SELECT COUNT(*) AS n FROM experiments`),
  datasets: count(sql`SELECT COUNT(*) AS n FROM datasets`),
  datasetsGenotype: ofType(1),
  datasetsTrials: ofType(3),
  datasetsAllelefreq: ofType(4),
  datasetsClimate: ofType(5),
  datasetsPedigree: ofType(7),
};
