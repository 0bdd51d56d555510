import type { ClientPlugin } from '../../core/contracts.js';
import { TABLE_KIND } from '../../core/table-plugin.js';
import { PANE } from './actions.js';
import { datasetCommands } from './commands.js';
import { exportPanes, pedigreeExportSection } from './export-pages.js';
import { licenceCommands, licencePanes } from './licences/contributions.js';

/**
 * The datasets client plugin: the datasets table (`/data/datasets`, Germinate's page `datasets`), a shared
 * table pane whose rows open a dataset's details (`/data/datasets/:datasetId`: collaborators, attributes,
 * map, licence, export page, administration); the dataset selector of an export type
 * (`/data/export/:datasetType`) and the export pages (`/data/export/<type>/:datasetIds`, export-pages.ts).
 */
export { PANE };

export const datasetsPlugin: ClientPlugin = {
  id: 'datasets',
  contributes: {
    panes: [
      {
        id: PANE.table,
        route: '/data/datasets',
        pageName: 'datasets',
        titleKey: 'datasets.pane.table',
        kind: TABLE_KIND,
        load: () => import('./panes/table.js'),
      },
      {
        // Germinate's route; its page name is `datasets-details` (the original forgot to name the route).
        id: PANE.details,
        route: '/data/datasets/:datasetId',
        pageName: 'datasets-details',
        titleKey: 'datasets.pane.details',
        inSidebar: false,
        load: () => import('./panes/details.js'),
      },
      {
        id: PANE.selector,
        route: '/data/export/:datasetType',
        pageName: 'export',
        titleKey: 'datasets.pane.selector',
        inSidebar: false,
        load: () => import('./panes/selector.js'),
      },
      ...exportPanes,
      ...licencePanes,
    ],
    commands: [...datasetCommands, ...licenceCommands],
    sections: [pedigreeExportSection],
  },
};

export default datasetsPlugin;
