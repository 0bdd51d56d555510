import type { ClientPlugin, CommandContext, CommandSpec } from '../../core/contracts.js';
import { TABLE_KIND } from '../../core/table-plugin.js';
import { and, paneFocused, roleAtLeast } from '../../core/when.js';
import { downloadHref, PANE } from './columns.js';
import { linkedDatasetsOpening } from './datasets-link.js';

export { PANE };

const inDetails = paneFocused(PANE.details);

/** The resource of the focused details pane, or null. */
function shownResource(context: CommandContext): number | null {
  const instance = context.workspace.instance();
  if (instance?.type !== PANE.details) return null;
  const id = Number(instance.params.fileresourceId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const commands: CommandSpec[] = [
  {
    id: 'data-resources:open-table',
    titleKey: 'dataResources.command.openTable',
    run: (_args, context) => context.workspace.open({ type: PANE.table, params: {} }, 'replace'),
  },
  {
    // The data resources table (the focused one, or in place of the focused pane) with the form open.
    id: 'data-resources:add',
    titleKey: 'dataResources.command.add',
    when: roleAtLeast('DATA_CURATOR'),
    run: (_args, context) => {
      const instance = context.workspace.instance();
      const table = instance?.type === PANE.table ? instance : { type: PANE.table, params: {} };
      context.workspace.open({ ...table, state: { ...(table.state ?? {}), dialog: 'add' } }, 'replace');
    },
  },
  {
    id: 'data-resources:download',
    titleKey: 'dataResources.command.download',
    keys: ['d'],
    when: inDetails,
    run: (_args, context) => {
      const id = shownResource(context);
      if (id === null) return;
      // A link the browser follows: the file streams to disk instead of through memory.
      const link = document.createElement('a');
      link.href = downloadHref(id, context.session.validToken());
      link.download = '';
      link.click();
    },
  },
  {
    id: 'data-resources:open-datasets',
    titleKey: 'dataResources.command.openDatasets',
    keys: ['l'],
    when: inDetails,
    run: (_args, context) => {
      const id = shownResource(context);
      if (id !== null) context.workspace.open(linkedDatasetsOpening(id), 'right');
    },
  },
  {
    id: 'data-resources:delete',
    titleKey: 'dataResources.command.delete',
    keys: ['Shift+Delete'],
    when: and(inDetails, roleAtLeast('DATA_CURATOR')),
    run: (_args, context) => {
      const instance = context.workspace.instance();
      if (instance && shownResource(context) !== null) context.workspace.open({ ...instance, state: { ...(instance.state ?? {}), dialog: 'delete' } }, 'replace');
    },
  },
];

/** The data resources client plugin: file resources with their linked datasets and downloads. */
export const dataResourcesPlugin: ClientPlugin = {
  id: 'data-resources',
  contributes: {
    panes: [
      {
        id: PANE.table,
        route: '/data/data-resources',
        pageName: 'data-resources',
        titleKey: 'dataResources.pane.table',
        kind: TABLE_KIND,
        load: () => import('./panes/table.js'),
      },
      {
        // Not a page of Germinate's client, which shows a resource's datasets inside its table.
        id: PANE.details,
        route: '/data/data-resources/:fileresourceId',
        pageName: 'data-resource-details',
        titleKey: 'dataResources.pane.details',
        inSidebar: false,
        load: () => import('./panes/details.js'),
      },
    ],
    commands,
  },
};

export default dataResourcesPlugin;
