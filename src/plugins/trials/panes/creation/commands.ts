import type { CommandSpec } from '../../../../core/contracts.js';
import { and, paneFocused, roleAtLeast } from '../../../../core/when.js';
import { PANE } from '../ids.js';
import { wizardControl } from './controls.js';

const inWizard = and(paneFocused(PANE.create), roleAtLeast('DATA_CURATOR'));

/** Trial creation: open the wizard (curators), and its next and previous steps. */
export const commands: CommandSpec[] = [
  {
    id: 'trials:open-trial-creation',
    titleKey: 'trials.creation.command.open',
    when: roleAtLeast('DATA_CURATOR'),
    run: (_args, context) => context.workspace.open({ type: PANE.create, params: {} }, 'replace'),
  },
  {
    // Alt with Page Down/Up: they also work while a field of the step has the focus.
    id: 'trials:creation-next-step',
    titleKey: 'trials.creation.command.next',
    keys: ['Alt+PageDown'],
    when: inWizard,
    run: (_args, context) => wizardControl(context.workspace.focusedKey())?.next(),
  },
  {
    id: 'trials:creation-previous-step',
    titleKey: 'trials.creation.command.previous',
    keys: ['Alt+PageUp'],
    when: inWizard,
    run: (_args, context) => wizardControl(context.workspace.focusedKey())?.previous(),
  },
];
