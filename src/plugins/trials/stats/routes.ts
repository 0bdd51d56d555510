import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { logDatasetAccess } from '../../../server/access/dataset-access-log.js';
import { gateCaller } from '../../../server/access/licences.js';
import { pathId } from '../../../server/access/users.js';
import { sendError } from '../../../server/http/errors.js';
import { validate } from '../../../server/http/validate.js';
import { trialStats } from './box-plots.js';
import { categoricalCounts } from './categorical.js';
import { crossComparison } from './cross-comparison.js';
import { germplasmTraitStats } from './germplasm-stats.js';
import { listOrNull, Subset } from '../../../server/http/dataset-request.js';
import { CrossComparisonRequest, TraitDatasetRequest } from './request.js';
import { traitStats } from './trait-stats.js';

const NO_DATASET = 'No trials dataset you may use was named.';

/** Date and time in file names (yyyy-MM-dd-HH-mm-ss, UTC). */
const fileStamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace(/[T:]/g, '-');

function attachment(reply: FastifyReply, filename: string, text: string): FastifyReply {
  return reply.type('text/plain; charset=utf-8').header('content-disposition', `attachment;filename= "${filename}"`).send(text);
}

/**
 * Statistics over trials data, all public behind dataset visibility and the licence gate: box plots
 * (`dataset/stats/trial`), the radar chart's ranges (`trait/stats`), counts of categorical values
 * (`dataset/categorical/trial`), the passport's trait performance (`germplasm/{id}/stats/trait`) and the
 * cross data-type comparison (`dataset/crosscomparison`). Every number is computed by the database.
 */
export const trialStatsRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db as unknown as Kysely<unknown>;
  const { dialect } = app.database;
  const noBody = (reply: FastifyReply, what: string) => sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', `A ${what} body is required.`);

  app.post('/dataset/stats/trial', { config: { access: 'public' } }, async (request, reply) => {
    if (request.body === undefined || request.body === null) return noBody(reply, 'SubsettedDatasetRequest');
    const body = validate(Subset, request.body);
    const stats = await trialStats(db, dialect, gateCaller(request), body);
    if (!stats) return sendError(reply, 404, 'NOT_FOUND_ID', NO_DATASET);
    return stats;
  });

  app.post('/trait/stats', { config: { access: 'public' } }, async (request, reply) => {
    if (request.body === undefined || request.body === null) return noBody(reply, 'TraitDatasetRequest');
    return traitStats(db, dialect, gateCaller(request), validate(TraitDatasetRequest, request.body));
  });

  // A chart's data: counts, not the data themselves, so no dataset access is logged (as for the box plots).
  app.post('/dataset/categorical/trial', { config: { access: 'public' } }, async (request, reply) => {
    if (request.body === undefined || request.body === null) return noBody(reply, 'SubsettedDatasetRequest');
    const body = validate(Subset, request.body);
    const traits = listOrNull(body.xIds);
    if (!traits) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', 'xIds must name at least one trait.');
    const counts = await categoricalCounts(db, dialect, gateCaller(request), body, traits);
    if (!counts) return sendError(reply, 404, 'NOT_FOUND_ID', NO_DATASET);
    return attachment(reply, `traits-${counts.datasetIds.join('-')}-${randomUUID()}.tsv`, counts.text);
  });

  app.get<{ Params: { germplasmId: string } }>('/germplasm/:germplasmId/stats/trait', { config: { access: 'public' } }, async (request) => {
    const germplasmId = pathId(request.params.germplasmId, 'NOT_FOUND_ID');
    return germplasmTraitStats(db, dialect, gateCaller(request), germplasmId);
  });

  app.post('/dataset/crosscomparison', { config: { access: 'public' } }, async (request, reply) => {
    if (request.body === undefined || request.body === null) return noBody(reply, 'DatasetCrossDataTypeRequest');
    const body = validate(CrossComparisonRequest, request.body);
    const filename = `comparison-${fileStamp(app.clock.now())}-${randomUUID()}.txt`;
    const comparison = await crossComparison(db, dialect, gateCaller(request), body);
    if (!comparison) return attachment(reply, filename, '');
    await logDatasetAccess(db, request.user, comparison.datasetIds, app.clock.now());
    return attachment(reply, filename, comparison.text);
  });
};
