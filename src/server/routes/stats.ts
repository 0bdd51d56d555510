import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { datasetVisibleSql } from '../access/datasets.js';
import type { SessionUser } from '../auth/tokens.js';
import { overviewCounts } from '../hidden-pages.js';
import type { ServerPlugin } from '../plugin.js';

/** OverviewStats keys counted per dataset type, by datasettypes.id. */
const DATASET_TYPE_KEYS: Record<number, string> = {
  1: 'datasetsGenotype',
  3: 'datasetsTrials',
  4: 'datasetsAllelefreq',
  5: 'datasetsClimate',
  7: 'datasetsPedigree',
};

/**
 * The dataset counts as this caller sees them: `datasets` counts every dataset the caller may see (no
 * licence gate), the per-type keys only the non-external ones, since only those hold data to export.
 */
async function visibleDatasetCounts(db: Kysely<unknown>, user: SessionUser | null): Promise<Record<string, number>> {
  const { rows } = await sql<{ datasettype_id: number; is_external: number | boolean; n: number | string }>`
    SELECT d.datasettype_id, d.is_external, COUNT(*) AS n FROM datasets d
    WHERE ${datasetVisibleSql(sql`d.id`, user)} GROUP BY d.datasettype_id, d.is_external`.execute(db);
  const counts: Record<string, number> = { datasets: 0 };
  for (const key of Object.values(DATASET_TYPE_KEYS)) counts[key] = 0;
  for (const row of rows) {
    const n = Number(row.n);
    counts.datasets += n;
    const key = DATASET_TYPE_KEYS[Number(row.datasettype_id)];
    if (key && !(row.is_external === true || Number(row.is_external) === 1)) counts[key] += n;
  }
  return counts;
}

/**
 * `GET stats/overview`: the /home dashboard's counts, each contributed by the domain that owns it. The
 * dataset counts depend on who asks (private datasets count only for those who may see them), so they are
 * counted here for the caller over what the plugins count for everybody.
 */
export const statsRoutes: FastifyPluginAsync<{ plugins: ServerPlugin[] }> = async (app, options) => {
  app.get('/stats/overview', { config: { access: 'public' } }, async (request) => {
    const [counts, datasets] = await Promise.all([
      overviewCounts(app.database, options.plugins),
      visibleDatasetCounts(app.database.db as unknown as Kysely<unknown>, request.user),
    ]);
    return { ...counts, ...datasets };
  });
};
