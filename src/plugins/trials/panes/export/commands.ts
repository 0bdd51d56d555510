import type { CommandContext, CommandSpec } from '../../../../core/contracts.js';
import { paneFocused } from '../../../../core/when.js';
import { downloadTrials } from './downloads.js';
import { shownTabs } from './shown-tabs.js';
import { EXPORT_PANE, readState, stepTab, writeState } from './state.js';

/**
 * The trials export page's commands, while its pane (the datasets' export pane of trials datasets) is
 * focused: the three downloads and moving between tabs. The export tab's buttons run the same commands.
 */

const onPage = paneFocused(EXPORT_PANE);

/** Shows the next or previous tab of the focused page (round the ends), as its tab list would. */
function step(context: CommandContext, by: 1 | -1): void {
  const key = context.workspace.focusedKey();
  const instance = context.workspace.instance(key);
  if (instance?.type !== EXPORT_PANE) return;
  const state = readState(instance.state);
  const tab = stepTab(shownTabs(key), state.tab, by);
  context.workspace.open({ ...instance, state: writeState(instance.state, { ...state, tab }) }, 'replace', key);
}

export const commands: CommandSpec[] = [
  {
    id: 'trials:export-download-tab',
    titleKey: 'trials.export.command.downloadTab',
    keys: ['Shift+d'],
    when: onPage,
    run: (_args, context) => downloadTrials(context, 'tab'),
  },
  {
    id: 'trials:export-download-xlsx',
    titleKey: 'trials.export.command.downloadXlsx',
    keys: ['Shift+x'],
    when: onPage,
    run: (_args, context) => downloadTrials(context, 'xlsx'),
  },
  {
    id: 'trials:export-download-isatab',
    titleKey: 'trials.export.command.downloadIsaTab',
    keys: ['Shift+i'],
    when: onPage,
    run: (_args, context) => downloadTrials(context, 'isatab'),
  },
  {
    id: 'trials:export-next-tab',
    titleKey: 'trials.export.command.nextTab',
    keys: ['n'],
    when: onPage,
    run: (_args, context) => step(context, 1),
  },
  {
    id: 'trials:export-previous-tab',
    titleKey: 'trials.export.command.previousTab',
    keys: ['p'],
    when: onPage,
    run: (_args, context) => step(context, -1),
  },
];
