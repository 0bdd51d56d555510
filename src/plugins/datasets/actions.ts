import type { PaneInstance } from '../../core/contracts.js';
import type { PluginServices } from '../../core/services.js';
import { acceptedLicence } from './licences/accepted.js';
import { exportPaneId } from './export-pages.js';
import { isExportType, type ExportType } from './schema.js';

/**
 * What the dataset commands do, shared by their keys, the palette and the panes' buttons. Framework-free:
 * dialogs are part of a pane's view state (`dialog`), so a command opens one by giving the pane new state
 * (in place, same pane) and the dialog's state is in the URL like the rest of the pane.
 */

export const PANE = {
  table: 'datasets:table',
  details: 'datasets:details',
  selector: 'datasets:selector',
} as const;

export type DatasetDialog = 'licence' | 'edit' | 'delete' | 'create';

/** The anonymous caller's id in acceptedBy (Germinate's -1000), or the logged-in user's. */
export function callerOf(services: Pick<PluginServices, 'session'>): number | null {
  return services.session.isValid() ? (services.session.current()?.userId ?? null) : null;
}

/** The focused pane's instance with a dialog opened (or closed: null) in its view state. */
export function withDialog(instance: PaneInstance, dialog: DatasetDialog | null): PaneInstance {
  const state = { ...(instance.state ?? {}) };
  if (dialog) state.dialog = dialog;
  else delete state.dialog;
  return { ...instance, state };
}

export function openDialog(services: Pick<PluginServices, 'workspace'>, dialog: DatasetDialog): void {
  const instance = services.workspace.instance();
  if (instance) services.workspace.open(withDialog(instance, dialog), 'replace');
}

/** The dataset the focused details pane shows, or null. */
export function shownDatasetId(services: Pick<PluginServices, 'workspace'>): number | null {
  const id = Number(services.workspace.instance()?.params.datasetId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The ids ticked in the focused selector (its view state `selected`). */
export function selectedIds(state: Record<string, unknown> | undefined): number[] {
  const raw = state?.selected;
  return Array.isArray(raw) ? raw.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : [];
}

export const SELECT_ONE_KEY = 'datasets.selector.selectOne';
export const ACCEPT_LICENCES_KEY = 'datasets.selector.acceptLicences';

/**
 * The selector's Continue: nothing ticked → the first message (5 s); a licence of a
 * ticked dataset not accepted by the caller → the second (10 s); else the type's export page with the ids.
 * Returns what happened, for the pane to move the focus.
 */
export async function continueToExport(services: PluginServices, type: ExportType, ids: readonly number[]): Promise<'none' | 'licences' | 'opened'> {
  if (ids.length === 0) {
    services.toast({ titleKey: 'error.title', messageKey: SELECT_ONE_KEY, variant: 'danger', autoHideMs: 5000, append: true });
    return 'none';
  }
  const licences = await services.api.table<{ licenseId?: number; acceptedBy?: unknown }>('license/table', {
    page: 1,
    limit: 2_147_483_647,
    prevCount: -1,
    filter: [{ column: 'datasetId', comparator: 'inSet', values: ids.map(String) }],
  });
  const caller = callerOf(services);
  if (licences.data.some((row) => !acceptedLicence(row, caller))) {
    services.toast({ titleKey: 'error.title', messageKey: ACCEPT_LICENCES_KEY, variant: 'danger', autoHideMs: 10_000, append: true });
    return 'licences';
  }
  services.workspace.open({ type: exportPaneId(type), params: { datasetIds: ids.join(',') } }, 'replace');
  return 'opened';
}

/** The selector's type from the focused pane, or null (an unknown type in the URL). */
export function selectorType(services: Pick<PluginServices, 'workspace'>): ExportType | null {
  const type = services.workspace.instance()?.params.datasetType;
  return isExportType(type) ? type : null;
}

/** "Download metadata": the dataset attributes of these datasets as Germinate's tab-separated file. */
export async function downloadMetadata(services: Pick<PluginServices, 'api'>, ids: readonly number[]): Promise<{ blob: Blob; filename: string }> {
  const file = await services.api.post('dataset/attribute/export', { body: { datasetIds: ids }, raw: true });
  return { blob: file.blob, filename: file.filename ?? `attributes-${ids.join('-')}.txt` };
}
