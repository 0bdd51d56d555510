import type { FastifyInstance } from 'fastify';
import type { Kysely, RawBuilder } from 'kysely';
import { ExportRequest, PaginatedRequest } from '../../core/table-request.js';
import type { Access } from '../fastify-types.js';
import { validate } from '../http/validate.js';
import { TableQuery } from './engine.js';
import { exportTable } from './export.js';
import type { TableViewFactory } from './view.js';

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

  app.post(options.path, { config }, async (request) => {
    const body = validate(PaginatedRequest, request.body ?? {});
    return query.page(db, body, app.config.maxPageSize);
  });

  app.post(`${options.path}/ids`, { config }, async (request) => {
    const body = validate(PaginatedRequest, request.body ?? {});
    const ids = await query.ids(db, body.filter);
    return { data: ids, count: ids.length };
  });

  if (options.exportPrefix) {
    const prefix = options.exportPrefix;
    app.post(`${options.path}/export`, { config }, async (request, reply) => {
      const body = validate(ExportRequest, request.body ?? {});
      const result = exportTable(db, query, body, prefix, new Date(app.clock.now()));
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment;filename= "${result.filename}"`)
        .send(result.stream);
    });
  }
  return query;
}

/** A page of a view restricted by an extra condition (e.g. one germplasm's institutions). */
export async function restrictedPage(
  app: FastifyInstance,
  query: TableQuery,
  body: unknown,
  extra: RawBuilder<unknown>,
) {
  const request = validate(PaginatedRequest, body ?? {});
  return query.page(app.database.db as unknown as Kysely<unknown>, request, app.config.maxPageSize, extra);
}
