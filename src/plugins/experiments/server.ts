import type { ServerPlugin } from '../../server/plugin.js';

/** Experiments: the list, details and their administration. */
export const experimentsServer: ServerPlugin = {
  id: 'experiments',
  requires: ['datasets'],
};
