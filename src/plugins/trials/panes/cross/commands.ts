import type { CommandSpec } from '../../../../core/contracts.js';
import { paneFocused } from '../../../../core/when.js';
import { PANE } from '../ids.js';
import { compareIn } from './controls.js';

/** The cross data-type comparison: open it, and compare the chosen pair. */
export const commands: CommandSpec[] = [
  {
    id: 'trials:open-cross-comparison',
    titleKey: 'trials.cross.command.open',
    run: (_args, context) => context.workspace.open({ type: PANE.cross, params: {} }, 'replace'),
  },
  {
    id: 'trials:cross-compare',
    titleKey: 'trials.cross.command.compare',
    keys: ['$mod+Enter'],
    when: paneFocused(PANE.cross),
    run: (_args, context) => compareIn(context.workspace.focusedKey())?.(),
  },
];
