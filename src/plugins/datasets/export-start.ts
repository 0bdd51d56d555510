import { type } from 'arktype';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { allowedDatasetIds } from '../../server/access/datasets.js';
import { gateCaller } from '../../server/access/licences.js';
import { sendError } from '../../server/http/errors.js';
import { validate } from '../../server/http/validate.js';

/**
 * The call that starts asynchronous allele-frequency exports. This server cannot write them yet, so it
 * answers as Germinate does where there is nothing to export (the requested datasets of that type the caller
 * may use, licence gate included: none → a 404) and with 501 Not Implemented where there would be; the
 * domain that adds the export replaces its route here. (Genotype exports belong to the genotypes domain.)
 */

const ids = type('number.integer').array().atMostLength(100_000);
/** The part of Germinate's SubsettedGenotypeDatasetRequest these answers read. */
const ExportStart = type({ 'datasetIds?': ids.or('null'), '+': 'ignore' });

/** datasettypes ids of the exports. */
const TYPES = { allelefreq: 4 } as const;

export const exportStartRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db as unknown as Kysely<unknown>;

  const start = (path: string, datatype: keyof typeof TYPES, noneAllowed: 'empty' | 404) =>
    app.post(path, { config: { access: 'public' } }, async (request, reply) => {
      const body = validate(ExportStart, request.body ?? null);
      const requested = body.datasetIds ?? [];
      if (requested.length === 0) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', 'datasetIds must name at least one dataset.');
      const allowed = await allowedDatasetIds(db, gateCaller(request), requested);
      const ofType =
        allowed.length === 0
          ? []
          : await app.database.db
              .selectFrom('datasets')
              .select('id')
              .where('id', 'in', allowed)
              .where('datasettype_id', '=', TYPES[datatype])
              .execute();
      if (ofType.length === 0) return noneAllowed === 'empty' ? [] : sendError(reply, 404);
      return sendError(reply, 501, 'NOT_IMPLEMENTED', `This server cannot export ${datatype} data yet.`);
    });

  start('/dataset/export/allelefreq', 'allelefreq', 404);
};
