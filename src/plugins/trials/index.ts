import type { ClientPlugin } from '../../core/contracts.js';
import { TABLE_KIND } from '../../core/table-plugin.js';
import { exportPageSlot, PASSPORT_SLOT } from '../../shell/sections.js';
import { PANE } from './panes/ids.js';
import { commands as traitCommands } from './panes/traits/commands.js';
import { commands as exportCommands } from './panes/export/commands.js';
import { commands as creationCommands } from './panes/creation/commands.js';
import { commands as crossCommands } from './panes/cross/commands.js';
import { traitPaletteProvider } from './panes/traits/palette.js';

export { PANE };

/**
 * The traits and trials client plugin: the traits table and a trait's details, the trials export page
 * (a section of the datasets' export pane), the cross data-type comparison, trial creation for curators,
 * and the passport's trait performance.
 */
export const trialsPlugin: ClientPlugin = {
  id: 'trials',
  contributes: {
    panes: [
      { id: PANE.traits, route: '/data/trials/traits', pageName: 'traits', titleKey: 'trials.pane.traits', kind: TABLE_KIND, load: () => import('./panes/traits/table.js') },
      { id: PANE.trait, route: '/data/trials/traits/:traitId', pageName: 'trait-details', titleKey: 'trials.pane.trait', inSidebar: false, load: () => import('./panes/traits/details.js') },
      { id: PANE.cross, route: '/data/export/cross', pageName: 'export-cross-comparison', titleKey: 'trials.pane.cross', load: () => import('./panes/cross/cross.js') },
      { id: PANE.create, route: '/data/trials/create', pageName: 'trial-creation', titleKey: 'trials.pane.create', minRole: 'DATA_CURATOR', load: () => import('./panes/creation/wizard.js') },
    ],
    commands: [...traitCommands, ...exportCommands, ...creationCommands, ...crossCommands],
    paletteProviders: [traitPaletteProvider],
    sections: [
      { id: 'trials:export', slot: exportPageSlot('trials'), titleKey: 'datasets.export.title.trials', load: () => import('./panes/export/page.js') },
      { id: 'trials:performance', slot: PASSPORT_SLOT, titleKey: 'trials.performance.title', order: 50, load: () => import('./panes/traits/performance.js') },
    ],
  },
};

export default trialsPlugin;
