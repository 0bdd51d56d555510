import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, RawBuilder } from 'kysely';
import { ExportRequest, MAX_INTEGER, PaginatedRequest } from '../../core/table-request.js';
import { HttpError } from '../http/errors.js';
import type { Access } from '../fastify-types.js';
import { validate } from '../http/validate.js';
import { TableQuery } from './engine.js';
import { exportTable } from './export.js';
import type { TableViewFactory } from './view.js';

/**
 * A PaginatedRequest body, validated. page is a Java int in Germinate and prevCount a long: beyond those
 * the offset would overflow the databases' integers (a 500), so it is a 400 like any other bad payload.
 */
export function pagingRequest(body: unknown): PaginatedRequest {
  const request = validate(PaginatedRequest, body ?? {});
  checkPaging(request.page, request.prevCount);
  return request;
}

export function checkPaging(page: number | null | undefined, prevCount: number | null | undefined): void {
  if ((page ?? 0) > MAX_INTEGER) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', `page must be at most ${MAX_INTEGER}`);
  if (!Number.isSafeInteger(prevCount ?? -1)) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'prevCount is too large');
}

export interface TableRoutesOptions {
  /** e.g. '/germplasm/table' → also '/germplasm/table/ids' and '/germplasm/table/export' */
  path: string;
  view: TableViewFactory;
  access: Access;
  /** File name prefix of exports, e.g. 'germplasm-table' */
  exportPrefix?: string;
}

/** Registers the three calls of a Germinate table (page, ids, export) over one whitelisted view. */
export function registerTableRoutes(app: FastifyInstance, options: TableRoutesOptions): TableQuery {
  const query = new TableQuery(options.view(app.database.dialect), app.database.dialect);
  const db = app.database.db as unknown as Kysely<unknown>;
  const config = { access: options.access };

  // The caller goes with every query: dataset-scoped views keep only the rows of datasets they may see.
  app.post(options.path, { config }, async (request) => {
    const body = pagingRequest(request.body);
    return query.page(db, body, app.config.maxPageSize, null, { user: request.user });
  });

  app.post(`${options.path}/ids`, { config }, async (request) => {
    const body = pagingRequest(request.body);
    const ids = await query.ids(db, body.filter, null, { user: request.user });
    return { data: ids, count: ids.length };
  });

  if (options.exportPrefix) {
    const prefix = options.exportPrefix;
    app.post(`${options.path}/export`, { config }, async (request, reply) => {
      const body = validate(ExportRequest, request.body ?? {});
      const result = exportTable(db, query, body, prefix, new Date(app.clock.now()), { caller: { user: request.user } });
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment;filename= "${result.filename}"`)
        .send(result.stream);
    });
  }
  return query;
}

/**
 * A page of a view restricted by an extra condition (e.g. one germplasm's institutions), for the caller of
 * the request (dataset-scoped views apply their visibility too).
 */
export async function restrictedPage(
  app: FastifyInstance,
  query: TableQuery,
  request: FastifyRequest,
  extra: RawBuilder<unknown>,
) {
  const body = pagingRequest(request.body);
  return query.page(app.database.db as unknown as Kysely<unknown>, body, app.config.maxPageSize, extra, { user: request.user });
}

/** The `…/ids` twin of restrictedPage: every matching id under the same condition. */
export async function restrictedIds(
  app: FastifyInstance,
  query: TableQuery,
  request: FastifyRequest,
  extra: RawBuilder<unknown>,
): Promise<{ data: number[]; count: number }> {
  const body = pagingRequest(request.body);
  const ids = await query.ids(app.database.db as unknown as Kysely<unknown>, body.filter, extra, { user: request.user });
  return { data: ids, count: ids.length };
}
