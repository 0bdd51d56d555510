import { useHasRole } from '../pane-dialog.js';
import { useServices } from '../pane-api.js';
import { runFromButton } from '../table/run-command.js';
import { Button } from '../ui/Button.js';
import { AddToGroupDialog } from './add-dialog.js';
import { GROUP_KEYS, type GroupCommandIds } from './commands.js';
import { CreateGroupDialog } from './create-dialog.js';
import type { GroupItemKind } from './kind.js';
import type { GroupDialog } from './pane-state.js';

/**
 * What a table pane shows of its group commands: the two buttons of the toolbar and the dialog its view
 * state opens, both for signed-in users only (visitors have no groups of their own).
 */

export interface GroupButtonsProps {
  kind: GroupItemKind;
  paneKey: string;
  paneType: string;
  commands: GroupCommandIds;
}

/** "Create group from marked …" and "Add marked … to a group": the commands, run as their keys run them. */
export function GroupButtons(props: GroupButtonsProps) {
  const services = useServices();
  const isUser = useHasRole('AUTH_USER');
  if (!isUser) return null;
  const { t } = services;
  const button = (command: string, key: string, label: string) => (
    <Button onClick={() => runFromButton(services, props.paneKey, props.paneType, command)} aria-keyshortcuts={key}>
      {label}
    </Button>
  );
  return (
    <>
      {button(props.commands.create, GROUP_KEYS.create, t(props.kind.texts.create))}
      {button(props.commands.add, GROUP_KEYS.add, t(props.kind.texts.add))}
    </>
  );
}

export interface GroupDialogsProps {
  kind: GroupItemKind;
  /** The dialog the pane's view state holds. */
  dialog: GroupDialog | null;
  onClose(): void;
  /** Opens the other dialog (the add dialog leads to the create dialog when the user has no group). */
  onOpen(dialog: GroupDialog): void;
}

export function GroupDialogs(props: GroupDialogsProps) {
  const isUser = useHasRole('AUTH_USER');
  if (!isUser) return null;
  if (props.dialog === 'createGroup') return <CreateGroupDialog kind={props.kind} onClose={props.onClose} onCreated={props.onClose} />;
  if (props.dialog === 'addToGroup') return <AddToGroupDialog kind={props.kind} onClose={props.onClose} onAdded={props.onClose} onCreate={() => props.onOpen('createGroup')} />;
  return null;
}
