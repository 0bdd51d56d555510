import type { CommandContext, CommandSpec } from '../../core/contracts.js';
import { and, paneFocused, roleAtLeast } from '../../core/when.js';
import type { GroupItemKind } from './kind.js';
import { groupFilterId, type GroupDialog } from './pane-state.js';

/**
 * A table pane's group commands, the same for every kind: create a group from the marked items (c), add them
 * to a group (a), both for signed-in users, and bring the keyboard to the group filter (Shift+G). Scoped to
 * the one pane type that shows them; the ids are the domain's (`trials:create-trait-group`).
 */

export interface GroupCommandIds {
  create: string;
  add: string;
  choose: string;
}

/** The keys of the group commands, for the buttons' aria-keyshortcuts too. */
export const GROUP_KEYS = { create: 'c', add: 'a', choose: 'Shift+g' } as const;

/** The focused pane of this type with a group dialog opened in its view state (the pane shows it; the URL says it is open). */
export function openGroupDialog(context: CommandContext, paneType: string, dialog: GroupDialog): void {
  const instance = context.workspace.instance();
  if (instance?.type !== paneType) return;
  context.workspace.open({ ...instance, state: { ...(instance.state ?? {}), dialog } }, 'replace');
}

export function groupCommands(kind: GroupItemKind, paneType: string, ids: GroupCommandIds): CommandSpec[] {
  const onPane = paneFocused(paneType);
  const signedIn = and(onPane, roleAtLeast('AUTH_USER'));
  return [
    {
      id: ids.create,
      titleKey: kind.texts.create,
      keys: [GROUP_KEYS.create],
      when: signedIn,
      run: (_args, context) => openGroupDialog(context, paneType, 'createGroup'),
    },
    {
      id: ids.add,
      titleKey: kind.texts.add,
      keys: [GROUP_KEYS.add],
      when: signedIn,
      run: (_args, context) => openGroupDialog(context, paneType, 'addToGroup'),
    },
    {
      // The select is the visible control; the key brings the keyboard to it.
      id: ids.choose,
      titleKey: kind.texts.choose,
      keys: [GROUP_KEYS.choose],
      when: onPane,
      run: (_args, context) => {
        const select = document.getElementById(groupFilterId(context.workspace.focusedKey(), kind));
        if (select) select.focus();
        else context.toast({ titleKey: kind.texts.groupLabel, messageKey: kind.texts.noGroups, variant: 'info', autoHideMs: 5000, append: true });
      },
    },
  ];
}
