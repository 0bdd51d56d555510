import type { CommandContext, CommandSpec } from '../../../../core/contracts.js';
import { and, paneFocused, roleAtLeast } from '../../../../core/when.js';
import { groupCommands } from '../../../../shell/groups/commands.js';
import { readGroupFilter, type GroupDialog } from '../../../../shell/groups/pane-state.js';
import { memberFilter, membersPath } from '../../../../shell/groups/requests.js';
import { PANE } from '../ids.js';
import { TRAIT_GROUP_COMMANDS, traitGroupKind } from '../trait-groups/kind.js';
import type { TraitRow } from './columns.js';
import { readTraitsPaneState, traitsPageRequest } from './search.js';

/**
 * What the traits panes show over their content: unification and the trait group dialogs (table), the
 * trait's form (details).
 */
export type TraitDialog = 'unify' | 'edit' | GroupDialog;

const onTable = paneFocused(PANE.traits);
const onDetails = paneFocused(PANE.trait);

/** The focused pane with a dialog opened in its view state (the pane shows it; the URL says it is open). */
function openDialog(context: CommandContext, type: string, dialog: TraitDialog): void {
  const instance = context.workspace.instance();
  if (instance?.type !== type) return;
  context.workspace.open({ ...instance, state: { ...(instance.state ?? {}), dialog } }, 'replace');
}

/**
 * The trait under the focused traits table's cursor: its page is asked again with the pane's own view
 * state (search, trait group, filters, sort, page), the request the table made.
 */
async function traitUnderCursor(context: CommandContext): Promise<TraitRow | null> {
  const instance = context.workspace.instance();
  if (instance?.type !== PANE.traits) return null;
  const request = traitsPageRequest(instance.state, context.store.state.tablePerPage);
  const groupId = readGroupFilter(instance.state, traitGroupKind);
  if (groupId !== null) {
    // The group's members restrict the page after the search, as the table's fixed filters do.
    const members = await context.api.tableIds(`${membersPath(traitGroupKind, groupId)}/ids`, { page: 1 });
    request.filter = [...(request.filter ?? []), ...memberFilter(traitGroupKind, members.data)];
  }
  const page = await context.api.table<TraitRow>('trait/table', request);
  const { cursor } = readTraitsPaneState(instance.state).table;
  return page.data[Math.min(cursor, page.data.length - 1)] ?? null;
}

/** The traits part's commands; every one has a button in its pane too. */
export const commands: CommandSpec[] = [
  {
    id: 'trials:open-traits',
    titleKey: 'trials.traits.command.openTable',
    keys: ['g t'],
    run: (_args, context) => context.workspace.open({ type: PANE.traits, params: {} }, 'replace'),
  },
  {
    // Enter does the same in the table; this one also serves the palette.
    id: 'trials:open-trait',
    titleKey: 'trials.traits.command.openTrait',
    when: onTable,
    run: async (_args, context) => {
      const row = await traitUnderCursor(context);
      if (row) context.workspace.open({ type: PANE.trait, params: { traitId: String(row.traitId) } }, 'right');
    },
  },
  {
    id: 'trials:unify-traits',
    titleKey: 'trials.traits.command.unify',
    keys: ['Shift+u'],
    when: and(onTable, roleAtLeast('ADMIN')),
    run: (_args, context) => openDialog(context, PANE.traits, 'unify'),
  },
  ...groupCommands(traitGroupKind, PANE.traits, TRAIT_GROUP_COMMANDS),
  {
    id: 'trials:edit-trait',
    titleKey: 'trials.trait.command.edit',
    keys: ['e'],
    when: and(onDetails, roleAtLeast('ADMIN')),
    run: (_args, context) => openDialog(context, PANE.trait, 'edit'),
  },
];
