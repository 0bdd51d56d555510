import type { FastifyPluginAsync } from 'fastify';
import { type } from 'arktype';
import type { Kysely } from 'kysely';
import { HttpError } from '../../server/http/errors.js';
import type { ServerPlugin } from '../../server/plugin.js';
import { basketCsv, basketXlsx } from './export-files.js';
import { readBasket } from './queries.js';
import { basketIds, ExportBody, ExportFormat, IdsBody, MESSAGES, Requester } from './schema.js';

const invalid = (message: string) => new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', message);

function idsOf(body: unknown): number[] {
  const parsed = IdsBody(body ?? null);
  if (parsed instanceof type.errors) throw invalid(MESSAGES.notAList);
  const ids = basketIds(parsed.germplasmIds);
  if (typeof ids === 'string') throw invalid(ids);
  return ids;
}

/**
 * The request basket: marked germplasm grouped by holding institute with what decides whether each can be
 * sent, and the request form as xlsx or CSV. Open as germplasm/table is: whoever the auth mode lets read
 * germplasm may build a request from it.
 */
const routes: FastifyPluginAsync = async (app) => {
  const db = app.database.db as unknown as Kysely<unknown>;

  app.post('/request-basket/table', { config: { access: 'public' } }, async (request) => readBasket(db, idsOf(request.body)));

  app.post('/request-basket/export', { config: { access: 'public' } }, async (request, reply) => {
    const ids = idsOf(request.body);
    const body = ExportBody(request.body);
    if (body instanceof type.errors) throw invalid(MESSAGES.format);
    const format = ExportFormat(body.format);
    if (format instanceof type.errors) throw invalid(MESSAGES.format);
    const requester = Requester(body.requester ?? {});
    if (requester instanceof type.errors) throw invalid(MESSAGES.requester);
    const basket = await readBasket(db, ids);
    const institutes = body.institute ? basket.institutes.filter((institute) => institute.key === body.institute) : basket.institutes;
    if (body.institute && institutes.length === 0) throw invalid(MESSAGES.institute);
    const date = new Date(app.clock.now()).toISOString();
    const stem = `request-${institutes.length === 1 ? (institutes[0].code ?? 'no-institute').replace(/[^\w-]/g, '_') : 'all'}-${date.slice(0, 10)}`;
    if (format === 'xlsx') {
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${stem}.xlsx"`)
        .send(await basketXlsx(institutes, requester, date));
    }
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${stem}.csv"`).send(basketCsv(institutes));
  });
};

/** The request basket's server half. Owns no tables: it reads the germplasm domain's. */
export const requestBasketServer: ServerPlugin = {
  id: 'request-basket',
  requires: ['germplasm'],
  routes,
};
