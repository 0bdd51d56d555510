import type { ClientPlugin } from '../../core/contracts.js';
import { TABLE_KIND } from '../../core/table-plugin.js';
import { licenceCommands, licencePanes } from './licences/contributions.js';

/**
 * The datasets client plugin: the datasets table (`/data/datasets`, Germinate's page `datasets`), a
 * shared table pane, so the table keys work in it as in every table.
 */
export const PANE = { table: 'datasets:table' } as const;

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
      ...licencePanes,
    ],
    commands: [
      {
        id: 'datasets:open-table',
        titleKey: 'datasets.command.openTable',
        run: (_args, context) => context.workspace.open({ type: PANE.table, params: {} }, 'replace'),
      },
      ...licenceCommands,
    ],
  },
};

export default datasetsPlugin;
