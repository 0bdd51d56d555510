import type { CommandSpec } from '../../../../core/contracts.js';

/** This part's commands. */
export const commands: CommandSpec[] = [];
