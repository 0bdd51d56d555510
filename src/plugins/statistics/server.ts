import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerPlugin } from '../../server/plugin.js';
import { biologicalStatusTsv } from './biological-status.js';
import { biologicalStatusCounts } from './queries.js';

const routes: FastifyPluginAsync = async (app) => {
  const db = app.database.db as unknown as Kysely<unknown>;

  // A file download, as Germinate's statistics files are: tab-separated text with a header row, CRLF,
  // named biologicalstatus-<uuid>.tsv. Takes no parameters, so there is no request to validate.
  app.get('/stats/biologicalstatus', { config: { access: 'public' } }, async (_request, reply) => {
    const text = biologicalStatusTsv(await biologicalStatusCounts(db));
    return reply
      .type('text/plain; charset=utf-8')
      .header('content-disposition', `attachment;filename= "biologicalstatus-${randomUUID()}.tsv"`)
      .send(text);
  });
};

/** Statistics: counts over other domains' tables for the statistics page's charts. Owns no tables. */
export const statisticsServer: ServerPlugin = {
  id: 'statistics',
  // It counts the germplasm domain's mcpd and biologicalstatus rows.
  requires: ['germplasm'],
  routes,
};
