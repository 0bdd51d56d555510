import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { spreadsheetText } from '../../../core/spreadsheet-cell.js';
import { logDatasetAccess } from '../../../server/access/dataset-access-log.js';
import { gateCaller } from '../../../server/access/licences.js';
import { listOrNull, Subset } from '../../../server/http/dataset-request.js';
import { HttpError } from '../../../server/http/errors.js';
import { validate } from '../../../server/http/validate.js';
import { climateDatasetIds } from '../scope.js';
import { climateHeader, climateRows, exportClimates, exportDatasets, FIXED_HEADER, type ExportClimate, type ExportRow } from './export-rows.js';

/** Date-time in file names (yyyy-MM-dd-HH-mm-ss, UTC). */
const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace(/[T:]/g, '-');

/** A cell of the tab file: never a formula, on one line, in its column. */
function cell(value: string | number | null): string {
  if (value === null) return '';
  return spreadsheetText(String(value)).replace(/[\t\r\n]+/g, ' ');
}

/** The tab file: the header, then each row preceded by CRLF (no line ending at the end); pulled as the client reads. */
function tabFile(climates: readonly ExportClimate[], rows: AsyncIterable<ExportRow[]>): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield [...FIXED_HEADER, ...climates.map(climateHeader)].map(cell).join('\t');
    for await (const batch of rows) yield batch.map((row) => `\r\n${row.map(cell).join('\t')}`).join('');
  }
  return Readable.from(lines());
}

/**
 * POST dataset/export/climate: the climate values of the allowed climate datasets among those requested,
 * for the selected climates (xIds) and locations (yIds, members of yGroupIds), as Germinate's tab file
 * `climate-<ids>-<date-time>-<uuid>.txt`. The datasets must be named (an empty list is a 400: an export
 * of every dataset is not what a page asks for); none allowed is a 404, as the trials export.
 */
export const climateExportRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db as unknown as Kysely<unknown>;
  const dialect = app.database.dialect;

  app.post('/dataset/export/climate', { config: { access: 'public' } }, async (request, reply) => {
    if (request.body === undefined || request.body === null) throw new HttpError(400, 'BAD_REQUEST_MISSING_FIELDS', 'A SubsettedDatasetRequest body is required.');
    const body = validate(Subset, request.body);
    const requested = listOrNull(body.datasetIds);
    if (!requested) throw new HttpError(400, 'BAD_REQUEST_MISSING_FIELDS', 'Name the climate datasets to export.');
    const datasetIds = await climateDatasetIds(db, dialect, gateCaller(request), requested);
    if (datasetIds.length === 0) throw new HttpError(404, 'NOT_FOUND_ID', 'No climate dataset you may use was named.');
    const selection = { datasetIds, climateIds: listOrNull(body.xIds), yIds: body.yIds, yGroupIds: body.yGroupIds };
    const [climates, datasets] = await Promise.all([exportClimates(db, selection, dialect), exportDatasets(db, datasetIds)]);
    const rows = climateRows(db, selection, climates, datasets, request.user, dialect);
    await logDatasetAccess(db, request.user, datasetIds, app.clock.now());
    const name = `climate-${datasetIds.join('-').slice(0, 100)}-${stamp(app.clock.now())}-${crypto.randomUUID()}.txt`;
    return reply.type('text/plain; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(tabFile(climates, rows));
  });
};
