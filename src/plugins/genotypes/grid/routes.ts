import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { gateCaller } from '../../../server/access/licences.js';
import { sendError } from '../../../server/http/errors.js';
import { validate } from '../../../server/http/validate.js';
import { chosenIds, genotypeDatasets } from '../export/selection.js';
import { genotypeFolder } from '../import/genotype-stage.js';
import { visibleMap } from '../maps/map.js';
import { columnAxis, rowAxis, type ColumnAxis, type RowAxis } from './axes.js';
import { AxisCache } from './axis-cache.js';
import { OpenMatrices } from './open-matrices.js';
import { GenotypeWindowRequest, WINDOW_LIMITS, type GenotypeWindow, type WindowColumn } from './request.js';
import { windowCells } from './window-cells.js';

const sorted = (ids: number[] | null) => (ids ? [...ids].sort((a, b) => a - b) : null);

/**
 * The genotype grid's window: POST dataset/{datasetId}/genotype/window answers one window of a genotype
 * dataset's calls for a selection of germplasm and markers, reading only the tiles the window crosses. The
 * dataset must be one the caller may use (visible, licence accepted), as for every dataset call.
 */
export const genotypeGridRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db as unknown as Kysely<unknown>;
  const matrices = new OpenMatrices();
  const axes = new AxisCache<{ rows: RowAxis; columns: ColumnAxis }>();
  app.addHook('onClose', async () => matrices.closeAll());

  app.post<{ Params: { id: string } }>('/dataset/:id/genotype/window', { config: { access: 'public' } }, async (request, reply) => {
    const datasetId = Number(request.params.id);
    if (!Number.isSafeInteger(datasetId) || datasetId <= 0) return sendError(reply, 404, 'NOT_FOUND_ID', 'No genotype dataset you may use has this id.');
    const body = validate(GenotypeWindowRequest, request.body ?? null);
    const [dataset] = await genotypeDatasets(db, gateCaller(request), [datasetId]);
    if (!dataset?.sourceFile) return sendError(reply, 404, 'NOT_FOUND_ID', 'No genotype dataset you may use has this id.');
    const user = request.user ?? null;
    const germplasm = await chosenIds(db, user, body.yIds, body.yGroupIds, 'germinatebase');
    const markers = await chosenIds(db, user, body.xIds, body.xGroupIds, 'markers');
    // A map the caller does not see orders nothing: the grid shows the file's order and says so (mapId null).
    const mapId = body.mapId != null && (await visibleMap(db, body.mapId, user)) ? body.mapId : null;
    const order = body.rowOrder && body.rowOrder.length > 0 ? body.rowOrder : null;
    const file = path.join(genotypeFolder(app.config.dataDir), dataset.sourceFile);
    const missing = () => sendError(reply, 404, 'NOT_FOUND_FILE', `The genotype file of dataset ${datasetId} is missing.`);
    // The file is looked at once per request, by the reader cache's stat: a missing one is a 404.
    return matrices.with(file, async (reader, identity): Promise<GenotypeWindow> => {
      const key = AxisCache.key([identity.version, file, datasetId, sorted(germplasm), sorted(markers), mapId, order]);
      const axis = await axes.get(key, async () => ({
        rows: await rowAxis(db, datasetId, reader.footer, germplasm, order),
        columns: await columnAxis(db, app.database.dialect, datasetId, reader.footer, markers, mapId),
      }));
      const rowEnd = Math.min(axis.rows.index.length, body.rowOffset + body.rowCount);
      const columnEnd = Math.min(axis.columns.index.length, body.columnOffset + body.columnCount);
      const rowStart = Math.min(body.rowOffset, rowEnd);
      const columnStart = Math.min(body.columnOffset, columnEnd);
      const rows = axis.rows.index.subarray(rowStart, rowEnd);
      const columns = axis.columns.index.subarray(columnStart, columnEnd);
      const cells = await windowCells(matrices, reader, identity, rows, columns);
      const { chromosomes, positions } = axis.columns;
      const windowColumns: WindowColumn[] = [];
      for (let c = columnStart; c < columnEnd; c += 1) {
        const column: WindowColumn = { id: axis.columns.ids[c], name: axis.columns.names[c] };
        if (chromosomes && positions) {
          column.chromosome = chromosomes[c];
          column.position = positions[c];
        }
        windowColumns.push(column);
      }
      const answer: GenotypeWindow = {
        datasetId,
        mapId,
        rowTotal: axis.rows.index.length,
        columnTotal: axis.columns.index.length,
        rowOffset: rowStart,
        columnOffset: columnStart,
        states: [...reader.states],
        rows: Array.from({ length: rowEnd - rowStart }, (_, r) => ({ id: axis.rows.ids[rowStart + r], name: axis.rows.labels[rowStart + r] })),
        columns: windowColumns,
        calls: Buffer.from(cells.buffer, cells.byteOffset, cells.byteLength).toString('base64'),
        bands: axis.columns.bands,
      };
      if (body.withRowIds === true && axis.rows.ids.length <= WINDOW_LIMITS.rowOrder) answer.rowIds = Array.from(axis.rows.ids);
      return answer;
    }).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return missing();
      throw error;
    });
  });
};
