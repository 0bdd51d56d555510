import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { ExportRequest } from '../../../core/table-request.js';
import { gateCaller } from '../../../server/access/licences.js';
import { readRows } from '../../../server/db/read-pool.js';
import { requestReader } from '../../../server/db/read-pool-request.js';
import { validate } from '../../../server/http/validate.js';
import { TableQuery } from '../../../server/table/engine.js';
import { exportTable } from '../../../server/table/export.js';
import { pagingRequest, restrictedPage } from '../../../server/table/routes.js';
import type { MarkerIndexes } from '../markers/view.js';
import { mapDefinitionView } from './view.js';
import { mapVisibleSql } from './visibility.js';

/** The maps of the definitions a caller may read: those they see. */
const visibleMaps = (request: FastifyRequest) => mapVisibleSql('mp', request.user ?? null);

/**
 * `POST map/mapdefinition/table` and its `/export` (`map-definition-table-…` zip): the definitions of the
 * maps the caller sees, through the shared table engine. `/ids` answers Germinate's ids of this table:
 * the distinct marker ids of the matching rows (what "mark all" marks), not the definitions'.
 */
export function registerMapDefinitionRoutes(app: FastifyInstance, indexes: MarkerIndexes): void {
  const db = app.database.db as unknown as Kysely<unknown>;
  const query = new TableQuery(mapDefinitionView(app.database.dialect, indexes), app.database.dialect);
  const config = { access: 'public' as const };
  const path = '/map/mapdefinition/table';

  app.post(path, { config }, async (request) => restrictedPage(app, query, request, visibleMaps(request)));

  app.post(`${path}/ids`, { config }, async (request) => {
    const body = pagingRequest(request.body);
    const where = query.where(body.filter, visibleMaps(request), gateCaller(request));
    const rows = await readRows(db, sql<{ id: number }>`SELECT DISTINCT md.marker_id AS id FROM ${query.view.from} WHERE ${where} ORDER BY md.marker_id`);
    const ids = rows.map((r) => Number(r.id));
    return { data: ids, count: ids.length };
  });

  app.post(`${path}/export`, { config }, async (request, reply) => {
    const body = validate(ExportRequest, request.body ?? {});
    // Each batch of an export must finish within the table limit; the whole file takes as long as its rows.
    const { readPoolSize: size, readQueueLimit: queueLimit, statementTimeoutMs, tableTimeoutMs } = app.config;
    const pool = app.database.reads({ size, queueLimit, statementTimeoutMs });
    const reader = pool ? requestReader(pool, db, request, { timeoutMs: tableTimeoutMs, perStatement: true }) : null;
    let result: ReturnType<typeof exportTable>;
    try {
      result = exportTable(reader ?? db, query, body, 'map-definition-table', new Date(app.clock.now()), { caller: gateCaller(request), extra: visibleMaps(request) });
    } catch (error) {
      // A bad filter is refused before any row is read.
      reader?.done();
      throw error;
    }
    if (reader) result.stream.once('close', () => reader.done());
    return reply.type('application/zip').header('content-disposition', `attachment;filename= "${result.filename}"`).send(result.stream);
  });
}
