import type { CommandContext, CommandSpec } from '../../core/contracts.js';
import { readViewState, toRequest } from '../../core/table-view-state.js';
import { and, or, paneFocused, roleAtLeast } from '../../core/when.js';
import { continueToExport, downloadMetadata, openDialog, PANE, selectedIds, selectorType, shownDatasetId } from './actions.js';
import { datasetsTable } from './columns.js';
import { exportPaneId, exportTypeOfPane, parseDatasetIds } from './export-pages.js';
import { EXPORT_TYPES, isExportType } from './schema.js';

/**
 * The datasets domain's commands. Row actions work on the row under the cursor of the datasets table, or on
 * the dataset a details pane shows (Enter on a row opens it, Shift+Enter beside): single keys open its
 * export page, map, experiment and licence and download its metadata; in the details pane also its edit
 * form and delete confirmation. The panes' buttons run the same commands.
 */

const onDetails = paneFocused(PANE.details);
const onTable = paneFocused(PANE.table);
const onRow = or(onDetails, onTable);
const onExportPage = or(...EXPORT_TYPES.map((type) => paneFocused(exportPaneId(type))));

interface Target {
  datasetId: number;
  datasetType?: string;
  experimentId?: number;
}

/**
 * The dataset a row command acts on: the details pane's, or the row under the table's cursor. The table's
 * page is asked again with the pane's own view state (filters, sort, page: the request the table made), so
 * the command needs nothing from the table's component.
 */
async function target(context: CommandContext): Promise<Target | null> {
  const instance = context.workspace.instance();
  if (!instance) return null;
  if (instance.type === PANE.table) {
    const view = readViewState(instance.state);
    const page = await context.api.table<Target>(datasetsTable.path, toRequest(view, context.store.state.tablePerPage, -1));
    return page.data[Math.min(view.cursor, page.data.length - 1)] ?? null;
  }
  const id = shownDatasetId(context);
  if (id === null) return null;
  const result = await context.api.table<Target>('dataset/table', { page: 1, limit: 1, filter: [{ column: 'datasetId', comparator: 'equals', values: [String(id)] }] });
  return result.data[0] ?? null;
}

/** From the table, the row's details pane beside it with this view state; in the details pane, this state. */
function details(context: CommandContext, row: Target, state: Record<string, unknown>) {
  const instance = context.workspace.instance();
  if (instance?.type === PANE.details) context.workspace.open({ ...instance, state: { ...(instance.state ?? {}), ...state } }, 'replace');
  else context.workspace.open({ type: PANE.details, params: { datasetId: String(row.datasetId) }, state }, 'right');
}

function info(context: CommandContext, messageKey: string) {
  context.toast({ titleKey: 'datasets.pane.details', messageKey, variant: 'info', autoHideMs: 5000, append: true });
}

async function saveMetadata(context: CommandContext, ids: readonly number[]) {
  const file = await downloadMetadata(context, ids);
  const { downloadFile } = await import('../../shell/table/download.js');
  downloadFile(file.blob, file.filename);
}

export const datasetCommands: CommandSpec[] = [
  {
    id: 'datasets:open-table',
    titleKey: 'datasets.command.openTable',
    run: (_args, context) => context.workspace.open({ type: PANE.table, params: {} }, 'replace'),
  },
  ...EXPORT_TYPES.map(
    (type): CommandSpec => ({
      id: `datasets:open-selector-${type}`,
      titleKey: `datasets.command.openSelector.${type}`,
      run: (_args, context) => context.workspace.open({ type: PANE.selector, params: { datasetType: type } }, 'replace'),
    }),
  ),
  {
    id: 'datasets:create',
    titleKey: 'datasets.command.create',
    when: roleAtLeast('DATA_CURATOR'),
    run: (_args, context) => {
      if (context.workspace.instance()?.type === PANE.table) openDialog(context, 'create');
      else context.workspace.open({ type: PANE.table, params: {}, state: { dialog: 'create' } }, 'replace');
    },
  },
  {
    id: 'datasets:open-export-page',
    titleKey: 'datasets.command.openExportPage',
    keys: ['e'],
    when: onRow,
    run: async (_args, context) => {
      const row = await target(context);
      if (!row) return;
      if (!isExportType(row.datasetType)) return info(context, 'datasets.details.noExportPage');
      context.workspace.open({ type: exportPaneId(row.datasetType), params: { datasetIds: String(row.datasetId) } }, 'right');
    },
  },
  {
    id: 'datasets:show-map',
    titleKey: 'datasets.command.showMap',
    keys: ['m'],
    when: onRow,
    run: async (_args, context) => {
      const instance = context.workspace.instance();
      const row = await target(context);
      if (row) details(context, row, { map: instance?.type === PANE.details ? instance.state?.map !== true : true });
    },
  },
  {
    id: 'datasets:open-experiment',
    titleKey: 'datasets.command.openExperiment',
    keys: ['o'],
    when: onRow,
    run: async (_args, context) => {
      const row = await target(context);
      if (typeof row?.experimentId !== 'number') return;
      // The experiments plugin's pane, by its type id (plugins never import each other).
      if (!context.registry.paneType('experiments:details')) return info(context, 'datasets.details.noExperimentPane');
      context.workspace.open({ type: 'experiments:details', params: { experimentId: String(row.experimentId) } }, 'right');
    },
  },
  {
    id: 'datasets:read-licence',
    titleKey: 'datasets.command.readLicence',
    keys: ['l'],
    when: onRow,
    run: async (_args, context) => {
      if (context.workspace.instance()?.type === PANE.details) return openDialog(context, 'licence');
      const row = await target(context);
      if (row) details(context, row, { dialog: 'licence' });
    },
  },
  {
    id: 'datasets:download-metadata',
    titleKey: 'datasets.command.downloadMetadata',
    keys: ['d'],
    when: or(onRow, onExportPage),
    run: async (_args, context) => {
      const instance = context.workspace.instance();
      if (!instance) return;
      const ids = exportTypeOfPane(instance.type) ? (parseDatasetIds(instance.params.datasetIds) ?? []) : [(await target(context))?.datasetId ?? 0].filter((id) => id > 0);
      if (ids.length > 0) await saveMetadata(context, ids);
    },
  },
  {
    id: 'datasets:edit',
    titleKey: 'datasets.command.edit',
    keys: ['Shift+e'],
    when: and(onDetails, roleAtLeast('ADMIN')),
    run: (_args, context) => openDialog(context, 'edit'),
  },
  {
    id: 'datasets:delete',
    titleKey: 'datasets.command.delete',
    keys: ['Shift+Delete'],
    when: and(onDetails, roleAtLeast('ADMIN')),
    run: (_args, context) => openDialog(context, 'delete'),
  },
  {
    id: 'datasets:continue-export',
    titleKey: 'datasets.command.continueExport',
    keys: ['$mod+Enter'],
    when: paneFocused(PANE.selector),
    run: async (_args, context) => {
      const type = selectorType(context);
      if (type) await continueToExport(context, type, selectedIds(context.workspace.instance()?.state));
    },
  },
];
