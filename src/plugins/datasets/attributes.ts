import { type } from 'arktype';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { allowedDatasetIds } from '../../server/access/datasets.js';
import { gateCaller, type GateCaller } from '../../server/access/licences.js';
import { pathId } from '../../server/access/users.js';
import { sendError } from '../../server/http/errors.js';
import { validate } from '../../server/http/validate.js';
import { TableQuery } from '../../server/table/engine.js';
import { exportTable } from '../../server/table/export.js';
import { pagingRequest } from '../../server/table/routes.js';
import type { TableView } from '../../server/table/view.js';
import { attributeColumns } from '../../server/table/attribute-columns.js';
import { ExportRequest, type Filter } from '../../core/table-request.js';
import { logDatasetAccess } from '../../server/access/dataset-access-log.js';

const c = (expression: string, kind: TableView['columns'][string]['type']) => ({ sql: sql.raw(expression), type: kind });

/**
 * ViewTableDatasetAttributes: a dataset's attribute values, the attributes whose target is
 * `datasets`. attributeValueId is ours (the row's key for paging). Every call here reads the datasets the
 * caller may use (visible and licence accepted: allowedDatasetIds), not only those it sees.
 */
export function datasetAttributeView(): TableView {
  return {
    name: 'datasetattributes',
    from: sql.raw(`attributedata ad
      JOIN attributes a ON a.id = ad.attribute_id AND a.target_table = 'datasets'
      JOIN datasets d ON d.id = ad.foreign_id`),
    columns: {
      attributeValueId: c('ad.id', 'integer'),
      datasetId: c('d.id', 'integer'),
      datasetName: c('d.name', 'string'),
      datasetDescription: c('d.description', 'string'),
      ...attributeColumns(),
      attributeValue: c('ad.value', 'string'),
    },
    idColumn: 'attributeValueId',
    datasetColumn: 'datasetId',
    licenceGated: true,
  };
}

/** Germinate's ExperimentRequest: the datasets of an experiment, or the listed ones. */
const ExperimentRequest = type({
  'datasetIds?': type('number.integer').array().atMostLength(100_000).or('null'),
  'experimentId?': type('number.integer').or('null'),
  '+': 'ignore',
});

const within = (ids: readonly number[]): RawBuilder<unknown> => (ids.length === 0 ? sql`(1 = 0)` : sql`ad.foreign_id IN (${sql.join([...ids])})`);

/** The ids a `datasetId` filter names (Germinate reads the filter whose column is exactly `datasetId`). */
function filteredDatasetIds(filters: readonly Filter[] | null | undefined): number[] | null {
  const found = (filters ?? []).find((f) => f.column === 'datasetId');
  if (!found) return null;
  return (found.values ?? []).map(Number).filter((n) => Number.isSafeInteger(n));
}

const cell = (value: unknown) => (value === null || value === undefined ? '' : String(value).replace(/[\t\r\n]+/g, ' '));

export const attributeRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db as unknown as Kysely<unknown>;
  const query = new TableQuery(datasetAttributeView(), app.database.dialect);

  async function zip(reply: FastifyReply, body: ExportRequest, allowed: number[], who: GateCaller) {
    if (allowed.length === 0) return sendError(reply, 404, 'NOT_FOUND_ID', 'No dataset you may use has these attributes.');
    const result = exportTable(db, query, body, 'dataset-attributes-table', new Date(app.clock.now()), { caller: who, extra: within(allowed) });
    return reply.type('application/zip').header('content-disposition', `attachment;filename= "${result.filename}"`).send(result.stream);
  }

  app.post('/dataset/attribute/table', { config: { access: 'public' } }, async (request) => {
    const body = pagingRequest(request.body);
    const requested = filteredDatasetIds(body.filter);
    const allowed = await allowedDatasetIds(db, gateCaller(request), requested);
    if (requested !== null && requested.length === 0) return { data: [], count: 0 };
    return query.page(db, body, app.config.maxPageSize, within(allowed), gateCaller(request));
  });

  app.post('/dataset/attribute/table/export', { config: { access: 'public' } }, async (request, reply) => {
    const body = validate(ExportRequest, request.body ?? {});
    const requested = filteredDatasetIds(body.filter);
    const allowed = requested !== null && requested.length === 0 ? [] : await allowedDatasetIds(db, gateCaller(request), requested);
    return zip(reply, body, allowed, gateCaller(request));
  });

  // Germinate reads no body here: every attribute of the one dataset.
  app.post<{ Params: { id: string } }>('/dataset/:id/attribute', { config: { access: 'public' } }, async (request) => {
    const id = pathId(request.params.id);
    const allowed = await allowedDatasetIds(db, gateCaller(request), [id]);
    return query.page(db, { page: 0, limit: app.config.maxPageSize }, app.config.maxPageSize, within(allowed), gateCaller(request));
  });

  app.post<{ Params: { id: string } }>('/dataset/:id/attribute/export', { config: { access: 'public' } }, async (request, reply) => {
    const id = pathId(request.params.id);
    return zip(reply, {}, await allowedDatasetIds(db, gateCaller(request), [id]), gateCaller(request));
  });

  // "Download metadata": the attributes of the chosen datasets (or of an experiment's) as one tab-separated file.
  app.post('/dataset/attribute/export', { config: { access: 'public' } }, async (request, reply) => {
    if (request.body === undefined || request.body === null) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', 'A body naming datasetIds or experimentId is required.');
    const body = validate(ExperimentRequest, request.body);
    let requested = body.datasetIds ?? [];
    if (typeof body.experimentId === 'number') {
      requested = (await app.database.db.selectFrom('datasets').select('id').where('experiment_id', '=', body.experimentId).execute()).map((r) => Number(r.id));
      if (requested.length === 0) return sendError(reply, 404, 'NOT_FOUND_ID', 'This experiment has no datasets.');
    }
    const allowed = await allowedDatasetIds(db, gateCaller(request), requested);
    if (allowed.length === 0) return sendError(reply, 404, 'NOT_FOUND_ID', 'No dataset you may use was named.');
    const columns = ['datasetId', 'datasetName', 'datasetDescription', 'attributeName', 'attributeDescription', 'attributeType', 'attributeValue'];
    const rows = await query.page(db, { page: 0, limit: 2_147_483_647, orderBy: 'datasetId', ascending: 1 }, 2_147_483_647, within(allowed), gateCaller(request));
    const header = ['dataset_id', 'dataset_name', 'dataset_description', 'attribute_name', 'attribute_description', 'attribute_type', 'attribute_value'];
    const text = [header, ...rows.data.map((row) => columns.map((key) => cell(row[key])))].map((line) => line.join('\t')).join('\r\n') + '\r\n';
    await logDatasetAccess(db, request.user, allowed, app.clock.now());
    const name = `attributes-${allowed.join('-').slice(0, 100)}-${crypto.randomUUID()}.txt`;
    return reply.type('text/plain; charset=utf-8').header('content-disposition', `attachment;filename= "${name}"`).send(text);
  });
};
