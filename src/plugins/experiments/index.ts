import type { ClientPlugin } from '../../core/contracts.js';

/** The experiments client plugin: the experiments list and an experiment's details with its datasets. */
export const experimentsPlugin: ClientPlugin = {
  id: 'experiments',
  contributes: { panes: [], commands: [] },
};

export default experimentsPlugin;
