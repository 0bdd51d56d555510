import type { ServerPlugin } from '../../server/plugin.js';

/** Data resources (Germinate's file resources): list, linked datasets, authorised downloads. */
export const dataResourcesServer: ServerPlugin = {
  id: 'data-resources',
  requires: ['datasets'],
};
