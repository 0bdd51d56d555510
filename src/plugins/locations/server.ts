import type { FastifyPluginAsync } from 'fastify';
import type { ServerPlugin } from '../../server/plugin.js';
import { registerGeoTableRoutes } from '../../server/geo/routes.js';
import { registerTableRoutes } from '../../server/table/routes.js';
import { LOCATION_GEO, locationView } from './queries.js';
import { registerGroupLocations } from './group-members.js';
import { registerCountryRoutes } from './countries.js';

const routes: FastifyPluginAsync = async (app) => {
  registerTableRoutes(app, { path: '/location/table', view: () => locationView(), access: 'public', exportPrefix: 'location-table' });
  // Germinate measures location distances by the spherical law of cosines (R = 6378.7 km).
  registerGeoTableRoutes(app, { prefix: '/location', view: locationView(), geo: LOCATION_GEO, formula: 'cosines', label: 'locationName' });
  registerGroupLocations(app);
  registerCountryRoutes(app);
};

/**
 * Locations: the location table, the point and polygon searches over it, and location groups' members (the
 * location tables are germplasm's, the group tables the groups domain's).
 */
export const locationsServer: ServerPlugin = {
  id: 'locations',
  requires: ['germplasm', 'groups'],
  routes,
};
