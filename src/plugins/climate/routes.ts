import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { ExportRequest, PaginatedRequest } from '../../core/table-request.js';
import { logDatasetAccess } from '../../server/access/dataset-access-log.js';
import { gateCaller } from '../../server/access/licences.js';
import { pathId } from '../../server/access/users.js';
import { answerThrough, withFilter } from '../../server/http/answer-through.js';
import { DatasetRequest, Subset } from '../../server/http/dataset-request.js';
import { HttpError } from '../../server/http/errors.js';
import { validate } from '../../server/http/validate.js';
import { TableQuery } from '../../server/table/engine.js';
import { exportTable } from '../../server/table/export.js';
import { presentTables } from '../../server/table/optional-tables.js';
import { pageFrom } from '../../server/table/page-from.js';
import { Restriction } from '../../server/table/restriction.js';
import { checkPaging, pagingRequest, registerTableRoutes, restrictedPage } from '../../server/table/routes.js';
import type { ColumnDef } from '../../server/table/view.js';
import { climateRows } from './climate-rows.js';
import { climateDatasetIds, dataScopeSql, locationGroups } from './scope.js';
import { climateExportRoutes } from './export/export-route.js';
import { climateStatsRoutes } from './stats/routes.js';
import { climateDataView, climateView, DATA_ROW_KEY } from './views.js';

/** SubsettedDatasetRequest of the data table: a PaginatedRequest with the selection. */
const SubsettedDatasetRequest = PaginatedRequest.and(Subset);
/** DatasetExportRequest: an ExportRequest (filters, column names) with the selection. */
const DatasetExportRequest = ExportRequest.and(Subset);

/** A body that must be there: Germinate answers 400 to a data call without one. */
function requiredBody(request: FastifyRequest, what: string): unknown {
  if (request.body === undefined || request.body === null) throw new HttpError(400, 'BAD_REQUEST_MISSING_FIELDS', `A ${what} body is required.`);
  return request.body;
}

/**
 * The climate calls: the climate table, a climate's datasets, the climates of datasets, the climate data
 * table (page, location ids, zip export) and the statistics (stats/routes.ts). Data calls read the climate
 * datasets the caller may use (seen, licence accepted) among those requested, as the trials calls do.
 */
export const climateRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db as unknown as Kysely<unknown>;
  const dialect = app.database.dialect;
  const present = await presentTables(db, dialect, ['mapoverlays']);
  const data = new TableQuery(climateDataView(), dialect);
  const config = { access: 'public' as const };

  // Germinate lists no ids or export of this table; the ids come with the shared registration and do no harm,
  // and the export serves the climate table pane's download as every other table's.
  registerTableRoutes(app, { path: '/climate/table', view: () => climateView(present), access: 'public', exportPrefix: 'climate-table' });

  // The datasets table (`dataset/table`, with its visibility, acceptedBy and filters) narrowed to the datasets
  // holding values of the climate, found through climatedata's climate index. An id that is no integer is
  // a 404; a climate that does not exist holds no data, so its page is empty (Germinate's answer).
  app.post<{ Params: { climateId: string } }>('/climate/:climateId/dataset', { config }, async (request, reply) => {
    const climateId = pathId(request.params.climateId, 'NOT_FOUND_ID');
    const body = pagingRequest(request.body);
    const found = await sql<{ id: number }>`SELECT DISTINCT cd.dataset_id AS id FROM climatedata cd WHERE cd.climate_id = ${climateId}`.execute(db);
    const ids = found.rows.map((r) => String(r.id));
    return answerThrough(app, request, reply, '/api/dataset/table', withFilter(body, { column: 'datasetId', comparator: 'inSet', operator: 'and', values: ids }));
  });

  // The climates with values in the requested climate datasets the caller may read, by name.
  app.post('/dataset/climate', { config }, async (request) => {
    const body = validate(DatasetRequest, requiredBody(request, 'DatasetRequest'));
    const datasetIds = await climateDatasetIds(db, dialect, gateCaller(request), body.datasetIds);
    if (datasetIds.length === 0) return [];
    return climateRows(db, present, sql`EXISTS (SELECT 1 FROM climatedata cd WHERE cd.climate_id = c.id AND cd.dataset_id IN (${sql.join(datasetIds)}))`);
  });

  /** The request's allowed climate datasets and its condition on the data view (null: no dataset allowed). */
  async function scopeOf(request: FastifyRequest, body: Subset) {
    const datasetIds = await climateDatasetIds(db, dialect, gateCaller(request), body.datasetIds);
    if (datasetIds.length === 0) return null;
    // The scope reads the value row alone (the view's driving table): no join is needed for it.
    const condition = dataScopeSql({ datasetIds, climateIds: body.xIds, yIds: body.yIds, yGroupIds: body.yGroupIds }, request.user, dialect);
    return { datasetIds, extra: new Restriction(condition) };
  }

  app.post('/dataset/data/climate/table', { config }, async (request) => {
    const body = validate(SubsettedDatasetRequest, requiredBody(request, 'SubsettedDatasetRequest'));
    checkPaging(body.page, body.prevCount);
    const scope = await scopeOf(request, body);
    if (!scope) return { data: [], count: 0 };
    const page = await restrictedPage(app, data, request, scope.extra);
    // The visible location groups of the page's locations, in one query for the page.
    const groups = await locationGroups(db, page.data.map((row) => Number(row.locationId)), request.user, dialect);
    const rows = page.data.map(({ [DATA_ROW_KEY]: _key, ...row }) => ({ groups: groups.get(Number(row.locationId)) ?? [], ...row }));
    return { data: rows, count: page.count };
  });

  // The distinct locations of the matching rows: what "mark all" of this table marks.
  app.post('/dataset/data/climate/table/ids', { config }, async (request) => {
    const body = validate(SubsettedDatasetRequest, request.body ?? {});
    const scope = await scopeOf(request, body);
    if (!scope) return { data: [], count: 0 };
    const where = data.where(body.filter, scope.extra, gateCaller(request));
    // Only the joins the filters read: the scope reads the value row alone.
    const read = (body.filter ?? []).map((f) => data.column(f.column)?.[1]).filter((column): column is ColumnDef => column !== undefined);
    const rows = await sql<{ id: number }>`SELECT DISTINCT cd.location_id AS id FROM ${pageFrom(data.view, read)} WHERE ${where} ORDER BY id`.execute(db);
    const ids = rows.rows.map((r) => Number(r.id));
    return { data: ids, count: ids.length };
  });

  app.post('/dataset/data/climate/table/export', { config }, async (request, reply) => {
    const body = validate(DatasetExportRequest, request.body ?? {});
    const scope = await scopeOf(request, body);
    if (!scope) throw new HttpError(404, 'NOT_FOUND_ID', 'No climate dataset you may use was named.');
    const caller = gateCaller(request);
    // Filters are checked before the file starts, so that a bad column is a 400 and not a broken download.
    data.where(body.filter, scope.extra, caller);
    await logDatasetAccess(db, request.user, scope.datasetIds, app.clock.now());
    const result = exportTable(db, data, body, 'climate-data-table', new Date(app.clock.now()), { caller, extra: scope.extra });
    return reply.type('application/zip').header('content-disposition', `attachment;filename= "${result.filename}"`).send(result.stream);
  });

  await app.register(climateStatsRoutes, { present });
  await app.register(climateExportRoutes);
};
