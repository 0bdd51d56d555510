import type { FastifyPluginAsync } from 'fastify';
import type { ServerPlugin } from '../../server/plugin.js';
import { registerGeoTableRoutes } from '../../server/geo/routes.js';
import { registerTableRoutes } from '../../server/table/routes.js';
import { LOCATION_GEO, locationView } from './queries.js';

const routes: FastifyPluginAsync = async (app) => {
  registerTableRoutes(app, { path: '/location/table', view: () => locationView(), access: 'public', exportPrefix: 'location-table' });
  // Germinate measures location distances by the spherical law of cosines (R = 6378.7 km).
  registerGeoTableRoutes(app, { prefix: '/location', view: locationView(), geo: LOCATION_GEO, formula: 'cosines' });
};

/** Locations: the location table and the point and polygon searches over it (the tables are germplasm's). */
export const locationsServer: ServerPlugin = {
  id: 'locations',
  requires: ['germplasm'],
  routes,
};
