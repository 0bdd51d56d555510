import type { CommandContext, CommandSpec } from '../../../core/contracts.js';
import { paneFocused } from '../../../core/when.js';
import { groupCommands } from '../../../shell/groups/commands.js';
import { clearMarkedCommand } from '../../../shell/marked/marked-pages.js';
import { PANE, SEARCH_COMMANDS } from './ids.js';
import { LOCATION_GROUP_COMMANDS, locationGroupKind } from './locations/group-kind.js';
import { LOCATION_MAP_MODES } from './locations/map-state.js';
import { readMapState } from './locations/map-state.js';
import { applySearch } from './search/state.js';

const onLocations = paneFocused(PANE.locations);
const onSearch = paneFocused(PANE.search);

/** Writes the focused pane's state (its URL part) through the workspace, as its own controls do. */
function writeState(context: CommandContext, change: (state: Record<string, unknown>) => Record<string, unknown>): void {
  const instance = context.workspace.instance();
  if (instance) context.workspace.open({ ...instance, state: change(instance.state ?? {}) }, 'replace');
}

/** The locations commands; each has a control in its pane too. */
export const commands: CommandSpec[] = [
  { id: 'locations:open-locations', titleKey: 'locations.command.openLocations', keys: ['g l'], run: (_args, context) => context.workspace.open({ type: PANE.locations, params: {} }, 'replace') },
  { id: 'locations:open-marked', titleKey: 'locations.command.openMarked', run: (_args, context) => context.workspace.open({ type: PANE.marked, params: {} }, 'replace') },
  clearMarkedCommand('locations:clear-marked', 'locations.command.clearMarked', 'locations', PANE.marked),
  { id: 'locations:open-geographic-search', titleKey: 'locations.command.openSearch', keys: ['g r'], run: (_args, context) => context.workspace.open({ type: PANE.search, params: {} }, 'replace') },
  ...LOCATION_MAP_MODES.map(
    (mode): CommandSpec => ({
      id: `locations:map-${mode}`,
      titleKey: `locations.command.map.${mode}`,
      when: onLocations,
      run: (_args, context) => writeState(context, (state) => ({ ...state, map: { ...readMapState(state), mode } })),
    }),
  ),
  {
    id: SEARCH_COMMANDS.run,
    titleKey: 'locations.command.runSearch',
    keys: ['Shift+S'],
    when: onSearch,
    run: (_args, context) => {
      const instance = context.workspace.instance();
      if (!instance) return;
      const outcome = applySearch(instance.state);
      context.workspace.open({ ...instance, state: outcome.state }, 'replace');
      if (outcome.problem) context.toast({ titleKey: 'locations.pane.search', messageKey: outcome.problem, variant: 'danger', autoHideMs: 5000, append: true });
    },
  },
  {
    id: SEARCH_COMMANDS.clear,
    titleKey: 'locations.command.clearSearch',
    when: onSearch,
    run: (_args, context) => writeState(context, (state) => ({ kind: state.kind, radius: state.radius })),
  },
  ...groupCommands(locationGroupKind, PANE.locations, LOCATION_GROUP_COMMANDS),
];
