import type { ClientPlugin } from '../../core/contracts.js';
import { TABLE_KIND } from '../../core/table-plugin.js';
import { exportPageSlot } from '../../shell/sections.js';
import { commands as climateCommands } from './panes/climates/commands.js';
import { commands as exportCommands } from './panes/export/download.js';
import { PANE } from './panes/ids.js';

export { PANE };

/**
 * The climate client plugin: the climate table, a climate's page (its values per location over time as a
 * chart and a table, its datasets and map overlays) and the climate export page (a section of the
 * datasets' export pane). `/data/climate` leads to the climate table (core's redirects).
 */
export const climatePlugin: ClientPlugin = {
  id: 'climate',
  contributes: {
    panes: [
      { id: PANE.climates, route: '/data/climate/climates', pageName: 'climates', titleKey: 'climate.pane.climates', kind: TABLE_KIND, load: () => import('./panes/climates/table.js') },
      {
        id: PANE.climate,
        route: '/data/climate/climates/:climateId',
        pageName: 'climate-details',
        titleKey: 'climate.pane.climate',
        inSidebar: false,
        load: () => import('./panes/climates/details.js'),
      },
    ],
    commands: [...climateCommands, ...exportCommands],
    sections: [{ id: 'climate:export', slot: exportPageSlot('climate'), titleKey: 'datasets.export.title.climate', load: () => import('./panes/export/page.js') }],
  },
};

export default climatePlugin;
