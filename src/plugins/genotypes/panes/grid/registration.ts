import type { PaneTypeSpec } from '../../../../core/contracts.js';
import { GRID_PANE, GRID_ROUTE } from './ids.js';

export { gridCommands } from './commands.js';
export { gridPaletteProvider } from './palette.js';

/** The genotype grid pane (our route: Germinate has no grid page); opened from a dataset's page and the palette. */
export const gridPane: PaneTypeSpec = {
  id: GRID_PANE,
  route: GRID_ROUTE,
  pageName: 'genotype-grid',
  titleKey: 'genotypes.pane.grid',
  inSidebar: false,
  load: () => import('./pane.js'),
};
