import type { CommandContext, CommandSpec } from '../../../../core/contracts.js';
import type { PluginServices } from '../../../../core/services.js';
import { paneFocused } from '../../../../core/when.js';
import { datasetIdsOf } from '../../../../shell/export/dataset-ids.js';
import { EXPORT_PANE } from '../ids.js';
import { downloadName, locationChoice, readState, subsetRequest, TABS, writeState } from './state.js';

/**
 * The climate export page's commands, while its pane (the datasets' export pane of climate datasets) is
 * focused: the download (`dataset/export/climate`, Germinate's tab file of the chosen climates and
 * locations) and moving between tabs. The export tab's button runs the same command.
 */

const onPage = paneFocused(EXPORT_PANE);
const running = new Set<string>();

function say(services: Pick<PluginServices, 'toast'>, messageKey: string): void {
  services.toast({ titleKey: 'datasets.export.title.climate', messageKey, variant: 'info', autoHideMs: 5000, append: true });
}

export async function downloadClimate(services: Pick<PluginServices, 'api' | 'store' | 'toast' | 'workspace'>): Promise<void> {
  const paneKey = services.workspace.focusedKey();
  const instance = services.workspace.instance(paneKey);
  if (instance?.type !== EXPORT_PANE || running.has(paneKey)) return;
  const datasetIds = datasetIdsOf(instance.params);
  const state = readState(instance.state);
  // At least one climate, as Germinate's export tab.
  if (datasetIds.length === 0 || state.climates.length === 0) return say(services, 'climate.export.needClimate');
  const choice = locationChoice(state, services.store.state.markedIds.locations);
  if (!choice.ok) return say(services, `climate.export.reason.${choice.reason}`);
  running.add(paneKey);
  try {
    const file = await services.api.post('dataset/export/climate', { body: subsetRequest(datasetIds, state.climates, choice), raw: true });
    const { downloadFile } = await import('../../../../shell/table/download.js');
    downloadFile(file.blob, downloadName(datasetIds));
  } catch {
    // The api client has shown what went wrong.
  } finally {
    running.delete(paneKey);
  }
}

/** Shows the next or previous tab of the focused page (round the ends). */
function step(context: CommandContext, by: 1 | -1): void {
  const key = context.workspace.focusedKey();
  const instance = context.workspace.instance(key);
  if (instance?.type !== EXPORT_PANE) return;
  const state = readState(instance.state);
  const tab = TABS[(TABS.indexOf(state.tab) + by + TABS.length) % TABS.length];
  context.workspace.open({ ...instance, state: writeState(instance.state, { ...state, tab }) }, 'replace', key);
}

export const commands: CommandSpec[] = [
  { id: 'climate:export-download', titleKey: 'climate.export.command.download', keys: ['Shift+d'], when: onPage, run: (_args, context) => downloadClimate(context) },
  { id: 'climate:export-next-tab', titleKey: 'climate.export.command.nextTab', keys: ['n'], when: onPage, run: (_args, context) => step(context, 1) },
  { id: 'climate:export-previous-tab', titleKey: 'climate.export.command.previousTab', keys: ['p'], when: onPage, run: (_args, context) => step(context, -1) },
];
