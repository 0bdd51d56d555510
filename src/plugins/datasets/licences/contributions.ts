import type { CommandSpec, PaneTypeSpec } from '../../../core/contracts.js';

/** The licence panes and commands the datasets plugin contributes (licence reading, acceptance, administration). */
export const licencePanes: PaneTypeSpec[] = [];
export const licenceCommands: CommandSpec[] = [];
