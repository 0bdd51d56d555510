import type { ClientPlugin, CommandContext, CommandSpec } from './contracts.js';
import type { TableController } from './table-controllers.js';
import { paneKindFocused } from './when.js';

/**
 * The shared table's commands: every table pane (a pane type of kind `table`) gets the same keys, and
 * they act on the focused one through the `tables` service. A domain declares its table; it never
 * binds j/k/x itself.
 */

export const TABLE_KIND = 'table';

/** Enabled whenever the focused pane is any table pane. */
export const tableFocused = paneKindFocused(TABLE_KIND);

function focused(context: CommandContext): TableController | undefined {
  return context.tables.get(context.workspace.focusedKey());
}

function tableCommand(
  name: string,
  keys: string[],
  act: (controller: TableController) => unknown,
): CommandSpec {
  const camel = name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return {
    id: `table:${name}`,
    titleKey: `table.command.${camel}`,
    keys,
    when: tableFocused,
    run: (_args, context) => {
      const controller = focused(context);
      return controller ? act(controller) : undefined;
    },
  };
}

export const TABLE_COMMANDS: readonly CommandSpec[] = [
  tableCommand('next-row', ['j'], (table) => table.moveRow(1)),
  tableCommand('previous-row', ['k'], (table) => table.moveRow(-1)),
  tableCommand('open-row', ['Enter'], (table) => table.openSelected('replace')),
  tableCommand('open-row-beside', ['Shift+Enter'], (table) => table.openSelected('right')),
  tableCommand('toggle-mark', ['x'], (table) => table.toggleMark()),
  tableCommand('mark-range', ['Shift+x'], (table) => table.markRange()),
  tableCommand('mark-all', ['Shift+a'], (table) => table.markAll()),
  tableCommand('filter', ['f'], (table) => table.openFilter()),
  tableCommand('filter-line', ['/'], (table) => table.openFilterLine()),
  tableCommand('jump-to-page', ['p'], (table) => table.openJump()),
  tableCommand('export', [], (table) => table.exportCurrent()),
];

export const tablePlugin: ClientPlugin = {
  id: 'table',
  contributes: { commands: [...TABLE_COMMANDS] },
};
