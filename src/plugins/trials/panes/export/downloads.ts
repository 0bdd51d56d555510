import type { PluginServices } from '../../../../core/services.js';
import { datasetIdsOf } from '../../../../shell/export/dataset-ids.js';
import { germplasmChoice } from '../../../../shell/export/germplasm-choice.js';
import { resolveNames } from '../../../../shell/export/names.js';
import { downloadName, subsetRequest } from './request.js';
import { EXPORT_PANE, readState } from './state.js';

/**
 * The trials download (`dataset/export/trial?format=tab|xlsx|isatab`, Germinate's SubsettedDatasetRequest) of
 * the focused export page's datasets, traits and germplasm, saved as Germinate's page names it. Run by
 * the download commands, whose buttons are on the page's export tab; the page shows which download is
 * under way in a pane (the file is written by the server while it is read, so large ones take a moment).
 */

export type DownloadFormat = 'tab' | 'xlsx' | 'isatab';

const running = new Map<string, DownloadFormat>();
const listeners = new Set<() => void>();

function setRunning(paneKey: string, format: DownloadFormat | null): void {
  if (format) running.set(paneKey, format);
  else running.delete(paneKey);
  for (const listener of listeners) listener();
}

export function subscribeDownloads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The download under way in a pane, or null. */
export function runningDownload(paneKey: string): DownloadFormat | null {
  return running.get(paneKey) ?? null;
}

function say(services: Pick<PluginServices, 'toast'>, messageKey: string): void {
  services.toast({ titleKey: 'datasets.export.title.trials', messageKey, variant: 'info', autoHideMs: 5000, append: true });
}

export async function downloadTrials(services: Pick<PluginServices, 'api' | 'store' | 'toast' | 'workspace'>, format: DownloadFormat): Promise<void> {
  const paneKey = services.workspace.focusedKey();
  const instance = services.workspace.instance(paneKey);
  if (instance?.type !== EXPORT_PANE || running.has(paneKey)) return;
  const datasetIds = datasetIdsOf(instance.params);
  const state = readState(instance.state);
  // At least one trait for a download, as Germinate's export tab.
  if (datasetIds.length === 0 || state.traits.length === 0) return say(services, 'trials.export.downloadNeedsTrait');
  setRunning(paneKey, format);
  try {
    const listIds = state.germplasm === 'list' && state.names.length > 0 ? (await resolveNames(services.api, state.names)).ids : null;
    const choice = germplasmChoice(state, services.store.state.markedIds.germplasm, listIds);
    if (!choice.ok) return say(services, `shell.export.reason.${choice.reason}`);
    const file = await services.api.post('dataset/export/trial', { query: { format }, body: subsetRequest(datasetIds, state.traits, choice), raw: true });
    const { downloadFile } = await import('../../../../shell/table/download.js');
    downloadFile(file.blob, downloadName(datasetIds, format));
  } catch {
    // The api client has shown what went wrong.
  } finally {
    setRunning(paneKey, null);
  }
}
