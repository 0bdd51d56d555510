import type { CommandContext, CommandSpec } from '../../../../core/contracts.js';
import { paneFocused } from '../../../../core/when.js';
import { DATASET_PANE, GRID_PANE, PASSPORT_PANE } from './ids.js';
import { gridController, type GridController } from './controllers.js';

/**
 * The genotype grid's commands: moving the cell cursor (arrows, PageUp/PageDown, Home/End, Ctrl+Home/End),
 * opening the cursor's germplasm (Enter), the table of the visible window (t), the sort, group and map
 * choices (s, r, Shift+G, Shift+M), the trials dataset and its trait (Shift+T, p), and opening the grid of the dataset shown in a dataset's page. The grid's
 * cells run the same commands for their keys (held keys repeat there).
 */

const onGrid = paneFocused(GRID_PANE);
const onDataset = paneFocused(DATASET_PANE);

function withGrid(context: CommandContext, act: (grid: GridController) => void): void {
  const grid = gridController(context.workspace.focusedKey());
  if (grid) act(grid);
}

const gridCommand = (id: string, keys: string[], act: (grid: GridController, context: CommandContext) => void): CommandSpec => ({
  id: `genotypes:grid-${id}`,
  titleKey: `genotypes.grid.command.${id}`,
  keys,
  when: onGrid,
  run: (_args, context) => withGrid(context, (grid) => act(grid, context)),
});

/** The keys the grid's cells take themselves (so that a held arrow repeats), with their commands. */
export const CELL_KEYS: Record<string, string> = {
  ArrowUp: 'genotypes:grid-up',
  ArrowDown: 'genotypes:grid-down',
  ArrowLeft: 'genotypes:grid-left',
  ArrowRight: 'genotypes:grid-right',
  PageUp: 'genotypes:grid-page-up',
  PageDown: 'genotypes:grid-page-down',
  Home: 'genotypes:grid-row-start',
  End: 'genotypes:grid-row-end',
};

export const gridCommands: CommandSpec[] = [
  gridCommand('up', ['ArrowUp'], (grid) => grid.move(-1, 0)),
  gridCommand('down', ['ArrowDown'], (grid) => grid.move(1, 0)),
  gridCommand('left', ['ArrowLeft'], (grid) => grid.move(0, -1)),
  gridCommand('right', ['ArrowRight'], (grid) => grid.move(0, 1)),
  gridCommand('page-up', ['PageUp'], (grid) => grid.page(-1)),
  gridCommand('page-down', ['PageDown'], (grid) => grid.page(1)),
  gridCommand('row-start', ['Home'], (grid) => grid.rowEdge(false)),
  gridCommand('row-end', ['End'], (grid) => grid.rowEdge(true)),
  gridCommand('first-cell', ['$mod+Home'], (grid) => grid.corner(false)),
  gridCommand('last-cell', ['$mod+End'], (grid) => grid.corner(true)),
  gridCommand('open-passport', ['Enter'], (grid, context) => {
    const id = grid.cursorGermplasm();
    if (id !== null) context.workspace.open({ type: PASSPORT_PANE, params: { germplasmId: String(id) } }, 'right');
  }),
  gridCommand('toggle-table', ['t'], (grid) => grid.toggleTable()),
  gridCommand('sort', ['s'], (grid) => grid.focus('sort')),
  gridCommand('reverse-sort', ['r'], (grid) => grid.reverseSort()),
  gridCommand('group', ['Shift+g'], (grid) => grid.focus('group')),
  gridCommand('map', ['Shift+m'], (grid) => grid.focus('map')),
  gridCommand('trials', ['Shift+t'], (grid) => grid.focus('trials')),
  gridCommand('trait', ['p'], (grid) => grid.focus('trait')),
  gridCommand('cells', ['c'], (grid) => grid.focus('cells')),
  {
    // From a dataset's page: its calls in the grid, beside it (a dataset of another type says it has none).
    id: 'genotypes:open-grid',
    titleKey: 'genotypes.grid.command.open',
    when: onDataset,
    run: (_args, context) => {
      const datasetId = context.workspace.instance()?.params.datasetId;
      if (datasetId) context.workspace.open({ type: GRID_PANE, params: { datasetId } }, 'right');
    },
  },
];
