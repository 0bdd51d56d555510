import type { CommandSpec } from '../../../../core/contracts.js';
import type { PluginServices } from '../../../../core/services.js';
import { paneFocused } from '../../../../core/when.js';
import { datasetIdsOf } from '../../../../shell/export/dataset-ids.js';
import { germplasmChoice } from '../../../../shell/export/germplasm-choice.js';
import { resolveNames } from '../../../../shell/export/names.js';
import { subsetRequest } from './request.js';
import { EXPORT_PANE, readState } from './state.js';

/**
 * The trials download as ISA-Tab (`dataset/export/trial?format=isatab`): a zip with the investigation
 * file and, per dataset, its study, assay and data files, of the same datasets, traits and germplasm as
 * the tab file. Its command is listed here beside the download; the export tab's button runs it.
 */

export const ISATAB_COMMAND = 'trials:export-download-isatab';

/** The zip's name: `trials-dataset-<id-id-…>-isatab.zip`, beside the tab file's `trials-dataset-<id-id-…>.txt`. */
export function isaTabName(datasetIds: readonly number[]): string {
  return `trials-dataset-${datasetIds.join('-')}-isatab.zip`;
}

/** The panes whose ISA-Tab download is under way. */
const running = new Set<string>();
const listeners = new Set<() => void>();

function setRunning(paneKey: string, on: boolean): void {
  if (on) running.add(paneKey);
  else running.delete(paneKey);
  for (const listener of listeners) listener();
}

export function subscribeIsaTab(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isaTabRunning(paneKey: string): boolean {
  return running.has(paneKey);
}

function say(services: Pick<PluginServices, 'toast'>, messageKey: string): void {
  services.toast({ titleKey: 'datasets.export.title.trials', messageKey, variant: 'info', autoHideMs: 5000, append: true });
}

export async function downloadIsaTab(services: Pick<PluginServices, 'api' | 'store' | 'toast' | 'workspace'>): Promise<void> {
  const paneKey = services.workspace.focusedKey();
  const instance = services.workspace.instance(paneKey);
  if (instance?.type !== EXPORT_PANE || running.has(paneKey)) return;
  const datasetIds = datasetIdsOf(instance.params);
  const state = readState(instance.state);
  // At least one trait, as for the tab file.
  if (datasetIds.length === 0 || state.traits.length === 0) return say(services, 'trials.export.downloadNeedsTrait');
  setRunning(paneKey, true);
  try {
    const listIds = state.germplasm === 'list' && state.names.length > 0 ? (await resolveNames(services.api, state.names)).ids : null;
    const choice = germplasmChoice(state, services.store.state.markedIds.germplasm, listIds);
    if (!choice.ok) return say(services, `shell.export.reason.${choice.reason}`);
    const file = await services.api.post('dataset/export/trial', { query: { format: 'isatab' }, body: subsetRequest(datasetIds, state.traits, choice), raw: true });
    const { downloadFile } = await import('../../../../shell/table/download.js');
    downloadFile(file.blob, isaTabName(datasetIds));
  } catch {
    // The api client has shown what went wrong.
  } finally {
    setRunning(paneKey, false);
  }
}

export const isaTabCommand: CommandSpec = {
  id: ISATAB_COMMAND,
  titleKey: 'trials.export.command.downloadIsaTab',
  keys: ['Shift+i'],
  when: paneFocused(EXPORT_PANE),
  run: (_args, context) => downloadIsaTab(context),
};
