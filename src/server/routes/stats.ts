import type { FastifyPluginAsync } from 'fastify';
import type { ServerPlugin } from '../plugin.js';

/** OverviewStats keys (endpoints.md §Z.4); every one is present, 0 until a domain counts it. */
export const OVERVIEW_KEYS = [
  'germplasm', 'markers', 'maps', 'traits', 'climates', 'locations', 'datasets', 'datasetsGenotype', 'datasetsTrials',
  'datasetsAllelefreq', 'datasetsClimate', 'datasetsPedigree', 'experiments', 'groups', 'images', 'fileresources',
  'publications', 'dataStories', 'projects',
] as const;

/** `GET stats/overview`: the /home dashboard's counts, each contributed by the domain that owns it. */
export const statsRoutes: FastifyPluginAsync<{ plugins: ServerPlugin[] }> = async (app, options) => {
  const counters = options.plugins.flatMap((p) => Object.entries(p.overviewCounts ?? {}));
  app.get('/stats/overview', { config: { access: 'public' } }, async () => {
    const stats: Record<string, number> = Object.fromEntries(OVERVIEW_KEYS.map((k) => [k, 0]));
    const values = await Promise.all(counters.map(async ([key, count]) => [key, await count(app.database)] as const));
    for (const [key, value] of values) stats[key] = (stats[key] ?? 0) + value;
    return stats;
  });
};
