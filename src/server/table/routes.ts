import { countCacheOf } from './count-cache.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, RawBuilder } from 'kysely';
import { requestReader, type RequestReader } from '../db/read-pool-request.js';
import { ExportRequest, MAX_INTEGER, PaginatedRequest } from '../../core/table-request.js';
import { HttpError } from '../http/errors.js';
import type { Access } from '../fastify-types.js';
import { validate } from '../http/validate.js';
import { TableQuery, type QueryCaller } from './engine.js';
import { gateCaller } from '../access/licences.js';
import { exportTable } from './export.js';
import type { TableViewFactory } from './view.js';
import type { Extra } from './restriction.js';

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

/**
 * Runs a request's table reads on the read pool (stopped when its client goes, a 503 past TABLE_TIMEOUT_MS)
 * or, without a pool, on the main connection. Reads see what the request or earlier ones committed; a read
 * that must see its own uncommitted writes uses the main connection instead.
 */
export async function withReader<T>(app: FastifyInstance, request: FastifyRequest, read: (source: Kysely<unknown> | RequestReader) => Promise<T>): Promise<T> {
  const db = app.database.db as unknown as Kysely<unknown>;
  const pool = readPool(app);
  if (!pool) return read(db);
  const reader = requestReader(pool, db, request, { timeoutMs: app.config.tableTimeoutMs });
  try {
    return await read(reader);
  } finally {
    reader.done();
  }
}

function readPool(app: FastifyInstance) {
  const { readPoolSize: size, readQueueLimit: queueLimit, statementTimeoutMs } = app.config;
  return app.database.reads({ size, queueLimit, statementTimeoutMs });
}

/** The view's condition from the request body beyond its filters (TableView.requestCondition), or null. */
function requestCondition(query: TableQuery, request: FastifyRequest, caller: QueryCaller): RawBuilder<unknown> | null {
  const body = request.body;
  if (!query.view.requestCondition || typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  return query.view.requestCondition(body as Record<string, unknown>, caller);
}

/** Registers the three calls of a Germinate table (page, ids, export) over one whitelisted view. */
export function registerTableRoutes(app: FastifyInstance, options: TableRoutesOptions): TableQuery {
  const query = new TableQuery(options.view(app.database.dialect), app.database.dialect);
  const config = { access: options.access };

  // The caller goes with every query: dataset-scoped views keep only the rows of datasets they may see
  // (licence-gated views: whose licence they accepted, from licenselogs or the accepted-licenses cookie).
  app.post(options.path, { config }, async (request) => {
    const body = pagingRequest(request.body);
    const caller = gateCaller(request);
    return withReader(app, request, (source) => query.page(source, body, app.config.maxPageSize, requestCondition(query, request, caller), caller, countCacheOf(app.database)));
  });

  app.post(`${options.path}/ids`, { config }, async (request) => {
    const body = pagingRequest(request.body);
    const caller = gateCaller(request);
    const ids = await withReader(app, request, (source) => query.ids(source, body.filter, requestCondition(query, request, caller), caller));
    return { data: ids, count: ids.length };
  });

  if (options.exportPrefix) {
    const prefix = options.exportPrefix;
    app.post(`${options.path}/export`, { config }, async (request, reply) => {
      const caller = gateCaller(request);
      return restrictedExport(app, query, request, reply, prefix, requestCondition(query, request, caller));
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
  extra: Extra,
) {
  const body = pagingRequest(request.body);
  return withReader(app, request, (source) => query.page(source, body, app.config.maxPageSize, extra, gateCaller(request), countCacheOf(app.database)));
}

/** The `…/ids` twin of restrictedPage: every matching id under the same condition. */
export async function restrictedIds(
  app: FastifyInstance,
  query: TableQuery,
  request: FastifyRequest,
  extra: Extra,
): Promise<{ data: number[]; count: number }> {
  const body = pagingRequest(request.body);
  const ids = await withReader(app, request, (source) => query.ids(source, body.filter, extra, gateCaller(request)));
  return { data: ids, count: ids.length };
}

/**
 * The `…/export` twin of restrictedPage: the matching rows as Germinate's zipped table file, read in batches
 * (each batch within the table time limit; the whole file takes as long as its rows).
 */
export function restrictedExport(app: FastifyInstance, query: TableQuery, request: FastifyRequest, reply: FastifyReply, prefix: string, extra: Extra | null) {
  const body = validate(ExportRequest, request.body ?? {});
  const db = app.database.db as unknown as Kysely<unknown>;
  const pool = readPool(app);
  const reader = pool ? requestReader(pool, db, request, { timeoutMs: app.config.tableTimeoutMs, perStatement: true }) : null;
  const result = exportTable(reader ?? db, query, body, prefix, new Date(app.clock.now()), { caller: gateCaller(request), extra });
  if (reader) result.stream.once('close', () => reader.done());
  return reply.type('application/zip').header('content-disposition', `attachment;filename= "${result.filename}"`).send(result.stream);
}
