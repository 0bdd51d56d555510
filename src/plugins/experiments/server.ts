import type { ServerPlugin } from '../../server/plugin.js';
import { experimentsMigrations } from './migrations.js';
import { experimentRoutes } from './routes.js';

/** Experiments: the list, details and their administration. */
export const experimentsServer: ServerPlugin = {
  id: 'experiments',
  requires: ['datasets'],
  migrations: experimentsMigrations,
  routes: experimentRoutes,
};
