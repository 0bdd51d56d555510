import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import { datasetOrNoneLicensedSql } from '../../server/access/datasets.js';
import { gateCaller } from '../../server/access/licences.js';
import { pathId } from '../../server/access/users.js';
import { sendError } from '../../server/http/errors.js';
import { registerTableRoutes } from '../../server/table/routes.js';
import type { TableView } from '../../server/table/view.js';
import { overlayFolder } from './import/overlay-write.js';
import type { MapoverlaysTables } from './tables.js';

const c = (expression: string, type: TableView['columns'][string]['type']) => ({ sql: sql.raw(expression), type });

/** Germinate's ViewTableMapoverlays: overlays without a dataset, or of a dataset that passes the caller's licence gate. */
function mapoverlayView(): TableView {
  return {
    name: 'mapoverlays',
    from: sql.raw(`mapoverlays m
      LEFT JOIN datasets d ON d.id = m.dataset_id
      LEFT JOIN datasettypes dt ON dt.id = d.datasettype_id`),
    columns: {
      mapoverlayId: c('m.id', 'integer'),
      mapoverlayName: c('m.name', 'string'),
      mapoverlayDescription: c('m.description', 'string'),
      mapoverlayBottomLeftLat: c('m.bottom_left_lat', 'number'),
      mapoverlayBottomLeftLng: c('m.bottom_left_lng', 'number'),
      mapoverlayTopRightLat: c('m.top_right_lat', 'number'),
      mapoverlayTopRightLng: c('m.top_right_lng', 'number'),
      mapoverlaysIsLegend: c('m.is_legend', 'boolean'),
      referenceTable: c('m.reference_table', 'string'),
      foreignId: c('m.foreign_id', 'integer'),
      datasetId: c('m.dataset_id', 'integer'),
      datasetName: c('d.name', 'string'),
      datasetDescription: c('d.description', 'string'),
      datasetType: c('dt.description', 'string'),
      recordingDate: c('m.recording_date', 'date'),
      createdOn: c('m.created_on', 'date'),
      updatedOn: c('m.updated_on', 'date'),
    },
    idColumn: 'mapoverlayId',
    datasetColumn: 'datasetId',
    datasetlessPublic: true,
    licenceGated: true,
  };
}

/** Map overlays: their table and their PNGs. */
export const mapoverlayRoutes: FastifyPluginAsync = async (app) => {
  registerTableRoutes(app, { path: '/mapoverlay/table', view: () => mapoverlayView(), access: 'public', exportPrefix: 'mapoverlay-table' });

  // Drawn by a map: the image token in the query identifies the caller (access 'image', as Germinate's image URLs).
  app.get<{ Params: { id: string } }>('/mapoverlay/:id/src', { config: { access: 'image' } }, async (request, reply) => {
    const id = pathId(request.params.id);
    const overlay = await app.database.db
      .withTables<MapoverlaysTables>()
      .selectFrom('mapoverlays')
      .select('name')
      .where('id', '=', id)
      .where(sql<boolean>`${datasetOrNoneLicensedSql(sql.ref('dataset_id'), gateCaller(request))}`)
      .executeTakeFirst();
    // The name is ours (`<id>.png`), yet it is checked like a user's: a file in that folder only.
    if (!overlay || !/^\d+\.png$/.test(overlay.name)) return sendError(reply, 404, 'NOT_FOUND_ID');
    const file = path.join(overlayFolder(app.config.dataDir), overlay.name);
    if (!fs.existsSync(file)) return sendError(reply, 404, 'NOT_FOUND_ID');
    return reply.type('image/png').header('cache-control', 'private, max-age=3600').send(fs.createReadStream(file));
  });
};
