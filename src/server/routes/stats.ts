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
 * The file resources this caller may know of, as Germinate counts them: those linked to no dataset, and those
 * linked to at least one dataset the caller sees (visibility only, no licence gate, as `datasets` counts).
 * Both lookups probe datasetfileresources by fileresource_id (the index the data resources plugin adds).
 */
async function visibleFileResourceCount(db: Kysely<unknown>, user: SessionUser | null): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    SELECT COUNT(*) AS n FROM fileresources f
    WHERE NOT EXISTS (SELECT 1 FROM datasetfileresources fl WHERE fl.fileresource_id = f.id)
      OR EXISTS (SELECT 1 FROM datasetfileresources fv WHERE fv.fileresource_id = f.id AND ${datasetVisibleSql(sql`fv.dataset_id`, user)})`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * `GET stats/overview`: the /home dashboard's counts, each contributed by the domain that owns it. The
 * dataset and file resource counts depend on who asks (private datasets, and the resources linked only to
 * them, count only for those who may see them), so they are counted here for the caller over what the
 * plugins count for everybody. `experiments` stays the whole table, as in Germinate.
 */
export const statsRoutes: FastifyPluginAsync<{ plugins: ServerPlugin[] }> = async (app, options) => {
  app.get('/stats/overview', { config: { access: 'public' } }, async (request) => {
    const db = app.database.db as unknown as Kysely<unknown>;
    const [counts, datasets, fileresources] = await Promise.all([
      overviewCounts(app.database, options.plugins),
      visibleDatasetCounts(db, request.user),
      visibleFileResourceCount(db, request.user),
    ]);
    return { ...counts, ...datasets, fileresources };
  });
};
