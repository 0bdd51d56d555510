import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { logDatasetAccess } from '../../../server/access/dataset-access-log.js';
import { gateCaller } from '../../../server/access/licences.js';
import { HttpError } from '../../../server/http/errors.js';
import { validate } from '../../../server/http/validate.js';
import { exportDatasets, exportTraits, selectedGroups, type ExportSelection } from './export-data.js';
import { pivotRows } from './export-rows.js';
import { tabFile, xlsxFile } from './export-files.js';
import { isaInvestigation } from './isatab-data.js';
import { isaTabZip } from './isatab-zip.js';
import { listOrNull, Subset } from '../../../server/http/dataset-request.js';
import { trialsDatasetIds } from '../dataset-scope.js';

/** Date-time in file names (yyyy-MM-dd-HH-mm-ss, UTC). */
const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace(/[T:]/g, '-');

/** The file's name but its extension: `trials-<ids>-<date-time>-<uuid>`. */
const fileBase = (datasetIds: readonly number[], ms: number) => `trials-${datasetIds.join('-').slice(0, 100)}-${stamp(ms)}-${crypto.randomUUID()}`;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * POST dataset/export/trial: the trials data of the allowed trials datasets among those requested, for the
 * selected traits (xIds) and germplasm (yIds, members of yGroupIds), as Germinate's tab file (`format=tab`,
 * the default and the answer to any other value), as an ISA-Tab zip (`format=isatab`: isatab-zip.ts) or as
 * an xlsx workbook (`format=xlsx`). The file is written while its rows are read (export-rows.ts); every
 * format exports the same rows of the same datasets.
 */
export const trialExportRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db as unknown as Kysely<unknown>;
  const dialect = app.database.dialect;

  app.post<{ Querystring: { format?: string } }>('/dataset/export/trial', { config: { access: 'public' } }, async (request, reply) => {
    if (request.body === undefined || request.body === null) throw new HttpError(400, 'BAD_REQUEST_MISSING_FIELDS', 'A SubsettedDatasetRequest body is required.');
    const body = validate(Subset, request.body);
    const datasetIds = await trialsDatasetIds(db, dialect, gateCaller(request), body.datasetIds);
    if (datasetIds.length === 0) throw new HttpError(404, 'NOT_FOUND_ID', 'No trials dataset you may use was named.');
    const user = request.user;
    const selection: ExportSelection = { datasetIds, traitIds: listOrNull(body.xIds), yIds: body.yIds, yGroupIds: body.yGroupIds };
    const [traits, datasets] = await Promise.all([exportTraits(db, selection, dialect), exportDatasets(db, datasetIds)]);
    if (request.query.format === 'isatab') {
      const investigation = await isaInvestigation(db, datasets);
      await logDatasetAccess(db, user, datasetIds, app.clock.now());
      const name = `${fileBase(datasetIds, app.clock.now())}.zip`;
      return reply.type('application/zip').header('content-disposition', `attachment; filename="${name}"`).send(isaTabZip({ db, dialect, user, selection, traits, investigation }));
    }
    const groups = listOrNull(body.yGroupIds) ? await selectedGroups(db, body.yGroupIds, user, dialect) : null;
    const rows = pivotRows(db, selection, traits, datasets, groups, user, dialect);
    await logDatasetAccess(db, user, datasetIds, app.clock.now());
    const base = fileBase(datasetIds, app.clock.now());
    if (request.query.format === 'xlsx') {
      return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${base}.xlsx"`).send(xlsxFile(traits, datasets, rows));
    }
    return reply.type('text/plain; charset=utf-8').header('content-disposition', `attachment; filename="${base}.txt"`).send(tabFile(traits, rows));
  });
};
