import type { CommandContext, CommandSpec } from '../../core/contracts.js';
import { and, or, paneFocused, roleAtLeast } from '../../core/when.js';
import { continueToExport, downloadMetadata, openDialog, PANE, selectedIds, selectorType, shownDatasetId } from './actions.js';
import { exportPaneId, exportTypeOfPane, parseDatasetIds } from './export-pages.js';
import { EXPORT_TYPES, isExportType } from './schema.js';

/**
 * The datasets domain's commands. Row actions work on the dataset a details pane shows: Enter on a row of
 * the datasets table opens it (Shift+Enter beside), and there single keys open its export page, map,
 * experiment, licence, metadata download, edit form and delete confirmation; the panes' buttons run the same
 * commands.
 */

const onDetails = paneFocused(PANE.details);
const onExportPage = or(...EXPORT_TYPES.map((type) => paneFocused(exportPaneId(type))));

/** The row the details pane shows, as the export page and experiment commands need it. */
async function shownRow(context: CommandContext): Promise<{ datasetType?: string; experimentId?: number } | null> {
  const id = shownDatasetId(context);
  if (id === null) return null;
  const result = await context.api.table<{ datasetType?: string; experimentId?: number }>('dataset/table', {
    page: 1,
    limit: 1,
    filter: [{ column: 'datasetId', comparator: 'equals', values: [String(id)] }],
  });
  return result.data[0] ?? null;
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
    when: onDetails,
    run: async (_args, context) => {
      const id = shownDatasetId(context);
      const row = await shownRow(context);
      if (id === null || !row) return;
      if (!isExportType(row.datasetType)) return info(context, 'datasets.details.noExportPage');
      context.workspace.open({ type: exportPaneId(row.datasetType), params: { datasetIds: String(id) } }, 'right');
    },
  },
  {
    id: 'datasets:show-map',
    titleKey: 'datasets.command.showMap',
    keys: ['m'],
    when: onDetails,
    run: (_args, context) => {
      const instance = context.workspace.instance();
      if (instance) context.workspace.open({ ...instance, state: { ...(instance.state ?? {}), map: instance.state?.map !== true } }, 'replace');
    },
  },
  {
    id: 'datasets:open-experiment',
    titleKey: 'datasets.command.openExperiment',
    keys: ['o'],
    when: onDetails,
    run: async (_args, context) => {
      const row = await shownRow(context);
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
    when: onDetails,
    run: (_args, context) => openDialog(context, 'licence'),
  },
  {
    id: 'datasets:download-metadata',
    titleKey: 'datasets.command.downloadMetadata',
    keys: ['d'],
    when: or(onDetails, onExportPage),
    run: async (_args, context) => {
      const instance = context.workspace.instance();
      const shown = shownDatasetId(context);
      const ids = shown !== null ? [shown] : (parseDatasetIds(instance?.params.datasetIds) ?? []);
      if (ids.length > 0 && instance && (shown !== null || exportTypeOfPane(instance.type))) await saveMetadata(context, ids);
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
    keys: ['Delete'],
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
