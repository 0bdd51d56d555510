import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { gateCaller } from '../../../server/access/licences.js';
import { listOrNull, Subset } from '../../../server/http/dataset-request.js';
import { sendError } from '../../../server/http/errors.js';
import { validate } from '../../../server/http/validate.js';
import type { PresentTables } from '../../../server/table/optional-tables.js';
import { climateStats } from './box-plots.js';
import { categoricalValues } from './categorical.js';

const NO_DATASET = 'No climate dataset you may use was named.';

/**
 * Statistics over climate data, public behind dataset visibility and the licence gate as the trials ones:
 * box plots (`dataset/stats/climate`) and the categorical values for bar charts
 * (`dataset/categorical/climate`). A chart's data are not an export: no dataset access is logged.
 */
export const climateStatsRoutes: FastifyPluginAsync<{ present: PresentTables }> = async (app, { present }) => {
  const db = app.database.db as unknown as Kysely<unknown>;
  const { dialect } = app.database;
  const config = { access: 'public' as const };

  app.post('/dataset/stats/climate', { config }, async (request, reply) => {
    if (request.body === undefined || request.body === null) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', 'A SubsettedDatasetRequest body is required.');
    const stats = await climateStats(db, dialect, gateCaller(request), validate(Subset, request.body), present);
    if (!stats) return sendError(reply, 404, 'NOT_FOUND_ID', NO_DATASET);
    return stats;
  });

  app.post('/dataset/categorical/climate', { config }, async (request, reply) => {
    if (request.body === undefined || request.body === null) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', 'A SubsettedDatasetRequest body is required.');
    const body = validate(Subset, request.body);
    const climates = listOrNull(body.xIds);
    if (!climates) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', 'xIds must name at least one climate.');
    const file = await categoricalValues(db, dialect, gateCaller(request), body, climates);
    if (!file) return sendError(reply, 404, 'NOT_FOUND_ID', NO_DATASET);
    return reply
      .type('text/plain; charset=utf-8')
      .header('content-disposition', `attachment;filename= "climates-${file.climateIds.join('-').slice(0, 100)}-${randomUUID()}.tsv"`)
      .send(file.text);
  });
};
