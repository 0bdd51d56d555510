import type { FastifyPluginAsync } from 'fastify';
import { overviewCounts } from '../hidden-pages.js';
import type { ServerPlugin } from '../plugin.js';

/** `GET stats/overview`: the /home dashboard's counts, each contributed by the domain that owns it. */
export const statsRoutes: FastifyPluginAsync<{ plugins: ServerPlugin[] }> = async (app, options) => {
  app.get('/stats/overview', { config: { access: 'public' } }, async () => overviewCounts(app.database, options.plugins));
};
