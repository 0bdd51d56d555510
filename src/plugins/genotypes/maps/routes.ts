import type { FastifyPluginAsync } from 'fastify';
import { registerTableRoutes } from '../../../server/table/routes.js';
import { markerIndexes } from '../markers/routes.js';
import { registerDatasetMaps } from './dataset-maps.js';
import { registerMapDefinitionRoutes } from './definitions.js';
import { registerMapExport } from './export.js';
import { registerMapRoutes } from './map.js';
import { mapView } from './view.js';

/** The map API (map table, one map, its chromosomes, map definitions, map export, maps of datasets). */
export const mapRoutes: FastifyPluginAsync = async (app) => {
  // The marker routes say once whether the marker name index is missing.
  const indexes = await markerIndexes(app, { warn: false });
  registerTableRoutes(app, { path: '/map/table', view: mapView, access: 'public', exportPrefix: 'map-table' });
  registerMapDefinitionRoutes(app, indexes);
  registerMapRoutes(app);
  registerMapExport(app);
  registerDatasetMaps(app);
};
