import type { ClientPlugin } from '../../core/contracts.js';

/** The data resources client plugin: file resources with their linked datasets and downloads. */
export const dataResourcesPlugin: ClientPlugin = {
  id: 'data-resources',
  contributes: { panes: [], commands: [] },
};

export default dataResourcesPlugin;
