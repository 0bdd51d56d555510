import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { gateCaller } from '../../../server/access/licences.js';
import { logDatasetAccess } from '../../../server/access/dataset-access-log.js';
import { idListSql } from '../../../server/db/id-list.js';
import { HttpError } from '../../../server/http/errors.js';
import { validate } from '../../../server/http/validate.js';
import { TableQuery } from '../../../server/table/engine.js';
import { exportTable } from '../../../server/table/export.js';
import { pageFrom } from '../../../server/table/page-from.js';
import { Restriction } from '../../../server/table/restriction.js';
import { checkPaging, restrictedPage } from '../../../server/table/routes.js';
import type { ColumnDef } from '../../../server/table/view.js';
import { germplasmGroups } from './groups.js';
import { trialExportRoutes } from './export-routes.js';
import { DatasetRequest } from '../../../server/http/dataset-request.js';
import { DatasetExportRequest, SubsettedDatasetRequest, TraitTimelineRequest } from './request.js';
import { trialsDatasetIds } from '../dataset-scope.js';
import { dataScopeSql, germplasmSelectionSql } from './scope.js';
import { DATA_ROW_KEY, LOOKUP_ROW_KEY, MINIMAL_KEYS, trialGermplasmView, trialsDataView } from './view.js';

type Row = Record<string, unknown>;

/** A body that must be there: Germinate answers 400 to a data call without one. */
function requiredBody(request: FastifyRequest): unknown {
  if (request.body === undefined || request.body === null) throw new HttpError(400, 'BAD_REQUEST_MISSING_FIELDS', 'A request body is required.');
  return request.body;
}

/**
 * The trials data calls: the data table (page, germplasm ids, zip export), the trial germplasm lookup, the
 * number of plot coordinates and the recording dates, and the trials export (export-routes.ts). Every
 * call reads the trials datasets the caller may use (seen, licence accepted) among those requested.
 */
export const trialsDataRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db as unknown as Kysely<unknown>;
  const dialect = app.database.dialect;
  const data = new TableQuery(trialsDataView(), dialect);
  const lookups = { plots: new TableQuery(trialGermplasmView(false), dialect), germplasm: new TableQuery(trialGermplasmView(true), dialect) };
  const config = { access: 'public' as const };

  /** The request's allowed trials datasets and its condition on the data view (null: no dataset allowed). */
  async function scopeOf(request: FastifyRequest, body: { datasetIds?: number[] | null; xIds?: number[] | null; yIds?: number[] | null; yGroupIds?: number[] | null }) {
    const datasetIds = await trialsDatasetIds(db, dialect, gateCaller(request), body.datasetIds);
    if (datasetIds.length === 0) return null;
    // The scope reads the data point and its plot alone (the view's driving tables): no join is needed for it.
    return { datasetIds, extra: new Restriction(dataScopeSql({ datasetIds, traitIds: body.xIds, yIds: body.yIds, yGroupIds: body.yGroupIds }, request.user, dialect)) };
  }

  app.post('/dataset/data/trial/table', { config }, async (request) => {
    const body = validate(SubsettedDatasetRequest, requiredBody(request));
    checkPaging(body.page, body.prevCount);
    const scope = await scopeOf(request, body);
    if (!scope) return { data: [], count: 0 };
    const page = await restrictedPage(app, data, request, scope.extra);
    // The visible germplasm groups of the page's germplasm, in one query for the page.
    const groups = await germplasmGroups(db, page.data.map((row) => Number(row.germplasmId)), request.user, dialect);
    const rows = page.data.map((row): Row => {
      const kept: Row = {};
      if (body.minimal === true) {
        for (const key of MINIMAL_KEYS) if (row[key] !== undefined) kept[key] = row[key];
      } else {
        for (const [key, value] of Object.entries(row)) if (key !== DATA_ROW_KEY) kept[key] = value;
      }
      kept.groups = groups.get(Number(row.germplasmId)) ?? [];
      return kept;
    });
    return { data: rows, count: page.count };
  });

  // The distinct germplasm of the matching rows: what "mark all" of this table marks.
  app.post('/dataset/data/trial/table/ids', { config }, async (request) => {
    const body = validate(SubsettedDatasetRequest, request.body ?? {});
    const scope = await scopeOf(request, body);
    if (!scope) return { data: [], count: 0 };
    const where = data.where(body.filter, scope.extra, gateCaller(request));
    // Only the joins the filters read: the request's scope reads the data point and its plot alone.
    const read = (body.filter ?? []).map((f) => data.column(f.column)?.[1]).filter((column): column is ColumnDef => column !== undefined);
    const rows = await sql<{ id: number }>`SELECT DISTINCT ts.germinatebase_id AS id FROM ${pageFrom(data.view, read)} WHERE ${where} ORDER BY id`.execute(db);
    const ids = rows.rows.map((r) => Number(r.id));
    return { data: ids, count: ids.length };
  });

  app.post('/dataset/data/trial/table/export', { config }, async (request, reply) => {
    const body = validate(DatasetExportRequest, request.body ?? {});
    const scope = await scopeOf(request, body);
    if (!scope) throw new HttpError(404, 'NOT_FOUND_ID', 'No trials dataset you may use was named.');
    const caller = gateCaller(request);
    // Filters are checked before the file starts, so that a bad column is a 400 and not a broken download.
    data.where(body.filter, scope.extra, caller);
    await logDatasetAccess(db, request.user, scope.datasetIds, app.clock.now());
    const result = exportTable(db, data, body, 'trials-data-table', new Date(app.clock.now()), { caller, extra: scope.extra });
    return reply.type('application/zip').header('content-disposition', `attachment;filename= "${result.filename}"`).send(result.stream);
  });

  // The trial germplasm lookup: plots (default) or germplasm per dataset, of the plots that hold data.
  app.post<{ Querystring: { isGermplasm?: string } }>('/dataset/data/trial/germplasm', { config }, async (request) => {
    const body = validate(SubsettedDatasetRequest, request.body ?? {});
    checkPaging(body.page, body.prevCount);
    const datasetIds = await trialsDatasetIds(db, dialect, gateCaller(request), body.datasetIds);
    if (datasetIds.length === 0) return { data: [], count: 0 };
    const query = request.query.isGermplasm === 'true' ? lookups.germplasm : lookups.plots;
    const page = await restrictedPage(app, query, request, sql`ts.dataset_id IN (${sql.join(datasetIds)})`);
    return { data: page.data.map(({ [LOOKUP_ROW_KEY]: _key, ...row }) => row), count: page.count };
  });

  // How many distinct plot positions the datasets have: the export page shows its map tab when there are any.
  app.post('/dataset/data/trial/location/count', { config }, async (request) => {
    const body = validate(DatasetRequest, requiredBody(request));
    const datasetIds = await trialsDatasetIds(db, dialect, gateCaller(request), body.datasetIds);
    if (datasetIds.length === 0) return 0;
    // Plots without a position have none to show on a map: they are not counted.
    const rows = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM (
        SELECT DISTINCT ts.latitude, ts.longitude FROM trialsetup ts
        WHERE ts.dataset_id IN (${sql.join(datasetIds)}) AND ts.latitude IS NOT NULL AND ts.longitude IS NOT NULL) x`.execute(db);
    return Number(rows.rows[0]?.n ?? 0);
  });

  // The days on which data were recorded (time series tabs and sliders), as yyyy-MM-dd, ascending.
  app.post('/dataset/data/trial/timepoint', { config }, async (request) => {
    const body = validate(TraitTimelineRequest, requiredBody(request));
    if (!body.datasetIds || body.datasetIds.length === 0) throw new HttpError(400, 'BAD_REQUEST_MISSING_FIELDS', 'datasetIds must name at least one dataset.');
    const datasetIds = await trialsDatasetIds(db, dialect, gateCaller(request), body.datasetIds);
    if (datasetIds.length === 0) return [];
    const traits = body.traitIds && body.traitIds.length > 0 ? idListSql(sql`pd.phenotype_id`, body.traitIds, dialect) : sql`1 = 1`;
    const germplasm = germplasmSelectionSql(sql`ts.germinatebase_id`, body.markedIds, body.groupIds, request.user, dialect) ?? sql`1 = 1`;
    const rows = await sql<{ day: string }>`SELECT DISTINCT substr(pd.recording_date, 1, 10) AS day
      FROM phenotypedata pd JOIN trialsetup ts ON ts.id = pd.trialsetup_id
      WHERE ts.dataset_id IN (${sql.join(datasetIds)}) AND pd.recording_date IS NOT NULL AND ${traits} AND ${germplasm}
      ORDER BY day`.execute(db);
    return rows.rows.map((r) => r.day);
  });

  await app.register(trialExportRoutes);
};
