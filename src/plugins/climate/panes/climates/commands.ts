import type { CommandContext, CommandSpec } from '../../../../core/contracts.js';
import { paneFocused } from '../../../../core/when.js';
import { PANE } from '../ids.js';
import { CLIMATE_TABS, type ClimateTab } from './tabs.js';

const onDetails = paneFocused(PANE.climate);

/** Shows the next or previous tab of the focused climate page (round the ends), as its tab list would. */
function step(context: CommandContext, by: 1 | -1): void {
  const instance = context.workspace.instance();
  if (instance?.type !== PANE.climate) return;
  const state = instance.state ?? {};
  const index = Math.max(0, CLIMATE_TABS.indexOf(state.tab as ClimateTab));
  const tab = CLIMATE_TABS[(index + by + CLIMATE_TABS.length) % CLIMATE_TABS.length];
  context.workspace.open({ ...instance, state: { ...state, tab } }, 'replace');
}

/** The climate pages' commands: open the climate table (from anywhere), move between a climate's tabs. */
export const commands: CommandSpec[] = [
  {
    id: 'climate:open-climates',
    titleKey: 'climate.command.openTable',
    keys: ['g c'],
    run: (_args, context) => context.workspace.open({ type: PANE.climates, params: {} }, 'replace'),
  },
  { id: 'climate:next-tab', titleKey: 'climate.command.nextTab', keys: ['n'], when: onDetails, run: (_args, context) => step(context, 1) },
  { id: 'climate:previous-tab', titleKey: 'climate.command.previousTab', keys: ['p'], when: onDetails, run: (_args, context) => step(context, -1) },
];
