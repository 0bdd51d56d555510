import type { ClientPlugin, CommandContext, CommandSpec, PaletteItem, PaletteProvider } from '../../core/contracts.js';
import { TABLE_KIND } from '../../core/table-plugin.js';
import { and, paneFocused, roleAtLeast } from '../../core/when.js';
import { PANE, type ExperimentRow } from './columns.js';
import { datasetsOpening } from './datasets-link.js';

export { PANE };

/** What a pane shows over its content: the edit form or the delete question (details), the new-experiment form (table). */
export type DetailsDialog = 'edit' | 'delete' | 'create';

const inDetails = paneFocused(PANE.details);
const adminInDetails = and(inDetails, roleAtLeast('ADMIN'));

/** The experiment id of the focused details pane, or null. */
function shownExperiment(context: CommandContext): number | null {
  const instance = context.workspace.instance();
  if (instance?.type !== PANE.details) return null;
  const id = Number(instance.params.experimentId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Opens a dialog of the focused details pane. The dialog is part of the pane's state (so in the URL too):
 * the pane is the same one, shown again with that state.
 */
function openDialog(context: CommandContext, dialog: DetailsDialog): void {
  const instance = context.workspace.instance();
  if (!instance || shownExperiment(context) === null) return;
  context.workspace.open({ ...instance, state: { ...(instance.state ?? {}), dialog } }, 'replace');
}

const commands: CommandSpec[] = [
  {
    id: 'experiments:open-table',
    titleKey: 'experiments.command.openTable',
    run: (_args, context) => context.workspace.open({ type: PANE.table, params: {} }, 'replace'),
  },
  {
    // From anywhere: the experiments table (the focused one, or in place of the focused pane) with the form open.
    id: 'experiments:create',
    titleKey: 'experiments.command.create',
    when: roleAtLeast('DATA_CURATOR'),
    run: (_args, context) => {
      const instance = context.workspace.instance();
      const table = instance?.type === PANE.table ? instance : { type: PANE.table, params: {} };
      context.workspace.open({ ...table, state: { ...(table.state ?? {}), dialog: 'create' } }, 'replace');
    },
  },
  {
    id: 'experiments:open-datasets',
    titleKey: 'experiments.command.openDatasets',
    keys: ['d'],
    when: inDetails,
    run: (_args, context) => {
      const id = shownExperiment(context);
      if (id !== null) context.workspace.open(datasetsOpening(id), 'right');
    },
  },
  {
    id: 'experiments:edit',
    titleKey: 'experiments.command.edit',
    keys: ['e'],
    when: adminInDetails,
    run: (_args, context) => openDialog(context, 'edit'),
  },
  {
    id: 'experiments:delete',
    titleKey: 'experiments.command.delete',
    keys: ['Shift+Delete'],
    when: adminInDetails,
    run: (_args, context) => openDialog(context, 'delete'),
  },
];

/** "Experiment by name": contains on the name, as the user types (3 characters or more). */
const byName: PaletteProvider = {
  id: 'experiments:by-name',
  minLength: 3,
  async search(text, signal, services): Promise<PaletteItem[]> {
    const result = await services.api.table<ExperimentRow>(
      'experiment/table',
      { page: 1, limit: 10, orderBy: 'experimentName', ascending: 1, filter: [{ column: 'experimentName', comparator: 'contains', values: [text.trim()] }] },
      { signal },
    );
    return result.data.map((row) => ({
      id: `experiments:${row.experimentId}`,
      label: row.experimentName || String(row.experimentId),
      kindKey: 'experiments.palette.kind',
      run: (context: CommandContext) => context.workspace.open({ type: PANE.details, params: { experimentId: String(row.experimentId) } }, 'replace'),
    }));
  },
};

/** The experiments client plugin: the experiments list and an experiment's details with its datasets. */
export const experimentsPlugin: ClientPlugin = {
  id: 'experiments',
  contributes: {
    panes: [
      {
        id: PANE.table,
        route: '/data/experiments',
        pageName: 'experiments',
        titleKey: 'experiments.pane.table',
        kind: TABLE_KIND,
        load: () => import('./panes/table.js'),
      },
      {
        id: PANE.details,
        route: '/data/experiments/:experimentId',
        pageName: 'experiment-details',
        titleKey: 'experiments.pane.details',
        inSidebar: false,
        load: () => import('./panes/details.js'),
      },
    ],
    commands,
    paletteProviders: [byName],
  },
};

export default experimentsPlugin;
